/**
 * The daily alerts job (issue 23), run by an EventBridge schedule in AWS and by POST /_local/schedules/daily-alerts
 * on the local gateway: the races created since the last run are matched to saved searches
 * (lambdas/data/search-alerts.ts) and each search with new matches gets one digest on the notification queue;
 * then the people who saved a race whose registration closes in 7 days or in 1 are reminded
 * (lambdas/data/registration-reminders.ts).
 *
 * The run's window starts where the last finished run ended (ALERTS#DAILY, RUN), a day back on the first run,
 * so a late or repeated run neither skips nor repeats races; the window moves on only after every digest is on
 * the queue, and a digest is keyed by search and day, so a run repeated after a failure tells nobody twice.
 */
import { enqueueNotifications } from '#data/notification-queue';
import { eventsCreatedBetween } from '#data/event';
import { remindClosingRegistrations } from '#data/registration-reminders';
import { digestMessages, matchRaces } from '#data/search-alerts';
import { getItem, table } from '#lib/kit/table';
import { logger } from '#lib/logger';

const RUN_KEY = { PK: 'ALERTS#DAILY', SK: 'RUN' };
const FIRST_WINDOW_MS = 86_400_000;

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
}

export async function runDailyAlerts(now: Date = new Date()): Promise<DailyAlertsOutcome> {
  const until = now.toISOString();
  const last = await getItem(RUN_KEY, { consistent: true });
  const since = typeof last?.until === 'string' ? last.until : new Date(now.getTime() - FIRST_WINDOW_MS).toISOString();
  const races = await eventsCreatedBetween(since, until);
  const { matches, readUnits } = await matchRaces(races, now);
  const digests = digestMessages(matches, now);
  await enqueueNotifications(digests);
  await table.put({ Item: { ...RUN_KEY, entity: 'alerts-run', since, until, newRaces: races.length, digests: digests.length } });
  const closing = await remindClosingRegistrations(now);
  const outcome = { since, until, newRaces: races.length, digests: digests.length, readUnits, closingRaces: closing.races, reminders: closing.messages };
  logger.info('daily alerts', { ...outcome });
  return outcome;
}

export const handler = async (): Promise<DailyAlertsOutcome> => runDailyAlerts();
