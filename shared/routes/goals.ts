/** Training goals: the signed-in athlete's own, with progress from their log (spec 001 "Set Training Goal"). */
import * as z from 'zod';
import { GoalPatchSchema, GoalPathSchema, GoalSchema, GoalsSchema, NewGoalSchema } from '../schemas/training-goal.ts';
import { defineRoutes } from './define.ts';

export const GOALS_ROUTES = defineRoutes({
  listGoals: {
    method: 'GET',
    path: '/api/me/goals',
    access: 'user',
    data: 'read',
    handler: 'goals/list-goals',
    request: {},
    response: GoalsSchema,
    summary: "The caller's goals with their progress, active first",
  },
  createGoal: {
    method: 'POST',
    path: '/api/me/goals',
    access: 'user',
    data: 'read-write',
    handler: 'goals/create-goal',
    request: { body: NewGoalSchema },
    response: GoalSchema,
    status: 201,
    throttle: { rate: 2, burst: 10 },
    summary: 'Set a goal',
  },
  updateGoal: {
    method: 'PATCH',
    path: '/api/me/goals/{id}',
    access: 'user',
    data: 'read-write',
    handler: 'goals/update-goal',
    request: { path: GoalPathSchema, body: GoalPatchSchema },
    response: GoalSchema,
    throttle: { rate: 5, burst: 20 },
    summary: "Edit, complete or reopen one of the caller's goals; another athlete's is a 404",
  },
  deleteGoal: {
    method: 'DELETE',
    path: '/api/me/goals/{id}',
    access: 'user',
    data: 'read-write',
    handler: 'goals/delete-goal',
    request: { path: GoalPathSchema },
    response: z.undefined(),
    status: 204,
    throttle: { rate: 5, burst: 20 },
    summary: "Delete one of the caller's goals; another athlete's is a 404",
  },
});
