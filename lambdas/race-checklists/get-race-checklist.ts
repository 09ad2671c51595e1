/** GET /api/me/checklists/{eventId}: the caller's checklist for a race they saved (the template until they change it). */
import { RACE_CHECKLISTS_ROUTES } from '#shared/routes/race-checklists';
import { getRaceChecklist } from '#data/race-checklist';
import { createHandler } from '#handler';
import { savedRaceTemplate } from './saved-race.ts';

export const handler = createHandler(RACE_CHECKLISTS_ROUTES.getRaceChecklist, async ({ path, caller }) =>
  getRaceChecklist(caller.sub, path.eventId, await savedRaceTemplate(caller, path.eventId)),
);
