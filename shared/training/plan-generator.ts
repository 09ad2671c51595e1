/**
 * The training plan generator: from an athlete's request to a plan that keeps every rule in plan-rules.ts, or a
 * refusal that names what the race date leaves no room for, with the first race date that works. Pure and
 * deterministic: the caller passes today, and the same request always gives the same plan.
 *
 * Inside, distances are whole tenths of a km, so sums and limits compare exactly, and every limit rounds down.
 * Each run is placed within every limit that applies to it (plan-check.ts re-checks the result independently).
 */
import { addDays, daysBetween, isoWeekday } from '../dates.ts';
import {
  NewTrainingPlanSchema,
  WEEKDAYS,
  type RecentRace,
  type GeneratedPlan,
  type NewTrainingPlan,
  type PlanLevel,
  type PlanPaces,
  type PlanPhase,
  type PlanSource,
  type PlanWorkout,
  type RaceDistance,
  type Weekday,
  type WorkoutIntensity,
  type WorkoutType,
} from '../schemas/training-plan.ts';
import {
  DEFAULT_EASY_PACE,
  DEFAULT_HISTORY,
  EARLIEST_DATE_SEARCH_WEEKS,
  EASY_PACE_RANGE,
  LEVEL_PEAK_WEEKLY_KM,
  LONG_RUN_GOAL_KM,
  LONG_RUN_NEED_KM,
  MAX_PLAN_WEEKS,
  MAX_RUN_MINUTES,
  MAX_WEEKS_WITHOUT_RECOVERY,
  MIN_DAYS_TO_RACE,
  MIN_RUN_KM,
  QUALITY_SESSIONS,
  RACE_KM,
  RACE_LABELS,
  RACE_WEEK_DAYS,
  RACE_WEEK_PERCENT,
  RECOVERY_WEEK_MAX_PERCENT,
  RECOVERY_WEEK_PERCENT,
  RUN_GROWTH_PERCENT,
  RUN_GROWTH_WINDOW_DAYS,
  LAST_LONG_RUN_MIN_PERCENT,
  TAPER_LONG_RUN_PERCENTS,
  TAPER_WEEK_PERCENTS,
  WEEKLY_GROWTH_MIN_KM,
  WEEKLY_GROWTH_PERCENT,
  longRunSharePercent,
  taperWeeks,
} from './plan-rules.ts';
import { formatDistance, formatPace, type DistanceUnit } from '../units.ts';
import type { LoggedHistory } from './history.ts';
import { effortVdot, pacesFromEasy, pacesFromVdot, predictedRaceMinutes, sessionPace } from './paces.ts';
import { describeWorkout } from './workout-description.ts';

/**
 * The API body, with what the server knows: today's date, the athlete's unit (refusals speak it) and the history
 * in their training log. The form's weekly distance and longest run override the log's; `easyPaceMinPerKm` and
 * `source` state an easy pace and where the stated figures came from, for callers without a log to hand.
 */
export type PlanRequest = NewTrainingPlan & {
  today: string;
  unit?: DistanceUnit;
  history?: LoggedHistory;
  easyPaceMinPerKm?: number;
  source?: 'log' | 'stated';
};

export type PlanOutcome = { ok: true; plan: GeneratedPlan } | { ok: false; reason: string; earliestDate?: string };

export function generatePlan(request: PlanRequest): PlanOutcome {
  const { today, unit, history, easyPaceMinPerKm, source, ...body } = request;
  const parsed = NewTrainingPlanSchema.safeParse(body);
  if (!parsed.success) return { ok: false, reason: parsed.error.issues[0]?.message ?? 'The plan request is not valid' };
  const athlete = athleteOf(parsed.data, { unit: unit ?? 'km', history, easyPaceMinPerKm, source });
  const startDate = addDays(today, (7 - isoWeekday(today)) % 7);
  const raceDate = parsed.data.targetDate ?? addDays(startDate, 7 * ((parsed.data.weeks ?? 0) - 1) + athlete.longRunWeekday);
  const attempt = attemptPlan(athlete, startDate, raceDate);
  if (attempt.ok) return attempt;
  const earliest = LASTING_OBSTACLES.has(attempt.obstacle.kind) ? undefined : earliestPlan(athlete, startDate, raceDate);
  const reason = refusalReason(attempt.obstacle, { athlete, startDate, raceDate, earliest });
  return earliest ? { ok: false, reason, earliestDate: earliest.raceDate } : { ok: false, reason };
}

// ---------------------------------------------------------------------------------------------------------------
// The athlete and the attempt for one race date

/** Whole tenths of a km. */
type Tenths = number;

const MIN_RUN: Tenths = MIN_RUN_KM * 10;

interface Athlete {
  distance: RaceDistance;
  level: PlanLevel;
  daysPerWeek: number;
  longRunDay: Weekday;
  /** Monday 0 to Sunday 6. */
  longRunWeekday: number;
  currentWeekly: Tenths;
  currentWeeklySource: PlanSource;
  longestRun: Tenths;
  longestRunSource: PlanSource;
  easyPace: number;
  paces: PlanPaces;
  source: PlanSource;
  sharePercent: number;
  unit: DistanceUnit;
}

interface Known {
  unit: DistanceUnit;
  history: LoggedHistory | undefined;
  easyPaceMinPerKm: number | undefined;
  source: PlanRequest['source'];
}

