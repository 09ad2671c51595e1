/**
 * Checklists are for the races an athlete has saved. A race they may not see is a 404 like any hidden event;
 * one they have not saved is a 404 of its own code, saying what to do, so a page can tell the two apart.
 */
import { checklistTemplateFor } from '#shared/race-checklist/templates';
import type { ChecklistTemplate } from '#shared/race-checklist/vocabulary';
import { getEvent } from '#data/event';
import { canSeeEvent, eventNotFound } from '#data/event-visibility';
import { getSavedEvent } from '#data/saved-event';
import type { Caller } from '#lib/caller';
import { HttpError } from '#lib/errors';

export class RaceNotSavedError extends HttpError {
  constructor() {
    super(404, 'race_not_saved', 'Save this race first: checklists are kept for the races you have saved.');
  }
}

/** The template for a race the caller saved and may still see; a 404 otherwise. */
export async function savedRaceTemplate(caller: Caller, eventId: string): Promise<ChecklistTemplate> {
  const [event, saved] = await Promise.all([getEvent(eventId), getSavedEvent(caller.sub, eventId)]);
  if (!event || !canSeeEvent(event, caller)) throw eventNotFound(eventId);
  if (!saved) throw new RaceNotSavedError();
  return checklistTemplateFor(event);
}
