/** POST /api/admin/organizer-applications/{id}/decision: approve (the applicant becomes an organizer) or deny. */
import { ADMIN_ORGANIZER_APPLICATIONS_ROUTES } from '#shared/routes/admin-organizer-applications';
import { decideApplication } from '#data/organizer-application';
import { createHandler } from '#handler';

export const handler = createHandler(ADMIN_ORGANIZER_APPLICATIONS_ROUTES.decideApplication, async ({ path, body, caller }) =>
  decideApplication(path.id, { decision: body.decision, ...(body.notes ? { notes: body.notes } : {}), reviewerId: caller.sub }),
);
