/** No defineEntity here: the stored plan has no zod schema (its reader defaults schedule, completions and revision), and its writes are UpdateExpressions on a revision. */
/**
 * Training plans: generated from the athlete's own log by the deterministic generator
 * (shared/training/plan-generator.ts), saved, started, followed workout by workout and adjusted only when the
 * athlete accepts an adjustment they were shown.
 *
 * | item                 | PK          | SK                           | attributes                                        |
 * | plan                 | USER#<sub>  | PLAN#<id>                    | facts, request, schedule (workout dates), completions, revision |
 * | plan weeks           | USER#<sub>  | PLANWEEKS#<id>               | plan (the generated plan, whole)                  |
 * | active plan          | USER#<sub>  | ACTIVEPLAN                   | planId                                            |
 * | adjustment (TTL 7 d) | USER#<sub>  | PLANADJUST#<planId>#<id>     | reason, changes, weeks (diff), plan               |
 * | plan for a race      | USER#<sub>  | RACEPLAN#<eventId>#<planId>  | planId, name, raceDistance, distance, date         |
 *
 * A plan made for a listed race (race-plan.ts) keeps the race (`race`: id, title, distance as listed, the date it
 * was made for) and a pointer under the race, written, moved and deleted in the same transactions as the plan, so
 * the race's page finds the athlete's plans for it with one Query of a few small items.
 *
 * The weeks live apart from the plan's facts so that listing plans reads a few small items, not every
 * workout of every plan. Completing a workout writes its training log, the log's figures and the plan's
 * completion in one transaction, so a workout is never logged twice nor marked done without its log.
 *
 * Access patterns (docs/data-model.md): an athlete's plans (table, PK = USER#<sub>, begins_with(SK, PLAN#)); a plan's
 * weeks (SK = PLANWEEKS#<id>); the active plan (SK = ACTIVEPLAN); a plan's adjustment (SK = PLANADJUST#<planId>#<id>);
 * an athlete's plans for one race (begins_with(SK, RACEPLAN#<eventId>#), newest first; race-plan-links.ts).
 */
import { ulid } from 'ulid';
import { addDays, todayInNewYork } from '#shared/dates';
import type { ActivityType } from '#shared/schemas/training-log';
import type { GeneratedPlan, NewTrainingPlan, PlanWorkout, WorkoutIntensity, WorkoutType } from '#shared/schemas/training-plan';
import type { PlanAdjustment, PlanChanges, PlanRace, TrainingPlan, TrainingPlanSummary } from '#shared/schemas/training-plans';
import { generatePlan, type PlanRequest } from '#shared/training/plan-generator';
import type { PlanForCalendar } from '#shared/training/plan-calendar';
import { planDiff } from '#shared/training/plan-diff';
import { RACE_LABELS } from '#shared/training/plan-rules';
import { planWorkoutDescription } from '#shared/training/workout-description';
import type { DistanceUnit } from '#shared/units';
import { batchGetItems } from '#lib/kit/batch-get';
import { table } from '#lib/kit/table';
import { refuseAnyCancellation, transact, transactOnce } from '#lib/kit/transact';
import { ConflictError, HttpError, NotFoundError } from '#lib/errors';
import { isConditionFailure } from '#lib/transactions';
import { readHistory } from './training-history.ts';
import { racePlanItem, racePlanKey } from './race-plan-links.ts';
import { logsBetween, newLogWrites } from './training-log.ts';

const userPk = (sub: string) => `USER#${sub}`;
export const planKey = (sub: string, id: string) => ({ PK: userPk(sub), SK: `PLAN#${id}` });
export const planWeeksKey = (sub: string, id: string) => ({ PK: userPk(sub), SK: `PLANWEEKS#${id}` });
export const activePlanKey = (sub: string) => ({ PK: userPk(sub), SK: 'ACTIVEPLAN' });
const adjustmentKey = (sub: string, planId: string, id: string) => ({ PK: userPk(sub), SK: `PLANADJUST#${planId}#${id}` });

/** An adjustment not accepted within a week is stale: the log it was built from has moved on. */
const ADJUSTMENT_KEEP_SECONDS = 7 * 86_400;
/** Missed workouts are counted over the last two weeks: older ones are history, not something to act on. */
const MISSED_WINDOW_DAYS = 14;

