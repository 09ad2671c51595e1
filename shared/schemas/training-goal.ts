/**
 * Training goals (spec 001 "Set Training Goal"): what an athlete aims for, with progress the server works out
 * from the training figures, so a goal's percentage is the same on every screen.
 */
import * as z from 'zod';
import { IsoDateSchema, IsoDateTimeSchema, UlidSchema, requiredText } from './common.ts';

/**
 * What a goal measures: km a week (the hub's weekly progress), workouts a week, km in total from the week it
 * was set until its deadline, or a goal the athlete marks by hand ('Run a trail race').
 */
export const GOAL_KINDS = ['weekly_distance', 'weekly_workouts', 'total_distance', 'custom'] as const;
export const GoalKindSchema = z.enum(GOAL_KINDS, { message: 'Please choose what the goal measures' });
export type GoalKind = z.infer<typeof GoalKindSchema>;

export const FITNESS_LEVELS = ['beginner', 'intermediate', 'advanced', 'expert'] as const;
export const GOAL_STATUSES = ['active', 'completed'] as const;

/** More than this many goals at once is not a plan any more; the form says so. */
export const MAX_ACTIVE_GOALS = 20;

const target = z.number({ message: 'Target must be a number' }).positive('Target must be more than 0').max(100_000, 'Target is too large');

export const NewGoalSchema = z
  .strictObject({
    title: requiredText('Goal name', 80),
    description: requiredText('Description', 500),
    kind: GoalKindSchema,
    /** km for the distance kinds, workouts for weekly_workouts; none for custom. */
    target: target.optional(),
    deadline: IsoDateSchema.optional(),
    fitnessLevel: z.enum(FITNESS_LEVELS, { message: 'Please choose a fitness level' }).default('intermediate'),
  })
  .refine((goal) => goal.kind === 'custom' || goal.target !== undefined, { message: 'Please set a target for this goal', path: ['target'] });
export type NewGoal = z.output<typeof NewGoalSchema>;
export type NewGoalBody = z.input<typeof NewGoalSchema>;

export const GoalPatchSchema = z
  .strictObject({
    title: requiredText('Goal name', 80).optional(),
    description: requiredText('Description', 500).optional(),
    target: target.optional(),
    deadline: IsoDateSchema.nullable().optional(),
    fitnessLevel: z.enum(FITNESS_LEVELS).optional(),
    status: z.enum(GOAL_STATUSES).optional(),
    /** A custom goal's progress, set by hand. */
    progressPercent: z.number().int('Progress must be a whole percentage').min(0).max(100, 'Progress must be 0 to 100').optional(),
  })
  .refine((body) => Object.keys(body).length > 0, { message: 'Send at least one field to change' });
export type GoalPatch = z.output<typeof GoalPatchSchema>;

export const GoalSchema = z.object({
  id: UlidSchema,
  title: z.string(),
  description: z.string(),
  kind: GoalKindSchema,
  target: z.number().optional(),
  deadline: IsoDateSchema.optional(),
  fitnessLevel: z.enum(FITNESS_LEVELS),
  status: z.enum(GOAL_STATUSES),
  /** The Monday of the week it was set: total_distance counts from there. */
  startWeek: IsoDateSchema,
  createdAt: IsoDateTimeSchema,
  completedAt: IsoDateTimeSchema.optional(),
  /** Where the athlete stands: km or workouts so far (this week for weekly kinds); absent for custom goals. */
  current: z.number().optional(),
  progressPercent: z.number().int(),
});
export type Goal = z.infer<typeof GoalSchema>;

export const GoalPathSchema = z.strictObject({ id: UlidSchema });
export const GoalsSchema = z.object({ items: z.array(GoalSchema) });