/** Each figure from what the athlete typed, else their log, else their level's typical training. */
function athleteOf(body: NewTrainingPlan, known: Known): Athlete {
  const defaults = DEFAULT_HISTORY[body.level];
  const stated: PlanSource = known.source ?? 'stated';
  const figure = (typed: number | undefined, logged: number | undefined, level: number): [Tenths, PlanSource] =>
    typed !== undefined ? [tenthsOf(typed), stated] : logged !== undefined ? [tenthsOf(logged), 'log'] : [tenthsOf(level), 'level default'];
  const [currentWeekly, currentWeeklySource] = figure(body.currentWeeklyKm, known.history?.currentWeeklyKm, defaults.weeklyKm);
  const [longestRun, longestRunSource] = figure(body.longestRunKm, known.history?.longestRunKm, defaults.longestRunKm);
  const paces = pacesOf(body.raceDistance, body.level, body.recentRace, known);
  const longRunDay = body.longRunDay ?? 'sunday';
  return {
    distance: body.raceDistance,
    level: body.level,
    daysPerWeek: body.daysPerWeek,
    longRunDay,
    longRunWeekday: WEEKDAYS.indexOf(longRunDay),
    currentWeekly,
    currentWeeklySource,
    longestRun,
    longestRunSource,
    easyPace: paces.easy,
    paces,
    source: overallSource(currentWeeklySource, longestRunSource),
    sharePercent: longRunSharePercent(body.daysPerWeek),
    unit: known.unit,
  };
}

/** The plan's one-word summary of where its starting point came from: the log when any figure did. */
function overallSource(...sources: PlanSource[]): PlanSource {
  return sources.find((source) => source === 'log') ?? sources.find((source) => source === 'stated') ?? 'level default';
}

/** Paces from the race result the athlete entered, else their log's best effort, else a stated or level easy pace. */
function pacesOf(distance: RaceDistance, level: PlanLevel, recentRace: RecentRace | undefined, known: Known): PlanPaces {
  const raced = recentRace && effortVdot(recentRace.distanceKm, recentRace.timeSeconds / 60);
  if (raced !== undefined) return pacesFromVdot(raced, distance, 'race result');
  const logged = known.history?.bestEffort?.vdot;
  if (logged !== undefined) return pacesFromVdot(logged, distance, 'log');
  if (known.easyPaceMinPerKm !== undefined) return { ...pacesFromEasy(known.easyPaceMinPerKm, distance), source: known.source === 'log' ? 'log' : 'level default' };
  return pacesFromEasy(DEFAULT_EASY_PACE[level], distance);
}

/** Rounded down, so the plan never assumes more history than the athlete has. */
function tenthsOf(km: number): Tenths {
  return Math.floor(km * 10 + 1e-9);
}

type LongRunLimit = 'longest run' | 'weekly volume';

/** Why no plan fits a race date. */
type Obstacle =
  | { kind: 'invalid pace' | 'three hours' | 'short longest run' | 'low volume' | 'too soon' | 'no build week' | 'too far' | 'race week' }
  | { kind: 'long run'; limitedBy: LongRunLimit };

/** Obstacles no later race date removes: they come from the athlete's pace or starting point, not the calendar. */
const LASTING_OBSTACLES: ReadonlySet<Obstacle['kind']> = new Set(['invalid pace', 'three hours', 'short longest run', 'low volume']);

type Attempt = { ok: true; plan: GeneratedPlan } | { ok: false; obstacle: Obstacle };

function attemptPlan(athlete: Athlete, startDate: string, raceDate: string): Attempt {
  const obstacle = startingObstacle(athlete) ?? calendarObstacle(startDate, raceDate);
  if (obstacle) return { ok: false, obstacle };
  const weeks = planWeeks(athlete, daysBetween(startDate, raceDate));
  return Array.isArray(weeks) ? { ok: true, plan: planOf(athlete, startDate, raceDate, weeks) } : { ok: false, obstacle: weeks };
}

function startingObstacle(athlete: Athlete): Obstacle | undefined {
  if (!(athlete.easyPace >= EASY_PACE_RANGE.min && athlete.easyPace <= EASY_PACE_RANGE.max)) return { kind: 'invalid pace' };
  if (LONG_RUN_NEED_KM[athlete.distance] * 10 > timeCap(athlete, 'long_run')) return { kind: 'three hours' };
  if (growthLimit(athlete.longestRun) < MIN_RUN) return { kind: 'short longest run' };
  return undefined;
}

function calendarObstacle(startDate: string, raceDate: string): Obstacle | undefined {
  const days = daysBetween(startDate, raceDate);
  if (days < MIN_DAYS_TO_RACE) return { kind: 'too soon' };
  return weekCountTo(days) > MAX_PLAN_WEEKS ? { kind: 'too far' } : undefined;
}

/** The first later race date, on the same weekday, that gets a plan. */
function earliestPlan(athlete: Athlete, startDate: string, raceDate: string): GeneratedPlan | undefined {
  for (let week = 1; week <= EARLIEST_DATE_SEARCH_WEEKS; week++) {
    const attempt = attemptPlan(athlete, startDate, addDays(raceDate, 7 * week));
    if (attempt.ok) return attempt.plan;
    if (attempt.obstacle.kind === 'too far') return undefined;
  }
  return undefined;
}

// ---------------------------------------------------------------------------------------------------------------
// Weeks

type RunType = Exclude<WorkoutType, 'strength' | 'cross_training'>;
type QualityType = 'tempo' | 'interval' | 'hill_training';

/** A run on a day counted from the plan's first Monday. */
interface Run {
  day: number;
  type: RunType;
  tenths: Tenths;
}

/** A day the week may run on, and the longest run it may hold. */
interface Slot {
  day: number;
  type: RunType;
  cap: Tenths;
}