/**
 * The generator would not make a plan that keeps every rule: 422 with its reason and the first date that works
 * (not for a plan for a listed race: its date is the race's, not the athlete's to move).
 */
export class PlanRefusedError extends HttpError {
  constructor(reason: string, earliestDate?: string) {
    super(422, 'plan_refused', reason, earliestDate ? { 'body.targetDate': [`The earliest race date that works is ${earliestDate}`] } : undefined);
    this.details = earliestDate ? { earliestDate } : undefined;
  }
}

export class TrainingPlanNotFoundError extends NotFoundError {
  constructor() {
    super('Training plan not found');
  }
}

interface StoredPlan {
  readonly id: string;
  readonly name: string;
  readonly createdAt: string;
  readonly request: NewTrainingPlan;
  readonly schedule: readonly string[];
  readonly completions: Readonly<Record<string, string>>;
  readonly revision: number;
  /** The listed race the plan was made for, if any. */
  readonly race?: PlanRace;
}

const capitalized = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

function defaultName(plan: GeneratedPlan): string {
  return `${capitalized(RACE_LABELS[plan.raceDistance])} plan · ${plan.weeks.length} weeks`;
}

/** The dates with a workout, in order: what "missed" and "completed" are counted against without the weeks. */
const scheduleOf = (plan: GeneratedPlan) => plan.weeks.flatMap((week) => week.workouts.map((workout) => workout.date));

function planFacts(plan: GeneratedPlan) {
  return { raceDistance: plan.raceDistance, raceDate: plan.raceDate, level: plan.level, startDate: plan.startDate, weeks: plan.weeks.length };
}

function storedOf(item: Record<string, unknown>): StoredPlan {
  return {
    id: String(item.id),
    name: String(item.name),
    createdAt: String(item.createdAt),
    request: item.request as NewTrainingPlan,
    schedule: (item.schedule as string[] | undefined) ?? [],
    completions: (item.completions as Record<string, string> | undefined) ?? {},
    revision: typeof item.revision === 'number' ? item.revision : 0,
    ...(item.race ? { race: item.race as PlanRace } : {}),
  };
}

/** The plan Today follows, and the day the athlete started following it (absent on pointers from before). */
export interface ActivePlan {
  readonly id: string;
  readonly since?: string;
}

/**
 * Planned workouts of the last two weeks with neither a completion nor a log that day, counted only while the
 * athlete followed the plan: a plan not started, or the days before it was started (or made), has none.
 */
function missedOf(stored: StoredPlan, loggedDates: ReadonlySet<string>, today: string, following: ActivePlan | undefined): number {
  if (!following) return 0;
  const windowStart = addDays(today, -MISSED_WINDOW_DAYS);
  const followedFrom = following.since ?? stored.createdAt.slice(0, 10);
  const from = followedFrom > windowStart ? followedFrom : windowStart;
  return stored.schedule.filter((date) => date >= from && date < today && !stored.completions[date] && !loggedDates.has(date)).length;
}

function summaryOf(item: Record<string, unknown>, active: ActivePlan | undefined, loggedDates: ReadonlySet<string>, today: string): TrainingPlanSummary {
  const stored = storedOf(item);
  const following = active?.id === stored.id ? active : undefined;
  return {
    id: stored.id,
    name: stored.name,
    raceDistance: item.raceDistance as TrainingPlanSummary['raceDistance'],
    raceDate: String(item.raceDate),
    level: item.level as TrainingPlanSummary['level'],
    startDate: String(item.startDate),
    weeks: Number(item.weeks),
    createdAt: stored.createdAt,
    active: following !== undefined,
    completedWorkouts: Object.keys(stored.completions).length,
    totalWorkouts: stored.schedule.length,
    missedWorkouts: missedOf(stored, loggedDates, today, following),
    ...(stored.race ? { race: stored.race } : {}),
  };
}

/**
 * The request the generator gets: the athlete's form, their log's last 4 weeks (which the form's figures
 * override) and their unit (the caller's profile, which the handler already has), which a refusal speaks.
 * `fallback` stands in for the log when it has no runs.
 */
async function generatorRequest(sub: string, body: NewTrainingPlan, unit: DistanceUnit, now: Date, fallback: Partial<NewTrainingPlan> = {}): Promise<PlanRequest> {
  const { today, history } = await readHistory(sub, now);
  return { ...(history ? {} : fallback), ...body, today, unit, ...(history ? { history } : {}) };
}

