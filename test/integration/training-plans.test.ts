/**
 * Training plans through the local stack: generated on the server from the athlete's log or answers, refused
 * with the reason and the earliest date when the rules cannot be kept, started, followed (completing a
 * workout logs it), adjusted from the real log only when the athlete accepts, and private to their athlete.
 */
import { describe, expect, it } from 'vitest';
import { addDays, todayInNewYork } from '#shared/dates';
import { TrainingLogSchema } from '#shared/schemas/training-log';
import type { NewTrainingPlanInput } from '#shared/schemas/training-plan';
import { ActiveTrainingPlanSchema, PlanAdjustmentSchema, TrainingPlanSchema, TrainingPlansSchema } from '#shared/schemas/training-plans';
import { TrainingStatsSchema } from '#shared/schemas/training-stats';
import { planViolations } from '#shared/training/plan-check';
import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { planWorkoutDescription } from '#shared/training/workout-description';
import { milesToKm } from '#shared/units';
import { db, tableName } from '#lib/dynamo';
import { createTrainingPlan, planWeeksKey, startTrainingPlan } from '#data/training-plan';
import { createTrainingLog } from '#data/training-log';
import { api, newUser } from '../support/local-api.ts';
import { freeDaysApart } from '../support/free-training-days.ts';

const today = todayInNewYork();

async function athlete(prefix: string): Promise<{ token: string; sub: string }> {
  const { token } = await newUser(prefix);
  const me = await api('GET', '/api/me', { token });
  return { token, sub: (me.body as { id: string }).id };
}

const HALF: NewTrainingPlanInput = { raceDistance: 'half', weeks: 12, level: 'intermediate', daysPerWeek: 4 };

async function plans(token: string) {
  return TrainingPlansSchema.parse((await api('GET', '/api/me/training-plans', { token })).body).items;
}

