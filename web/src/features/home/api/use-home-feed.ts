import { useQuery } from '@tanstack/react-query';
import { eventsArea } from '../../../lib/api-areas/events.ts';
import { useApi } from '../../../lib/use-api.ts';

/**
 * GET /api/home-feed: the home page's featured and upcoming races, and with `near` (a signed-in athlete's
 * profile location) the races near it; one call for every section. Public data: keyed by the place only.
 */
export function useHomeFeed(near: string | undefined, enabled: boolean) {
  const api = useApi(eventsArea);
  return useQuery({
    queryKey: ['events', 'home-feed', near ?? null],
    queryFn: ({ signal }) => api('homeFeed', { query: near ? { near } : {} }, { signal }),
    enabled,
    // The API caches the answer for a minute (Cache-Control); coming back home shows it at once.
    staleTime: 60_000,
  });
}