/** The plan for a request, or its refusal; a race's date is fixed, so its refusal offers no other. */
function generated(request: PlanRequest, { fixedDate = false }: { fixedDate?: boolean } = {}): GeneratedPlan {
  const outcome = generatePlan(request);
  if (!outcome.ok) throw new PlanRefusedError(outcome.reason, fixedDate ? undefined : outcome.earliestDate);
  return outcome.plan;
}

/** The longest default name a race gives a plan: the form's limit for the names athletes type. */
const MAX_NAME_LENGTH = 80;

function raceName(race: PlanRace): string {
  const name = `${race.title} · ${race.distance}`;
  return name.length <= MAX_NAME_LENGTH ? name : `${name.slice(0, MAX_NAME_LENGTH - 1).trimEnd()}…`;
}

/** Generates and saves a plan; one for a listed race (race-plan.ts checked the race) keeps it and is listed under it. */
export async function createTrainingPlan(sub: string, body: NewTrainingPlan, unit: DistanceUnit, now: Date = new Date(), race?: PlanRace): Promise<TrainingPlan> {
  const plan = generated(await generatorRequest(sub, body, unit, now), { fixedDate: race !== undefined });
  const id = ulid(now.getTime());
  const name = body.name ?? (race ? raceName(race) : defaultName(plan));
  const item = {
    ...planKey(sub, id),
    entity: 'training-plan',
    id,
    name,
    createdAt: now.toISOString(),
    request: body,
    ...planFacts(plan),
    schedule: scheduleOf(plan),
    completions: {},
    revision: 1,
    ...(race ? { race } : {}),
  };
  await transactOnce([
    { Put: { Item: item, ConditionExpression: 'attribute_not_exists(PK)' } },
    { Put: { Item: { ...planWeeksKey(sub, id), entity: 'training-plan-weeks', plan } } },
    ...(race ? [{ Put: { Item: racePlanItem(sub, id, name, plan, race) } }] : []),
  ]);
  return { ...summaryOf(item, undefined, new Set(), plan.startDate), plan, completions: {} };
}

export async function activePlan(sub: string): Promise<ActivePlan | undefined> {
  const { Item } = await table.get({ Key: activePlanKey(sub), ConsistentRead: true });
  if (typeof Item?.planId !== 'string') return undefined;
  return { id: Item.planId, ...(typeof Item.since === 'string' ? { since: Item.since } : {}) };
}

export async function activePlanId(sub: string): Promise<string | undefined> {
  return (await activePlan(sub))?.id;
}

/** Dates of the last two weeks with any log: a planned workout done without pressing Complete is not missed. */
async function recentlyLogged(sub: string, today: string): Promise<Set<string>> {
  return new Set((await logsBetween(sub, addDays(today, -MISSED_WINDOW_DAYS), today)).map((log) => log.logDate));
}

export async function listTrainingPlans(sub: string, today: string): Promise<TrainingPlanSummary[]> {
  const [{ Items = [] }, active, logged] = await Promise.all([
    table.query({
      KeyConditionExpression: 'PK = :pk AND begins_with(SK, :plan)',
      ExpressionAttributeValues: { ':pk': userPk(sub), ':plan': 'PLAN#' },
      ScanIndexForward: false,
    }),
    activePlan(sub),
    recentlyLogged(sub, today),
  ]);
  return Items.map((item) => summaryOf(item, active, logged, today));
}

/** The plan item and its weeks in one BatchGet (consistent: a plan just made or adjusted is read as written). */
export async function readPlan(sub: string, id: string): Promise<{ item: Record<string, unknown>; plan: GeneratedPlan }> {
  const items = await batchGetItems([planKey(sub, id), planWeeksKey(sub, id)], { consistent: true });
  const item = items.find((entry) => String(entry.SK).startsWith('PLAN#'));
  const weeks = items.find((entry) => String(entry.SK).startsWith('PLANWEEKS#'));
  if (!item || !weeks) throw new TrainingPlanNotFoundError();
  return { item, plan: weeks.plan as GeneratedPlan };
}

/** What a caller that has read these already passes in, so a plan is not read with them twice. */
export interface KnownFacts {
  /** The active plan, or null when there is none. */
  readonly active?: ActivePlan | null;
  /** The dates with a log among the last two weeks (a caller that read the log knows them). */
  readonly loggedDates?: ReadonlySet<string>;
}

