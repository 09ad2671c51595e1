/** GET /api/admin/activity: the activity record, newest first, with each actor's e-mail. */
import { ADMIN_ACTIVITY_ROUTES } from '#shared/routes/admin-activity';
import { listActivity } from '#data/activity';
import { createHandler } from '#handler';

export const handler = createHandler(ADMIN_ACTIVITY_ROUTES.listActivity, async ({ query }) => listActivity(query.cursor));