interface Week {
  phase: PlanPhase;
  runs: Run[];
}

/** What a week aims for before the limits of its days cut it down. */
interface Aims {
  volume: Tenths;
  longRun: Tenths;
}

interface Progress {
  athlete: Athlete;
  weeks: Week[];
  /** Every run so far, oldest first, starting with the stated longest run on the day before the plan. */
  runs: Run[];
  /** The athlete's current weekly km, then each week's running besides the race. */
  volumes: Tenths[];
  longRuns: Tenths[];
  /** Tempo, intervals and hills take turns across the plan. */
  qualitySessions: number;
}

interface Peak {
  volume: Tenths;
  longRun: Tenths;
}

/** The first ~40% of the weeks before the taper build the aerobic base. */
const BASE_SHARE = 0.4;
/** The last two weeks before the taper are the heaviest. */
const PEAK_WEEKS = 2;

/** The plan's calendar weeks, up to the one holding the race. */
function weekCountTo(raceDay: number): number {
  return Math.floor(raceDay / 7) + 1;
}

/**
 * The taper's length, chosen by the whole weeks up to race day: a Monday race is one day past a Sunday one, and
 * its extra calendar week must not cost the build a week by lengthening the taper as well.
 */
function taperLength(distance: RaceDistance, raceDay: number): number {
  return taperWeeks(distance, Math.floor((raceDay + 1) / 7));
}

/**
 * Build weeks, the taper's step-down weeks, then race week. When race week starts in the calendar week before the
 * race's (the lead-in week), both are taper weeks. The lead-in week is the taper's last step when its long run comes
 * before race week (a Saturday race's lead-in runs Monday to Saturday); otherwise the steps come before it, and the
 * build has one calendar week fewer. Making every lead-in week an extra taper week cost a Saturday half its last
 * build week, and a runner of 12 mi a week their 12-week plan.
 */
function planWeeks(athlete: Athlete, raceDay: number): Week[] | Obstacle {
  const weekCount = weekCountTo(raceDay);
  const taper = taperLength(athlete.distance, raceDay);
  const leadIn = hasLeadInWeek(raceDay);
  const leadInSteps = leadIn && leadInLongRunDay(athlete, raceDay) < raceWeekStart(raceDay);
  const buildWeeks = weekCount - taper - (leadIn && !leadInSteps ? 1 : 0);
  const stepsBefore = taper - 1 - (leadInSteps ? 1 : 0);
  if (buildWeeks < 1) return { kind: 'no build week' };
  const progress: Progress = {
    athlete,
    weeks: [],
    runs: [{ day: -1, type: 'long_run', tenths: athlete.longestRun }],
    volumes: [athlete.currentWeekly],
    longRuns: [],
    qualitySessions: 0,
  };
  const peak = buildUp(progress, buildWeeks);
  if ('kind' in peak) return peak;
  if (!taperDown(progress, peak, stepsBefore)) return { kind: 'low volume' };
  if (!raceWeek(progress, peak, raceDay, leadInStep(stepsBefore))) return { kind: 'race week' };
  return progress.weeks;
}

/**
 * A long run short of the race's need is blamed on the weekly volume when any build week's volume share held it
 * under its cap: from then on the growth rule only repeats that shortfall (after 30 days it grows from the plan's
 * own long runs, not the athlete's longest), so blaming the longest run would name a figure that was never short.
 */
function buildUp(progress: Progress, buildWeeks: number): Peak | Obstacle {
  let limitedBy: LongRunLimit = 'longest run';
  for (let index = 0; index < buildWeeks; index++) {
    const recovery = (index + 1) % (MAX_WEEKS_WITHOUT_RECOVERY + 1) === 0;
    const phase = recovery ? 'recovery' : buildPhase(index, buildWeeks);
    const week = scheduleWeek(progress, index, phase, recovery ? recoveryAims(progress) : buildAims(progress));
    if (!week) return { kind: 'low volume' };
    if (!recovery && week.longRun < week.longRunCap) limitedBy = 'weekly volume';
  }
  const peak = { volume: Math.max(...progress.volumes.slice(1)), longRun: Math.max(...progress.longRuns) };
  return peak.longRun < LONG_RUN_NEED_KM[progress.athlete.distance] * 10 ? { kind: 'long run', limitedBy } : peak;
}

function buildPhase(index: number, buildWeeks: number): PlanPhase {
  if (index >= buildWeeks - PEAK_WEEKS) return 'peak';
  return index < Math.round(BASE_SHARE * buildWeeks) ? 'base' : 'build';
}

/** Grow as fast as the rules allow towards a peak week that holds the needed long run within its share. */
function buildAims(progress: Progress): Aims {
  const { athlete } = progress;
  const needWeek = Math.ceil((LONG_RUN_NEED_KM[athlete.distance] * 10 * 100) / athlete.sharePercent);
  const peakTarget = Math.max(LEVEL_PEAK_WEEKLY_KM[athlete.distance][athlete.level] * 10, needWeek, athlete.currentWeekly);
  return { volume: Math.min(allowedVolume(progress.volumes), peakTarget), longRun: LONG_RUN_GOAL_KM[athlete.distance][athlete.level] * 10 };
}

function recoveryAims(progress: Progress): Aims {
  return { volume: percentOf(last(progress.volumes), RECOVERY_WEEK_PERCENT), longRun: percentOf(last(progress.longRuns), RECOVERY_WEEK_PERCENT) };
}

/** One step of the taper: the week's volume and its long run, each as a percentage of the peak's. */
interface TaperStep {
  volume: number;
  longRun: number;
}

