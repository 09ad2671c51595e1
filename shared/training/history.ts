/**
 * Where an athlete stands, from their own training log: what a plan grows from and what the plan form shows.
 * Issue 21: whenever the last 4 weeks of the log hold runs, the current weekly volume and the longest run come
 * from them (what the athlete types in the plan form still overrides either), and the best recent effort gives
 * the paces. Pure, so the server and the form's explanation say the same figures.
 */
import { addDays, daysBetween } from '../dates.ts';
import { effortVdot } from './paces.ts';

/** The figures are the last 4 weeks'. */
export const HISTORY_WEEKS = 4;
/** Rule 1 of the plans looks at the longest run of the last 30 days. */
const LONGEST_RUN_DAYS = 30;

/** What a log entry must say for the history to use it. */
export interface HistoryLog {
  readonly logDate: string;
  readonly activityType: string;
  readonly distanceKm?: number;
  readonly durationMinutes?: number;
}

export interface BestEffort {
  readonly date: string;
  readonly distanceKm: number;
  readonly minutes: number;
  readonly vdot: number;
}

export interface LoggedHistory {
  /** Running km a week, averaged over the weeks since the first run of the last 4 weeks (at most 4). */
  readonly currentWeeklyKm: number;
  readonly longestRunKm: number;
  /** Runs in the last 4 weeks. */
  readonly runs: number;
  /** The weeks the average is over, to a tenth: from the first run of the last 4 weeks to today. */
  readonly weeks: number;
  /**
   * The run with the highest VDOT: logged runs are rarely all-out, so paces from it err slow, which is the safe
   * side for a plan; a race result the athlete enters replaces it.
   */
  readonly bestEffort?: BestEffort;
}

type Run = HistoryLog & { distanceKm: number };

const isRun = (log: HistoryLog): log is Run => log.activityType === 'running' && (log.distanceKm ?? 0) > 0;
const tenth = (km: number) => Math.round(km * 10) / 10;

/** The history from the logs dated up to `today`; undefined when the last 4 weeks hold no run. */
export function historyFromLogs(logs: readonly HistoryLog[], today: string): LoggedHistory | undefined {
  const runs = logs.filter(isRun).filter((log) => log.logDate <= today);
  const recent = runs.filter((log) => log.logDate > addDays(today, -7 * HISTORY_WEEKS));
  if (recent.length === 0) return undefined;
  const first = recent.reduce((oldest, log) => (log.logDate < oldest ? log.logDate : oldest), today);
  // A log started two weeks ago is two weeks of running, not four weeks with two empty ones; and at least a week,
  // so one long run yesterday is not a week's volume times seven.
  const weeks = Math.min(HISTORY_WEEKS, Math.max(1, (daysBetween(first, today) + 1) / 7));
  const total = recent.reduce((sum, log) => sum + log.distanceKm, 0);
  const longest = runs.filter((log) => log.logDate > addDays(today, -LONGEST_RUN_DAYS));
  const bestEffort = bestEffortOf(recent);
  return {
    currentWeeklyKm: tenth(total / weeks),
    longestRunKm: tenth(Math.max(0, ...longest.map((log) => log.distanceKm))),
    runs: recent.length,
    weeks: tenth(weeks),
    ...(bestEffort ? { bestEffort } : {}),
  };
}

function bestEffortOf(runs: readonly Run[]): BestEffort | undefined {
  let best: BestEffort | undefined;
  for (const run of runs) {
    const vdot = run.durationMinutes === undefined ? undefined : effortVdot(run.distanceKm, run.durationMinutes);
    if (vdot !== undefined && (!best || vdot > best.vdot)) best = { date: run.logDate, distanceKm: run.distanceKm, minutes: run.durationMinutes!, vdot };
  }
  return best;
}
