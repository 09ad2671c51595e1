/**
 * The races the athlete saved, for choosing a checklist: every page of GET /api/me/saved-events. Read here
 * rather than through the saved feature's list (features/saved): a page behind more-pages.tsx that imports that
 * module makes the bundler split shared modules (auth, the API client, dates) out of the entry into chunks
 * index.html must preload (1.9 KB gzip more, past the public first-load budget); this page's own query costs nothing there.
 */
import { useQuery } from '@tanstack/react-query';
import type { EventSummary } from '#shared/schemas/search';
import { savedArea } from '../../../lib/api-areas/saved.ts';
import { useAuth } from '../../../lib/auth/auth-context.ts';
import { userQueryKey } from '../../../lib/auth/user-query-key.ts';
import { useApi } from '../../../lib/use-api.ts';

/** A defensive bound: the server pages 50 at a time, so this is far more saved races than anyone keeps. */
const MAX_PAGES = 20;

export function useSavedRaces() {
  const { user } = useAuth();
  const api = useApi(savedArea);
  return useQuery({
    queryKey: userQueryKey(user?.id, 'race-checklist', 'saved-races'),
    queryFn: async ({ signal }) => {
      const races: EventSummary[] = [];
      let cursor: string | undefined;
      for (let page = 0; page < MAX_PAGES; page += 1) {
        const result = await api('listSavedEvents', { query: cursor ? { cursor } : {} }, { signal });
        races.push(...result.items.map((entry) => entry.event));
        if (!result.nextCursor || result.nextCursor === cursor) break;
        cursor = result.nextCursor;
      }
      return races;
    },
    enabled: user !== null,
  });
}
