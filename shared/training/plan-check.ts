/**
 * An independent check of a training plan against the rules, from the plan's own data and the numbers in
 * plan-rules.ts only: the tests hold the generator to it, and the server refuses a coach's edit it finds fault
 * with. Each violation is a sentence naming the rule and the week or day.
 *
 * The race itself is exempt from the run rules (1 and 4), and the volume rules (2, 4 and 6) count the running
 * besides the race, as a marathon would otherwise dwarf any taper. Race week is race day and the 6 days before it,
 * whatever the weekday; the plan's weeks, which rules 2 to 4 judge, are Monday-to-Sunday calendar weeks, so race
 * week spans the last two of them for a race on any day but Sunday.
 */
import { addDays, daysBetween, isoWeekday } from '../dates.ts';
import type { GeneratedPlan, PlanWorkout, WorkoutType } from '../schemas/training-plan.ts';
import { formatDistance, type DistanceUnit } from '../units.ts';
import {
  HARD_WORKOUT_TYPES,
  LONG_RUN_NEED_KM,
  MAX_RUN_MINUTES,
  MAX_WEEKS_WITHOUT_RECOVERY,
  NON_RUNNING_TYPES,
  RACE_KM,
  RACE_LABELS,
  RACE_WEEK_DAYS,
  RACE_WEEK_PERCENT,
  RECOVERY_WEEK_MAX_PERCENT,
  RUN_GROWTH_PERCENT,
  RUN_GROWTH_WINDOW_DAYS,
  TAPER_WEEKS,
  WEEKLY_GROWTH_MIN_KM,
  WEEKLY_GROWTH_PERCENT,
  longRunSharePercent,
} from './plan-rules.ts';

/** Slack for sums of one-decimal km in floating point; far below the 0.1 km the plan counts in. */
const EPSILON = 1e-6;

interface CheckedRun {
  date: string;
  /** Days from the plan's start date. */
  day: number;
  type: WorkoutType;
  km: number;
  minutes: number;
}

interface CheckedWeek {
  startDate: string;
  phase: GeneratedPlan['weeks'][number]['phase'];
  runs: CheckedRun[];
  /** Running km besides the race. */
  trainingKm: number;
}

interface Facts {
  plan: GeneratedPlan;
  weeks: CheckedWeek[];
  /** Every run of the plan, in date order. */
  runs: CheckedRun[];
  /** The first of the plan's last weeks marked taper (the weeks' count when none is). */
  taperStart: number;
  /** Race week's first day: 6 days before the race date. */
  raceWeekStart: string;
  /** The index of the calendar week race week starts in: the last week's, or the one before it. */
  raceWeekFirstWeek: number;
  /** A distance in km as the reader's unit says it: the sentences reach the athlete through the coach. */
  say: Say;
}

type Say = (km: number) => string;

/** Every way the plan breaks a rule, as sentences in `unit`; empty when it keeps them all. */
export function planViolations(plan: GeneratedPlan, unit: DistanceUnit = 'km'): string[] {
  if (plan.weeks.length === 0) return ['Plan shape: the plan has no weeks.'];
  const facts = factsOf(plan, (km) => formatDistance(unit, km));
  return [
    ...shapeViolations(facts),
    ...runGrowthViolations(facts),
    ...weeklyGrowthViolations(facts),
    ...recoveryWeekViolations(facts),
    ...longRunLimitViolations(facts),
    ...peakLongRunViolations(facts),
    ...taperViolations(facts),
    ...runningDayViolations(facts),
  ];
}

function factsOf(plan: GeneratedPlan, say: Say): Facts {
  const weeks = plan.weeks.map((week) => {
    const runs = week.workouts.filter(isRun).map((workout) => checkedRun(plan, workout));
    return { startDate: week.startDate, phase: week.phase, runs, trainingKm: sum(runs.filter((run) => run.type !== 'race').map((run) => run.km)) };
  });
  let taperStart = weeks.length;
  while (taperStart > 0 && weeks[taperStart - 1]?.phase === 'taper') taperStart--;
  const runs = weeks.flatMap((week) => week.runs).sort((a, b) => a.day - b.day);
  const raceWeekStart = addDays(plan.raceDate, 1 - RACE_WEEK_DAYS);
  const raceWeekFirstWeek = weeks.findIndex((week) => daysBetween(week.startDate, raceWeekStart) < 7);
  return { plan, weeks, runs, taperStart, raceWeekStart, raceWeekFirstWeek: raceWeekFirstWeek === -1 ? weeks.length - 1 : raceWeekFirstWeek, say };
}

function isRun(workout: PlanWorkout): boolean {
  return !NON_RUNNING_TYPES.has(workout.type);
}

