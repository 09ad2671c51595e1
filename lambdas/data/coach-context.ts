/**
 * What the coach knows, and all it knows: the athlete's units, today, active goal, active plan (this week's
 * workouts and what was missed), this week's figures, the last 4 weeks and the recent logs, from their own
 * data. The model gets it as JSON after the marker line; the offline coach reads the same object.
 */
import { addDays, todayInNewYork } from '#shared/dates';
import { ATHLETE_CONTEXT_MARKER } from '#shared/schemas/coach';

export { ATHLETE_CONTEXT_MARKER };
import { formatPace, type DistanceUnit } from '#shared/units';
import { formatMinutes } from '#shared/training/workout-format';
import { planPaces, planWorkoutDescription } from '#shared/training/workout-description';
import { mondayOf } from '#shared/training/weeks';
import { readTrainingLoad, readTrainingStats } from './training-figures.ts';
import type { LoadToday } from '#shared/training/training-load';
import { listGoals } from './training-goal.ts';
import { readHistory } from './training-history.ts';
import { getActiveTrainingPlan } from './training-plan.ts';

export interface CoachContext {
  readonly units: DistanceUnit;
  readonly today: string;
  readonly goal: { title: string; kind: string; target?: number; current?: number; progressPercent: number } | null;
  readonly activePlan: {
    id: string;
    name: string;
    raceDistance: string;
    raceDate: string;
    missedWorkouts: number;
    /** The plan's paces and race-day prediction, in the athlete's unit, as the plan's pages show them. */
    paces: { easy: string; tempo: string; interval: string; race: string; from: string };
    predictedRaceTime?: string;
    thisWeek: { phase: string; plannedKm: number; workouts: { date: string; type: string; distanceKm: number; description: string; completed: boolean }[] } | null;
  } | null;
  readonly thisWeek: { workouts: number; distanceKm: number; durationMinutes: number; runs: number };
  readonly last4Weeks: { weekStart: string; workouts: number; distanceKm: number }[];
  /** Today's fitness, fatigue and form and the week's ramp rate (#shared/training/training-load), for the coach to cite. */
  readonly trainingLoad: LoadToday | null;
  readonly recentLogs: { logDate: string; activityType: string; distanceKm?: number; durationMinutes?: number; effortLevel?: number }[];
}

function pacesFor(plan: Parameters<typeof planPaces>[0], units: DistanceUnit): NonNullable<CoachContext['activePlan']>['paces'] {
  const paces = planPaces(plan);
  const pace = (minPerKm: number) => formatPace(units, minPerKm);
  return { easy: pace(paces.easy), tempo: pace(paces.tempo), interval: pace(paces.interval), race: pace(paces.race), from: paces.source };
}

export async function coachContext(sub: string, units: DistanceUnit, now: Date = new Date()): Promise<CoachContext> {
  const today = todayInNewYork(now);
  // A week and a day of load: enough for the ramp rate; the read warms the averages up from the months before.
  const [stats, goals, history, load] = await Promise.all([
    readTrainingStats(sub, now),
    listGoals(sub, now),
    readHistory(sub, now),
    readTrainingLoad(sub, addDays(today, -7), today),
  ]);
  const loadToday = load.days.at(-1);
  // The logs just read tell which planned days were done: the plan's missed count needs no second read.
  const plan = await getActiveTrainingPlan(sub, stats.today, { loggedDates: new Set(history.logs.map((log) => log.logDate)) });
  const goal = goals.find((entry) => entry.status === 'active');
  const week = plan?.plan.weeks.find((entry) => entry.startDate === mondayOf(stats.today));
  return {
    units,
    today: stats.today,
    goal: goal ? { title: goal.title, kind: goal.kind, ...(goal.target === undefined ? {} : { target: goal.target }), ...(goal.current === undefined ? {} : { current: goal.current }), progressPercent: goal.progressPercent } : null,
    activePlan: plan
      ? {
          id: plan.id,
          name: plan.name,
          raceDistance: plan.raceDistance,
          raceDate: plan.raceDate,
          missedWorkouts: plan.missedWorkouts,
          paces: pacesFor(plan.plan, units),
          ...(plan.plan.assumptions.predictedRaceMinutes ? { predictedRaceTime: formatMinutes(plan.plan.assumptions.predictedRaceMinutes) } : {}),
          thisWeek: week
            ? {
                phase: week.phase,
                plannedKm: week.plannedKm,
                workouts: week.workouts.map((workout) => ({ date: workout.date, type: workout.type, distanceKm: workout.distanceKm, description: planWorkoutDescription(plan.plan, workout, units), completed: Boolean(plan.completions[workout.date]) })),
              }
            : null,
        }
      : null,
    thisWeek: { workouts: stats.thisWeek.workouts, distanceKm: stats.thisWeek.distanceKm, durationMinutes: stats.thisWeek.durationMinutes, runs: stats.thisWeek.runs },
    trainingLoad:
      loadToday && stats.totalWorkouts > 0
        ? { fitness: loadToday.fitness, fatigue: loadToday.fatigue, form: loadToday.form, ...(load.rampRate === undefined ? {} : { rampRate: load.rampRate }) }
        : null,
    last4Weeks: stats.weeks.slice(-4).map((entry) => ({ weekStart: entry.weekStart, workouts: entry.workouts, distanceKm: entry.distanceKm })),
    recentLogs: history.logs
      .filter((log) => log.logDate > addDays(stats.today, -28))
      .slice(-20)
      .map((log) => ({
        logDate: log.logDate,
        activityType: log.activityType,
        ...(log.distanceKm === undefined ? {} : { distanceKm: log.distanceKm }),
        ...(log.durationMinutes === undefined ? {} : { durationMinutes: log.durationMinutes }),
        ...(log.effortLevel === undefined ? {} : { effortLevel: log.effortLevel }),
      })),
  };
}
