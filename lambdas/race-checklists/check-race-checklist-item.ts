/** PATCH /api/me/checklists/{eventId}/items/{itemId}: tick or untick one item of the caller's checklist. */
import { RACE_CHECKLISTS_ROUTES } from '#shared/routes/race-checklists';
import { setChecklistItemChecked } from '#data/race-checklist';
import { createHandler } from '#handler';
import { savedRaceTemplate } from './saved-race.ts';

export const handler = createHandler(RACE_CHECKLISTS_ROUTES.checkRaceChecklistItem, async ({ path, body, caller }) =>
  setChecklistItemChecked(caller.sub, path.eventId, path.itemId, body.checked, await savedRaceTemplate(caller, path.eventId)),
);
