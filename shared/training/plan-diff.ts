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

/**
 * Whether `after` asks anything different of the athlete from its first day on: the race day, or any workout's
 * day, kind, distance or time. The coach proposes a change only when there is one.
 */
export function changesAnything(before: GeneratedPlan, after: GeneratedPlan): boolean {
  const from = after.startDate;
  const asked = (plan: GeneratedPlan) =>
    JSON.stringify(plan.weeks.flatMap((week) => week.workouts).filter((workout) => workout.date >= from).map((workout) => [workout.date, workout.type, workout.distanceKm, workout.durationMinutes]));
  return before.raceDate !== after.raceDate || asked(before) !== asked(after);
}
