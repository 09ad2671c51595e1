/** POST /api/admin/recaps/{id}/moderation: hide or restore a recap. */
import { ADMIN_RECAPS_ROUTES } from '#shared/routes/admin-recaps';
import { moderateRecap } from '#data/recap';
import { createHandler } from '#handler';

export const handler = createHandler(ADMIN_RECAPS_ROUTES.moderateRecap, async ({ path, body, caller }) => moderateRecap(caller.sub, path.id, body));
