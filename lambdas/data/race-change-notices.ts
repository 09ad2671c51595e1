/**
 * Telling the people who saved a race that it changed (issue 23): what about a race is worth a message (its date,
 * start time, place, a cancellation or a postponement, its registration link), and the fan-out of one change to
 * every saver, one message each on the notification queue. The table's stream calls this with each event item's
 * two images (lambdas/notifications/race-changes.ts), so every write path (an organizer's edit, an admin's, an
 * import) tells the savers the same way.
 *
 * Savers are read a page at a time (./saver-notices.ts). A message is keyed by the race, what changed to what, and
 * the day, so a stream record delivered twice, or the same change made twice in a day, tells nobody twice.
 */
import { todayInNewYork } from '#shared/dates';
import { statusOf } from '#shared/event-status';
import type { RaceEvent } from '#shared/schemas/event';
import type { NotificationMessage } from '#shared/schemas/notification-message';
import { notificationRaceOf, type RaceChange } from '#shared/schemas/notifications';
import { httpUrl } from '#lib/http-url';
import { enqueueForSavers } from './saver-notices.ts';

const placeOf = (event: RaceEvent) => ({ ...(event.locationName ? { locationName: event.locationName } : {}), city: event.city, state: event.state });

/** What changed between two versions of a race that its savers are told about, in the order a message lists them. */
export function raceChangesOf(before: RaceEvent, after: RaceEvent): RaceChange[] {
  const changes: RaceChange[] = [];
  const [was, is] = [statusOf(before), statusOf(after)];
  if ((is === 'cancelled' || is === 'postponed') && is !== was) changes.push({ field: 'status', to: is });
  if (before.eventDate !== after.eventDate) changes.push({ field: 'date', from: before.eventDate, to: after.eventDate });
  if ((before.startTime ?? '') !== (after.startTime ?? '')) {
    changes.push({ field: 'startTime', ...(before.startTime ? { from: before.startTime } : {}), ...(after.startTime ? { to: after.startTime } : {}) });
  }
  const [from, to] = [placeOf(before), placeOf(after)];
  if (from.city !== to.city || from.state !== to.state || (from.locationName ?? '') !== (to.locationName ?? '')) changes.push({ field: 'place', from, to });
  const link = httpUrl(after.registrationUrl);
  // Both normalized (httpUrl): a link stored without its trailing slash is the same link.
  if (link && link !== httpUrl(before.registrationUrl)) changes.push({ field: 'registrationUrl', to: link });
  return changes;
}

/** The same change of the same race on the same day is one message: a stable word for what changed to what. */
function subjectOf(eventId: string, changes: readonly RaceChange[]): string {
  const parts = changes.map((change) => ('to' in change && typeof change.to === 'string' ? `${change.field}=${change.to}` : change.field));
  return `${eventId}#${parts.join(',')}`.slice(0, 200);
}

/**
 * Enqueues one saved-race-changed message for everyone who saved the race; answers how many. A race no longer
 * offered (unverified, or past) tells nobody.
 */
export async function fanOutRaceChange(after: RaceEvent, changes: readonly RaceChange[], now: Date = new Date()): Promise<number> {
  if (changes.length === 0 || !after.verified) return 0;
  const day = todayInNewYork(now);
  const race = notificationRaceOf(after);
  const registrationUrl = httpUrl(after.registrationUrl);
  const subject = subjectOf(after.id, changes);
  const data = { race, changes: changes.slice(0, 5), ...(registrationUrl ? { registrationUrl } : {}) };
  return enqueueForSavers(after.id, (sub): NotificationMessage<'saved-race-changed'> => ({ sub, kind: 'saved-race-changed', subject, day, data }));
}
