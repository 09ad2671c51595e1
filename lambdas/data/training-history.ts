/**
 * Where an athlete stands, from their own log (shared/training/history.ts): what plans grow from and what the
 * coach talks about.
 */
import { addDays, todayInNewYork } from '#shared/dates';
import type { TrainingLog } from '#shared/schemas/training-log';
import { historyFromLogs, type LoggedHistory } from '#shared/training/history';
import { logsBetween } from './training-log.ts';

/** How far back the log is read: the 4 weeks the history covers, and the coach's recent logs besides. */
const HISTORY_DAYS = 35;

/** The athlete's logs of the last 35 days, oldest first, and what they say about their history. */
export async function readHistory(sub: string, now: Date = new Date()): Promise<{ today: string; logs: TrainingLog[]; history?: LoggedHistory }> {
  const today = todayInNewYork(now);
  const logs = await logsBetween(sub, addDays(today, -HISTORY_DAYS), today);
  const history = historyFromLogs(logs, today);
  return { today, logs, ...(history ? { history } : {}) };
}
