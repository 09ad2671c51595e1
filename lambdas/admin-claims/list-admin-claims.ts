/** GET /api/admin/claims?status=: the claims review queue (pending by default) with events and claimants. */
import { ADMIN_CLAIMS_ROUTES } from '#shared/routes/admin-claims';
import { listClaimsByStatus } from '#data/claim';
import { createHandler } from '#handler';

export const handler = createHandler(ADMIN_CLAIMS_ROUTES.listAdminClaims, async ({ query }) => listClaimsByStatus(query.status, query.cursor));