const TAPER_STEPS: readonly TaperStep[] = TAPER_WEEK_PERCENTS.map((volume, index) => ({ volume, longRun: TAPER_LONG_RUN_PERCENTS[index] ?? LAST_LONG_RUN_MIN_PERCENT }));

/** The taper's step down from the peak: aims for a week at the step's share of the peak week and of the peak long run. */
function taperAims(progress: Progress, peak: Peak, step: TaperStep): Aims {
  return { volume: Math.min(percentOf(peak.volume, step.volume), allowedVolume(progress.volumes)), longRun: percentOf(peak.longRun, step.longRun) };
}

/** The taper weeks before race week, stepping down from the peak. */
function taperDown(progress: Progress, peak: Peak, weeks: number): boolean {
  return TAPER_STEPS.slice(0, weeks).every((step) => scheduleWeek(progress, progress.weeks.length, 'taper', taperAims(progress, peak, step)) !== undefined);
}

/** The lead-in week's days before race week take the step after the taper weeks before it, or race week's level after the last step. */
function leadInStep(stepsBefore: number): TaperStep {
  return TAPER_STEPS[stepsBefore] ?? { volume: RACE_WEEK_PERCENT.max, longRun: LAST_LONG_RUN_MIN_PERCENT };
}

/** Places one week's runs and records them, or says the week cannot be run within the rules. */
function scheduleWeek(progress: Progress, index: number, phase: PlanPhase, aims: Aims): { longRun: Tenths; longRunCap: Tenths } | undefined {
  const split = splitSlots(progress.athlete, weekSlots(progress, index, phase), aims);
  if (!split) return undefined;
  const { runs, longRunCap } = split;
  const longRun = runs.find((run) => run.type === 'long_run')?.tenths ?? 0;
  progress.qualitySessions += runs.filter((run) => QUALITY_TYPES.has(run.type)).length;
  progress.longRuns.push(longRun);
  addWeek(progress, phase, runs);
  return { longRun, longRunCap };
}

/** A week's runs on its slots, the long run's first, within the aims; and the long run's cap, to tell what limited it. */
function splitSlots(athlete: Athlete, [longRunSlot, ...others]: [Slot, ...Slot[]], aims: Aims): { runs: Run[]; longRunCap: Tenths } | undefined {
  const longRunCap = Math.min(aims.longRun, longRunSlot.cap);
  const runs = splitWeek(aims.volume, { ...longRunSlot, cap: longRunCap }, others, athlete.sharePercent);
  return runs && { runs, longRunCap };
}

function addWeek(progress: Progress, phase: PlanPhase, runs: Run[]): void {
  const sorted = [...runs].sort((a, b) => a.day - b.day);
  progress.weeks.push({ phase, runs: sorted });
  progress.runs.push(...sorted);
  progress.volumes.push(sum(sorted.filter((run) => run.type !== 'race').map((run) => run.tenths)));
}

// ---------------------------------------------------------------------------------------------------------------
// Race week: race day and the 6 days before it

/** The first day of race week. */
function raceWeekStart(raceDay: number): number {
  return raceDay - (RACE_WEEK_DAYS - 1);
}

/** The Monday of the race's calendar week. */
function raceCalendarWeekStart(raceDay: number): number {
  return raceDay - (raceDay % 7);
}

/** Race week starts in the calendar week before the race's, the lead-in week, for a race on any day but Sunday. */
function hasLeadInWeek(raceDay: number): boolean {
  return raceWeekStart(raceDay) < raceCalendarWeekStart(raceDay);
}

/** The long run day of the calendar week before the race's. */
function leadInLongRunDay(athlete: Athlete, raceDay: number): number {
  return raceCalendarWeekStart(raceDay) - 7 + athlete.longRunWeekday;
}

/** The runs of the plan's last calendar weeks: the lead-in week's, when there is one, and the race's week's besides the race. */
interface FinalWeeks {
  leadIn?: Run[];
  raceCalendarWeek: Run[];
}

/** The lead-in week's runs before race week, and the days of race week it may run on. */
interface LeadIn {
  before: Run[];
  slots: Slot[];
}

/**
 * Race week holds easy runs adding up to 40-60% of the peak week (aiming for 50%), then the race; nothing after
 * it. Its runs are all easy: race week is for fresh legs, and no hard day may neighbour the race (rule 7).
 */
function raceWeek(progress: Progress, peak: Peak, raceDay: number, step: TaperStep): boolean {
  const final = hasLeadInWeek(raceDay) ? raceWeekWithLeadIn(progress, peak, raceDay, step) : splitRaceWeek(progress, peak, raceDay, undefined);
  if (!final) return false;
  if (final.leadIn) {
    progress.qualitySessions += final.leadIn.filter((run) => QUALITY_TYPES.has(run.type)).length;
    addWeek(progress, 'taper', final.leadIn);
  }
  addWeek(progress, 'taper', [...final.raceCalendarWeek, { day: raceDay, type: 'race', tenths: RACE_KM[progress.athlete.distance] * 10 }]);
  return true;
}

/**
 * The lead-in week runs its days before race week as the taper's next step would, and may drop those runs, the
 * least needed first, to free running days for race week or keep the week's long run within its share.
 */
function raceWeekWithLeadIn(progress: Progress, peak: Peak, raceDay: number, step: TaperStep): FinalWeeks | undefined {
  const start = raceWeekStart(raceDay);
  const before = leadInRunsBefore(progress, peak, step, start);
  for (let kept = before.length; kept >= 0; kept--) {
    const slots = raceWeekSlots(progress, raceDay, start, raceCalendarWeekStart(raceDay), progress.athlete.daysPerWeek - kept);
    const final = splitRaceWeek(progress, peak, raceDay, { before: before.slice(0, kept), slots });
    if (final) return final;
  }
  return undefined;
}

