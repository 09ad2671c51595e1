/**
 * Where an athlete stands, from their own log: what plans grow from and what the coach talks about. Issue
 * 10: the current volume and longest run come from the log when it covers the last 4 weeks, else from what
 * the athlete states, else from their level's defaults (the generator's).
 */
import { addDays, todayInNewYork } from '#shared/dates';
import type { TrainingLog } from '#shared/schemas/training-log';
import { EASY_PACE_RANGE } from '#shared/training/plan-rules';
import { logsBetween } from './training-log.ts';

/** How far back the log is read: the 4 weeks, and a little more to tell whether the log covers them. */
const HISTORY_DAYS = 35;
/** A log covers the last 4 weeks when it has an entry at least this old (within the window read). */
const COVERED_FROM_DAYS = 21;
/** Rule 1 of the plans looks at the longest run of the last 30 days. */
const LONGEST_RUN_DAYS = 30;

export interface LoggedHistory {
  /** Average running km a week over the last 4 weeks. */
  readonly currentWeeklyKm: number;
  readonly longestRunKm: number;
  /** Median minutes per km of the runs that have a distance and a duration; undefined without any. */
  readonly easyPaceMinPerKm?: number;
}

const isRun = (log: TrainingLog) => log.activityType === 'running' && (log.distanceKm ?? 0) > 0;

function median(values: readonly number[]): number | undefined {
  if (values.length === 0) return undefined;
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

/** The history a plan may rely on: from the logs of the last 35 days, when they reach back 3 weeks or more. */
export function historyFromLogs(logs: readonly TrainingLog[], today: string): LoggedHistory | undefined {
  if (!logs.some((log) => log.logDate <= addDays(today, -COVERED_FROM_DAYS))) return undefined;
  const runs = logs.filter(isRun);
  const lastFourWeeks = runs.filter((log) => log.logDate > addDays(today, -28));
  const weeklyKm = lastFourWeeks.reduce((sum, log) => sum + log.distanceKm!, 0) / 4;
  const longest = runs.filter((log) => log.logDate > addDays(today, -LONGEST_RUN_DAYS)).reduce((max, log) => Math.max(max, log.distanceKm!), 0);
  const pace = median(runs.filter((log) => (log.durationMinutes ?? 0) > 0).map((log) => log.durationMinutes! / log.distanceKm!));
  const easyPace = pace === undefined ? undefined : Math.min(EASY_PACE_RANGE.max, Math.max(EASY_PACE_RANGE.min, Math.round(pace * 100) / 100));
  return {
    currentWeeklyKm: Math.round(weeklyKm * 10) / 10,
    longestRunKm: Math.round(longest * 10) / 10,
    ...(easyPace === undefined ? {} : { easyPaceMinPerKm: easyPace }),
  };
}

/** The athlete's logs of the last 35 days, oldest first, and what they say about their history. */
export async function readHistory(sub: string, now: Date = new Date()): Promise<{ today: string; logs: TrainingLog[]; history?: LoggedHistory }> {
  const today = todayInNewYork(now);
  const logs = await logsBetween(sub, addDays(today, -HISTORY_DAYS), today);
  const history = historyFromLogs(logs, today);
  return { today, logs, ...(history ? { history } : {}) };
}