function checkedRun(plan: GeneratedPlan, workout: PlanWorkout): CheckedRun {
  return { date: workout.date, day: daysBetween(plan.startDate, workout.date), type: workout.type, km: workout.distanceKm, minutes: workout.durationMinutes };
}

// ---------------------------------------------------------------------------------------------------------------
// Shape: what the rules below take for granted

function shapeViolations({ plan, weeks, say }: Facts): string[] {
  const violations: string[] = [];
  if (isoWeekday(plan.startDate) !== 0) violations.push(`Plan shape: the plan starts on ${plan.startDate}, not a Monday.`);
  plan.weeks.forEach((week, index) => {
    const expected = addDays(plan.startDate, 7 * index);
    if (week.startDate !== expected) violations.push(`Plan shape: week ${index + 1} starts on ${week.startDate}, not ${expected}.`);
    for (const workout of week.workouts) {
      const offset = daysBetween(week.startDate, workout.date);
      if (offset < 0 || offset > 6) violations.push(`Plan shape: the workout on ${workout.date} is outside its week of ${week.startDate}.`);
    }
    const runKm = sum(weeks[index]?.runs.map((run) => run.km) ?? []);
    if (Math.abs(runKm - week.plannedKm) > 0.05) violations.push(`Plan shape: the week of ${week.startDate} says ${say(week.plannedKm)} but its runs add up to ${say(runKm)}.`);
  });
  return [...violations, ...raceViolations(plan, weeks, say)];
}

function raceViolations(plan: GeneratedPlan, weeks: CheckedWeek[], say: Say): string[] {
  const races = weeks.flatMap((week) => week.runs.filter((run) => run.type === 'race'));
  const [race] = races;
  if (races.length !== 1 || !race) return [`Plan shape: the plan has ${races.length} race workouts; it must have exactly one.`];
  const violations: string[] = [];
  if (race.date !== plan.raceDate) violations.push(`Plan shape: the race is on ${race.date}, not the race date ${plan.raceDate}.`);
  if (Math.abs(race.km - RACE_KM[plan.raceDistance]) > EPSILON) {
    violations.push(`Plan shape: the race covers ${say(race.km)}; a ${RACE_LABELS[plan.raceDistance]} is ${say(RACE_KM[plan.raceDistance])}.`);
  }
  if (!weeks.at(-1)?.runs.includes(race)) violations.push(`Plan shape: the race on ${race.date} is not in the plan's last week.`);
  for (const run of weeks.flatMap((week) => week.runs)) {
    if (run.day > race.day) violations.push(`Plan shape: the ${describeRun(run, say)} is after the race.`);
  }
  return violations;
}

// ---------------------------------------------------------------------------------------------------------------
// Rule 1: no run longer than 110% of the longest run in the 30 days before it

/** The stated or logged longest run counts as run the day before the plan starts. */
function runGrowthViolations({ plan, runs, say }: Facts): string[] {
  return runs.flatMap((run, index) => {
    if (run.type === 'race') return [];
    const history = isInWindow(-1, run.day) ? plan.assumptions.longestRunKm : 0;
    const longest = Math.max(history, longestInWindow(runs, index));
    if (run.km <= (longest * RUN_GROWTH_PERCENT) / 100 + EPSILON) return [];
    return [`Rule 1 (run growth): the ${describeRun(run, say)} is more than ${RUN_GROWTH_PERCENT}% of the longest run in the ${RUN_GROWTH_WINDOW_DAYS} days before it (${say(longest)}).`];
  });
}

/** The longest of the runs (in date order) in the 30 days before the one at `index`; 0 when there are none. */
function longestInWindow(runs: CheckedRun[], index: number): number {
  const day = runs[index]?.day ?? 0;
  let longest = 0;
  for (let earlier = index - 1; earlier >= 0; earlier--) {
    const run = runs[earlier];
    if (!run || run.day < day - RUN_GROWTH_WINDOW_DAYS) break;
    if (isInWindow(run.day, day)) longest = Math.max(longest, run.km);
  }
  return longest;
}

function isInWindow(earlierDay: number, day: number): boolean {
  return earlierDay < day && earlierDay >= day - RUN_GROWTH_WINDOW_DAYS;
}

// ---------------------------------------------------------------------------------------------------------------
// Rules 2 and 3: weekly growth and recovery weeks

/** The volume of the week before week `index`: the athlete's current weekly km before week 1. */
function volumeBefore({ plan, weeks }: Facts, index: number): number {
  return index === 0 ? plan.assumptions.currentWeeklyKm : (weeks[index - 1]?.trainingKm ?? 0);
}

/** A recovery week drops to at most 85% of the week before it, whatever it is labelled. */
function isRecoveryWeek(facts: Facts, index: number): boolean {
  const week = facts.weeks[index];
  return week !== undefined && week.trainingKm <= (volumeBefore(facts, index) * RECOVERY_WEEK_MAX_PERCENT) / 100 + EPSILON;
}

