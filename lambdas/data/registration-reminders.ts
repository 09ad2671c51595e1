/**
 * Registration closing reminders (issue 23): 7 days and 1 day before a saved race's registration closes, everyone
 * who saved it is told, once. The daily job (lambdas/notifications/daily-alerts.ts) calls this each morning; the
 * races closing on a day are read from that day's posting partition (IDX#CLOSES#<date>, search-index.ts), keys
 * only, then the races themselves, so the reminder says what the race says now.
 *
 * "Today" is New York's, when the job runs (06:00 there): a race's deadline is a date on its own clock, and every
 * US zone is on that date at that hour. A message is keyed by the race, the days left and the day, so a job run
 * twice in a day tells nobody twice; a day the job did not run is not made up (a reminder a day late is not one).
 */
import { addDays, todayInNewYork } from '#shared/dates';
import type { RaceEvent } from '#shared/schemas/event';
import type { NotificationMessage } from '#shared/schemas/notification-message';
import { notificationRaceOf, REGISTRATION_CLOSING_DAYS } from '#shared/schemas/notifications';
import { httpUrl } from '#lib/http-url';
import { queryAll } from '#lib/kit/table';
import { getEventsById } from './event.ts';
import { enqueueForSavers } from './saver-notices.ts';
import { registrationClosesPartition } from './search-index.ts';

type DaysLeft = (typeof REGISTRATION_CLOSING_DAYS)[number];

/** The public races whose registration closes on `date`, as stored now. */
async function racesClosingOn(date: string): Promise<RaceEvent[]> {
  const postings = await queryAll({
    KeyConditionExpression: 'PK = :closes',
    ExpressionAttributeValues: { ':closes': registrationClosesPartition(date) },
    ProjectionExpression: 'id',
  });
  const events = await getEventsById(postings.flatMap((posting) => (typeof posting.id === 'string' ? [posting.id] : [])));
  return [...events.values()];
}

/** Whether a race still takes registrations until `date`: public, not cancelled, and its deadline unchanged. */
function stillClosingOn(event: RaceEvent, date: string): boolean {
  return event.verified && event.reviewFlag !== 'cancelled' && event.registrationEndDate === date;
}

function reminderFor(event: RaceEvent, daysLeft: DaysLeft, today: string) {
  const registrationUrl = httpUrl(event.registrationUrl);
  const data = {
    race: notificationRaceOf(event),
    registrationEndDate: event.registrationEndDate!,
    daysLeft,
    ...(registrationUrl ? { registrationUrl } : {}),
  };
  return (sub: string): NotificationMessage<'registration-closing'> => ({ sub, kind: 'registration-closing', subject: `${event.id}#${daysLeft}`, day: today, data });
}

export interface RemindersOutcome {
  /** Races reminded about. */
  readonly races: number;
  /** Messages enqueued, one per saver of each. */
  readonly messages: number;
}

/** Enqueues today's reminders for every race closing in 7 days or in 1; answers how many races and messages. */
export async function remindClosingRegistrations(now: Date = new Date()): Promise<RemindersOutcome> {
  const today = todayInNewYork(now);
  let races = 0;
  let messages = 0;
  for (const daysLeft of REGISTRATION_CLOSING_DAYS) {
    const date = addDays(today, daysLeft);
    for (const event of await racesClosingOn(date)) {
      if (!stillClosingOn(event, date)) continue;
      races += 1;
      messages += await enqueueForSavers(event.id, reminderFor(event, daysLeft, today));
    }
  }
  return { races, messages };
}
