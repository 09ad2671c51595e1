/** POST /api/me/training-plans/{id}/follow-race: regenerate a plan made for a race for the race's date now. */
import { TRAINING_PLANS_ROUTES } from '#shared/routes/training-plans';
import { followRace } from '#data/race-plan';
import { createHandler } from '#handler';

export const handler = createHandler(TRAINING_PLANS_ROUTES.followRaceDate, async ({ path, caller }) => followRace(caller, path.id, caller.profile.units ?? 'km'));
