/** POST /api/admin/claims/{id}/decision: approve (the organizer owns the event from now on) or reject, with notes. */
import { ADMIN_CLAIMS_ROUTES } from '#shared/routes/admin-claims';
import { decideClaim } from '#data/claim';
import { createHandler } from '#handler';

export const handler = createHandler(ADMIN_CLAIMS_ROUTES.decideClaim, async ({ path, body, caller }) =>
  decideClaim(path.id, { decision: body.decision, notes: body.notes, reviewerId: caller.sub }),
);
