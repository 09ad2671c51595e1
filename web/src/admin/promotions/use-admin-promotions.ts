/**
 * Pages of GET /api/admin/promotions for one queue, numbered over the server's cursors (../use-cursor-pages.ts);
 * another queue starts again from page 1.
 */
import type { PromotionQueue } from '#shared/schemas/promotion';
import { useApi } from '../../lib/use-api.ts';
import { adminPromotionsArea } from '../../lib/api-areas/admin-promotions.ts';
import { useCursorPages } from '../use-cursor-pages.ts';

export const ADMIN_PROMOTIONS_KEY = ['admin', 'promotions'] as const;

export function useAdminPromotions(queue: PromotionQueue) {
  const api = useApi(adminPromotionsArea);
  return useCursorPages(ADMIN_PROMOTIONS_KEY, queue, (cursor, signal) => api('listAdminPromotions', { query: { status: queue, ...(cursor ? { cursor } : {}) } }, { signal }));
}
