/**
 * The training log through the local stack: an athlete logs, edits and deletes workouts, the journal lists
 * them in four orders with search and an activity filter, and the figures (this week, 12 weeks, streak,
 * totals, pace, effort) move with each write. Each test signs up its own athletes.
 */
import { describe, expect, it } from 'vitest';
import { addDays, todayInNewYork } from '#shared/dates';
import { TrainingLogSchema, TrainingLogsPageSchema, type NewTrainingLogBody, type TrainingLog } from '#shared/schemas/training-log';
import { TrainingStatsSchema, type TrainingStats } from '#shared/schemas/training-stats';
import { mondayOf } from '#shared/training/weeks';
import { TrainingLoadSchema } from '#shared/schemas/training-load';
import { workoutLoadTenths } from '#shared/training/training-load';
import { api, newUser } from '../support/local-api.ts';
import { parseCsv } from '../support/csv.ts';

const today = todayInNewYork();

async function athlete(prefix: string): Promise<string> {
  const { token } = await newUser(prefix);
  await api('GET', '/api/me', { token });
  return token;
}

async function log(token: string, body: NewTrainingLogBody): Promise<TrainingLog> {
  const response = await api('POST', '/api/me/training-logs', { token, body });
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  return TrainingLogSchema.parse(response.body);
}

async function stats(token: string): Promise<TrainingStats> {
  const response = await api('GET', '/api/me/training-stats', { token });
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return TrainingStatsSchema.parse(response.body);
}

async function journal(token: string, query: Record<string, string> = {}) {
  const response = await api('GET', '/api/me/training-logs', { token, query });
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return TrainingLogsPageSchema.parse(response.body);
}

