/** Event claims, the admin's side (the review screen spec 001 lacks): the queue and the decision. */
import { AdminClaimsPageSchema, AdminClaimsQuerySchema, ClaimDecisionBodySchema, ClaimPathSchema, ClaimSchema } from '../schemas/claim.ts';
import { defineRoutes } from './define.ts';

export const ADMIN_CLAIMS_ROUTES = defineRoutes({
  listAdminClaims: {
    method: 'GET',
    path: '/api/admin/claims',
    access: 'admin',
    data: 'read',
    handler: 'admin-claims/list-admin-claims',
    request: { query: AdminClaimsQuerySchema },
    response: AdminClaimsPageSchema,
    summary: 'Claims with one status (pending by default), oldest first for pending, newest first otherwise',
  },
  decideClaim: {
    method: 'POST',
    path: '/api/admin/claims/{id}/decision',
    access: 'admin',
    data: 'read-write',
    handler: 'admin-claims/decide-claim',
    request: { path: ClaimPathSchema, body: ClaimDecisionBodySchema },
    response: ClaimSchema,
    throttle: { rate: 10, burst: 20 },
    summary: "Approve (the organizer becomes the event's owner) or reject a pending claim, with notes",
  },
});
