/**
 * The weekly training summary (issue 23, opt-in): last week's workouts against the active plan, and the week
 * ahead's key workouts. Read from the log's week aggregates (training-figures.ts) and the active plan, never from
 * the log itself: a few small reads a person, whatever the size of their log.
 */
import { addDays, todayInNewYork } from '#shared/dates';
import type { NotificationMessage } from '#shared/schemas/notification-message';
import type { NotificationData } from '#shared/schemas/notifications';
import type { GeneratedPlan, PlanWeek, WorkoutType } from '#shared/schemas/training-plan';
import type { WeekFigures } from '#shared/schemas/training-stats';
import { mondayOf } from '#shared/training/weeks';
import { readWeekDistances } from './training-figures.ts';
import { activePlan, readPlan, TrainingPlanNotFoundError } from './training-plan.ts';

/** The workouts a week is built around: the ones the summary names (easy runs and rest fill the rest). */
const KEY_WORKOUTS: ReadonlySet<WorkoutType> = new Set(['long_run', 'tempo', 'interval', 'hill_training', 'race']);

type Summary = NotificationData<'weekly-training-summary'>;

/** Kilometres to the metre: sums of the aggregates' whole metres, so no long decimals reach a message. */
const km = (value: number) => Math.round(value * 1000) / 1000;

/** The summary of the week starting `weekStart` from its figures (absent: nothing logged) and the plan followed. */
export function weeklySummaryOf(weekStart: string, figures: WeekFigures | undefined, plan?: { id: string; name: string; weeks: readonly PlanWeek[] }): Summary {
  const planned = plan?.weeks.find((week) => week.startDate === weekStart);
  const ahead = plan?.weeks.find((week) => week.startDate === addDays(weekStart, 7));
  return {
    weekStart,
    ...(plan ? { plan: { id: plan.id, name: plan.name } } : {}),
    lastWeek: {
      workouts: figures?.workouts ?? 0,
      distanceKm: km(figures?.distanceKm ?? 0),
      durationMinutes: figures?.durationMinutes ?? 0,
      ...(planned ? { plannedKm: km(planned.plannedKm), plannedWorkouts: planned.workouts.length } : {}),
    },
    ...(ahead
      ? {
          nextWeek: {
            startDate: ahead.startDate,
            phase: ahead.phase,
            plannedKm: km(ahead.plannedKm),
            keyWorkouts: ahead.workouts
              .filter((workout) => KEY_WORKOUTS.has(workout.type))
              .map(({ date, type, distanceKm, durationMinutes }) => ({ date, type, distanceKm: km(distanceKm), durationMinutes })),
          },
        }
      : {}),
  };
}

/** The plan a person follows, with its name, or undefined (none, or one deleted under its pointer). */
async function followedPlan(sub: string): Promise<{ id: string; name: string; weeks: GeneratedPlan['weeks'] } | undefined> {
  const active = await activePlan(sub);
  if (!active) return undefined;
  try {
    const { item, plan } = await readPlan(sub, active.id);
    return { id: active.id, name: String(item.name), weeks: plan.weeks };
  } catch (error) {
    if (error instanceof TrainingPlanNotFoundError) return undefined;
    throw error;
  }
}

/**
 * The message summing up the week before the one `now` is in, for one person: keyed by that week, so a job run
 * twice on a Monday sends it once.
 */
export async function weeklySummaryMessage(sub: string, now: Date = new Date()): Promise<NotificationMessage<'weekly-training-summary'>> {
  const today = todayInNewYork(now);
  const weekStart = addDays(mondayOf(today), -7);
  const [[figures], plan] = await Promise.all([readWeekDistances(sub, weekStart, weekStart), followedPlan(sub)]);
  return { sub, kind: 'weekly-training-summary', subject: `week#${weekStart}`, day: today, data: weeklySummaryOf(weekStart, figures, plan) };
}
