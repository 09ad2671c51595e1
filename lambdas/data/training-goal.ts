/**
 * Training goals, each an item in the athlete's partition; progress is worked out on every read from the
 * week figures the log keeps (training-figures.ts), never stored, so it can never go stale.
 *
 * | item  | PK          | SK          |
 * | goal  | USER#<sub>  | GOAL#<id>   |
 *
 * Access patterns (docs/data-model.md): an athlete's goals, newest first (table, PK = USER#<sub>, begins_with(SK, GOAL#),
 * descending); one goal (SK = GOAL#<id>).
 */
import { ulid } from 'ulid';
import { todayInNewYork } from '#shared/dates';
import * as z from 'zod';
import { GoalSchema, MAX_ACTIVE_GOALS, type Goal, type GoalPatch, type NewGoal } from '#shared/schemas/training-goal';
import { mondayOf } from '#shared/training/weeks';
import { defineEntity } from '#lib/kit/entity';
import { table } from '#lib/kit/table';
import { ConflictError, NotFoundError } from '#lib/errors';
import { isConditionFailure } from '#lib/transactions';
import { readWeekDistances } from './training-figures.ts';

export const goalKey = (sub: string, id: string) => ({ PK: `USER#${sub}`, SK: `GOAL#${id}` });

/** What is stored: the goal without its worked-out progress, plus a custom goal's percentage set by hand. */
const StoredGoalSchema = GoalSchema.omit({ current: true, progressPercent: true }).extend({ manualPercent: z.number().optional() });
type StoredGoal = z.infer<typeof StoredGoalSchema>;

const goals = defineEntity<StoredGoal, [string, string]>({ name: 'training-goal', key: goalKey, schema: StoredGoalSchema });

export class GoalNotFoundError extends NotFoundError {
  constructor() {
    super('Goal not found');
  }
}

async function storedGoals(sub: string): Promise<StoredGoal[]> {
  const { Items = [] } = await table.query({
    KeyConditionExpression: 'PK = :pk AND begins_with(SK, :goal)',
    ExpressionAttributeValues: { ':pk': `USER#${sub}`, ':goal': 'GOAL#' },
    ScanIndexForward: false,
  });
  return Items.map(goals.read);
}

const percent = (current: number, target: number | undefined) => (target ? Math.min(100, Math.floor((current / target) * 100)) : 0);

/** Goals with their progress: one read of the week figures from the oldest week any goal counts from. */
async function withProgress(sub: string, goals: readonly StoredGoal[], now: Date): Promise<Goal[]> {
  const thisMonday = mondayOf(todayInNewYork(now));
  const oldest = goals.reduce((first, goal) => (goal.kind === 'total_distance' && goal.startWeek < first ? goal.startWeek : first), thisMonday);
  const weeks = goals.length > 0 ? await readWeekDistances(sub, oldest, thisMonday) : [];
  const thisWeek = weeks.find((week) => week.weekStart === thisMonday);
  return goals.map(({ manualPercent, ...goal }) => {
    if (goal.kind === 'custom') return { ...goal, progressPercent: goal.status === 'completed' ? 100 : (manualPercent ?? 0) };
    const current =
      goal.kind === 'weekly_distance'
        ? (thisWeek?.distanceKm ?? 0)
        : goal.kind === 'weekly_workouts'
          ? (thisWeek?.workouts ?? 0)
          : Math.round(weeks.filter((week) => week.weekStart >= goal.startWeek).reduce((sum, week) => sum + week.distanceKm, 0) * 10) / 10;
    return { ...goal, current, progressPercent: goal.status === 'completed' ? 100 : percent(current, goal.target) };
  });
}

export async function listGoals(sub: string, now: Date = new Date()): Promise<Goal[]> {
  const goals = await storedGoals(sub);
  // Active goals first, each group newest first.
  const ordered = [...goals.filter((goal) => goal.status === 'active'), ...goals.filter((goal) => goal.status !== 'active')];
  return withProgress(sub, ordered, now);
}

export async function createGoal(sub: string, input: NewGoal, now: Date = new Date()): Promise<Goal> {
  const active = (await storedGoals(sub)).filter((goal) => goal.status === 'active').length;
  if (active >= MAX_ACTIVE_GOALS) throw new ConflictError(`You have ${MAX_ACTIVE_GOALS} active goals. Complete or delete one first.`);
  const goal: StoredGoal = {
    ...input,
    ...(input.kind === 'custom' ? { target: undefined } : {}),
    id: ulid(now.getTime()),
    status: 'active',
    startWeek: mondayOf(todayInNewYork(now)),
    createdAt: now.toISOString(),
  };
  await goals.put(goalKey(sub, goal.id), goal, { condition: 'attribute_not_exists(PK)' });
  return (await withProgress(sub, [goal], now))[0]!;
}

export async function updateGoal(sub: string, id: string, patch: GoalPatch, now: Date = new Date()): Promise<Goal> {
  const before = await goals.get(goalKey(sub, id), { consistent: true });
  if (!before) throw new GoalNotFoundError();
  const { progressPercent, deadline, ...fields } = patch;
  const after: StoredGoal = {
    ...before,
    ...Object.fromEntries(Object.entries(fields).filter(([, value]) => value !== undefined)),
    ...(deadline === null ? { deadline: undefined } : deadline ? { deadline } : {}),
    ...(progressPercent !== undefined && before.kind === 'custom' ? { manualPercent: progressPercent } : {}),
  };
  if (patch.status === 'completed' && before.status !== 'completed') after.completedAt = now.toISOString();
  if (patch.status === 'active') delete after.completedAt;
  try {
    // Written over the goal as read: two tabs editing at once cannot lose each other's change silently.
    await goals.put(goalKey(sub, after.id), after, {
      condition: 'attribute_exists(PK) AND createdAt = :createdAt AND #status = :status',
      names: { '#status': 'status' },
      values: { ':createdAt': before.createdAt, ':status': before.status },
    });
  } catch (error) {
    if (isConditionFailure(error)) throw new ConflictError('This goal was changed in another window. Reload it and try again.');
    throw error;
  }
  return (await withProgress(sub, [after], now))[0]!;
}

export async function deleteGoal(sub: string, id: string): Promise<void> {
  try {
    await table.delete({ Key: goalKey(sub, id), ConditionExpression: 'attribute_exists(PK)' });
  } catch (error) {
    if (isConditionFailure(error)) throw new GoalNotFoundError();
    throw error;
  }
}
