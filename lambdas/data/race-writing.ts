/**
 * What athletes write about a race they ran, reviews (review.ts) and recaps (recap.ts), shares: the race must
 * be public and its race day come (New York time), a distance must be one of the race's, the author signs
 * with first name and last initial, and the race's facts travel with the writing into lists across races.
 * No items of its own.
 */
import { todayInNewYork } from '#shared/dates';
import type { RaceEvent } from '#shared/schemas/event';
import type { RecentReview } from '#shared/schemas/review';
import { BadRequestError, HttpError, NotFoundError } from '#lib/errors';
import { getEvent, getEventsById } from './event.ts';

/**
 * The race, when it exists, is public and has happened: writing about it opens on race day. `action` finishes
 * the refusal's sentence: 'You can <action> from <race day>'.
 */
export async function raceRun(eventId: string, now: Date, action: string): Promise<RaceEvent> {
  const event = await getEvent(eventId);
  if (!event?.verified) throw new NotFoundError('Event not found');
  if (event.eventDate > todayInNewYork(now)) {
    throw new HttpError(422, 'race_not_run_yet', `This race has not happened yet. You can ${action} from ${event.eventDate}, race day.`);
  }
  return event;
}

/** A distance named must be one of the race's. */
export function checkDistance(event: RaceEvent, distance: string | undefined): void {
  if (distance !== undefined && !event.distances.includes(distance)) {
    throw new BadRequestError('Choose one of the race’s distances', { 'body.distance': [`Choose one of: ${event.distances.join(', ') || 'none listed'}`] });
  }
}

/** How an athlete signs what they write in public: first name and last initial. */
export const authorNameOf = (profile: { firstName?: string; lastName?: string } | undefined) =>
  [profile?.firstName?.trim(), profile?.lastName?.trim() ? `${profile.lastName.trim().charAt(0)}.` : undefined].filter(Boolean).join(' ') || 'Runner';

/** The race facts a review or recap carries into lists across races. */
export const eventFacts = (event: RaceEvent): RecentReview['event'] => ({
  id: event.id,
  title: event.title,
  eventDate: event.eventDate,
  city: event.city,
  state: event.state,
  eventType: event.eventType,
});

/**
 * The items whose race is still public. A race deleted or unpublished keeps the reviews and recaps written
 * about it in storage (and in the lists' indexes); the lists across races drop them as they read a page, with
 * one BatchGet of the page's races.
 */
export async function onPublicRaces<T extends { readonly event: { readonly id: string } }>(items: readonly T[]): Promise<T[]> {
  if (items.length === 0) return [];
  const events = await getEventsById(items.map((item) => item.event.id));
  return items.filter((item) => events.get(item.event.id)?.verified === true);
}
