/**
 * What athletes write about a race they ran, reviews (review.ts) and recaps (recap.ts), shares: the race must
 * be public and have started (shared/race-start.ts), a distance must be one of the race's, the author signs
 * with first name and last initial, and the race's facts travel with the writing into lists across races.
 * No items of its own.
 */
import { raceHasStarted } from '#shared/race-start';
import { formatRaceStart } from '#shared/race-start-format';
import type { RaceEvent } from '#shared/schemas/event';
import type { RecentReview } from '#shared/schemas/review';
import { BadRequestError, HttpError, NotFoundError } from '#lib/errors';
import { getEvent, getEventsById } from './event.ts';

/**
 * The race, when it exists, is public and has started: writing about it opens at its start time where one is
 * known, else on race day. `action` finishes the refusal's sentence: 'You can <action> from <when>'.
 */
export async function raceRun(eventId: string, now: Date, action: string): Promise<RaceEvent> {
  const event = await getEvent(eventId);
  if (!event?.verified) throw new NotFoundError('Event not found');
  if (!raceHasStarted(event, now)) {
    const start = formatRaceStart(event);
    const when = start ? `${start} on ${event.eventDate}, when it starts` : `${event.eventDate}, race day`;
    throw new HttpError(422, 'race_not_run_yet', `This race has not happened yet. You can ${action} from ${when}.`);
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
