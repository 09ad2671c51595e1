/** The athlete's private calendar feed of one kind: read, turned on (or given a new address), turned off. */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CalendarFeed, CalendarFeedKind } from '#shared/schemas/calendar-feed';
import { calendarFeedsArea } from './api-areas/calendar-feeds.ts';
import { useAuth } from './auth/auth-context.ts';
import { userQueryKey } from './auth/user-query-key.ts';
import { useApi } from './use-api.ts';

export function useCalendarFeed(kind: CalendarFeedKind) {
  const { user } = useAuth();
  const api = useApi(calendarFeedsArea);
  const queryClient = useQueryClient();
  const queryKey = userQueryKey(user?.id, 'calendar-feed', kind);
  const feed = useQuery({ queryKey, queryFn: ({ signal }) => api('getCalendarFeed', { path: { kind } }, { signal }), enabled: user !== null });
  const settle = (next: CalendarFeed) => queryClient.setQueryData(queryKey, next);
  const create = useMutation({ mutationFn: () => api('createCalendarFeed', { path: { kind } }), onSuccess: settle });
  const remove = useMutation({
    mutationFn: () => api('deleteCalendarFeed', { path: { kind } }),
    onSuccess: () => settle({ kind, path: null, createdAt: null }),
  });
  return { feed, create, remove };
}
