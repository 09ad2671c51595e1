/** No defineEntity here: counters only (week, month and total figures moved by ADD). */
/**
 * The training log's aggregates, kept in the same transaction as every log write so that stats never read
 * the log (DESIGN section 5: counts screens show are counters):
 *
 * | item           | PK          | SK                          | attributes                                              |
 * | week figures   | USER#<sub>  | TRAINING#WEEK#<monday>      | workouts, distanceM, minutes, runs, runDistanceM, paceDistanceM, paceMinutes, e1..e10 |
 * | month days     | USER#<sub>  | TRAINING#MONTH#<YYYY-MM>    | d01..d31: logs on that day; l01..l31: that day's load in tenths |
 * | totals         | USER#<sub>  | TRAINING#TOTALS             | workouts, distanceM                                     |
 *
 * Distances are whole metres and loads whole tenths (#shared/training/training-load) so that sums of many decimals
 * never drift. A log item keeps the load it added (`loadTenths`), so an edit takes back exactly that even if the load
 * rule changes; a log written before loads were kept has none, adds none until migration 0009-training-load counts it. Average pace counts only runs with
 * both a distance and a duration (paceDistanceM, paceMinutes). The streak reads month items newest first
 * and stops at the first day without a log, so a three-year streak costs about 36 small items.
 *
 * Access patterns (docs/data-model.md): an athlete's weeks in a range (table, PK = USER#<sub>, SK between
 * TRAINING#WEEK#<from> and TRAINING#WEEK#<to>); their months newest first (SK begins_with TRAINING#MONTH#,
 * descending); their totals (SK = TRAINING#TOTALS).
 */
import { addDays, todayInNewYork } from '#shared/dates';
import type { TrainingLog } from '#shared/schemas/training-log';
import { STATS_WEEKS, type TrainingStats, type WeekFigures } from '#shared/schemas/training-stats';
import { loadDays, rampRate, WARM_UP_DAYS, workoutLoadTenths } from '#shared/training/training-load';
import type { TrainingLoad } from '#shared/schemas/training-load';
import { mondayOf } from '#shared/training/weeks';
import { counterUpdateItems } from '#lib/kit/counter-update';
import { queryPages, table } from '#lib/kit/table';

const userPk = (sub: string) => `USER#${sub}`;
const WEEK_PREFIX = 'TRAINING#WEEK#';
const MONTH_PREFIX = 'TRAINING#MONTH#';
export const weekKey = (sub: string, monday: string) => ({ PK: userPk(sub), SK: `${WEEK_PREFIX}${monday}` });
export const monthKey = (sub: string, month: string) => ({ PK: userPk(sub), SK: `${MONTH_PREFIX}${month}` });
export const totalsKey = (sub: string) => ({ PK: userPk(sub), SK: 'TRAINING#TOTALS' });

/** Months the streak reads first: more than three years, so almost every streak is one request. */
const FIRST_MONTHS_READ = 40;

const ENTITY_OF: Readonly<Record<string, string>> = { WEEK: 'training-week', MONTH: 'training-month', TOTALS: 'training-totals' };

const metres = (km: number | undefined) => (km === undefined ? 0 : Math.round(km * 1000));

type Deltas = Map<string, Map<string, number>>;

function add(deltas: Deltas, sk: string, attribute: string, delta: number): void {
  if (delta === 0) return;
  const item = deltas.get(sk) ?? new Map<string, number>();
  item.set(attribute, (item.get(attribute) ?? 0) + delta);
  deltas.set(sk, item);
}

