/** DELETE /api/me/checklists/{eventId}/items/{itemId}: remove an item the caller added (the template's stay). */
import { RACE_CHECKLISTS_ROUTES } from '#shared/routes/race-checklists';
import { removeChecklistItem } from '#data/race-checklist';
import { createHandler } from '#handler';
import { savedRaceTemplate } from './saved-race.ts';

export const handler = createHandler(RACE_CHECKLISTS_ROUTES.removeRaceChecklistItem, async ({ path, caller }) => {
  await savedRaceTemplate(caller, path.eventId);
  await removeChecklistItem(caller.sub, path.eventId, path.itemId);
  return undefined;
});
