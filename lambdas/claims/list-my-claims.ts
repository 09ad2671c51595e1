/** GET /api/me/claims: the caller's claims, newest first; the partition is always the caller's. */
import { CLAIMS_ROUTES } from '#shared/routes/claims';
import { listOrganizerClaims } from '#data/claim';
import { createHandler } from '#handler';

export const handler = createHandler(CLAIMS_ROUTES.listMyClaims, async ({ query, caller }) => listOrganizerClaims(caller.sub, query.cursor));
