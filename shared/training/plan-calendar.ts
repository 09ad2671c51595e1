/**
 * A training plan as calendar entries: one all-day entry per workout and the race, in the athlete's unit,
 * so the plan sits in the calendar they already use. Entries keep their UID (plan and day) across adjustments
 * and a SEQUENCE that rises whenever they change, so a subscribed calendar updates them rather than adding copies.
 */
import type { CalendarEventInput } from '../ics.ts';
import type { GeneratedPlan, PlanWorkout } from '../schemas/training-plan.ts';
import { formatDistance, type DistanceUnit } from '../units.ts';
import { RACE_LABELS } from './plan-rules.ts';
import { planWorkoutDescription } from './workout-description.ts';
import { formatMinutes, workoutTypeLabel } from './workout-format.ts';

export interface PlanForCalendar {
  readonly id: string;
  readonly name: string;
  readonly plan: GeneratedPlan;
  /** Dates of the workouts the athlete completed. */
  readonly completions: Readonly<Record<string, unknown>>;
  readonly revision: number;
}

function title(workout: PlanWorkout, plan: GeneratedPlan, unit: DistanceUnit, done: boolean): string {
  const mark = done ? '✓ ' : '';
  if (workout.type === 'race') return `${mark}Race day: ${RACE_LABELS[plan.raceDistance]}`;
  const amount = workout.distanceKm > 0 ? formatDistance(unit, workout.distanceKm) : formatMinutes(workout.durationMinutes);
  return `${mark}${workoutTypeLabel(workout.type)} · ${amount}`;
}

export function planCalendarEvents(entry: PlanForCalendar, unit: DistanceUnit): Omit<CalendarEventInput, 'now'>[] {
  return entry.plan.weeks.flatMap((week, index) =>
    week.workouts.map((workout) => {
      const done = Boolean(entry.completions[workout.date]);
      const figures = [workout.distanceKm > 0 ? formatDistance(unit, workout.distanceKm) : undefined, formatMinutes(workout.durationMinutes), `${workout.intensity} effort`];
      return {
        id: `${entry.id}-${workout.date}`,
        title: title(workout, entry.plan, unit, done),
        date: workout.date,
        description: [
          `${entry.name}, week ${index + 1} (${week.phase}).`,
          figures.filter(Boolean).join(' · '),
          planWorkoutDescription(entry.plan, workout, unit),
          done ? 'Completed.' : undefined,
        ]
          .filter(Boolean)
          .join('\n'),
        // Rises with each accepted adjustment and once more when the day is completed (2r, then 2r + 1).
        sequence: entry.revision * 2 + (done ? 1 : 0),
      };
    }),
  );
}
