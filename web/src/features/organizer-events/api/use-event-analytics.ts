/** One owned event's daily counts (GET /api/organizer/events/{id}/analytics), keyed by user and range. */
import { useQuery } from '@tanstack/react-query';
import { addDays, todayInNewYork } from '#shared/dates';
import { analyticsArea } from '../../../lib/api-areas/analytics.ts';
import { useAuth } from '../../../lib/auth/auth-context.ts';
import { userQueryKey } from '../../../lib/auth/user-query-key.ts';
import { useApi } from '../../../lib/use-api.ts';

export function useEventAnalytics(eventId: string | undefined, days: number) {
  const { user } = useAuth();
  const api = useApi(analyticsArea);
  return useQuery({
    queryKey: userQueryKey(user?.id, 'analytics', eventId ?? '', String(days)),
    queryFn: ({ signal }) => {
      // The product's calendar: days end at midnight in New York, as the server counts them.
      const to = todayInNewYork();
      const from = addDays(to, -(days - 1));
      return api('getEventAnalytics', { path: { id: eventId ?? '' }, query: { from, to } }, { signal });
    },
    enabled: user !== null && Boolean(eventId),
    staleTime: 60_000,
  });
}
