/**
 * Workouts out (issue 25) through the local stack: a plan's workout downloads as a FIT workout file and a week as a
 * ZIP of them, byte for byte what the handler wrote, as downloads with their names; rest days, days and weeks
 * outside the plan and other athletes' plans are 404s, malformed names 400s.
 */
import { Decoder, Stream } from '@garmin/fitsdk';
import { unzipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { addDays } from '#shared/dates';
import { TrainingPlanSchema, type TrainingPlan } from '#shared/schemas/training-plans';
import { workoutFile, workoutFileName } from '../../lambdas/training-plans/workout-files.ts';
import { api, localStack, newPerson } from '../support/local-api.ts';

/** GET as the browser does, keeping the answer's bytes (the api helper reads text). */
async function download(path: string, token: string) {
  const response = await fetch(new URL(path, localStack().url), { headers: { authorization: `Bearer ${token}` } });
  return { status: response.status, headers: response.headers, bytes: new Uint8Array(await response.arrayBuffer()) };
}

const errorOf = (bytes: Uint8Array) => (JSON.parse(new TextDecoder().decode(bytes)) as { error: { message: string } }).error.message;
/** What a failed expectation prints: the error's message, or that the answer was a file. */
const said = (bytes: Uint8Array) => (bytes[0] === 0x7b ? new TextDecoder().decode(bytes) : `${bytes.length} bytes of a file`);

function decodeWorkout(bytes: Uint8Array) {
  const decoder = new Decoder(Stream.fromByteArray(bytes));
  expect(decoder.checkIntegrity()).toBe(true);
  const { messages, errors } = decoder.read();
  expect(errors).toEqual([]);
  expect(messages.fileIdMesgs?.[0]?.type).toBe('workout');
  return messages;
}

describe('plan workouts as files for a watch', () => {
  it("answers a day's workout as a FIT file and a week as a ZIP of them, to their athlete only", async () => {
    const athlete = await newPerson('workout-files');
    expect((await api('PATCH', '/api/me', { token: athlete.token, body: { units: 'mi' } })).status).toBe(200);
    const created = await api('POST', '/api/me/training-plans', { token: athlete.token, body: { raceDistance: '10k', weeks: 8, level: 'intermediate', daysPerWeek: 4 } });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const plan: TrainingPlan = TrainingPlanSchema.parse(created.body);
    const base = `/api/me/training-plans/${plan.id}`;
    const week = plan.plan.weeks[1]!;
    const tempo = week.workouts.find((workout) => workout.type === 'tempo' || workout.type === 'interval') ?? week.workouts[0]!;

    const fit = await download(`${base}/workouts/${tempo.date}.fit`, athlete.token);
    expect(fit.status, said(fit.bytes)).toBe(200);
    expect(fit.headers.get('content-type')).toBe('application/vnd.ant.fit');
    expect(fit.headers.get('content-disposition')).toBe(`attachment; filename="${workoutFileName(tempo)}"`);
    expect(fit.headers.get('cache-control')).toBe('private, no-store');
    expect(Number(fit.headers.get('content-length'))).toBe(fit.bytes.length);
    const messages = decodeWorkout(fit.bytes);
    expect(messages.workoutMesgs?.[0]?.wktName).toMatch(/ mi$/);
    expect(messages.workoutStepMesgs?.some((step) => step.targetType === 'speed')).toBe(true);
    // The bytes are the handler's own: the same file made here at the time it carries matches to the byte.
    const made = workoutFile(plan.id, plan.plan, tempo.date, 'mi', messages.fileIdMesgs![0]!.timeCreated as Date);
    expect(Buffer.from(fit.bytes).equals(Buffer.from(made.bytes))).toBe(true);

    const zip = await download(`${base}/weeks/${week.startDate}.zip`, athlete.token);
    expect(zip.status, said(zip.bytes)).toBe(200);
    expect(zip.headers.get('content-type')).toBe('application/zip');
    expect(zip.headers.get('content-disposition')).toBe(`attachment; filename="${week.startDate}-week-2.zip"`);
    const files = unzipSync(zip.bytes);
    expect(Object.keys(files).sort()).toEqual(week.workouts.map(workoutFileName).sort());
    for (const bytes of Object.values(files)) expect(decodeWorkout(bytes).workoutStepMesgs?.length).toBeGreaterThan(0);

    const restDay = [0, 1, 2, 3, 4, 5, 6].map((day) => addDays(week.startDate, day)).find((date) => !week.workouts.some((workout) => workout.date === date))!;
    const rest = await download(`${base}/workouts/${restDay}.fit`, athlete.token);
    expect(rest.status).toBe(404);
    expect(errorOf(rest.bytes)).toBe(`${restDay} is a rest day in this plan: there is no workout to download.`);
    const before = await download(`${base}/workouts/${addDays(plan.startDate, -1)}.fit`, athlete.token);
    expect(before.status).toBe(404);
    expect(errorOf(before.bytes)).toContain('is not in this plan, which runs from');
    // The Monday after the race's week.
    const lateWeek = await download(`${base}/weeks/${addDays(plan.plan.weeks.at(-1)!.startDate, 7)}.zip`, athlete.token);
    expect(lateWeek.status).toBe(404);
    expect(errorOf(lateWeek.bytes)).toContain('This plan has no week starting');

    for (const path of [`${base}/workouts/2026-13-01.fit`, `${base}/workouts/${tempo.date}.gpx`, `${base}/weeks/${addDays(week.startDate, 1)}.zip`]) {
      const bad = await download(path, athlete.token);
      expect(bad.status, path).toBe(400);
    }
    expect(errorOf((await download(`${base}/workouts/${tempo.date}.gpx`, athlete.token)).bytes)).toBe('Some fields are not valid');

    const other = await newPerson('workout-files-other');
    for (const path of [`${base}/workouts/${tempo.date}.fit`, `${base}/weeks/${week.startDate}.zip`]) {
      const theirs = await download(path, other.token);
      expect(theirs.status, path).toBe(404);
      expect(errorOf(theirs.bytes)).toBe('Training plan not found');
    }
  });
});
