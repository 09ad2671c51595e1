/**
 * The daily alerts job (issue 23), run by an EventBridge schedule in AWS and by POST /_local/schedules/daily-alerts
 * on the local gateway: the races new since the last run (created public in the window, or made public in it:
 * lambdas/data/listed-races.ts) are matched to saved searches (lambdas/data/search-alerts.ts) and each search with
 * new matches gets one digest on the notification queue; then the people who saved a race whose registration closes
 * in 7 days or in 1 are reminded (lambdas/data/registration-reminders.ts). First, what the notification outbox
 * kept while the queue was out of reach goes on the queue (notification-queue.ts sweepOutbox).
 *
 * The run's window starts where the last finished run ended (ALERTS#DAILY, RUN), a day back on the first run,
 * so a late or repeated run neither skips nor repeats races; the window moves on only after every digest is on
 * the queue, and a digest is keyed by search and day, so a run repeated after a failure tells nobody twice. In
 * AWS the window ends a couple of minutes before the run (SETTLE_MS): GSI3 and the stream's listings trail a write
 * by seconds, and a race written in that gap would otherwise fall between two windows. Locally both are read at once.
 */
import { enqueueNotifications, sweepOutbox } from '#data/notification-queue';
import { eventsCreatedBetween } from '#data/event';
import { eventsListedBetween } from '#data/listed-races';
import { remindClosingRegistrations } from '#data/registration-reminders';
import { digestMessages, matchRaces } from '#data/search-alerts';
import { getItem, table } from '#lib/kit/table';
import { logger } from '#lib/logger';

const RUN_KEY = { PK: 'ALERTS#DAILY', SK: 'RUN' };
const FIRST_WINDOW_MS = 86_400_000;
/** How far behind the run the window ends in AWS. */
export const SETTLE_MS = 120_000;

export interface DailyAlertsOutcome {
  readonly since: string;
  readonly until: string;
  readonly newRaces: number;
  readonly digests: number;
  /** What reading the saved searches cost, in read units. */
  readonly readUnits: number;
  /** Races whose registration closes in 7 days or in 1, and the reminders enqueued for their savers. */
  readonly closingRaces: number;
  readonly reminders: number;
  /** Messages the outbox kept while the queue was out of reach, now on it. */
  readonly swept: number;
}

export async function runDailyAlerts(now: Date = new Date(), settleMs = 0): Promise<DailyAlertsOutcome> {
  const swept = await sweepOutbox();
  const until = new Date(now.getTime() - settleMs).toISOString();
  const last = await getItem(RUN_KEY, { consistent: true });
  const since = typeof last?.until === 'string' ? last.until : new Date(now.getTime() - FIRST_WINDOW_MS).toISOString();
  const [created, listed] = await Promise.all([eventsCreatedBetween(since, until), eventsListedBetween(since, until)]);
  const races = [...new Map([...created, ...listed].map((race) => [race.id, race])).values()];
  const { matches, readUnits } = await matchRaces(races, now);
  const digests = digestMessages(matches, now);
  await enqueueNotifications(digests);
  await table.put({ Item: { ...RUN_KEY, entity: 'alerts-run', since, until, newRaces: races.length, digests: digests.length } });
  const closing = await remindClosingRegistrations(now);
  const outcome = { since, until, newRaces: races.length, digests: digests.length, readUnits, closingRaces: closing.races, reminders: closing.messages, swept };
  logger.info('daily alerts', { ...outcome });
  return outcome;
}

export const handler = async (): Promise<DailyAlertsOutcome> => runDailyAlerts(new Date(), SETTLE_MS);