/** The lead-in week as a taper week at `percent` would run it, its runs before race week in the order its days are kept. */
function leadInRunsBefore(progress: Progress, peak: Peak, step: TaperStep, raceWeekFirstDay: number): Run[] {
  const slots = weekSlots(progress, progress.weeks.length, 'taper');
  const runs = splitSlots(progress.athlete, slots, taperAims(progress, peak, step))?.runs ?? [];
  const rank = (run: Run) => slots.findIndex((slot) => slot.day === run.day);
  return runs.filter((run) => run.day < raceWeekFirstDay).sort((a, b) => rank(a) - rank(b));
}

/**
 * Race week's days from `from` up to `to`, at most `count` of them: the athlete's usual running days first, and
 * the race's eve last, so the legs are rested on race day whenever the other days can hold race week.
 */
function raceWeekSlots(progress: Progress, raceDay: number, from: number, to: number, count: number): Slot[] {
  const { athlete } = progress;
  const usual = weekPattern(athlete.daysPerWeek).days.map((offset) => (athlete.longRunWeekday + offset) % 7);
  const rank = (day: number) => (day === raceDay - 1 ? 2 : usual.includes(day % 7) ? 0 : 1);
  const days = Array.from({ length: to - from }, (_, offset) => from + offset).sort((a, b) => rank(a) - rank(b) || a - b);
  return days.slice(0, count).map((day) => cappedSlot(progress, day, 'easy_run'));
}

/**
 * Race week's runs: the most days first, then the total nearest 50% of the peak week. With a lead-in week, race
 * week's km are shared between its two calendar weeks by their number of runs, and each week keeps rules 2 and 4
 * on its own.
 */
function splitRaceWeek(progress: Progress, peak: Peak, raceDay: number, leadIn: LeadIn | undefined): FinalWeeks | undefined {
  const { daysPerWeek, sharePercent } = progress.athlete;
  const lateSlots = raceWeekSlots(progress, raceDay, Math.max(raceWeekStart(raceDay), raceCalendarWeekStart(raceDay)), raceDay, daysPerWeek - 1);
  const low = Math.ceil((peak.volume * RACE_WEEK_PERCENT.min) / 100);
  const high = percentOf(peak.volume, RACE_WEEK_PERCENT.max);
  for (const late of raceCalendarWeekRunCounts(lateSlots.length, sharePercent, leadIn !== undefined)) {
    for (let early = leadIn?.slots.length ?? 0; early >= (late === 0 ? 1 : 0); early--) {
      for (const total of outwardFrom(percentOf(peak.volume, RACE_WEEK_PERCENT.target), low, high)) {
        const lateTotal = Math.round((total * late) / (late + early));
        const earlyPart = leadIn && { ...leadIn, slots: leadIn.slots.slice(0, early) };
        const final = finalWeeks(progress, peak, { slots: lateSlots.slice(0, late), total: lateTotal }, earlyPart, total - lateTotal);
        if (final) return final;
      }
    }
  }
  return undefined;
}

/**
 * How many of race week's runs the race's calendar week may hold, most first: enough for none to be over the share
 * limit of that week's running (rule 4), or none at all when the lead-in week can hold race week.
 */
function raceCalendarWeekRunCounts(most: number, sharePercent: number, hasLeadIn: boolean): number[] {
  const counts: number[] = [];
  for (let count = most; count * sharePercent >= 100; count--) counts.push(count);
  return hasLeadIn ? [...counts, 0] : counts;
}

/** The last weeks with race week's km split as given, or undefined when that breaks rule 2 or 4 in either. */
function finalWeeks(progress: Progress, peak: Peak, late: { slots: Slot[]; total: Tenths }, leadIn: LeadIn | undefined, earlyTotal: Tenths): FinalWeeks | undefined {
  const leadInRuns = leadIn && leadInWeek(progress, peak, leadIn, earlyTotal);
  if (leadIn && !leadInRuns) return undefined;
  const volumesBefore = leadInRuns ? [...progress.volumes, sum(leadInRuns.map((run) => run.tenths))] : progress.volumes;
  if (late.total > allowedVolume(volumesBefore)) return undefined;
  const lateRuns = splitEvenly(late.total, withCap(late.slots, percentOf(late.total, progress.athlete.sharePercent)));
  return lateRuns && { leadIn: leadInRuns, raceCalendarWeek: lateRuns };
}

/** The lead-in week: its runs before race week, then `total` km of race week, a taper week below the peak. */
function leadInWeek(progress: Progress, peak: Peak, { before, slots }: LeadIn, total: Tenths): Run[] | undefined {
  const volume = sum(before.map((run) => run.tenths)) + total;
  if (volume >= peak.volume || volume > allowedVolume(progress.volumes)) return undefined;
  const shareCap = percentOf(volume, progress.athlete.sharePercent);
  if (before.some((run) => run.tenths > shareCap)) return undefined;
  const raceWeekRuns = splitEvenly(total, withCap(slots, shareCap));
  return raceWeekRuns && [...before, ...raceWeekRuns];
}

/** The whole numbers from low to high, nearest to aim first. */
function outwardFrom(aim: number, low: number, high: number): number[] {
  const values: number[] = [];
  for (let step = 0; aim + step <= high || aim - step >= low; step++) {
    if (aim + step >= low && aim + step <= high) values.push(aim + step);
    if (step > 0 && aim - step >= low && aim - step <= high) values.push(aim - step);
  }
  return values;
}