function weeklyGrowthViolations(facts: Facts): string[] {
  return facts.weeks.flatMap((week, index) => {
    const previous = volumeBefore(facts, index);
    const grown = previous + Math.max((previous * WEEKLY_GROWTH_PERCENT) / 100, WEEKLY_GROWTH_MIN_KM);
    const allowed = index > 0 && isRecoveryWeek(facts, index - 1) ? Math.max(grown, volumeBefore(facts, index - 1)) : grown;
    if (week.trainingKm <= allowed + EPSILON) return [];
    const { say } = facts;
    const against = index === 0 ? `your current ${say(previous)} a week` : `the ${say(previous)} of the week before`;
    return [`Rule 2 (weekly growth): the week of ${week.startDate} has ${say(week.trainingKm)}, more than ${WEEKLY_GROWTH_PERCENT}% (or ${say(WEEKLY_GROWTH_MIN_KM)}) over ${against}.`];
  });
}

function recoveryWeekViolations(facts: Facts): string[] {
  const violations: string[] = [];
  let weeksWithoutRecovery = 0;
  facts.weeks.slice(0, facts.taperStart).forEach((week, index) => {
    const recovery = isRecoveryWeek(facts, index);
    weeksWithoutRecovery = recovery ? 0 : weeksWithoutRecovery + 1;
    if (weeksWithoutRecovery > MAX_WEEKS_WITHOUT_RECOVERY) {
      violations.push(
        `Rule 3 (recovery weeks): the week of ${week.startDate} is week ${weeksWithoutRecovery} in a row without a recovery week ` +
          `(at most ${RECOVERY_WEEK_MAX_PERCENT}% of the week before); the limit is ${MAX_WEEKS_WITHOUT_RECOVERY}.`,
      );
    }
    if (week.phase === 'recovery' && !recovery) {
      violations.push(
        `Rule 3 (recovery weeks): the week of ${week.startDate} is marked recovery but its ${facts.say(week.trainingKm)} ` +
          `is more than ${RECOVERY_WEEK_MAX_PERCENT}% of the ${facts.say(volumeBefore(facts, index))} before it.`,
      );
    }
  });
  return violations;
}

// ---------------------------------------------------------------------------------------------------------------
// Rule 4: the long run's share of the week, and 3 hours at most

/**
 * Every run is held to the long run's limits, so a long run relabelled as an easy run does not slip past them.
 * Long runs are run at easy pace, so their time is also counted from the athlete's easy pace.
 */
function longRunLimitViolations({ plan, weeks, say }: Facts): string[] {
  const sharePercent = longRunSharePercent(plan.daysPerWeek);
  return weeks.flatMap((week) =>
    week.runs.flatMap((run) => {
      if (run.type === 'race') return [];
      const violations: string[] = [];
      if (run.km > (week.trainingKm * sharePercent) / 100 + EPSILON) {
        const share = Math.round((100 * run.km) / week.trainingKm);
        violations.push(
          `Rule 4 (long-run limits): the ${describeRun(run, say)} is ${share}% of that week's ${say(week.trainingKm)}; ` +
            `at ${plan.daysPerWeek} days a week no run may be over ${sharePercent}%.`,
        );
      }
      const minutes = run.type === 'long_run' ? Math.max(run.minutes, run.km * plan.assumptions.easyPaceMinPerKm) : run.minutes;
      if (minutes > MAX_RUN_MINUTES + EPSILON) {
        violations.push(`Rule 4 (long-run limits): the ${describeRun(run, say)} takes ${Math.round(minutes)} minutes; no run may last over ${MAX_RUN_MINUTES / 60} hours.`);
      }
      return violations;
    }),
  );
}

// ---------------------------------------------------------------------------------------------------------------
// Rule 5: the peak long run reaches what the distance needs

function peakLongRunViolations({ plan, runs, say }: Facts): string[] {
  const need = LONG_RUN_NEED_KM[plan.raceDistance];
  const longest = Math.max(0, ...runs.filter((run) => run.type !== 'race').map((run) => run.km));
  if (longest >= need - EPSILON) return [];
  return [`Rule 5 (peak long run): the longest run before the race is ${say(longest)}; a ${RACE_LABELS[plan.raceDistance]} needs at least ${say(need)}.`];
}

// ---------------------------------------------------------------------------------------------------------------
// Rule 6: the taper's length, its weeks below the peak, race week at 40-60% of the peak week

/**
 * The taper is the plan's last weeks marked taper. Every calendar week race week overlaps must be one. Its length
 * is counted two ways, and either may be allowed: in calendar weeks, those race week overlaps counting as one; or
 * in its days to the race, in weeks rounded up, for a plan whose lead-in week (the one race week starts in) is a
 * step of the taper because its long run comes before race week.
 */
