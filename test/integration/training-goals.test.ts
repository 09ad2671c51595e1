/**
 * Training goals through the local stack: set, progress from the log (this week's km and workouts, km since
 * the goal's week), edit, complete, reopen and delete; another athlete's goal is a 404.
 */
import { describe, expect, it } from 'vitest';
import { todayInNewYork } from '#shared/dates';
import { GoalSchema, GoalsSchema, type Goal, type NewGoalBody } from '#shared/schemas/training-goal';
import { api, newUser } from '../support/local-api.ts';

const today = todayInNewYork();

async function athlete(prefix: string): Promise<string> {
  const { token } = await newUser(prefix);
  await api('GET', '/api/me', { token });
  return token;
}

async function goal(token: string, body: NewGoalBody): Promise<Goal> {
  const response = await api('POST', '/api/me/goals', { token, body });
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  return GoalSchema.parse(response.body);
}

const goals = async (token: string) => GoalsSchema.parse((await api('GET', '/api/me/goals', { token })).body).items;

describe('training goals', () => {
  it('works out progress from the log and follows each new workout', async () => {
    const token = await athlete('goals-progress');
    const weekly = await goal(token, { title: 'Twenty a week', description: 'Build my base before spring', kind: 'weekly_distance', target: 20 });
    expect(weekly).toMatchObject({ status: 'active', current: 0, progressPercent: 0, fitnessLevel: 'intermediate' });
    const workouts = await goal(token, { title: 'Four runs a week', description: 'Consistency', kind: 'weekly_workouts', target: 4, fitnessLevel: 'beginner' });
    const total = await goal(token, { title: '100 km by summer', description: 'Long haul', kind: 'total_distance', target: 100, deadline: '2099-06-01' });
    const custom = await goal(token, { title: 'Finish a trail race', description: 'Any distance', kind: 'custom' });
    expect(custom.target).toBeUndefined();

    for (const distanceKm of [5, 10]) {
      expect((await api('POST', '/api/me/training-logs', { token, body: { activityType: 'running', distanceKm, durationMinutes: distanceKm * 6, logDate: today } })).status).toBe(201);
    }
    const byId = new Map((await goals(token)).map((item) => [item.id, item]));
    expect(byId.get(weekly.id)).toMatchObject({ current: 15, progressPercent: 75 });
    expect(byId.get(workouts.id)).toMatchObject({ current: 2, progressPercent: 50 });
    expect(byId.get(total.id)).toMatchObject({ current: 15, progressPercent: 15 });
    expect(byId.get(custom.id)).toMatchObject({ progressPercent: 0 });

    const marked = await api('PATCH', `/api/me/goals/${custom.id}`, { token, body: { progressPercent: 40 } });
    expect(GoalSchema.parse(marked.body).progressPercent).toBe(40);
    const done = await api('PATCH', `/api/me/goals/${weekly.id}`, { token, body: { status: 'completed' } });
    expect(GoalSchema.parse(done.body)).toMatchObject({ status: 'completed', progressPercent: 100, completedAt: expect.any(String) });
    // Active goals first.
    expect((await goals(token)).at(-1)!.id).toBe(weekly.id);
    const reopened = await api('PATCH', `/api/me/goals/${weekly.id}`, { token, body: { status: 'active', target: 30 } });
    expect(GoalSchema.parse(reopened.body)).toMatchObject({ status: 'active', target: 30, current: 15, progressPercent: 50 });
    expect(GoalSchema.parse(reopened.body).completedAt).toBeUndefined();
  });

  it("keeps goals to their athlete and refuses bad ones with a message per field", async () => {
    const owner = await athlete('goals-owner');
    const other = await athlete('goals-other');
    const mine = await goal(owner, { title: 'Half marathon', description: 'Sub two hours', kind: 'custom' });
    expect((await api('PATCH', `/api/me/goals/${mine.id}`, { token: other, body: { title: 'Hijacked' } })).status).toBe(404);
    expect((await api('DELETE', `/api/me/goals/${mine.id}`, { token: other })).status).toBe(404);
    expect(await goals(other)).toEqual([]);

    const refused = await api('POST', '/api/me/goals', { token: owner, body: { title: ' ', kind: 'weekly_distance', target: -3 } });
    expect(refused.status).toBe(400);
    for (const message of ['Goal name is required', 'Description is required', 'Target must be more than 0']) expect(JSON.stringify(refused.body)).toContain(message);
    const noTarget = await api('POST', '/api/me/goals', { token: owner, body: { title: 'Weekly', description: 'km', kind: 'weekly_distance' } });
    expect(JSON.stringify(noTarget.body)).toContain('Please set a target for this goal');
    expect((await goals(owner)).map((item) => item.id)).toEqual([mine.id]);

    expect((await api('DELETE', `/api/me/goals/${mine.id}`, { token: owner })).status).toBe(204);
    expect(await goals(owner)).toEqual([]);
  });
});