// ---------------------------------------------------------------------------------------------------------------
// Running days

const QUALITY_TYPES: ReadonlySet<RunType> = new Set<RunType>(['tempo', 'interval', 'hill_training']);

/**
 * Running days as offsets from the long run day, and the days quality sessions go on. The long run and the
 * quality days are never neighbours, counting round the week, and every week repeats the pattern, so no two
 * hard days meet across a week boundary either. Three days leave room for one quality session only.
 */
const WEEK_PATTERNS: readonly { days: readonly number[]; quality: readonly number[] }[] = [
  { days: [0, 2, 4], quality: [2] },
  { days: [0, 1, 3, 5], quality: [3, 5] },
  { days: [0, 1, 2, 4, 5], quality: [2, 4] },
  { days: [0, 1, 2, 3, 4, 5], quality: [2, 4] },
];

function weekPattern(daysPerWeek: number): (typeof WEEK_PATTERNS)[number] {
  const pattern = WEEK_PATTERNS.find((candidate) => candidate.days.length === daysPerWeek);
  if (!pattern) throw new RangeError(`No running pattern for ${daysPerWeek} days a week`);
  return pattern;
}

/**
 * The week's slots: the long run first, then the others in the order they are kept when the week is too small
 * for all of them: the first quality session, easy days, the recovery day after the long run, a second quality
 * session.
 */
function weekSlots(progress: Progress, index: number, phase: PlanPhase): [Slot, ...Slot[]] {
  const { athlete } = progress;
  const pattern = weekPattern(athlete.daysPerWeek);
  const dayOf = (offset: number) => 7 * index + ((athlete.longRunWeekday + offset) % 7);
  const qualityOffsets = pattern.quality.slice(0, QUALITY_SESSIONS[athlete.level][phase]);
  const quality = qualityOffsets.map((offset, order) => cappedSlot(progress, dayOf(offset), qualityType(progress.qualitySessions + order)));
  const easyOffsets = pattern.days.filter((offset) => offset !== 0 && !qualityOffsets.includes(offset));
  const easy = easyOffsets.map((offset) => cappedSlot(progress, dayOf(offset), offset === 1 ? 'recovery' : 'easy_run'));
  const easyDays = easy.filter((slot) => slot.type === 'easy_run');
  const recoveryDay = easy.filter((slot) => slot.type === 'recovery');
  return [cappedSlot(progress, dayOf(0), 'long_run'), ...quality.slice(0, 1), ...easyDays, ...recoveryDay, ...quality.slice(1)];
}

function qualityType(sequence: number): QualityType {
  switch (sequence % 3) {
    case 0:
      return 'tempo';
    case 1:
      return 'interval';
    default:
      return 'hill_training';
  }
}

function cappedSlot(progress: Progress, day: number, type: RunType): Slot {
  return { day, type, cap: Math.min(runGrowthCap(progress.runs, day), timeCap(progress.athlete, type)) };
}

// ---------------------------------------------------------------------------------------------------------------
// Splitting a week's km between its days

/**
 * The week's runs: the most km, then the longest long run (the run the race depends on), then as many of its
 * days as can each hold a run of at least 3 km. A small week drops a day rather than shrink its long run.
 */
function splitWeek(aim: Tenths, longRun: Slot, others: Slot[], sharePercent: number): Run[] | undefined {
  let best: Run[] | undefined;
  for (let count = others.length; (count + 1) * sharePercent >= 100; count--) {
    const runs = splitWeekInto(aim, longRun, others.slice(0, count), sharePercent);
    if (runs && (!best || isBetterWeek(runs, best))) best = runs;
  }
  return best;
}

/** Weeks from splitWeekInto, the long run first. */
function isBetterWeek(runs: Run[], than: Run[]): boolean {
  const volume = sum(runs.map((run) => run.tenths));
  const thanVolume = sum(than.map((run) => run.tenths));
  return volume > thanVolume || (volume === thanVolume && (runs[0]?.tenths ?? 0) > (than[0]?.tenths ?? 0));
}

/**
 * The largest week up to `aim` these days can hold: the long run as long as its cap, the week's share and the
 * other runs' 3 km minimum allow, the rest spread evenly in runs no longer than the long run (so it stays the
 * week's long run). A smaller week lowers every share, so the search steps down until the days hold the week.
 */
function splitWeekInto(aim: Tenths, longRun: Slot, others: Slot[], sharePercent: number): Run[] | undefined {
  const smallest = MIN_RUN * (others.length + 1);
  const longRunFor = (volume: Tenths) => Math.min(longRun.cap, percentOf(volume, sharePercent), volume - MIN_RUN * others.length);
  const capacity = (volume: Tenths) => longRunFor(volume) + sum(withCap(others, longRunFor(volume)).map((slot) => slot.cap));
  let volume = aim;
  while (volume >= smallest && capacity(volume) < volume) volume = capacity(volume);
  const longRunTenths = longRunFor(volume);
  if (volume < smallest || longRunTenths < MIN_RUN) return undefined;
  const rest = splitEvenly(volume - longRunTenths, withCap(others, longRunTenths));
  return rest && [{ day: longRun.day, type: longRun.type, tenths: longRunTenths }, ...rest];
}

function withCap(slots: Slot[], cap: Tenths): Slot[] {
  return slots.map((slot) => ({ ...slot, cap: Math.min(slot.cap, cap) }));
}