/** Adds what one log counts for (sign 1) or takes it away (sign -1), its load among it. */
function contribute(deltas: Deltas, sub: string, log: TrainingLog, sign: 1 | -1, loadTenths: number): void {
  const week = weekKey(sub, mondayOf(log.logDate)).SK;
  const month = monthKey(sub, log.logDate.slice(0, 7)).SK;
  const totals = totalsKey(sub).SK;
  const distance = metres(log.distanceKm);
  add(deltas, week, 'workouts', sign);
  add(deltas, week, 'distanceM', sign * distance);
  add(deltas, week, 'minutes', sign * (log.durationMinutes ?? 0));
  if (log.activityType === 'running') {
    add(deltas, week, 'runs', sign);
    add(deltas, week, 'runDistanceM', sign * distance);
    if (distance > 0 && (log.durationMinutes ?? 0) > 0) {
      add(deltas, week, 'paceDistanceM', sign * distance);
      add(deltas, week, 'paceMinutes', sign * log.durationMinutes!);
    }
  }
  if (log.effortLevel !== undefined) add(deltas, week, `e${log.effortLevel}`, sign);
  add(deltas, month, `d${log.logDate.slice(8, 10)}`, sign);
  add(deltas, month, `l${log.logDate.slice(8, 10)}`, sign * loadTenths);
  add(deltas, totals, 'workouts', sign);
  add(deltas, totals, 'distanceM', sign * distance);
}

/** A log as stored: what it is, and the load it added to the aggregates (none for a log not yet counted). */
export interface CountedLog {
  readonly log: TrainingLog;
  readonly loadTenths: number;
}

/** A log about to be written, with the load it will add (the log item keeps it: toLogItem). */
export const counted = (log: TrainingLog): CountedLog => ({ log, loadTenths: workoutLoadTenths(log) });

/**
 * The counter updates that move the aggregates from `before` to `after` (either may be absent: a create or a
 * delete), one Update per item, so an edit within one week touches that week once (a transaction may not
 * name an item twice).
 */
export function figureUpdates(sub: string, before: CountedLog | undefined, after: CountedLog | undefined) {
  const deltas: Deltas = new Map();
  if (before) contribute(deltas, sub, before.log, -1, before.loadTenths);
  if (after) contribute(deltas, sub, after.log, 1, after.loadTenths);
  return [...deltas].flatMap(([sk, moves]) => counterUpdateItems({ PK: userPk(sub), SK: sk }, moves, ENTITY_OF[sk.split('#')[1]!]));
}

const num = (item: Record<string, unknown> | undefined, name: string): number => (typeof item?.[name] === 'number' ? (item[name] as number) : 0);
const km = (m: number) => Math.round(m) / 1000;

function weekFigures(monday: string, item: Record<string, unknown> | undefined): WeekFigures {
  return {
    weekStart: monday,
    workouts: num(item, 'workouts'),
    distanceKm: km(num(item, 'distanceM')),
    durationMinutes: num(item, 'minutes'),
    runs: num(item, 'runs'),
    runDistanceKm: km(num(item, 'runDistanceM')),
  };
}

const mondayOfItem = (item: Record<string, unknown>) => String(item.SK).slice(WEEK_PREFIX.length);

/** The week items from one Monday to another, both included (weeks without logs have none). */
async function readWeekItems(sub: string, fromMonday: string, toMonday: string): Promise<Record<string, unknown>[]> {
  const items: Record<string, unknown>[] = [];
  for await (const page of queryPages({
    KeyConditionExpression: 'PK = :pk AND SK BETWEEN :from AND :to',
    ExpressionAttributeValues: { ':pk': userPk(sub), ':from': weekKey(sub, fromMonday).SK, ':to': weekKey(sub, toMonday).SK },
  })) {
    items.push(...page);
  }
  return items;
}

/** The figures of the weeks with logs from one Monday to another: what goals measure their progress by. */
export async function readWeekDistances(sub: string, fromMonday: string, toMonday: string): Promise<WeekFigures[]> {
  return (await readWeekItems(sub, fromMonday, toMonday)).map((item) => weekFigures(mondayOfItem(item), item));
}

