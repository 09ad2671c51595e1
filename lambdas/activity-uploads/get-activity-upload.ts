/** GET /api/me/activity-uploads/{id}: where one of the caller's uploads stands (another athlete's is a 404). */
import { TRAINING_ROUTES } from '#shared/routes/training';
import { getActivityUpload } from '#data/activity-upload';
import { createHandler } from '#handler';

export const handler = createHandler(TRAINING_ROUTES.getActivityUpload, async ({ path, caller }) => getActivityUpload(caller.sub, path.id));