export async function getTrainingPlan(sub: string, id: string, today: string, known: KnownFacts = {}): Promise<TrainingPlan> {
  const [{ item, plan }, active, logged] = await Promise.all([
    readPlan(sub, id),
    known.active === undefined ? activePlan(sub) : known.active ?? undefined,
    known.loggedDates ?? recentlyLogged(sub, today),
  ]);
  return { ...summaryOf(item, active, logged, today), plan, completions: storedOf(item).completions };
}

export async function getActiveTrainingPlan(sub: string, today: string, known: Pick<KnownFacts, 'loggedDates'> = {}): Promise<TrainingPlan | null> {
  const active = await activePlan(sub);
  if (!active) return null;
  try {
    return await getTrainingPlan(sub, active.id, today, { ...known, active });
  } catch (error) {
    // A pointer left by a plan deleted meanwhile means no active plan.
    if (error instanceof TrainingPlanNotFoundError) return null;
    throw error;
  }
}

/** The active plan as its calendar feed shows it (no log reads: the feed has no "missed" count), or undefined. */
export async function activePlanForCalendar(sub: string): Promise<PlanForCalendar | undefined> {
  const id = await activePlanId(sub);
  if (!id) return undefined;
  try {
    const { item, plan } = await readPlan(sub, id);
    const stored = storedOf(item);
    return { id, name: stored.name, plan, completions: stored.completions, revision: stored.revision };
  } catch (error) {
    if (error instanceof TrainingPlanNotFoundError) return undefined;
    throw error;
  }
}

/** Makes the plan the one Today follows from today (another active plan stops being so). */
export async function startTrainingPlan(sub: string, id: string, today: string): Promise<TrainingPlan> {
  await transact(
    () => [
      { ConditionCheck: { Key: planKey(sub, id), ConditionExpression: 'attribute_exists(PK)' }, ifConditionFails: () => new TrainingPlanNotFoundError() },
      { Put: { Item: { ...activePlanKey(sub), entity: 'active-plan', planId: id, since: today } } },
    ],
    { attempts: 1 },
  );
  return getTrainingPlan(sub, id, today, { active: { id, since: today } });
}

export async function deleteTrainingPlan(sub: string, id: string): Promise<void> {
  const [activeId, { Item }] = await Promise.all([activePlanId(sub), table.get({ Key: planKey(sub, id), ProjectionExpression: '#race', ExpressionAttributeNames: { '#race': 'race' } })]);
  const active = activeId === id;
  const race = Item?.race as PlanRace | undefined;
  await transact(
    () => [
      { Delete: { Key: planKey(sub, id), ConditionExpression: 'attribute_exists(PK)' }, ifConditionFails: () => new TrainingPlanNotFoundError() },
      { Delete: { Key: planWeeksKey(sub, id) } },
      ...(race ? [{ Delete: { Key: racePlanKey(sub, race.eventId, id) } }] : []),
      ...(active
        ? [
            {
              Delete: { Key: activePlanKey(sub), ConditionExpression: 'planId = :id', ExpressionAttributeValues: { ':id': id } },
              ifConditionFails: () => new ConflictError('Another plan was started meanwhile. Reload and try again.'),
            },
          ]
        : []),
    ],
    { attempts: 1 },
  );
}

const ACTIVITY_OF: Readonly<Record<WorkoutType, ActivityType>> = {
  easy_run: 'running',
  interval: 'running',
  tempo: 'running',
  long_run: 'running',
  recovery: 'running',
  hill_training: 'running',
  race: 'running',
  strength: 'strength',
  cross_training: 'other',
};
/** Spec 001: completing maps intensity easy to effort 3, moderate to 6, otherwise 8. */
const EFFORT_OF: Readonly<Record<WorkoutIntensity, number>> = { easy: 3, moderate: 6, hard: 8 };

/** The workout's log, as spec 001's Complete writes it: type, distance, time, effort and the description (in the athlete's unit) as notes. */
function logOfWorkout(plan: GeneratedPlan, workout: PlanWorkout, unit: DistanceUnit) {
  return {
    activityType: ACTIVITY_OF[workout.type],
    ...(workout.distanceKm > 0 ? { distanceKm: workout.distanceKm } : {}),
    durationMinutes: workout.durationMinutes,
    effortLevel: EFFORT_OF[workout.intensity],
    notes: planWorkoutDescription(plan, workout, unit),
    logDate: workout.date,
  };
}

