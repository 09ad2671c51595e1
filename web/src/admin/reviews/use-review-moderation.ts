/** Pages of the reported reviews and of every recap, numbered over the server's cursors (../use-cursor-pages.ts). */
import { adminRecapsArea } from '../../lib/api-areas/admin-recaps.ts';
import { adminReviewsArea } from '../../lib/api-areas/admin-reviews.ts';
import { useApi } from '../../lib/use-api.ts';
import { useCursorPages } from '../use-cursor-pages.ts';

export const REVIEW_MODERATION_KEY = ['admin', 'review-moderation'] as const;

export function useReportedReviews() {
  const api = useApi(adminReviewsArea);
  return useCursorPages([...REVIEW_MODERATION_KEY, 'reported'], 'all', (cursor, signal) => api('listReportedRaceReviews', { query: cursor ? { cursor } : {} }, { signal }));
}

export function useAdminRecaps() {
  const api = useApi(adminRecapsArea);
  return useCursorPages([...REVIEW_MODERATION_KEY, 'recaps'], 'all', (cursor, signal) => api('listAdminRecaps', { query: cursor ? { cursor } : {} }, { signal }));
}
