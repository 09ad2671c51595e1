/** Pages of the review queues and of the recorded edits, numbered over the server's cursors (../use-cursor-pages.ts). */
import { useApi } from '../../lib/use-api.ts';
import { adminEventReviewsArea } from '../../lib/api-areas/admin-event-reviews.ts';
import { useCursorPages } from '../use-cursor-pages.ts';

export const EVENT_REVIEWS_KEY = ['admin', 'event-reviews'] as const;

export function useEventReviews(status: 'pending' | 'changes_requested') {
  const api = useApi(adminEventReviewsArea);
  return useCursorPages([...EVENT_REVIEWS_KEY, 'queue'], status, (cursor, signal) => api('listEventReviews', { query: { status, ...(cursor ? { cursor } : {}) } }, { signal }));
}

export function useEventChanges() {
  const api = useApi(adminEventReviewsArea);
  return useCursorPages([...EVENT_REVIEWS_KEY, 'changes'], 'all', (cursor, signal) => api('listEventChanges', { query: cursor ? { cursor } : {} }, { signal }));
}
