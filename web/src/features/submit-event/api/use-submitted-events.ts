/**
 * The caller's suggested races: send one (POST /api/submitted-events) and list theirs with their status
 * (GET /api/me/submitted-events). Keyed by user, so one person's suggestions never show from cache to another.
 */
import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import type { NewSubmittedEvent } from '#shared/schemas/submitted-event';
import { submittedEventsArea } from '../../../lib/api-areas/submitted-events.ts';
import { useAuth } from '../../../lib/auth/auth-context.ts';
import { userQueryKey } from '../../../lib/auth/user-query-key.ts';
import { useApi } from '../../../lib/use-api.ts';

export const submittedEventsKey = (userId: string | undefined) => userQueryKey(userId, 'submitted-events');

export function useMySubmittedEvents() {
  const { user } = useAuth();
  const api = useApi(submittedEventsArea);
  return useInfiniteQuery({
    queryKey: submittedEventsKey(user?.id),
    queryFn: ({ signal, pageParam }) => api('listMySubmittedEvents', { query: pageParam ? { cursor: pageParam } : {} }, { signal }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page) => page.nextCursor,
    enabled: user !== null,
  });
}

export function useSubmitEvent() {
  const { user } = useAuth();
  const api = useApi(submittedEventsArea);
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: NewSubmittedEvent) => api('submitEvent', { body }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: submittedEventsKey(user?.id) }),
  });
}
