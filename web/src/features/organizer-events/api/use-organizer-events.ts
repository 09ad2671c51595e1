/**
 * The organizer's events: their list (GET /api/me/events), one event to edit (GET /api/events/{id}, which shows
 * an unpublished event to its owner), creating and editing. Keyed by user.
 */
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { NewOrganizerEvent, OrganizerEventPatch } from '#shared/schemas/organizer-event';
import { eventsArea } from '../../../lib/api-areas/events.ts';
import { organizerEventsArea } from '../../../lib/api-areas/organizer-events.ts';
import { useAuth } from '../../../lib/auth/auth-context.ts';
import { userQueryKey } from '../../../lib/auth/user-query-key.ts';
import { useApi } from '../../../lib/use-api.ts';

const myEventsKey = (userId: string | undefined) => userQueryKey(userId, 'my-events');

export function useMyEvents() {
  const { user } = useAuth();
  const api = useApi(organizerEventsArea);
  return useInfiniteQuery({
    queryKey: myEventsKey(user?.id),
    queryFn: ({ signal, pageParam }) => api('listMyEvents', { query: pageParam ? { cursor: pageParam } : {} }, { signal }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page) => page.nextCursor,
    enabled: user !== null,
  });
}

export function useEventToEdit(id: string) {
  const { user } = useAuth();
  const api = useApi(eventsArea);
  return useQuery({
    queryKey: userQueryKey(user?.id, 'edit-event', id),
    queryFn: ({ signal }) => api('getEvent', { path: { id } }, { signal }),
    enabled: user !== null,
    // An edit starts from the event as stored now, not from a cached copy.
    staleTime: 0,
  });
}

export function useCreateEvent() {
  const { user } = useAuth();
  const api = useApi(organizerEventsArea);
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: NewOrganizerEvent) => api('createOrganizerEvent', { body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: myEventsKey(user?.id) }),
  });
}

export function useUpdateEvent(id: string) {
  const { user } = useAuth();
  const api = useApi(organizerEventsArea);
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: OrganizerEventPatch) => api('updateOrganizerEvent', { path: { id }, body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: myEventsKey(user?.id) }),
  });
}