/** Consecutive logged days back from today (or from yesterday while today has no log yet). */
async function streakDays(sub: string, today: string): Promise<number> {
  const logged = (day: string, months: Map<string, Record<string, unknown>>) => num(months.get(day.slice(0, 7)), `d${day.slice(8, 10)}`) > 0;
  const months = new Map<string, Record<string, unknown>>();
  let startKey: Record<string, unknown> | undefined;
  let oldestRead = '9999-99';
  const readMore = async (): Promise<boolean> => {
    // Newest first: the first read covers more than three years (one small request for nearly everyone);
    // a longer streak reads the rest at once.
    const { Items = [], LastEvaluatedKey } = await table.query({
      KeyConditionExpression: 'PK = :pk AND SK BETWEEN :from AND :to',
      ExpressionAttributeValues: { ':pk': userPk(sub), ':from': MONTH_PREFIX, ':to': `${MONTH_PREFIX}${addDays(today, 1).slice(0, 7)}` },
      ScanIndexForward: false,
      ...(startKey ? { ExclusiveStartKey: startKey } : { Limit: FIRST_MONTHS_READ }),
    });
    for (const item of Items) {
      const month = String(item.SK).slice(MONTH_PREFIX.length);
      months.set(month, item);
      oldestRead = month;
    }
    startKey = LastEvaluatedKey;
    return Items.length > 0;
  };
  if (!(await readMore())) return 0;
  let day = logged(today, months) ? today : addDays(today, -1);
  let streak = 0;
  for (;;) {
    // Read older months only when the streak has reached them.
    while (day.slice(0, 7) < oldestRead && startKey) await readMore();
    if (!logged(day, months)) break;
    streak += 1;
    day = addDays(day, -1);
  }
  return streak;
}

/** The athlete's figures: this week, the last 12 weeks, streak, totals, pace and effort, from the aggregates. */
export async function readTrainingStats(sub: string, now: Date = new Date()): Promise<TrainingStats> {
  const today = todayInNewYork(now);
  const thisMonday = mondayOf(today);
  const firstMonday = addDays(thisMonday, -7 * (STATS_WEEKS - 1));
  const [weekItems, totals, streak] = await Promise.all([
    readWeekItems(sub, firstMonday, thisMonday),
    table.get({ Key: totalsKey(sub) }),
    streakDays(sub, today),
  ]);
  const byMonday = new Map(weekItems.map((item) => [mondayOfItem(item), item]));
  const mondays = Array.from({ length: STATS_WEEKS }, (_, index) => addDays(firstMonday, 7 * index));
  const weeks = mondays.map((monday) => weekFigures(monday, byMonday.get(monday)));
  const items = weekItems;
  const sum = (name: string) => items.reduce((total, item) => total + num(item, name), 0);
  const paceKm = sum('paceDistanceM') / 1000;
  return {
    today,
    thisWeek: weeks.at(-1)!,
    weeks,
    streakDays: streak,
    totalWorkouts: num(totals.Item, 'workouts'),
    totalDistanceKm: km(num(totals.Item, 'distanceM')),
    ...(paceKm > 0 ? { averagePaceMinPerKm: Math.round((sum('paceMinutes') / paceKm) * 100) / 100 } : {}),
    effort: Array.from({ length: 10 }, (_, index) => ({ level: index + 1, count: sum(`e${index + 1}`) })),
  };
}

/**
 * The athlete's days of load, fitness, fatigue and form from `from` to `to`, from the month aggregates: the months
 * of those days and of the WARM_UP_DAYS before them (about 45 small items for three years), never the log.
 */
export async function readTrainingLoad(sub: string, from: string, to: string): Promise<TrainingLoad> {
  const since = addDays(from, -WARM_UP_DAYS);
  const loads = new Map<string, number>();
  for await (const page of queryPages({
    KeyConditionExpression: 'PK = :pk AND SK BETWEEN :from AND :to',
    ExpressionAttributeValues: { ':pk': userPk(sub), ':from': monthKey(sub, since.slice(0, 7)).SK, ':to': monthKey(sub, to.slice(0, 7)).SK },
  })) {
    for (const item of page) {
      const month = String(item.SK).slice(MONTH_PREFIX.length);
      for (const [name, value] of Object.entries(item)) {
        if (/^l\d\d$/.test(name) && typeof value === 'number' && value !== 0) loads.set(`${month}-${name.slice(1)}`, value / 10);
      }
    }
  }
  const days = loadDays(loads, since, from, to);
  const ramp = rampRate(days);
  return { days, ...(ramp !== undefined ? { rampRate: ramp } : {}) };
}
