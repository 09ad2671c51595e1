/** What an adjustment changes, week by week, so the athlete sees it before they accept it. */
import type { GeneratedPlan, PlanWeek } from '../schemas/training-plan.ts';
import type { WeekDiff } from '../schemas/training-plans.ts';

const facts = (week: PlanWeek | undefined) => (week ? { phase: week.phase, plannedKm: week.plannedKm, workouts: week.workouts.length } : null);

/** The weeks of `after` from its first week on, beside the same calendar weeks of `before` (null where either has none). */
export function planDiff(before: GeneratedPlan, after: GeneratedPlan): WeekDiff[] {
  const starts = [...new Set([...before.weeks, ...after.weeks].map((week) => week.startDate))]
    .filter((start) => start >= after.startDate)
    .sort();
  return starts.map((startDate) => ({
    startDate,
    before: facts(before.weeks.find((week) => week.startDate === startDate)),
    after: facts(after.weeks.find((week) => week.startDate === startDate)),
  }));
}
