/** No defineEntity here: counters (ADD) and TTL markers (salt, seen) without a schema. */
/**
 * Event analytics: daily views, saves and registration clicks per event (keys in shared/analytics.ts).
 *
 * A view or a registration click from the public beacon is counted when it is neither a bot's (isbot on the
 * User-Agent) nor a repeat: the same visitor (a signed-in user's sub, or else a hash of their IP address and
 * User-Agent with a salt that changes every day, so no raw IP is stored and yesterday's hashes cannot be tied
 * to today's) on the same event and kind within REPEAT_WINDOW_SECONDS. The repeat check is a conditional put of
 * a short-lived item; only when it succeeds is the day's counter incremented. Two single-item writes, not a
 * transaction: a lost counter update after the check loses one view rather than counting one twice, and costs
 * half the write units (ReturnConsumedCapacity is reported back to the bench). Saves are counted in the save's
 * own transaction (./event-daily-stats.ts).
 */
import { createHash, randomBytes } from 'node:crypto';
import { isbot } from 'isbot';
import { REPEAT_WINDOW_SECONDS, type BeaconKind } from '#shared/analytics';
import { addDays, todayInNewYork } from '#shared/dates';
import { TTL_ATTRIBUTE } from '#shared/table';
import { queryPages, table } from '#lib/kit/table';
import { isConditionFailure } from '#lib/transactions';
import { dailyCounterUpdate, dailyStatsKey } from './event-daily-stats.ts';

const seenKey = (visitor: string, eventId: string, kind: BeaconKind) => ({ PK: `SEEN#${visitor}`, SK: `${eventId}#${kind}` });
const saltKey = (day: string) => ({ PK: 'ANALYTICS_SALT', SK: day });

let salt: { day: string; value: string } | undefined;

/** Today's salt: made once by whichever function asks first (a conditional put), then read and kept. */
async function dailySalt(now: Date): Promise<string> {
  const day = todayInNewYork(now);
  if (salt?.day === day) return salt.value;
  const fresh = randomBytes(32).toString('base64url');
  try {
    await table.put({
      // Kept two days, so a request just after midnight still finds yesterday's while it is in use.
      Item: { ...saltKey(day), entity: 'analytics-salt', salt: fresh, [TTL_ATTRIBUTE]: Math.floor(now.getTime() / 1000) + 2 * 86_400 },
      ConditionExpression: 'attribute_not_exists(PK)',
    });
    salt = { day, value: fresh };
  } catch (error) {
    if (!isConditionFailure(error)) throw error;
    const { Item } = await table.get({ Key: saltKey(day), ConsistentRead: true });
    salt = { day, value: String(Item?.salt) };
  }
  return salt.value;
}

export interface Visitor {
  readonly sub?: string;
  readonly ip?: string;
  readonly userAgent?: string;
}

export type BeaconOutcome = 'counted' | 'repeat' | 'bot';

export interface BeaconResult {
  readonly outcome: BeaconOutcome;
  /** Write units the request consumed (ReturnConsumedCapacity), for the bench. */
  readonly writeUnits: number;
}

/** Counts one view or registration click, unless it is a bot's or a repeat within the window. */
export async function countBeacon(eventId: string, kind: BeaconKind, visitor: Visitor, now: Date = new Date()): Promise<BeaconResult> {
  if (!visitor.userAgent || isbot(visitor.userAgent)) return { outcome: 'bot', writeUnits: 0 };
  const identity = visitor.sub ? `user:${visitor.sub}` : `anon:${await dailySalt(now)}|${visitor.ip ?? ''}|${visitor.userAgent}`;
  const hash = createHash('sha256').update(identity).digest('base64url').slice(0, 32);
  const nowSeconds = Math.floor(now.getTime() / 1000);
  let writeUnits = 0;
  try {
    const put = await table.put({
      Item: { ...seenKey(hash, eventId, kind), entity: 'analytics-seen', [TTL_ATTRIBUTE]: nowSeconds + REPEAT_WINDOW_SECONDS },
      // TTL deletes late: an item past its time counts as gone.
      ConditionExpression: 'attribute_not_exists(PK) OR #expires < :now',
      ExpressionAttributeNames: { '#expires': TTL_ATTRIBUTE },
      ExpressionAttributeValues: { ':now': nowSeconds },
      ReturnConsumedCapacity: 'TOTAL',
    });
    writeUnits += put.ConsumedCapacity?.CapacityUnits ?? 0;
  } catch (error) {
    if (!isConditionFailure(error)) throw error;
    // A refused conditional write still costs its write unit.
    return { outcome: 'repeat', writeUnits: writeUnits + 1 };
  }
  const update = await table.update({ ...dailyCounterUpdate(eventId, kind, now), ReturnConsumedCapacity: 'TOTAL' });
  writeUnits += update.ConsumedCapacity?.CapacityUnits ?? 0;
  return { outcome: 'counted', writeUnits };
}

export interface DailyStats {
  readonly day: string;
  readonly views: number;
  readonly saves: number;
  readonly registerClicks: number;
}

/** An event's daily counts from `from` to `to` (inclusive), every day present (0 where nothing was counted). */
export async function readDailyStats(eventId: string, from: string, to: string): Promise<DailyStats[]> {
  const counted = new Map<string, DailyStats>();
  for await (const items of queryPages({
    KeyConditionExpression: 'PK = :pk AND SK BETWEEN :from AND :to',
    ExpressionAttributeValues: { ':pk': dailyStatsKey(eventId, from).PK, ':from': `DAY#${from}`, ':to': `DAY#${to}` },
  })) {
    for (const item of items) {
      const day = String(item.SK).slice('DAY#'.length);
      const count = (name: string) => (typeof item[name] === 'number' ? (item[name] as number) : 0);
      counted.set(day, { day, views: count('views'), saves: count('saves'), registerClicks: count('registerClicks') });
    }
  }
  const days: DailyStats[] = [];
  for (let day = from; day <= to; day = addDays(day, 1)) days.push(counted.get(day) ?? { day, views: 0, saves: 0, registerClicks: 0 });
  return days;
}

