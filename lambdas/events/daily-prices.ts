/**
 * The daily price job (issue 24), run by an EventBridge schedule just after midnight in the product's time zone and
 * by POST /_local/schedules/daily-prices on the local gateway. It keeps the price order (event-search.ts, sort=price)
 * true to the price of the day without reading the catalogue:
 * - the races whose price of the day changes today (a tier's deadline passed yesterday) are in today's reprice
 *   partition (search-index.ts repricePartition, written with the event): each is written with today's fee and its
 *   postings rewritten, so its price postings move to their new key and every card carries the fee (event.ts
 *   refreshFeeOfDay);
 * - the races that passed drop their price postings (the price partitions are not in date order, so a passed race
 *   would otherwise stay among the items a price page reads): the verified events dated since the last run (GSI1).
 * The days since the last run (PRICES#DAILY, RUN) are caught up, a week on the first run and at most MAX_CATCH_UP_DAYS,
 * so a missed night skips nothing; every write is idempotent, so a repeated run changes nothing. Until it runs, a
 * search still never lists a passed race (it filters on the date) and a card shows the day's price from the tiers.
 */
import { addDays, daysBetween, todayInNewYork } from '#shared/dates';
import { dropPricePostings, refreshFeeOfDay, verifiedEventsDatedBetween } from '#data/event';
import { repricePartition } from '#data/search-index';
import { inParallel } from '#lib/kit/batch-write';
import { getItem, queryAll, table } from '#lib/kit/table';
import { logger } from '#lib/logger';

const RUN_KEY = { PK: 'PRICES#DAILY', SK: 'RUN' };
/** Days a first run looks back: what a deployment that migrated a few days before its first run may have missed. */
const FIRST_RUN_DAYS = 7;
/** Most days one run catches up. */
export const MAX_CATCH_UP_DAYS = 31;
/** Events written at once. */
const REFRESHES_IN_FLIGHT = 4;

export interface DailyPricesOutcome {
  /** The product's day it ran for. */
  readonly today: string;
  /** Reprice partitions read (days since the last run). */
  readonly days: number;
  /** Races in them, and those whose fee changed (written). */
  readonly candidates: number;
  readonly repriced: number;
  /** Passed races, and the price postings deleted for them. */
  readonly passed: number;
  readonly droppedPostings: number;
}

/** The ids of the races in a day's reprice partition. */
async function repriceCandidates(day: string): Promise<string[]> {
  const items = await queryAll({ KeyConditionExpression: 'PK = :pk', ExpressionAttributeValues: { ':pk': repricePartition(day) }, ProjectionExpression: 'id' });
  return items.map((item) => item.id as string);
}

export async function runDailyPrices(now: Date = new Date()): Promise<DailyPricesOutcome> {
  const today = todayInNewYork(now);
  const last = await getItem(RUN_KEY, { consistent: true });
  const lastDay = typeof last?.day === 'string' ? last.day : addDays(today, -FIRST_RUN_DAYS);
  const first = addDays(today, -Math.min(MAX_CATCH_UP_DAYS, Math.max(0, daysBetween(lastDay, today) - 1)));
  const days: string[] = [];
  if (lastDay < today) for (let day = first; day <= today; day = addDays(day, 1)) days.push(day);

  const ids = [...new Set((await Promise.all(days.map(repriceCandidates))).flat())];
  let repriced = 0;
  await inParallel(ids, REFRESHES_IN_FLIGHT, async (id) => {
    if (await refreshFeeOfDay(id, today)) repriced += 1;
  });

  // Races dated from the last run's day (its own run dropped those before it) to yesterday.
  let passed = 0;
  let droppedPostings = 0;
  if (days.length > 0) {
    for await (const events of verifiedEventsDatedBetween(addDays(first, -1), addDays(today, -1))) {
      passed += events.length;
      droppedPostings += await dropPricePostings(events);
    }
  }
  await table.put({ Item: { ...RUN_KEY, entity: 'prices-run', day: today, at: now.toISOString() } });
  const outcome = { today, days: days.length, candidates: ids.length, repriced, passed, droppedPostings };
  logger.info('daily prices', { ...outcome });
  return outcome;
}

export const handler = async (): Promise<DailyPricesOutcome> => runDailyPrices();
