/**
 * Races that became public after they were made (issue 23): an import lands unverified and an admin verifies it
 * days later, and for the saved searches that is the day it is new. The daily job's window reads races created in
 * it (event.ts eventsCreatedBetween, GSI3 by createdAt) and these, so a race verified later is told once, on the
 * day it is listed.
 *
 * | item          | PK                          | SK                   | TTL     |
 * | listed race   | ALERTS#LISTED#<YYYY-MM-DD>  | <listedAt>#<eventId> | 14 days |
 *
 * The table stream's reader writes one when an event item goes from unverified to verified
 * (lambdas/notifications/race-changes.ts), so every way of verifying (an admin's edit, a bulk action, an approved
 * suggestion or claim) is seen the same way; the day is the UTC day of the instant, which the window's bounds name.
 */
import { addDays } from '#shared/dates';
import { LISTED_RACES_PREFIX } from '#shared/notification-partitions';
import type { RaceEvent } from '#shared/schemas/event';
import { TTL_ATTRIBUTE } from '#shared/table';
import { queryAll, table } from '#lib/kit/table';
import { getEventsById } from './event.ts';

const KEEP_DAYS = 14;

const listedPartition = (day: string) => `${LISTED_RACES_PREFIX}${day}`;

/** Whether an edit made the race public: from unverified to verified. */
export function becameListed(before: RaceEvent, after: RaceEvent): boolean {
  return !before.verified && after.verified;
}

/** Records that a race was listed at `at` (an ISO instant): written again by a retried stream record, the same item. */
export async function recordListing(eventId: string, at: string): Promise<void> {
  await table.put({
    Item: {
      PK: listedPartition(at.slice(0, 10)),
      SK: `${at}#${eventId}`,
      entity: 'listed-race',
      eventId,
      [TTL_ATTRIBUTE]: Math.floor(Date.parse(at) / 1000) + KEEP_DAYS * 86_400,
    },
  });
}

/** The races listed in (since, until], as stored now; one Query per UTC day of the window. */
export async function eventsListedBetween(since: string, until: string): Promise<RaceEvent[]> {
  const ids = new Set<string>();
  for (let day = since.slice(0, 10); day <= until.slice(0, 10); day = addDays(day, 1)) {
    const items = await queryAll({
      // '#' sorts before every id character, '~' after: the bounds take exactly the instants in the window.
      KeyConditionExpression: 'PK = :day AND SK BETWEEN :from AND :to',
      ExpressionAttributeValues: { ':day': listedPartition(day), ':from': `${since}#~`, ':to': `${until}#~` },
      ProjectionExpression: 'eventId',
    });
    for (const item of items) if (typeof item.eventId === 'string') ids.add(item.eventId);
  }
  return [...(await getEventsById([...ids])).values()];
}
