/** PUT /api/admin/recaps/{id}/spotlight: feature a recap in the athlete spotlights. */
import { ADMIN_RECAPS_ROUTES } from '#shared/routes/admin-recaps';
import { setRecapFeatured } from '#data/recap';
import { createHandler } from '#handler';

export const handler = createHandler(ADMIN_RECAPS_ROUTES.featureRecap, async ({ path, caller }) => setRecapFeatured(caller.sub, path.id, true));