describe('training plans', () => {
  it('generates a plan that keeps every rule, saves it, lists it and keeps it to its athlete', async () => {
    const { token } = await athlete('plan-create');
    const response = await api('POST', '/api/me/training-plans', { token, body: { ...HALF, longRunDay: 'saturday' } });
    expect(response.status, JSON.stringify(response.body)).toBe(201);
    const created = TrainingPlanSchema.parse(response.body);
    expect(planViolations(created.plan)).toEqual([]);
    expect(created).toMatchObject({ name: 'Half marathon plan · 12 weeks', raceDistance: 'half', weeks: 12, active: false, completedWorkouts: 0, missedWorkouts: 0 });
    expect(created.plan.assumptions.source).toBe('level default');
    const race = created.plan.weeks.at(-1)!.workouts.at(-1)!;
    expect(race).toMatchObject({ type: 'race', date: created.raceDate, distanceKm: 21.1 });
    expect(created.totalWorkouts).toBe(created.plan.weeks.reduce((sum, week) => sum + week.workouts.length, 0));
    expect((await plans(token)).map((plan) => plan.id)).toEqual([created.id]);
    expect(TrainingPlanSchema.parse((await api('GET', `/api/me/training-plans/${created.id}`, { token })).body).plan).toEqual(created.plan);

    const other = await athlete('plan-other');
    expect((await api('GET', `/api/me/training-plans/${created.id}`, { token: other.token })).status).toBe(404);
    expect((await api('POST', `/api/me/training-plans/${created.id}/start`, { token: other.token })).status).toBe(404);
    expect((await api('POST', `/api/me/training-plans/${created.id}/adjustments`, { token: other.token, body: {} })).status).toBe(404);
    expect((await api('POST', `/api/me/training-plans/${created.id}/workouts/${created.plan.weeks[0]!.workouts[0]!.date}/complete`, { token: other.token })).status).toBe(404);
    expect((await api('DELETE', `/api/me/training-plans/${created.id}`, { token: other.token })).status).toBe(404);
    expect(await plans(other.token)).toEqual([]);

    expect((await api('DELETE', `/api/me/training-plans/${created.id}`, { token })).status).toBe(204);
    expect(await plans(token)).toEqual([]);
  });

  it('refuses a plan the rules cannot fit, with the reason and the earliest race date, and saves nothing', async () => {
    const { token } = await athlete('plan-refused');
    const response = await api('POST', '/api/me/training-plans', { token, body: { raceDistance: 'marathon', weeks: 8, level: 'beginner', daysPerWeek: 3 } });
    expect(response.status, JSON.stringify(response.body)).toBe(422);
    const { error } = response.body as { error: { code: string; message: string; details?: { earliestDate?: string } } };
    expect(error.code).toBe('plan_refused');
    expect(error.message).toMatch(/marathon/i);
    const earliest = error.details?.earliestDate;
    expect(earliest).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(await plans(token)).toEqual([]);
    // The date it names works.
    const retry = await api('POST', '/api/me/training-plans', { token, body: { raceDistance: 'marathon', targetDate: earliest, level: 'beginner', daysPerWeek: 3 } });
    expect(retry.status, JSON.stringify(retry.body)).toBe(201);
    expect(planViolations(TrainingPlanSchema.parse(retry.body).plan)).toEqual([]);

    const bad = await api('POST', '/api/me/training-plans', { token, body: { raceDistance: 'ultra', level: 'pro', daysPerWeek: 9 } });
    expect(bad.status).toBe(400);
    for (const message of ['Race distance must be one of', 'Days a week must be 3 to 6']) expect(JSON.stringify(bad.body)).toContain(message);
    const neither = await api('POST', '/api/me/training-plans', { token, body: { raceDistance: '10k', level: 'beginner', daysPerWeek: 3 } });
    expect(neither.status).toBe(400);
    expect(JSON.stringify(neither.body)).toContain('Choose a race date or a plan length');
  });

  it('grows from the log when it covers the last four weeks', async () => {
    const { token, sub } = await athlete('plan-from-log');
    for (let day = 27; day >= 0; day -= 2) await createTrainingLog(sub, { activityType: 'running', distanceKm: day === 7 ? 14 : 6, durationMinutes: day === 7 ? 84 : 33, logDate: addDays(today, -day) });
    const response = await api('POST', '/api/me/training-plans', { token, body: HALF });
    expect(response.status, JSON.stringify(response.body)).toBe(201);
    const { assumptions } = TrainingPlanSchema.parse(response.body).plan;
    // 14 runs in the last 28 days: 13 of 6 km and one of 14 km, so 92 km / 4 weeks.
    expect(assumptions).toMatchObject({ source: 'log', currentWeeklySource: 'log', longestRunSource: 'log', currentWeeklyKm: 23, longestRunKm: 14, paces: { source: 'log' } });
    // The best effort, 6 km in 33 min (VDOT about 36), puts easy running near 6:40/km: slower than the log's runs, which are efforts.
    expect(assumptions.easyPaceMinPerKm).toBeGreaterThan(6.2);
    expect(assumptions.easyPaceMinPerKm).toBeLessThan(7);
  });

  it("speaks a miles athlete's unit: a refusal names the log's figures in miles, and a race result must be plausible", async () => {
    const { token, sub } = await athlete('plan-miles');
    expect((await api('PATCH', '/api/me', { token, body: { units: 'mi' } })).status).toBe(200);
    // Two weeks of 2 mi runs: too little for a 12-week half.
    for (const day of [13, 11, 8, 6, 4, 1]) await createTrainingLog(sub, { activityType: 'running', distanceKm: milesToKm(2), durationMinutes: 19, logDate: addDays(today, -day) });
    const refused = await api('POST', '/api/me/training-plans', { token, body: { raceDistance: 'half', weeks: 12, level: 'beginner', daysPerWeek: 4 } });
    expect(refused.status, JSON.stringify(refused.body)).toBe(422);
    const { message } = (refused.body as { error: { message: string } }).error;
    expect(message).toMatch(/\d mi( a week)? \(from your log\)/);
    expect(message).not.toMatch(/\bkm\b/);

    const implausible = await api('POST', '/api/me/training-plans', { token, body: { raceDistance: 'half', weeks: 12, level: 'beginner', daysPerWeek: 4, recentRace: { distanceKm: 5, timeSeconds: 300 } } });
    expect(implausible.status).toBe(400);
    expect(JSON.stringify(implausible.body)).toContain('Race result time must be a pace between 2:30 and 15:00 per km');
  });

  it('reads a plan stored before paces were kept, and says its workouts in the reader\'s unit', async () => {
    const { token, sub } = await athlete('plan-old-shape');
    expect((await api('PATCH', '/api/me', { token, body: { units: 'mi' } })).status).toBe(200);
    const made = await createTrainingPlan(sub, { ...HALF, currentWeeklyKm: 30, longestRunKm: 12 }, 'mi', new Date(Date.now() - 21 * 86_400_000));
    // The shape stored before issue 21: assumptions without paces, sources or prediction.
    await db.send(
      new UpdateCommand({
        TableName: tableName,
        Key: planWeeksKey(sub, made.id),
        UpdateExpression: 'REMOVE #plan.assumptions.paces, #plan.assumptions.predictedRaceMinutes, #plan.assumptions.currentWeeklySource, #plan.assumptions.longestRunSource',
        ExpressionAttributeNames: { '#plan': 'plan' },
      }),
    );
    const stored = (await db.send(new GetCommand({ TableName: tableName, Key: planWeeksKey(sub, made.id) }))).Item!;
    expect(stored.plan.assumptions.paces).toBeUndefined();
    const read = TrainingPlanSchema.parse((await api('GET', `/api/me/training-plans/${made.id}`, { token })).body);
    const workout = read.plan.weeks.flatMap((week) => week.workouts).find((entry) => entry.date < today)!;
    expect(planWorkoutDescription(read.plan, workout, 'mi')).toMatch(/ mi\b/);
    expect(planWorkoutDescription(read.plan, workout, 'mi')).not.toMatch(/\bkm\b/);
    // Completing it writes the workout's words in miles into the log.
    const completed = await api('POST', `/api/me/training-plans/${made.id}/workouts/${workout.date}/complete`, { token });
    expect(completed.status, JSON.stringify(completed.body)).toBe(200);
    expect(TrainingLogSchema.parse((completed.body as { log: unknown }).log).notes).toBe(planWorkoutDescription(read.plan, workout, 'mi'));
  });

  it('counts no workout missed before the athlete started the plan, nor on a plan not being followed', async () => {
    const { token, sub } = await athlete('plan-late-start');
    // Made three weeks ago, started only today: the workouts of those weeks were never asked of the athlete.
    const made = await createTrainingPlan(sub, { raceDistance: '10k', weeks: 12, level: 'intermediate', daysPerWeek: 4 }, 'km', new Date(Date.now() - 21 * 86_400_000));
    expect(made.plan.weeks.flatMap((week) => week.workouts).some((workout) => workout.date < today && workout.date >= addDays(today, -14))).toBe(true);
    expect((await plans(token)).find((plan) => plan.id === made.id)).toMatchObject({ active: false, missedWorkouts: 0 });
    const started = TrainingPlanSchema.parse((await api('POST', `/api/me/training-plans/${made.id}/start`, { token })).body);
    expect(started).toMatchObject({ active: true, missedWorkouts: 0 });
    expect(ActiveTrainingPlanSchema.parse((await api('GET', '/api/me/training-plans/active', { token })).body).plan).toMatchObject({ id: made.id, missedWorkouts: 0 });
  });

  it('starts a plan, completes a workout into the log, notices missed ones and adjusts only on accept', async () => {
    const { token, sub } = await athlete('plan-follow');
    // A plan made and started three weeks ago, so some of the workouts it had the athlete follow are behind us.
    const made = await createTrainingPlan(sub, { raceDistance: '10k', weeks: 12, level: 'intermediate', daysPerWeek: 4 }, 'km', new Date(Date.now() - 21 * 86_400_000));
    expect((await startTrainingPlan(sub, made.id, addDays(today, -21))).active).toBe(true);
    const active = ActiveTrainingPlanSchema.parse((await api('GET', '/api/me/training-plans/active', { token })).body).plan!;
    expect(active.id).toBe(made.id);

    const past = made.plan.weeks.flatMap((week) => week.workouts).filter((workout) => workout.date < today && workout.date >= addDays(today, -14));
    expect(past.length).toBeGreaterThan(1);
    const [done, ...missed] = past;
    const completed = await api('POST', `/api/me/training-plans/${made.id}/workouts/${done!.date}/complete`, { token });
    expect(completed.status, JSON.stringify(completed.body)).toBe(200);
    const log = TrainingLogSchema.parse((completed.body as { log: unknown }).log);
    // The athlete's unit is km here, so the notes are the stored words.
    expect(log).toMatchObject({ logDate: done!.date, activityType: 'running', distanceKm: done!.distanceKm, durationMinutes: done!.durationMinutes, notes: done!.description });
    expect(log.effortLevel).toBe({ easy: 3, moderate: 6, hard: 8 }[done!.intensity]);
    expect((await api('POST', `/api/me/training-plans/${made.id}/workouts/${done!.date}/complete`, { token })).status).toBe(409);
    const stats = TrainingStatsSchema.parse((await api('GET', '/api/me/training-stats', { token })).body);
    expect(stats.totalWorkouts).toBe(1);

    const followed = TrainingPlanSchema.parse((await api('GET', `/api/me/training-plans/${made.id}`, { token })).body);
    expect(followed.completions).toEqual({ [done!.date]: log.id });
    expect(followed).toMatchObject({ completedWorkouts: 1, missedWorkouts: missed.length });

    // What the athlete ran besides the plan: an adjustment is rebuilt from the log's last 4 weeks.
    const planned = new Set(made.plan.weeks.flatMap((week) => week.workouts.map((workout) => workout.date)));
    // Six 9 km runs on days the plan left free, whatever weekday today is.
    const offDays = freeDaysApart(planned, addDays(today, -20), today).slice(0, 6);
    expect(offDays).toHaveLength(6);
    for (const date of offDays) await createTrainingLog(sub, { activityType: 'running', distanceKm: 9, durationMinutes: 54, logDate: date });

    // An adjustment is only a proposal: the plan does not change until it is accepted.
    const proposed = await api('POST', `/api/me/training-plans/${made.id}/adjustments`, { token, body: { reason: 'I missed workouts', changes: { daysPerWeek: 3 } } });
    expect(proposed.status, JSON.stringify(proposed.body)).toBe(201);
    const adjustment = PlanAdjustmentSchema.parse(proposed.body);
    expect(planViolations(adjustment.plan)).toEqual([]);
    expect(adjustment.plan).toMatchObject({ daysPerWeek: 3, raceDate: made.raceDate });
    expect(adjustment.plan.startDate > today || adjustment.plan.startDate === today).toBe(true);
    expect(adjustment.weeks.length).toBeGreaterThan(0);
    expect(adjustment.weeks.every((week) => week.startDate >= adjustment.plan.startDate)).toBe(true);
    expect(TrainingPlanSchema.parse((await api('GET', `/api/me/training-plans/${made.id}`, { token })).body).plan).toEqual(made.plan);
    expect(PlanAdjustmentSchema.parse((await api('GET', `/api/me/training-plans/${made.id}/adjustments/${adjustment.id}`, { token })).body)).toEqual(adjustment);

    const accepted = await api('POST', `/api/me/training-plans/${made.id}/adjustments/${adjustment.id}/accept`, { token });
    expect(accepted.status, JSON.stringify(accepted.body)).toBe(200);
    const adjusted = TrainingPlanSchema.parse(accepted.body);
    expect(adjusted.plan).toEqual(adjustment.plan);
    expect(adjusted.completions).toEqual({ [done!.date]: log.id });
    expect((await api('POST', `/api/me/training-plans/${made.id}/adjustments/${adjustment.id}/accept`, { token })).status).toBe(404);

    // A change the rules cannot keep is refused, not bent.
    const tooSoon = await api('POST', `/api/me/training-plans/${made.id}/adjustments`, { token, body: { changes: { raceDate: addDays(today, 3) } } });
    expect(tooSoon.status).toBe(422);
    const declinable = PlanAdjustmentSchema.parse((await api('POST', `/api/me/training-plans/${made.id}/adjustments`, { token, body: {} })).body);
    expect((await api('DELETE', `/api/me/training-plans/${made.id}/adjustments/${declinable.id}`, { token })).status).toBe(204);
    expect(TrainingPlanSchema.parse((await api('GET', `/api/me/training-plans/${made.id}`, { token })).body).plan).toEqual(adjustment.plan);

    expect((await api('DELETE', `/api/me/training-plans/${made.id}`, { token })).status).toBe(204);
    expect(ActiveTrainingPlanSchema.parse((await api('GET', '/api/me/training-plans/active', { token })).body).plan).toBeNull();
  });
});
