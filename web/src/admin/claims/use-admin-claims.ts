/**
 * Pages of GET /api/admin/claims for one status, numbered over the server's cursors (../use-cursor-pages.ts);
 * another status starts again from page 1.
 */
import type { ClaimStatus } from '#shared/schemas/claim';
import { useApi } from '../../lib/use-api.ts';
import { adminClaimsArea } from '../../lib/api-areas/admin-claims.ts';
import { useCursorPages } from '../use-cursor-pages.ts';

export const ADMIN_CLAIMS_KEY = ['admin', 'claims'] as const;

export function useAdminClaims(status: ClaimStatus) {
  const api = useApi(adminClaimsArea);
  return useCursorPages(ADMIN_CLAIMS_KEY, status, (cursor, signal) => api('listAdminClaims', { query: { status, ...(cursor ? { cursor } : {}) } }, { signal }));
}
