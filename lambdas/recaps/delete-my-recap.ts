/** DELETE /api/events/{id}/recaps/mine: delete the caller's recap. */
import { RECAPS_ROUTES } from '#shared/routes/recaps';
import { deleteMyRecap } from '#data/recap';
import { createHandler } from '#handler';

export const handler = createHandler(RECAPS_ROUTES.deleteMyRaceRecap, async ({ path, caller }) => {
  await deleteMyRecap(caller.sub, path.id);
  return undefined;
});