/** Completes the plan's workout of `date`: its log, the log's figures and the plan's completion in one transaction. */
export async function completePlanWorkout(sub: string, id: string, date: string, unit: DistanceUnit, now: Date = new Date()) {
  const { item, plan } = await readPlan(sub, id);
  const workout = plan.weeks.flatMap((week) => week.workouts).find((entry) => entry.date === date);
  if (!workout) throw new NotFoundError(`The plan has no workout on ${date}`);
  if (storedOf(item).completions[date]) throw new ConflictError('This workout is already completed.');
  const { log, items } = newLogWrites(sub, logOfWorkout(plan, workout, unit), now);
  await transact(
    () => [
      {
        Update: {
          Key: planKey(sub, id),
          UpdateExpression: 'SET completions.#date = :log',
          ConditionExpression: 'attribute_exists(PK) AND attribute_not_exists(completions.#date)',
          ExpressionAttributeNames: { '#date': date },
          ExpressionAttributeValues: { ':log': log.id },
        },
        ifConditionFails: () => new ConflictError('This workout is already completed.'),
      },
      ...items,
    ],
    { attempts: 1 },
  );
  return { log, workout };
}

/**
 * An adjusted plan, made by the same generator from today with the athlete's real log (and any changes they
 * or the coach asked for), saved for a week beside the plan with its diff. Nothing changes until accepted.
 */
export async function proposeAdjustment(sub: string, planId: string, request: { reason?: string; changes?: PlanChanges }, unit: DistanceUnit, now: Date = new Date()): Promise<PlanAdjustment> {
  const { plan, adjusted } = await rebuiltPlan(sub, planId, request.changes ?? {}, unit, now);
  return saveAdjustment(sub, planId, plan, adjusted, { reason: request.reason ?? 'Rebuilt from your training log', changes: request.changes ?? {} }, now);
}

/** The plan as it is and as the generator makes it again from today with the log and the changes asked for. */
export async function rebuiltPlan(sub: string, planId: string, changes: PlanChanges, unit: DistanceUnit, now: Date = new Date()): Promise<{ plan: GeneratedPlan; adjusted: GeneratedPlan }> {
  const { item, plan } = await readPlan(sub, planId);
  return { plan, adjusted: await regenerated(sub, storedOf(item), plan, changes, unit, now) };
}

/**
 * The stored plan made again by the generator from today, with the athlete's real log and the changes asked for;
 * a refusal names no other date when the date is a listed race's.
 */
async function regenerated(sub: string, stored: StoredPlan, plan: GeneratedPlan, changes: PlanChanges, unit: DistanceUnit, now: Date, options: { fixedDate?: boolean } = {}): Promise<GeneratedPlan> {
  const { weeks: _weeks, targetDate: _target, ...request } = stored.request;
  const body: NewTrainingPlan = {
    ...request,
    targetDate: changes.raceDate ?? plan.raceDate,
    level: changes.level ?? plan.level,
    daysPerWeek: changes.daysPerWeek ?? plan.daysPerWeek,
    longRunDay: changes.longRunDay ?? plan.longRunDay,
  };
  // With no runs in the log's last 4 weeks, the plan's own starting point stands in for it.
  const fallback = { currentWeeklyKm: plan.assumptions.currentWeeklyKm, longestRunKm: plan.assumptions.longestRunKm };
  return generated(await generatorRequest(sub, body, unit, now, fallback), options);
}

/**
 * The writes that replace a plan's weeks (and the facts and schedule read from them) with `next`, if the plan is
 * still at the revision it was read at; what the athlete completed stays.
 */
function replaceWeeksWrites(sub: string, planId: string, revision: number, next: GeneratedPlan, race?: PlanRace) {
  return [
    {
      Update: {
        Key: planKey(sub, planId),
        UpdateExpression: `SET raceDistance = :distance, raceDate = :raceDate, #level = :level, startDate = :startDate, weeks = :weeks, schedule = :schedule, revision = :next${race ? ', #race = :race' : ''}`,
        ConditionExpression: 'revision = :revision',
        ExpressionAttributeNames: { '#level': 'level', ...(race ? { '#race': 'race' } : {}) },
        ExpressionAttributeValues: {
          ':distance': next.raceDistance,
          ':raceDate': next.raceDate,
          ':level': next.level,
          ':startDate': next.startDate,
          ':weeks': next.weeks.length,
          ':schedule': scheduleOf(next),
          ':revision': revision,
          ':next': revision + 1,
          ...(race ? { ':race': race } : {}),
        },
      },
    },
    { Put: { Item: { ...planWeeksKey(sub, planId), entity: 'training-plan-weeks', plan: next } } },
  ];
}

