/**
 * The coach acts only through these three tools, and each result passes the same rules as the athlete's own
 * request: a workout is checked by the log's schema and date rules, a goal by the goal's, and a plan change is
 * either the generator run again (which refuses rather than bend a rule) or an edit the independent checker
 * (planViolations) must pass. A change to the plan is never applied here: it becomes an adjustment the
 * athlete accepts or declines. Every call returns { ok, summary } for the model and the reply's actions.
 */
import type { ChatCompletionTool } from 'openai/resources/chat/completions';
import * as z from 'zod';
import type { CoachAction } from '#shared/schemas/coach';
import { NewGoalSchema } from '#shared/schemas/training-goal';
import { NewTrainingLogSchema } from '#shared/schemas/training-log';
import type { GeneratedPlan } from '#shared/schemas/training-plan';
import { PlanChangesSchema } from '#shared/schemas/training-plans';
import { planViolations } from '#shared/training/plan-check';
import { changesAnything } from '#shared/training/plan-diff';
import { formatDistance, type DistanceUnit } from '#shared/units';
import { HttpError } from '#lib/errors';
import { createGoal } from './training-goal.ts';
import { createTrainingLog } from './training-log.ts';
import { activePlanId, readPlan, rebuiltPlan, saveAdjustment } from './training-plan.ts';

const DATE = { type: 'string', description: 'YYYY-MM-DD' } as const;