describe('the training log', () => {
  it('logs workouts and the figures follow: this week, streak, totals, pace and effort', async () => {
    const token = await athlete('log-figures');
    const empty = await stats(token);
    expect(empty).toMatchObject({ today, streakDays: 0, totalWorkouts: 0, thisWeek: { workouts: 0, distanceKm: 0 } });
    expect(empty.weeks).toHaveLength(12);
    expect(empty.averagePaceMinPerKm).toBeUndefined();

    const first = await log(token, { activityType: 'running', distanceKm: 8.05, durationMinutes: 45, effortLevel: 4, pace: '5:35/km', notes: 'Easy loop', logDate: today });
    expect(first).toMatchObject({ activityType: 'running', distanceKm: 8.05, durationMinutes: 45, effortLevel: 4, logDate: today });
    await log(token, { activityType: 'running', distanceKm: 12, durationMinutes: 66, effortLevel: 7, logDate: addDays(today, -1) });
    await log(token, { activityType: 'yoga', durationMinutes: 30, distanceKm: null, effortLevel: null, pace: '', notes: '', logDate: addDays(today, -2) });

    const figures = await stats(token);
    expect(figures.streakDays).toBe(3);
    expect(figures.totalWorkouts).toBe(3);
    expect(figures.totalDistanceKm).toBe(20.05);
    // (45 + 66) minutes over 20.05 km of runs with both figures.
    expect(figures.averagePaceMinPerKm).toBe(Math.round((111 / 20.05) * 100) / 100);
    expect(figures.effort.find((bucket) => bucket.level === 4)?.count).toBe(1);
    expect(figures.effort.find((bucket) => bucket.level === 7)?.count).toBe(1);
    const weekOf = (date: string) => figures.weeks.find((week) => week.weekStart === mondayOf(date))!;
    const thisWeekLogs = [today, addDays(today, -1), addDays(today, -2)].filter((date) => mondayOf(date) === mondayOf(today)).length;
    expect(figures.thisWeek.workouts).toBe(thisWeekLogs);
    expect(figures.weeks.reduce((sum, week) => sum + week.workouts, 0)).toBe(3);
    expect(weekOf(today).runs + (mondayOf(addDays(today, -1)) === mondayOf(today) ? 0 : weekOf(addDays(today, -1)).runs)).toBeGreaterThanOrEqual(1);
  });

  it('moves the figures when an edit moves a workout to another week, and back to zero on delete', async () => {
    const token = await athlete('log-edit');
    const created = await log(token, { activityType: 'running', distanceKm: 10, durationMinutes: 50, effortLevel: 5, logDate: today });
    const lastWeek = addDays(today, -7);
    const edited = await api('PATCH', `/api/me/training-logs/${created.id}`, { token, body: { logDate: lastWeek, distanceKm: 11.5, notes: 'Moved' } });
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);
    expect(TrainingLogSchema.parse(edited.body)).toMatchObject({ id: created.id, logDate: lastWeek, distanceKm: 11.5, notes: 'Moved', updatedAt: expect.any(String) });
    const moved = await stats(token);
    expect(moved.thisWeek.workouts).toBe(0);
    expect(moved.weeks.find((week) => week.weekStart === mondayOf(lastWeek))).toMatchObject({ workouts: 1, distanceKm: 11.5, runs: 1 });
    expect(moved.totalDistanceKm).toBe(11.5);

    // null clears a field.
    const cleared = await api('PATCH', `/api/me/training-logs/${created.id}`, { token, body: { notes: null, effortLevel: null } });
    expect(TrainingLogSchema.parse(cleared.body).notes).toBeUndefined();
    expect((await stats(token)).effort.every((bucket) => bucket.count === 0)).toBe(true);

    expect((await api('DELETE', `/api/me/training-logs/${created.id}`, { token })).status).toBe(204);
    const gone = await stats(token);
    expect(gone).toMatchObject({ totalWorkouts: 0, totalDistanceKm: 0, streakDays: 0 });
    expect(gone.weeks.every((week) => week.workouts === 0 && week.distanceKm === 0)).toBe(true);
    expect((await api('DELETE', `/api/me/training-logs/${created.id}`, { token })).status).toBe(404);
  });

  it("keeps each athlete's log their own: another athlete's workout is a 404 and stays as it was", async () => {
    const owner = await athlete('log-owner');
    const other = await athlete('log-other');
    const created = await log(owner, { activityType: 'cycling', distanceKm: 40, durationMinutes: 90, logDate: today });
    expect((await api('PATCH', `/api/me/training-logs/${created.id}`, { token: other, body: { notes: 'mine now' } })).status).toBe(404);
    expect((await api('DELETE', `/api/me/training-logs/${created.id}`, { token: other })).status).toBe(404);
    expect((await journal(other)).items).toEqual([]);
    expect((await stats(other)).totalWorkouts).toBe(0);
    expect((await journal(owner)).items).toEqual([created]);
  });

  it('lists in the four orders, filters by activity and search text, and pages with a cursor', async () => {
    const token = await athlete('log-journal');
    const days = Array.from({ length: 25 }, (_, index) => addDays(today, -index));
    for (const [index, day] of days.entries()) {
      await log(token, {
        activityType: index % 5 === 0 ? 'swimming' : 'running',
        distanceKm: 3 + index,
        durationMinutes: 100 - index,
        notes: index === 7 ? 'Hill repeats on Magnolia Street' : `Run number ${index}`,
        logDate: day,
      });
    }
    const first = await journal(token);
    expect(first.items.map((item) => item.logDate)).toEqual(days.slice(0, 20));
    expect(first.nextCursor).toBeDefined();
    const second = await journal(token, { cursor: first.nextCursor! });
    expect(second.items.map((item) => item.logDate)).toEqual(days.slice(20));
    expect(second.nextCursor).toBeUndefined();

    expect((await journal(token, { sort: 'date_asc' })).items[0]!.logDate).toBe(days.at(-1));
    expect((await journal(token, { sort: 'distance_desc' })).items.slice(0, 2).map((item) => item.distanceKm)).toEqual([27, 26]);
    expect((await journal(token, { sort: 'duration_desc' })).items.slice(0, 2).map((item) => item.durationMinutes)).toEqual([100, 99]);

    const swims = await journal(token, { activity: 'swimming' });
    expect(swims.items.map((item) => item.activityType)).toEqual(Array(5).fill('swimming'));
    const search = await journal(token, { q: 'magnolia' });
    expect(search.items.map((item) => item.notes)).toEqual(['Hill repeats on Magnolia Street']);
    expect((await journal(token, { q: 'swimming', sort: 'distance_desc' })).items.map((item) => item.distanceKm)).toEqual([23, 18, 13, 8, 3]);
    expect((await journal(token, { q: 'no such words' })).items).toEqual([]);

    const badCursor = await api('GET', '/api/me/training-logs', { token, query: { cursor: 'bm90LWEtY3Vyc29y' } });
    expect(badCursor.status).toBe(400);
  });

  it('refuses bad workouts with a message per field and writes nothing', async () => {
    const token = await athlete('log-refusals');
    const refused = await api('POST', '/api/me/training-logs', { token, body: { distanceKm: -1, durationMinutes: 1.5, effortLevel: 11, logDate: 'yesterday' } });
    expect(refused.status).toBe(400);
    const text = JSON.stringify(refused.body);
    for (const message of ['Please select an activity type', 'Distance cannot be negative', 'Duration must be a whole number of minutes', 'Effort must be 1 to 10', 'YYYY-MM-DD']) {
      expect(text).toContain(message);
    }
    const future = await api('POST', '/api/me/training-logs', { token, body: { activityType: 'running', logDate: addDays(today, 3) } });
    expect(future.status).toBe(400);
    expect(JSON.stringify(future.body)).toContain('The date cannot be in the future');
    expect((await api('POST', '/api/me/training-logs', { token, body: { activityType: 'running', logDate: today, verified: true } })).status).toBe(400);
    expect((await stats(token)).totalWorkouts).toBe(0);
    expect((await journal(token)).items).toEqual([]);
  });

  it('exports the whole log as CSV with formulas neutralized', async () => {
    const token = await athlete('log-export');
    await log(token, { activityType: 'running', distanceKm: 16.0934, durationMinutes: 95, notes: '=HYPERLINK("x")', logDate: addDays(today, -1) });
    await log(token, { activityType: 'strength', durationMinutes: 40, logDate: today });
    const response = await api('GET', '/api/me/training-logs/export', { token });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(response.headers.get('content-disposition')).toContain('racefinder-training-log.csv');
    const rows = parseCsv(String(response.body));
    expect(rows[0]).toEqual(['date', 'activity', 'distance_km', 'distance_mi', 'duration_minutes', 'effort', 'pace', 'notes', 'started_at', 'moving_seconds', 'elevation_gain_m', 'avg_heart_rate']);
    expect(rows[1]).toEqual([today, 'strength', '', '', '40', '', '', '', '', '', '', '']);
    expect(rows[2]).toEqual([addDays(today, -1), 'running', '16.093', '10', '95', '', '', `'=HYPERLINK("x")`, '', '', '', '']);
  });

  it('answers the days of load, fitness, fatigue and form, and refuses a range backwards or over 1,100 days', async () => {
    const token = await athlete('load');
    await log(token, { activityType: 'running', durationMinutes: 60, effortLevel: 6, logDate: addDays(today, -1) });
    const response = await api('GET', '/api/me/training-load', { token });
    expect(response.status).toBe(200);
    const load = TrainingLoadSchema.parse(response.body);
    expect(load.days).toHaveLength(90);
    expect(load.days.at(-1)!.date).toBe(today);
    const yesterday = load.days.at(-2)!;
    expect(yesterday.load).toBe(workoutLoadTenths({ durationMinutes: 60, effortLevel: 6 }) / 10);
    // A first hard day: fatigue (7 days) rises faster than fitness (42), so form drops below zero.
    expect(yesterday.fatigue).toBeGreaterThan(yesterday.fitness);
    expect(yesterday.form).toBeLessThan(0);
    expect(load.rampRate).toBeGreaterThan(0);
    const backwards = await api('GET', '/api/me/training-load', { token, query: { from: today, to: addDays(today, -1) } });
    expect(backwards.status).toBe(400);
    const tooLong = await api('GET', '/api/me/training-load', { token, query: { from: addDays(today, -1100), to: today } });
    expect(JSON.stringify(tooLong.body)).toContain('Ask for at most 1100 days at a time');
    expect((await api('GET', '/api/me/training-load', { token, query: { from: addDays(today, -1099), to: today } })).status).toBe(200);
  });
});