/**
 * Regenerates a plan made for a listed race for the race's date now: from today with the real log, as an accepted
 * adjustment would, and moves the plan's pointer under the race with it. `raceNow` (race-plan.ts) reads the race
 * the plan keeps and answers it as it is now, or refuses.
 */
export async function followRaceDate(sub: string, planId: string, raceNow: (kept: PlanRace | undefined) => Promise<PlanRace>, unit: DistanceUnit, now: Date = new Date()): Promise<TrainingPlan> {
  const { item, plan } = await readPlan(sub, planId);
  const stored = storedOf(item);
  const race = await raceNow(stored.race);
  const next = await regenerated(sub, stored, plan, { raceDate: race.date }, unit, now, { fixedDate: true });
  await transact(
    () => [
      ...replaceWeeksWrites(sub, planId, stored.revision, next, race),
      // The pointer is rewritten whole: the race's title may have changed with its date.
      { Put: { Item: racePlanItem(sub, planId, stored.name, next, race) } },
    ],
    refuseAnyCancellation(() => new ConflictError('The plan changed meanwhile. Reload and try again.')),
  );
  return getTrainingPlan(sub, planId, todayInNewYork(now));
}

/** Stores an adjusted plan beside the plan, with its diff, for the athlete to accept or decline within a week. */
export async function saveAdjustment(
  sub: string,
  planId: string,
  before: GeneratedPlan,
  adjusted: GeneratedPlan,
  { reason, changes }: { reason: string; changes: PlanChanges },
  now: Date = new Date(),
): Promise<PlanAdjustment> {
  const adjustment: PlanAdjustment = {
    id: ulid(now.getTime()),
    planId,
    reason,
    changes,
    createdAt: now.toISOString(),
    weeks: planDiff(before, adjusted),
    plan: adjusted,
  };
  await table.put({
    Item: { ...adjustmentKey(sub, planId, adjustment.id), entity: 'plan-adjustment', ...adjustment, expiresAt: Math.floor(now.getTime() / 1000) + ADJUSTMENT_KEEP_SECONDS },
  });
  return adjustment;
}

export async function readAdjustment(sub: string, planId: string, id: string): Promise<PlanAdjustment> {
  const { Item } = await table.get({ Key: adjustmentKey(sub, planId, id), ConsistentRead: true });
  if (!Item || (typeof Item.expiresAt === 'number' && Item.expiresAt * 1000 < Date.now())) throw new NotFoundError('This adjustment has expired or was already answered');
  const { PK: _pk, SK: _sk, entity: _entity, expiresAt: _expires, ...adjustment } = Item;
  return adjustment as PlanAdjustment;
}

/** Applies an adjustment the athlete accepted: the plan's weeks are replaced; what they completed stays. */
export async function acceptAdjustment(sub: string, planId: string, adjustmentId: string, today: string): Promise<TrainingPlan> {
  const adjustment = await readAdjustment(sub, planId, adjustmentId);
  const { item } = await readPlan(sub, planId);
  const stored = storedOf(item);
  const changed = () => new ConflictError('The plan or the adjustment changed meanwhile. Reload and try again.');
  await transact(
    () => [
      ...replaceWeeksWrites(sub, planId, stored.revision, adjustment.plan),
      { Delete: { Key: adjustmentKey(sub, planId, adjustmentId), ConditionExpression: 'attribute_exists(PK)' } },
    ],
    refuseAnyCancellation(changed),
  );
  return getTrainingPlan(sub, planId, today);
}

export async function declineAdjustment(sub: string, planId: string, adjustmentId: string): Promise<void> {
  try {
    await table.delete({ Key: adjustmentKey(sub, planId, adjustmentId), ConditionExpression: 'attribute_exists(PK)' });
  } catch (error) {
    if (isConditionFailure(error)) throw new NotFoundError('This adjustment has expired or was already answered');
    throw error;
  }
}