/** The tools as OpenAI's function calling describes them (distances always in km). */
export const COACH_TOOL_DEFINITIONS: ChatCompletionTool[] = [
  {
    type: 'function',
    function: {
      name: 'log_workout',
      description: "Log a workout the athlete says they did in their training log. Distances in km.",
      parameters: {
        type: 'object',
        properties: {
          activityType: { type: 'string', enum: ['running', 'cycling', 'swimming', 'strength', 'yoga', 'other'] },
          distanceKm: { type: 'number' },
          durationMinutes: { type: 'integer' },
          effortLevel: { type: 'integer', minimum: 1, maximum: 10 },
          logDate: DATE,
          notes: { type: 'string' },
        },
        required: ['activityType', 'logDate'],
        additionalProperties: false,
      },
    },
  },
  {
    type: 'function',
    function: {
      name: 'set_goal',
      description: 'Set a training goal for the athlete. Targets in km for distance goals.',
      parameters: {
        type: 'object',
        properties: {
          title: { type: 'string' },
          description: { type: 'string' },
          kind: { type: 'string', enum: ['weekly_distance', 'weekly_workouts', 'total_distance', 'custom'] },
          target: { type: 'number' },
          deadline: DATE,
        },
        required: ['title', 'description', 'kind'],
        additionalProperties: false,
      },
    },
  },
  {
    type: 'function',
    function: {
      name: 'propose_plan_change',
      description: "Propose a change to the athlete's active training plan. It is shown to them as a diff and applied only if they accept.",
      parameters: {
        type: 'object',
        properties: {
          reason: { type: 'string' },
          changes: {
            type: 'object',
            properties: {
              daysPerWeek: { type: 'integer', minimum: 3, maximum: 6 },
              longRunDay: { type: 'string', enum: ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'] },
              raceDate: DATE,
              level: { type: 'string', enum: ['beginner', 'intermediate', 'advanced'] },
              longRunKm: { type: 'number', description: 'Set the next long run to this distance' },
            },
            additionalProperties: false,
          },
        },
        required: ['reason'],
        additionalProperties: false,
      },
    },
  },
];

const ProposalArgsSchema = z.object({
  reason: z.string().trim().min(1).max(300).catch('Asked for by the athlete'),
  changes: PlanChangesSchema.extend({ longRunKm: z.number().positive().max(100).optional() }).optional(),
});

const firstIssue = (error: z.ZodError) => error.issues[0]?.message ?? 'the values are not valid';
const refusal = (kind: CoachAction['kind'], summary: string): CoachAction => ({ kind, ok: false, summary });

/** The next long run from today set to `km` (its time scaled), and the week's planned km with it. */
function withLongRun(plan: GeneratedPlan, today: string, km: number): GeneratedPlan | undefined {
  const target = plan.weeks.flatMap((week) => week.workouts).find((workout) => workout.type === 'long_run' && workout.date >= today);
  if (!target) return undefined;
  const weeks = plan.weeks.map((week) => {
    if (!week.workouts.includes(target)) return week;
    const workouts = week.workouts.map((workout) =>
      workout === target ? { ...workout, distanceKm: Math.round(km * 10) / 10, durationMinutes: Math.round((workout.durationMinutes / workout.distanceKm) * km) } : workout,
    );
    return { ...week, workouts, plannedKm: Math.round(workouts.reduce((sum, workout) => sum + workout.distanceKm, 0) * 10) / 10 };
  });
  return { ...plan, weeks };
}

/** The coach's answer when a change would leave the plan as it is: no proposal to review. */
const NOTHING_TO_CHANGE = 'Your plan already fits: nothing would change.';

async function proposePlanChange(sub: string, args: unknown, today: string, now: Date, units: DistanceUnit): Promise<CoachAction> {
  const parsed = ProposalArgsSchema.safeParse(args);
  if (!parsed.success) return refusal('propose_plan_change', `The change could not be read: ${firstIssue(parsed.error)}.`);
  const planId = await activePlanId(sub);
  if (!planId) return refusal('propose_plan_change', 'There is no active plan to change. Start a plan on the training hub first.');
  const { reason, changes = {} } = parsed.data;
  const { longRunKm, ...generatorChanges } = changes;
  if (longRunKm !== undefined) {
    const { plan } = await readPlan(sub, planId);
    const edited = withLongRun(plan, today, longRunKm);
    if (!edited) return refusal('propose_plan_change', 'The plan has no long run left to change.');
    const violations = planViolations(edited, units);
    if (violations.length > 0) return refusal('propose_plan_change', `That change would break the plan's safety rules: ${violations[0]}`);
    if (!changesAnything(plan, edited)) return refusal('propose_plan_change', `${NOTHING_TO_CHANGE} Its next long run is already ${formatDistance(units, longRunKm)}.`);
    const adjustment = await saveAdjustment(sub, planId, plan, edited, { reason, changes: generatorChanges }, now);
    return { kind: 'propose_plan_change', ok: true, summary: `A plan with a ${formatDistance(units, longRunKm)} long run is ready for you to review.`, planId, adjustmentId: adjustment.id };
  }
  try {
    const { plan, adjusted } = await rebuiltPlan(sub, planId, generatorChanges, units, now);
    if (!changesAnything(plan, adjusted)) return refusal('propose_plan_change', `${NOTHING_TO_CHANGE} Rebuilt from your log as asked, it has the same workouts on the same days.`);
    const adjustment = await saveAdjustment(sub, planId, plan, adjusted, { reason: reason ?? 'Rebuilt from your training log', changes: generatorChanges }, now);
    return { kind: 'propose_plan_change', ok: true, summary: `An adjusted plan (${adjustment.weeks.length} weeks from ${adjustment.plan.startDate}) is ready for you to review.`, planId, adjustmentId: adjustment.id };
  } catch (error) {
    if (error instanceof HttpError && error.status < 500) return refusal('propose_plan_change', error.message);
    throw error;
  }
}

/** Runs one tool call; a refusal is a result for the model to explain, never an error for the athlete. */
/** `units` is the athlete's: a refused plan change names its distances in them. */
export async function runCoachTool(sub: string, name: string, rawArguments: string, today: string, now: Date = new Date(), units: DistanceUnit = 'km'): Promise<CoachAction> {
  let args: unknown;
  try {
    args = JSON.parse(rawArguments) as unknown;
  } catch {
    return refusal('log_workout', 'The request could not be read.');
  }
  try {
    switch (name) {
      case 'log_workout': {
        const parsed = NewTrainingLogSchema.safeParse(args);
        if (!parsed.success) return refusal('log_workout', `The workout was not logged: ${firstIssue(parsed.error)}.`);
        const log = await createTrainingLog(sub, parsed.data, now);
        return { kind: 'log_workout', ok: true, summary: `Logged ${log.activityType}${log.distanceKm ? `, ${formatDistance(units, log.distanceKm)}` : ''}${log.durationMinutes ? `, ${log.durationMinutes} min` : ''} on ${log.logDate}.`, logId: log.id };
      }
      case 'set_goal': {
        const parsed = NewGoalSchema.safeParse(args);
        if (!parsed.success) return refusal('set_goal', `The goal was not set: ${firstIssue(parsed.error)}.`);
        const goal = await createGoal(sub, parsed.data, now);
        return { kind: 'set_goal', ok: true, summary: `Goal set: ${goal.title}.`, goalId: goal.id };
      }
      case 'propose_plan_change':
        return await proposePlanChange(sub, args, today, now, units);
      default:
        return refusal('log_workout', `There is no tool called ${name}.`);
    }
  } catch (error) {
    // A 4xx from the store (a date in the future, too many goals) is a refusal to report, not a failure.
    if (error instanceof HttpError && error.status < 500) return refusal(name === 'set_goal' ? 'set_goal' : 'log_workout', error.message);
    throw error;
  }
}
