/** DELETE /api/admin/recaps/{id}/spotlight: take a recap out of the athlete spotlights. */
import { ADMIN_RECAPS_ROUTES } from '#shared/routes/admin-recaps';
import { setRecapFeatured } from '#data/recap';
import { createHandler } from '#handler';

export const handler = createHandler(ADMIN_RECAPS_ROUTES.unfeatureRecap, async ({ path, caller }) => setRecapFeatured(caller.sub, path.id, false));
