import { addDays } from '../../shared/dates.ts';

/**
 * Days from `from` up to the day before `today` that hold no planned workout, each at least two days after the one
 * before: where a test logs the runs an athlete did besides their plan. Fixed offsets from today landed on the
 * plan's own days on some weekdays, and the log then held too little for the adjustment the test asks for.
 */
export function freeDaysApart(planned: ReadonlySet<string>, from: string, today: string): string[] {
  const days: string[] = [];
  for (let date = from; date < today; date = addDays(date, 1)) {
    if (!planned.has(date) && (days.length === 0 || addDays(days.at(-1)!, 2) <= date)) days.push(date);
  }
  return days;
}