/** Near-equal runs adding up to `total`, none over its slot's cap and none under 3 km; undefined when impossible. */
function splitEvenly(total: Tenths, slots: Slot[]): Run[] | undefined {
  let remaining = total;
  const byCap = [...slots].sort((a, b) => a.cap - b.cap);
  const runs = byCap.map((slot, position) => {
    const open = byCap.length - position;
    const tenths = Math.min(slot.cap, open === 1 ? remaining : Math.floor(remaining / open));
    remaining -= tenths;
    return { day: slot.day, type: slot.type, tenths };
  });
  return remaining === 0 && runs.every((run) => run.tenths >= MIN_RUN) ? runs : undefined;
}

// ---------------------------------------------------------------------------------------------------------------
// Limits

/** Rule 1: 110% of the longest run in the 30 days before `day`. */
function runGrowthCap(runs: Run[], day: number): Tenths {
  let longest = 0;
  for (let index = runs.length - 1; index >= 0; index--) {
    const run = runs[index];
    if (!run || run.day < day - RUN_GROWTH_WINDOW_DAYS) break;
    if (run.day < day) longest = Math.max(longest, run.tenths);
  }
  return growthLimit(longest);
}

function growthLimit(longest: Tenths): Tenths {
  return percentOf(longest, RUN_GROWTH_PERCENT);
}

/** Rule 4: the distance a run of this type covers in 3 hours at its pace. */
function timeCap(athlete: Athlete, type: RunType): Tenths {
  return Math.floor((MAX_RUN_MINUTES * 10) / paceOf(athlete, type));
}

/** Rule 2: 10% (or 2 km) over last week, or back to the level before a recovery week. */
function allowedVolume(volumes: Tenths[]): Tenths {
  const previous = last(volumes);
  const grown = previous + Math.max(percentOf(previous, WEEKLY_GROWTH_PERCENT), WEEKLY_GROWTH_MIN_KM * 10);
  const before = volumes.at(-2);
  const afterRecovery = before !== undefined && previous * 100 <= before * RECOVERY_WEEK_MAX_PERCENT;
  return afterRecovery ? Math.max(grown, before) : grown;
}

function percentOf(tenths: Tenths, percent: number): Tenths {
  return Math.floor((tenths * percent) / 100);
}

function last(values: Tenths[]): Tenths {
  return values.at(-1) ?? 0;
}

function sum(values: number[]): number {
  return values.reduce((total, value) => total + value, 0);
}

// ---------------------------------------------------------------------------------------------------------------
// The plan as the API returns it

function planOf(athlete: Athlete, startDate: string, raceDate: string, weeks: Week[]): GeneratedPlan {
  return {
    raceDistance: athlete.distance,
    raceDate,
    level: athlete.level,
    daysPerWeek: athlete.daysPerWeek,
    longRunDay: athlete.longRunDay,
    startDate,
    weeks: weeks.map((week, index) => ({
      startDate: addDays(startDate, 7 * index),
      phase: week.phase,
      plannedKm: sum(week.runs.map((run) => run.tenths)) / 10,
      workouts: week.runs.map((run) => workoutOf(athlete, startDate, raceDate, run)),
    })),
    assumptions: {
      currentWeeklyKm: athlete.currentWeekly / 10,
      longestRunKm: athlete.longestRun / 10,
      easyPaceMinPerKm: athlete.easyPace,
      source: athlete.source,
      currentWeeklySource: athlete.currentWeeklySource,
      longestRunSource: athlete.longestRunSource,
      paces: athlete.paces,
      predictedRaceMinutes: predictedRaceMinutes(athlete.paces, athlete.distance),
    },
  };
}

const INTENSITY: Readonly<Record<RunType, WorkoutIntensity>> = {
  easy_run: 'easy',
  recovery: 'easy',
  long_run: 'moderate',
  tempo: 'hard',
  interval: 'hard',
  hill_training: 'hard',
  race: 'hard',
};

/** The stored description is in km, for readers of old shapes; every screen says it again in its reader's unit. */
function workoutOf(athlete: Athlete, startDate: string, raceDate: string, run: Run): PlanWorkout {
  const km = run.tenths / 10;
  const date = addDays(startDate, run.day);
  return {
    date,
    type: run.type,
    distanceKm: km,
    durationMinutes: Math.round(km * paceOf(athlete, run.type)),
    intensity: INTENSITY[run.type],
    description: describeWorkout({ raceDistance: athlete.distance, raceDate, paces: athlete.paces }, { type: run.type, distanceKm: km, date }, 'km'),
  };
}

function paceOf(athlete: Athlete, type: RunType): number {
  return sessionPace(athlete.paces, type);
}

// ---------------------------------------------------------------------------------------------------------------
// Refusals

interface RefusalContext {
  athlete: Athlete;
  startDate: string;
  raceDate: string;
  earliest: GeneratedPlan | undefined;
}

/** 'a 16 km', 'an 18 mi', 'an 8.1 mi': numbers said with a vowel sound (8, 11, 18, 80-89) take 'an'. */
function withArticle(amount: string): string {
  return /^(8|11(?!\d)|11\.|18(?!\d)|18\.)/.test(amount) ? `an ${amount}` : `a ${amount}`;
}

/** Where a figure a refusal names came from, so the athlete knows what to change: their log or the form. */
const ORIGIN: Readonly<Record<PlanSource, string>> = { log: 'from your log', stated: 'from what you entered', 'level default': "typical for your level; log your runs or enter yours" };
const PACE_ORIGIN: Readonly<Record<PlanPaces['source'], string>> = {
  'race result': 'from the race result you entered',
  log: 'from your log',
  'level default': 'typical for your level',
};

