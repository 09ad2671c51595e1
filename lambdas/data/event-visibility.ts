/**
 * Who may see an event: a verified event is public; an unverified one only its organizer and admins see.
 * Everyone else is told it does not exist (404, not 403), so an unpublished event's existence does not leak.
 * The event page, saving an event and listing saved events all go through here.
 */
import { roleSatisfies } from '#shared/roles';
import type { RaceEvent } from '#shared/schemas/event';
import type { Caller } from '#lib/caller';
import { EventNotFoundError, getEvent } from './event.ts';

export function canSeeEvent(event: RaceEvent, caller: Caller | undefined): boolean {
  if (event.verified) return true;
  if (!caller) return false;
  return event.organizerId === caller.sub || roleSatisfies(caller.profile.role, 'admin');
}

/** The one answer for an event that is missing or hidden from the caller: the two must look the same. */
export function eventNotFound(id: string): EventNotFoundError {
  return new EventNotFoundError(id);
}

/** The event when it exists and the caller may see it; a 404 otherwise. */
export async function getVisibleEvent(id: string, caller: Caller | undefined): Promise<RaceEvent> {
  const event = await getEvent(id);
  if (!event || !canSeeEvent(event, caller)) throw eventNotFound(id);
  return event;
}

/**
 * The event when the caller owns it (an approved claim or an event they created); a 404 otherwise, the same
 * as for a missing event, so another organizer learns nothing of it. Promotions and analytics start here.
 */
export async function getOwnEvent(id: string, caller: Caller): Promise<RaceEvent> {
  const event = await getEvent(id);
  if (!event || event.organizerId !== caller.sub) throw eventNotFound(id);
  return event;
}
