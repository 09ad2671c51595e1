/** POST /api/me/checklists/{eventId}/items: add an item of the caller's own to a section of their checklist. */
import { RACE_CHECKLISTS_ROUTES } from '#shared/routes/race-checklists';
import { addChecklistItem } from '#data/race-checklist';
import { createHandler } from '#handler';
import { savedRaceTemplate } from './saved-race.ts';

export const handler = createHandler(RACE_CHECKLISTS_ROUTES.addRaceChecklistItem, async ({ path, body, caller }) =>
  addChecklistItem(caller.sub, path.eventId, body, await savedRaceTemplate(caller, path.eventId)),
);