function refusalReason(obstacle: Obstacle, context: RefusalContext): string {
  const { athlete, startDate, raceDate } = context;
  const need = LONG_RUN_NEED_KM[athlete.distance];
  const distance = (km: number) => formatDistance(athlete.unit, km);
  const pace = (minPerKm: number) => formatPace(athlete.unit, minPerKm);
  switch (obstacle.kind) {
    case 'invalid pace':
      return `An easy pace of ${pace(athlete.easyPace)} (${PACE_ORIGIN[athlete.paces.source]}) is outside the ${pace(EASY_PACE_RANGE.min)} to ${pace(EASY_PACE_RANGE.max)} a plan can work from.`;
    case 'three hours':
      return (
        `A ${RACE_LABELS[athlete.distance]} needs ${withArticle(distance(need))} long run, but at your easy pace of ${pace(athlete.easyPace)} (${PACE_ORIGIN[athlete.paces.source]}) ` +
        `that takes ${Math.round(need * athlete.easyPace)} minutes, over the 3 hours no run may last, so no plan can reach it.`
      );
    case 'short longest run':
      return (
        `Your longest recent run of ${distance(athlete.longestRun / 10)} (${ORIGIN[athlete.longestRunSource]}) is too short to build on: no run may be more than 10% longer ` +
        `than the longest of the 30 days before it, and the plan's runs are at least ${distance(MIN_RUN_KM)}.`
      );
    case 'low volume':
      return (
        `Your current ${distance(athlete.currentWeekly / 10)} a week (${ORIGIN[athlete.currentWeeklySource]}) with a longest run of ` +
        `${distance(athlete.longestRun / 10)} (${ORIGIN[athlete.longestRunSource]}) is too little to build on: at ${athlete.daysPerWeek} days a week ` +
        `every plan week, recovery and taper weeks included, needs runs of at least ${distance(MIN_RUN_KM)} with none over ` +
        `${athlete.sharePercent}% of the week and none over 10% longer than the longest of the 30 days before it.`
      );
    case 'too soon':
      return `A race on ${raceDate} is too soon: the plan starts on ${startDate}, the first Monday from today, and needs two full weeks before the week of the race.`;
    case 'no build week':
      return noBuildWeekReason(context);
    case 'too far':
      return `A race on ${raceDate} is too far off: a plan covers at most ${MAX_PLAN_WEEKS} weeks.`;
    case 'race week':
      return raceWeekReason(athlete, raceDate);
    case 'long run':
      return longRunReason(obstacle.limitedBy, context);
  }
}

/** Race week runs 40-60% of the peak week before the race, in runs of at least 3 km with none over the share cap. */
function raceWeekReason(athlete: Athlete, raceDate: string): string {
  return (
    `Race week, the race on ${raceDate} and the 6 days before it, needs ${RACE_WEEK_PERCENT.min}-${RACE_WEEK_PERCENT.max}% of the peak ` +
    `week's running in easy runs of at least ${formatDistance(athlete.unit, MIN_RUN_KM)}, with none over ${athlete.sharePercent}% of its calendar week's running ` +
    `and at most ${athlete.daysPerWeek} running days a week, and the plan's weeks before it leave no room for that.`
  );
}

/** The taper takes the plan's last weeks, the race's calendar week and the one race week starts in counting as one. */
function noBuildWeekReason({ athlete, startDate, raceDate }: RefusalContext): string {
  const taper = taperLength(athlete.distance, daysBetween(startDate, raceDate));
  return (
    `A race on ${raceDate} is too soon: a ${RACE_LABELS[athlete.distance]} plan tapers for ${taper} weeks, the last of them race week, ` +
    `the 7 days from ${addDays(raceDate, 1 - RACE_WEEK_DAYS)} to the race; from ${startDate}, the first Monday from today, that leaves ` +
    'no week to build up in before the taper.'
  );
}

/** The weeks it takes are those of the first race date that works, found by the search. */
function longRunReason(limitedBy: LongRunLimit, { athlete, startDate, raceDate, earliest }: RefusalContext): string {
  const need = LONG_RUN_NEED_KM[athlete.distance];
  const weeksYouHave = weekCountTo(daysBetween(startDate, raceDate));
  const weeksItTakes = earliest ? `${earliest.weeks.length} weeks` : `more than ${weeksYouHave + EARLIEST_DATE_SEARCH_WEEKS} weeks`;
  const taper = taperLength(athlete.distance, daysBetween(startDate, earliest?.raceDate ?? raceDate));
  const growth = `growing at most 10% a week with recovery weeks and a ${taper}-week taper, that takes ${weeksItTakes}, and you have ${weeksYouHave}.`;
  const race = `A ${RACE_LABELS[athlete.distance]} needs ${withArticle(formatDistance(athlete.unit, need))} long run`;
  const longest = `your longest run of ${formatDistance(athlete.unit, athlete.longestRun / 10)} (${ORIGIN[athlete.longestRunSource]})`;
  if (limitedBy === 'longest run') return `${race}; from ${longest}, ${growth}`;
  const peakWeek = Math.ceil((need * 100) / athlete.sharePercent);
  return (
    `${race}, and at ${athlete.daysPerWeek} days a week a long run may be at most ${athlete.sharePercent}% of the week, ` +
    `so the peak week needs ${formatDistance(athlete.unit, peakWeek)}; from your ${formatDistance(athlete.unit, athlete.currentWeekly / 10)} a week ` +
    `(${ORIGIN[athlete.currentWeeklySource]}) and ${longest}, ${growth}`
  );
}
