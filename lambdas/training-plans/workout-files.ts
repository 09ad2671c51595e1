/**
 * A plan's workouts as files for a watch: one day's workout as a FIT workout file (fit-workout.ts), or a week's
 * workouts as a ZIP of them. Each is named by its day and kind (2026-12-01-tempo.fit), so a week's files sort in
 * order and say what they are, and carries on the watch a name with its day ("Dec 1 Tempo 8 km").
 */
import { createHash } from 'node:crypto';
import { zipSync, type Zippable } from 'fflate';
import type { FileDownload } from '#shared/schemas/common';
import type { GeneratedPlan, PlanWeek, PlanWorkout } from '#shared/schemas/training-plan';
import { planPaces, planWorkoutDescription } from '#shared/training/workout-description';
import { formatMinutes, workoutTypeLabel } from '#shared/training/workout-format';
import { formatDistance, type DistanceUnit } from '#shared/units';
import { NotFoundError } from '#lib/errors';
import { fitWorkoutFile } from './fit-workout.ts';

const DAY_FORMAT = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' });
const dayOf = (date: string) => DAY_FORMAT.format(new Date(`${date}T00:00:00Z`));

/** 'Easy run' as 'easy-run'. */
const slug = (text: string) => text.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '');

/** The plan's workout on `date`; a rest day or a day outside the plan is a 404 that says which. */
export function workoutOn(plan: GeneratedPlan, date: string): PlanWorkout {
  const workout = plan.weeks.flatMap((week) => week.workouts).find((entry) => entry.date === date);
  if (workout) return workout;
  if (date < plan.startDate || date > plan.raceDate) {
    throw new NotFoundError(`${date} is not in this plan, which runs from ${plan.startDate} to race day on ${plan.raceDate}.`);
  }
  throw new NotFoundError(`${date} is a rest day in this plan: there is no workout to download.`);
}

/** The plan's week starting on `weekStart` (a Monday) and its number; another Monday is a 404. */
export function weekStarting(plan: GeneratedPlan, weekStart: string): { week: PlanWeek; number: number } {
  const index = plan.weeks.findIndex((week) => week.startDate === weekStart);
  if (index === -1) {
    throw new NotFoundError(`This plan has no week starting ${weekStart}: its weeks start on Mondays from ${plan.startDate} to ${plan.weeks.at(-1)!.startDate}.`);
  }
  return { week: plan.weeks[index]!, number: index + 1 };
}

/** A number of its own for each workout of each plan, the same every time (see FitWorkoutInput.serialNumber). */
function serialNumberOf(planId: string, date: string): number {
  // FIT's serial number is a uint32z: 0 means "none".
  return createHash('sha256').update(`${planId}/${date}`).digest().readUInt32BE(0) || 1;
}

export function workoutFileName(workout: Pick<PlanWorkout, 'date' | 'type'>): string {
  return `${workout.date}-${slug(workoutTypeLabel(workout.type))}.fit`;
}

function watchName(workout: PlanWorkout, unit: DistanceUnit): string {
  const amount = workout.distanceKm > 0 ? formatDistance(unit, workout.distanceKm) : formatMinutes(workout.durationMinutes);
  return `${dayOf(workout.date)} ${workoutTypeLabel(workout.type)} ${amount}`;
}

function fitBytes(planId: string, plan: GeneratedPlan, workout: PlanWorkout, unit: DistanceUnit, now: Date): Uint8Array {
  return fitWorkoutFile({
    context: { raceDistance: plan.raceDistance, raceDate: plan.raceDate, paces: planPaces(plan) },
    workout,
    name: watchName(workout, unit),
    description: planWorkoutDescription(plan, workout, unit),
    serialNumber: serialNumberOf(planId, workout.date),
    now,
  });
}

/** One day's workout as a FIT file; the athlete's unit names it and words its description, the targets are speeds. */
export function workoutFile(planId: string, plan: GeneratedPlan, date: string, unit: DistanceUnit, now: Date): FileDownload {
  const workout = workoutOn(plan, date);
  return { filename: workoutFileName(workout), bytes: fitBytes(planId, plan, workout, unit, now) };
}

/** A week's workouts as a ZIP of FIT files, one per workout. */
export function weekArchive(planId: string, plan: GeneratedPlan, weekStart: string, unit: DistanceUnit, now: Date): FileDownload {
  const { week, number } = weekStarting(plan, weekStart);
  const entries: Zippable = {};
  for (const workout of week.workouts) entries[workoutFileName(workout)] = fitBytes(planId, plan, workout, unit, now);
  return { filename: `${weekStart}-week-${number}.zip`, bytes: zipSync(entries, { level: 6, mtime: now }) };
}
