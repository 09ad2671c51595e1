/**
 * A race's reviews (with the caller's own and their votes when signed in), recent reviews across races, and
 * the writes: review, edit, delete, helpful, report. A write refreshes the race's reviews and its page (the
 * card's rating moves with them).
 */
import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import type { NewReviewInput, ReviewReport } from '#shared/schemas/review';
import { reviewsArea } from '../../../lib/api-areas/reviews.ts';
import { useAuth } from '../../../lib/auth/auth-context.ts';
import { userQueryKey } from '../../../lib/auth/user-query-key.ts';
import { useApi } from '../../../lib/use-api.ts';

const raceReviewsKey = (eventId: string, userId: string | undefined) => ['reviews', eventId, userId ?? 'anonymous'] as const;

export function useRaceReviews(eventId: string) {
  const { user, status } = useAuth();
  const api = useApi(reviewsArea);
  return useInfiniteQuery({
    queryKey: raceReviewsKey(eventId, user?.id),
    queryFn: ({ signal, pageParam }) => api('listRaceReviews', { path: { id: eventId }, query: pageParam ? { cursor: pageParam } : {} }, { signal }),
    initialPageParam: '',
    getNextPageParam: (page) => page.nextCursor,
    enabled: status !== 'loading',
  });
}

function useRefreshRace(eventId: string) {
  const { user } = useAuth();
  const queryClient = useQueryClient();
  return () =>
    Promise.all([queryClient.invalidateQueries({ queryKey: ['reviews', eventId] }), queryClient.invalidateQueries({ queryKey: userQueryKey(user?.id, 'event', eventId) })]);
}

export function useSaveReview(eventId: string) {
  const api = useApi(reviewsArea);
  const refresh = useRefreshRace(eventId);
  return useMutation({
    mutationFn: ({ body, editing }: { body: NewReviewInput; editing: boolean }) =>
      editing ? api('updateMyRaceReview', { path: { id: eventId }, body }) : api('createRaceReview', { path: { id: eventId }, body }),
    onSuccess: refresh,
  });
}

export function useDeleteReview(eventId: string) {
  const api = useApi(reviewsArea);
  const refresh = useRefreshRace(eventId);
  return useMutation({ mutationFn: () => api('deleteMyRaceReview', { path: { id: eventId } }), onSuccess: refresh });
}

export function useHelpful(eventId: string) {
  const api = useApi(reviewsArea);
  const refresh = useRefreshRace(eventId);
  return useMutation({
    mutationFn: ({ reviewId, on }: { reviewId: string; on: boolean }) =>
      on ? api('markRaceReviewHelpful', { path: { id: eventId, reviewId } }) : api('unmarkRaceReviewHelpful', { path: { id: eventId, reviewId } }),
    onSuccess: refresh,
  });
}

export function useReportReview(eventId: string) {
  const api = useApi(reviewsArea);
  return useMutation({ mutationFn: ({ reviewId, body }: { reviewId: string; body: ReviewReport }) => api('reportRaceReview', { path: { id: eventId, reviewId }, body }) });
}

export interface RecentReviewFilters {
  readonly state: string;
  readonly type: string;
}

export function useRecentReviews(filters: RecentReviewFilters) {
  const api = useApi(reviewsArea);
  return useInfiniteQuery({
    queryKey: ['recent-reviews', filters],
    queryFn: ({ signal, pageParam }) =>
      api(
        'listRecentRaceReviews',
        { query: { ...(filters.state ? { state: filters.state } : {}), ...(filters.type ? { type: filters.type as never } : {}), ...(pageParam ? { cursor: pageParam } : {}) } },
        { signal },
      ),
    initialPageParam: '',
    getNextPageParam: (page) => page.nextCursor,
  });
}
