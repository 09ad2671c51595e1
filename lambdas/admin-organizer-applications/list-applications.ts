/** GET /api/admin/organizer-applications?status=: the review queue (pending, oldest first) or decided ones. */
import { ADMIN_ORGANIZER_APPLICATIONS_ROUTES } from '#shared/routes/admin-organizer-applications';
import { listApplications } from '#data/organizer-application';
import { createHandler } from '#handler';

export const handler = createHandler(ADMIN_ORGANIZER_APPLICATIONS_ROUTES.listApplications, async ({ query }) => listApplications(query.status, query.cursor));