function taperViolations(facts: Facts): string[] {
  const { plan, weeks, taperStart, raceWeekFirstWeek } = facts;
  const allowed = TAPER_WEEKS[plan.raceDistance];
  const raceWeekCalendarWeeks = weeks.length - raceWeekFirstWeek;
  const inCalendarWeeks = weeks.length - taperStart - (raceWeekCalendarWeeks - 1);
  const taperFirstDay = weeks[taperStart]?.startDate ?? plan.raceDate;
  const inDays = Math.ceil((daysBetween(taperFirstDay, plan.raceDate) + 1) / 7);
  const taperLength = allowed.includes(inDays) ? inDays : inCalendarWeeks;
  const violations: string[] = [];
  const unmarked = weeks.slice(raceWeekFirstWeek).find((week) => week.phase !== 'taper');
  if (unmarked) {
    violations.push(
      `Rule 6 (taper): race week, from ${facts.raceWeekStart} to the race, overlaps the week of ${unmarked.startDate}, ` +
        'which is not marked taper; every week race week overlaps is a taper week.',
    );
  } else if (!allowed.includes(taperLength)) {
    violations.push(
      `Rule 6 (taper): a ${RACE_LABELS[plan.raceDistance]} plan tapers for ${allowed.join(' or ')} weeks, race week included ` +
        `(counted once when it spans two calendar weeks); this one has ${taperLength}.`,
    );
  }
  weeks.slice(0, taperStart).forEach((week) => {
    if (week.phase === 'taper') violations.push(`Rule 6 (taper): the week of ${week.startDate} is marked taper, but only the plan's last weeks may be.`);
  });
  const peakWeeks = weeks.slice(0, Math.min(taperStart, raceWeekFirstWeek));
  if (peakWeeks.length === 0) return [...violations, 'Rule 6 (taper): the plan has no weeks before its taper, so no peak week to taper from.'];
  const peakKm = Math.max(...peakWeeks.map((week) => week.trainingKm));
  return [...violations, ...taperWeekViolations(weeks.slice(taperStart, -1), peakKm, facts.say), ...raceWeekViolations(facts, peakKm)];
}

/** Every taper week but the race's is judged on its own volume, the lead-in week race week starts in included. */
function taperWeekViolations(taperWeeks: CheckedWeek[], peakKm: number, say: Say): string[] {
  return taperWeeks
    .filter((week) => week.trainingKm >= peakKm - EPSILON)
    .map((week) => `Rule 6 (taper): the taper week of ${week.startDate} has ${say(week.trainingKm)}, not below the peak week's ${say(peakKm)}.`);
}

/** Race week's running is that of the 6 days before the race, whichever calendar weeks they fall in. */
function raceWeekViolations({ plan, runs, raceWeekStart, say }: Facts, peakKm: number): string[] {
  const raceWeekKm = sum(runs.filter((run) => run.type !== 'race' && run.date >= raceWeekStart && run.date < plan.raceDate).map((run) => run.km));
  const low = (peakKm * RACE_WEEK_PERCENT.min) / 100;
  const high = (peakKm * RACE_WEEK_PERCENT.max) / 100;
  if (raceWeekKm >= low - EPSILON && raceWeekKm <= high + EPSILON) return [];
  const percent = peakKm > 0 ? Math.round((100 * raceWeekKm) / peakKm) : 0;
  return [
    `Rule 6 (taper): race week (${raceWeekStart} to the race on ${plan.raceDate}) has ${say(raceWeekKm)} besides the race, ` +
      `${percent}% of the peak week's ${say(peakKm)}; it must be ${RACE_WEEK_PERCENT.min}-${RACE_WEEK_PERCENT.max}%.`,
  ];
}

// ---------------------------------------------------------------------------------------------------------------
// Rule 7: running days, and no two hard days back to back

function runningDayViolations({ plan, weeks, runs, say }: Facts): string[] {
  const violations = weeks.flatMap((week) => {
    const days = new Set(week.runs.map((run) => run.date)).size;
    return days > plan.daysPerWeek ? [`Rule 7 (running days): the week of ${week.startDate} has ${days} running days; the plan allows ${plan.daysPerWeek}.`] : [];
  });
  const hard = runs.filter((run) => HARD_WORKOUT_TYPES.has(run.type));
  hard.forEach((run, index) => {
    const next = hard[index + 1];
    if (next && next.day === run.day + 1) violations.push(`Rule 7 (hard days): the ${describeRun(run, say)} and the ${describeRun(next, say)} are hard days back to back.`);
  });
  return violations;
}

// ---------------------------------------------------------------------------------------------------------------

function describeRun(run: CheckedRun, say: Say): string {
  return `${say(run.km)} ${run.type.replace('_', ' ')} on ${run.date}`;
}

function sum(values: number[]): number {
  return values.reduce((total, value) => total + value, 0);
}
