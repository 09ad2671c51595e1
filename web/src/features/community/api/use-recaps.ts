/**
 * Recaps: one recap's page, the caller's recap of a race (to edit it), writing, editing and deleting it, the
 * races an athlete may recap, and the athlete spotlights.
 */
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { todayInNewYork } from '#shared/dates';
import type { NewRecapInput, Recap } from '#shared/schemas/recap';
import type { EventSummary } from '#shared/schemas/search';
import { ApiError } from '../../../lib/api-error.ts';
import { eventsArea } from '../../../lib/api-areas/events.ts';
import { recapsArea } from '../../../lib/api-areas/recaps.ts';
import { savedArea } from '../../../lib/api-areas/saved.ts';
import { useAuth } from '../../../lib/auth/auth-context.ts';
import { userQueryKey } from '../../../lib/auth/user-query-key.ts';
import { useApi } from '../../../lib/use-api.ts';
import { usePageData } from '../../../lib/use-page-data.ts';

/** Not worth asking again: the recap or race is not there. */
const retryUnlessMissing = (failures: number, error: unknown) => !(error instanceof ApiError && (error.status === 404 || error.status === 400)) && failures < 2;

export function useRecap(id: string) {
  const { user } = useAuth();
  const api = useApi(recapsArea);
  // The recap the server rendered this page with (a visitor's view): shown until the caller's own answer is in.
  const rendered = usePageData()?.recap;
  // Under the user: the answer says whether the recap is the caller's.
  return useQuery({
    queryKey: userQueryKey(user?.id, 'recap', id),
    queryFn: ({ signal }) => api('getRaceRecap', { path: { id } }, { signal }),
    retry: retryUnlessMissing,
    placeholderData: rendered?.id === id ? rendered : undefined,
  });
}

const myRecapKey = (userId: string | undefined, eventId: string) => userQueryKey(userId, 'my-recap', eventId);

/** The caller's recap of a race (null when they have none), to edit it. */
export function useMyRecap(eventId: string | undefined) {
  const { user } = useAuth();
  const api = useApi(recapsArea);
  return useQuery({
    queryKey: myRecapKey(user?.id, eventId ?? ''),
    queryFn: ({ signal }) => api('getMyRaceRecap', { path: { id: eventId! } }, { signal }),
    enabled: user !== null && eventId !== undefined,
    retry: retryUnlessMissing,
  });
}

/** Publishes the caller's recap of a race, or saves their changes to it. */
export function useSaveRecap() {
  const { user } = useAuth();
  const api = useApi(recapsArea);
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ eventId, body, editing }: { eventId: string; body: NewRecapInput; editing: boolean }) =>
      editing ? api('updateMyRaceRecap', { path: { id: eventId }, body }) : api('createRaceRecap', { path: { id: eventId }, body }),
    onSuccess: (recap: Recap) => {
      queryClient.setQueryData(userQueryKey(user?.id, 'recap', recap.id), recap);
      queryClient.setQueryData(myRecapKey(user?.id, recap.eventId), { recap: { ...recap, hidden: false } });
      void queryClient.invalidateQueries({ queryKey: ['community'] });
    },
  });
}

export function useDeleteRecap() {
  const { user } = useAuth();
  const api = useApi(recapsArea);
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (recap: Pick<Recap, 'id' | 'eventId'>) => api('deleteMyRaceRecap', { path: { id: recap.eventId } }),
    onSuccess: (_nothing, recap) => {
      queryClient.removeQueries({ queryKey: userQueryKey(user?.id, 'recap', recap.id) });
      queryClient.setQueryData(myRecapKey(user?.id, recap.eventId), { recap: null });
      void queryClient.invalidateQueries({ queryKey: ['community'] });
    },
  });
}

/** A defensive bound: saved events come 50 a page, far more than anyone keeps. */
const MAX_SAVED_PAGES = 20;

/**
 * The races the athlete saved whose race day has come (today's included), most recent race first: the races
 * they may recap. The race search lists upcoming races only, so saved races are the list to choose from.
 */
export function useRecapRaces() {
  const { user } = useAuth();
  const api = useApi(savedArea);
  return useQuery({
    queryKey: userQueryKey(user?.id, 'recap-races'),
    queryFn: async ({ signal }) => {
      const today = todayInNewYork();
      const races: EventSummary[] = [];
      let cursor: string | undefined;
      for (let page = 0; page < MAX_SAVED_PAGES; page += 1) {
        const result = await api('listSavedEvents', { query: cursor ? { cursor } : {} }, { signal });
        races.push(...result.items.map((entry) => entry.event).filter((event) => event.eventDate <= today));
        if (!result.nextCursor) break;
        cursor = result.nextCursor;
      }
      return races.sort((a, b) => b.eventDate.localeCompare(a.eventDate) || a.title.localeCompare(b.title));
    },
    enabled: user !== null,
    staleTime: 60_000,
  });
}

/** One race by id: a race named in the address (?event=), saved or not. */
export function useRace(eventId: string | undefined) {
  const api = useApi(eventsArea);
  return useQuery({
    queryKey: ['event', eventId],
    queryFn: ({ signal }) => api('getEvent', { path: { id: eventId! } }, { signal }),
    enabled: eventId !== undefined,
    retry: retryUnlessMissing,
  });
}

export function useSpotlights() {
  const api = useApi(recapsArea);
  return useInfiniteQuery({
    queryKey: ['community', 'spotlights'],
    queryFn: ({ signal, pageParam }) => api('listAthleteSpotlights', { query: pageParam ? { cursor: pageParam } : {} }, { signal }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page) => page.nextCursor,
  });
}
