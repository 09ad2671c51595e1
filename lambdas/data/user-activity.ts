/** No defineEntity here: a last-active marker and day counters (ADD), without a schema. */
/**
 * Who was active when, for the admins' 'Active Week' and /superadmin's active users: counted on the first
 * GET /api/me of a user's day (the app asks it on every visit), never by reading all users.
 *
 * | item              | PK          | SK                | attributes                                            |
 * | last active day   | USER#<sub>  | LAST_ACTIVE       | day (YYYY-MM-DD, America/New_York)                    |
 * | active-day counts | COUNTER     | ACTIVE#<day>      | users: how many users' last active day this is        |
 *
 * Each user is counted on their last active day only: moving it from day A to day B takes one from A and adds
 * one to B, in one transaction conditioned on the day read. So the users active in the last 7 days, each
 * once however often they came, are the sum of the last 7 days' counts (one BatchGet of 7 items).
 */
import { batchGetItems } from '#lib/kit/batch-get';
import { addDays, todayInNewYork } from '#shared/dates';
import { counterUpdate } from '#lib/kit/counter-update';
import { table } from '#lib/kit/table';
import { AlreadyDone, transact } from '#lib/kit/transact';

const lastActiveKey = (sub: string) => ({ PK: `USER#${sub}`, SK: 'LAST_ACTIVE' });
const activeDayKey = (day: string) => ({ PK: 'COUNTER', SK: `ACTIVE#${day}` });
const addTo = (day: string, delta: number) => ({ Update: counterUpdate(activeDayKey(day), { users: delta }, 'active-day-counter')! });

/** Users this function instance has seen today, by sub; bounded, so a long-lived instance does not grow. */
const recordedToday = new Map<string, string>();
const REMEMBERED_USERS = 10_000;

function remember(sub: string, today: string): void {
  if (recordedToday.size >= REMEMBERED_USERS) recordedToday.clear();
  recordedToday.set(sub, today);
}

/** Records that the user was active today (a read, and on their first visit of the day a small transaction). */
export async function recordActiveDay(sub: string, now: Date = new Date()): Promise<void> {
  const today = todayInNewYork(now);
  // A warm function remembers whom it has recorded today: their later visits cost no read at all.
  if (recordedToday.get(sub) === today) return;
  const { Item } = await table.get({ Key: lastActiveKey(sub) });
  const previous = typeof Item?.day === 'string' ? Item.day : undefined;
  if (previous !== undefined && previous >= today) return remember(sub, today);
  // Another request of the same user recorded today first: nothing left to do.
  const recordedMeanwhile = () => new AlreadyDone(undefined);
  await transact(
    () => [
      {
        Put: {
          Item: { ...lastActiveKey(sub), entity: 'last-active', day: today },
          ConditionExpression: previous === undefined ? 'attribute_not_exists(PK)' : '#day = :previous',
          ...(previous === undefined ? {} : { ExpressionAttributeNames: { '#day': 'day' }, ExpressionAttributeValues: { ':previous': previous } }),
        },
      },
      addTo(today, 1),
      ...(previous === undefined ? [] : [addTo(previous, -1)]),
    ],
    { attempts: 1, ifAnyConditionFails: recordedMeanwhile, onExhausted: recordedMeanwhile },
  );
  remember(sub, today);
}

/** Users active in the last `days` days (today included), each once. */
export async function activeUsers(days: number, now: Date = new Date()): Promise<number> {
  const today = todayInNewYork(now);
  const keys = Array.from({ length: days }, (_, back) => activeDayKey(addDays(today, -back)));
  const counters = await batchGetItems(keys);
  return counters.reduce((sum, item) => sum + (typeof item.users === 'number' ? item.users : 0), 0);
}

/** A deleted account's last active day: removed, and the day's count of users with it. Idempotent. */
export async function forgetActiveDay(sub: string): Promise<void> {
  const { Item } = await table.get({ Key: lastActiveKey(sub), ConsistentRead: true });
  if (typeof Item?.day !== 'string') return;
  await transact(
    () => [
      { Delete: { Key: lastActiveKey(sub), ConditionExpression: '#day = :day', ExpressionAttributeNames: { '#day': 'day' }, ExpressionAttributeValues: { ':day': Item.day } } },
      addTo(String(Item.day), -1),
    ],
    // A visit recorded meanwhile: the next run of the step reads it again.
    { attempts: 1 },
  );
}
