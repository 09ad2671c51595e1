/**
 * "Export my data" against the real local stack: POST /api/me/exports stores the job in the person's own
 * partition and the export worker (run by the Lambda invoke stand-in, as Lambda runs it asynchronously) writes a
 * ZIP into the S3 stand-in; GET /api/me/exports/{id} hands out a short-lived link to it. The ZIP is opened here:
 * the JSON holds the athlete's data (and not their calendar feed's secret), the CSVs parse to their log and saved
 * races, the .ics to their plan. Nobody else can see the job, and the admins' export list never shows it.
 */
import { randomUUID } from 'node:crypto';
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { strFromU8, unzipSync } from 'fflate';
import ICAL from 'ical.js';
import { beforeAll, describe, expect, it } from 'vitest';
import { addDays, todayInNewYork } from '#shared/dates';
import { CalendarFeedSchema } from '#shared/schemas/calendar-feed';
import { ExportJobsPageSchema } from '#shared/schemas/export-job';
import {
  EXPORT_DOWNLOAD_URL_SECONDS,
  PERSONAL_EXPORT_FILES,
  PersonalExportSchema,
  PersonalExportWithDownloadSchema,
  type PersonalExport,
  type PersonalExportWithDownload,
} from '#shared/schemas/personal-export';
import { TrainingLogSchema } from '#shared/schemas/training-log';
import { TrainingPlanSchema } from '#shared/schemas/training-plans';
import { TTL_ATTRIBUTE } from '#shared/table';
import { db, tableName } from '#lib/dynamo';
import { createEvent } from '#data/event';
import type { PersonalData } from '#data/personal-data';
import { personalExportKey, personalExportObjectKeys, startPersonalExport } from '#data/personal-export';
import { saveStravaConnection } from '#data/strava-connection';
import { csvRecords } from '../support/csv.ts';
import { account, api, idTokenFor, newUser } from '../support/local-api.ts';
import { testRaceEvent } from '../support/race-event.ts';
import { UNKNOWN_ID } from '../support/route-paths.ts';

const today = todayInNewYork();

async function athlete(prefix: string): Promise<{ token: string; sub: string }> {
  const { token } = await newUser(prefix);
  const me = await api('GET', '/api/me', { token });
  return { token, sub: (me.body as { id: string }).id };
}

async function ok(response: Promise<{ status: number; body: unknown }>, status = 200): Promise<unknown> {
  const answer = await response;
  expect(answer.status, JSON.stringify(answer.body)).toBe(status);
  return answer.body;
}

/** Follows a job as the settings page does, until the worker ends it. */
async function finished(token: string, id: string): Promise<PersonalExportWithDownload> {
  const deadline = Date.now() + 20_000;
  for (;;) {
    const response = await api('GET', `/api/me/exports/${id}`, { token });
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    expect(response.headers.get('cache-control')).toBe('private, no-store');
    const job = PersonalExportWithDownloadSchema.parse(response.body);
    if (job.status !== 'processing') return job;
    if (Date.now() > deadline) throw new Error(`Export ${id} still processing after 20 s`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** Starts an export, follows it to its end and opens the ZIP it links to. */
async function exportOf(token: string): Promise<{ job: PersonalExport; done: PersonalExportWithDownload; files: Record<string, string> }> {
  const job = PersonalExportSchema.parse(await ok(api('POST', '/api/me/exports', { token }), 202));
  const done = await finished(token, job.id);
  const response = await fetch(done.downloadUrl!);
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toBe('application/zip');
  expect(response.headers.get('content-disposition')).toBe(`attachment; filename="${done.fileName}"`);
  const bytes = new Uint8Array(await response.arrayBuffer());
  expect(bytes.byteLength).toBe(done.size);
  const files = Object.fromEntries(Object.entries(unzipSync(bytes)).map(([name, content]) => [name, strFromU8(content)]));
  return { job, done, files };
}

describe('export my data', () => {
  let owner: { token: string; sub: string };
  let job: PersonalExport;
  let done: PersonalExportWithDownload;
  let files: Record<string, string>;
  let feedPath: string;
  let planId: string;
  let raceTitle: string;
  /** What the Strava link stores in place of its tokens: it must appear in no file of the export. */
  const stravaTokens = `t1.${randomUUID()}.${randomUUID()}.tag`;
  const stravaAthleteId = String(Date.now());

  beforeAll(async () => {
    owner = await athlete('my-export');
    const { token } = owner;
    await ok(api('PATCH', '/api/me', { token, body: { units: 'mi' } }));
    // The plan first: made from level defaults, before the log below gives the generator a history.
    const plan = TrainingPlanSchema.parse(
      await ok(api('POST', '/api/me/training-plans', { token, body: { raceDistance: 'half', weeks: 12, level: 'intermediate', daysPerWeek: 4 } }), 201),
    );
    planId = plan.id;
    await ok(api('POST', `/api/me/training-plans/${plan.id}/start`, { token }));
    // Two logs, one with notes a spreadsheet would run as a formula.
    for (const body of [
      { activityType: 'running', distanceKm: 10, durationMinutes: 55, effortLevel: 6, notes: 'Easy, "conversational" pace', logDate: addDays(today, -2) },
      { activityType: 'running', distanceKm: 16.0934, durationMinutes: 95, notes: '=HYPERLINK("http://evil.example")', logDate: addDays(today, -1) },
    ]) {
      TrainingLogSchema.parse(await ok(api('POST', '/api/me/training-logs', { token, body }), 201));
    }
    raceTitle = `Export race ${randomUUID().slice(0, 8)}`;
    const race = await createEvent(testRaceEvent({ title: raceTitle, eventDate: '2099-05-03', city: 'Boulder', state: 'CO', distances: ['10K', '13.1 mi'] }));
    await ok(api('PUT', `/api/me/saved-events/${race.id}`, { token }));
    await ok(api('POST', `/api/me/checklists/${race.id}/items`, { token, body: { section: 'gear', text: 'Lucky socks' } }), 201);
    feedPath = CalendarFeedSchema.parse(await ok(api('POST', '/api/me/calendar-feeds/training-plan', { token }), 201)).path!;
    await saveStravaConnection(owner.sub, {
      athleteId: stravaAthleteId,
      athleteName: 'Export Runner',
      scope: 'read,activity:read_all',
      tokens: stravaTokens,
      expiresAt: Math.floor(Date.now() / 1000) + 3600,
      since: new Date(Date.now() - 90 * 86_400_000).toISOString(),
    });

    ({ job, done, files } = await exportOf(token));
  });

  it('starts a job in the caller\'s own partition and ends it with a ZIP behind a five-minute link', async () => {
    expect(job).toMatchObject({ status: 'processing', fileName: `racefinder-data-${today}.zip` });
    expect(Date.parse(job.availableUntil) - Date.parse(job.createdAt)).toBe(7 * 24 * 60 * 60 * 1000);
    expect(done).toMatchObject({ id: job.id, status: 'completed' });
    expect(done.finishedAt).toBeDefined();
    const url = new URL(done.downloadUrl!);
    expect(url.pathname).toContain(`/exports/me/${job.id}/`);
    expect(url.searchParams.get('X-Amz-Expires')).toBe(String(EXPORT_DOWNLOAD_URL_SECONDS));
    expect(Date.parse(done.downloadUrlExpiresAt!) - Date.now()).toBeLessThanOrEqual(EXPORT_DOWNLOAD_URL_SECONDS * 1000);

    const { Item } = await db.send(new GetCommand({ TableName: tableName, Key: personalExportKey(owner.sub, job.id) }));
    expect(Item).toMatchObject({ objectKey: `exports/me/${job.id}/${job.fileName}`, status: 'completed' });
    expect(Item![TTL_ATTRIBUTE]).toBe(Math.floor(Date.parse(job.availableUntil) / 1000));
    expect(await personalExportObjectKeys(owner.sub)).toEqual([`exports/me/${job.id}/${job.fileName}`]);
    // Never in the admins' list of exports.
    const admin = await idTokenFor(account('Admin').email, account('Admin').password);
    const recent = ExportJobsPageSchema.parse(await ok(api('GET', '/api/admin/exports', { token: admin, query: { limit: '50' } })));
    expect(recent.items.map((item) => item.id)).not.toContain(job.id);
  });

  it('holds the JSON of everything about the athlete, without their calendar feed\'s or Strava\'s secrets', () => {
    expect(Object.keys(files).sort()).toEqual(Object.values(PERSONAL_EXPORT_FILES).sort());
    const text = files[PERSONAL_EXPORT_FILES.data]!;
    const data = JSON.parse(text) as PersonalData;
    expect(data).toMatchObject({ format: 'racefinder-personal-data', version: 1, units: 'mi' });
    expect(data.profile).toMatchObject({ id: owner.sub, units: 'mi' });
    expect(data.training.logs.map((log) => [log.logDate, log.distanceKm])).toEqual([
      // Stored to the metre.
      [addDays(today, -1), 16.093],
      [addDays(today, -2), 10],
    ]);
    expect(data.training.activePlanId).toBe(planId);
    expect(data.training.plans.map((plan) => plan.id)).toEqual([planId]);
    expect(data.training.plans[0]!.plan.weeks.length).toBeGreaterThan(0);
    expect(data.savedRaces).toHaveLength(1);
    expect(data.savedRaces[0]!.event).toMatchObject({ title: raceTitle, city: 'Boulder', state: 'CO' });
    expect(data.raceChecklists).toHaveLength(1);
    expect(data.raceChecklists[0]!.items.filter((item) => item.added).map((item) => item.text)).toEqual(['Lucky socks']);
    expect(data.calendarFeeds).toEqual([
      expect.objectContaining({ kind: 'training-plan', on: true }),
      expect.objectContaining({ kind: 'saved-races', on: false }),
    ]);
    const token = feedPath.split('/').at(-2)!;
    expect(token).toHaveLength(43);
    for (const file of Object.values(files)) expect(file).not.toContain(token);
    expect(data.stravaConnection).toEqual({ athleteId: stravaAthleteId, athleteName: 'Export Runner', scope: 'read,activity:read_all', connectedAt: expect.any(String) });
    for (const file of Object.values(files)) expect(file).not.toContain(stravaTokens.split('.')[1]);
    expect(data).toMatchObject({ reviews: [], recaps: [], claims: [], promotions: [], organizerApplications: [], suggestedRaces: [] });
  });

  it('has CSVs of the training log (km and mi) and of the saved races that parse to their rows', () => {
    const log = csvRecords(files[PERSONAL_EXPORT_FILES.trainingLog]!);
    expect(log.header).toEqual(['date', 'activity', 'distance_km', 'distance_mi', 'duration_minutes', 'effort', 'pace', 'notes', 'started_at', 'moving_seconds', 'elevation_gain_m', 'avg_heart_rate']);
    expect(log.records).toEqual([
      { date: addDays(today, -1), activity: 'running', distance_km: '16.093', distance_mi: '10', duration_minutes: '95', effort: '', pace: '', notes: `'=HYPERLINK("http://evil.example")`, started_at: '', moving_seconds: '', elevation_gain_m: '', avg_heart_rate: '' },
      { date: addDays(today, -2), activity: 'running', distance_km: '10', distance_mi: '6.21', duration_minutes: '55', effort: '6', pace: '', notes: 'Easy, "conversational" pace', started_at: '', moving_seconds: '', elevation_gain_m: '', avg_heart_rate: '' },
    ]);
    const saved = csvRecords(files[PERSONAL_EXPORT_FILES.savedRaces]!);
    expect(saved.records).toHaveLength(1);
    expect(saved.records[0]).toMatchObject({ title: raceTitle, event_date: '2099-05-03', city: 'Boulder', state: 'CO', distances: '10K; 13.1 mi', listed: 'true' });
  });

  it('has the active plan as an .ics a calendar app reads, in the athlete\'s miles', () => {
    const calendar = ICAL.Component.fromString(files[PERSONAL_EXPORT_FILES.trainingPlan]!);
    expect(calendar.name).toBe('vcalendar');
    const entries = calendar.getAllSubcomponents('vevent').map((component) => new ICAL.Event(component));
    const data = JSON.parse(files[PERSONAL_EXPORT_FILES.data]!) as PersonalData;
    const workouts = data.training.plans[0]!.plan.weeks.flatMap((week) => week.workouts);
    expect(entries).toHaveLength(workouts.length);
    expect(new Set(entries.map((entry) => entry.uid))).toEqual(new Set(workouts.map((workout) => `${planId}-${workout.date}@racefinder`)));
    expect(entries.find((entry) => entry.summary.startsWith('Race day'))).toBeDefined();
    expect(entries.some((entry) => / mi$/.test(entry.summary))).toBe(true);
  });

  it('shows the job to its owner alone: another athlete gets 404, a caller without a token 401, a bad id 400', async () => {
    const other = await athlete('my-export-other');
    expect((await api('GET', `/api/me/exports/${job.id}`, { token: other.token })).status).toBe(404);
    expect((await api('GET', `/api/me/exports/${UNKNOWN_ID}`, { token: owner.token })).status).toBe(404);
    expect((await api('GET', '/api/me/exports/not-an-id', { token: owner.token })).status).toBe(400);
    expect((await api('GET', `/api/me/exports/${job.id}`)).status).toBe(401);
    expect((await api('POST', '/api/me/exports')).status).toBe(401);
    expect((await api('POST', '/api/me/exports', { token: owner.token, body: { table: 'users' } })).status).toBe(400);
  });

  it('answers an export still under way instead of starting another', async () => {
    const { sub } = await athlete('my-export-twice');
    const [first, second] = await Promise.all([startPersonalExport(sub), startPersonalExport(sub)]);
    const started = [first, second].filter((outcome) => outcome.started);
    expect(started).toHaveLength(1);
    expect(second.job.id).toBe(first.job.id);
    expect((await startPersonalExport(sub)).job.id).toBe(first.job.id);
  });

  it('holds the reviews and recap the athlete wrote and the review they marked helpful, found in the races\' partitions', async () => {
    const writer = await athlete('my-export-writer');
    const neighbour = await athlete('my-export-neighbour');
    const race = await createEvent(testRaceEvent({ title: `Past race ${randomUUID().slice(0, 8)}`, eventDate: '2025-05-04', distances: ['10K'] }));
    const mine = (await ok(api('POST', `/api/events/${race.id}/reviews`, { token: writer.token, body: { overall: 5, text: 'Fast course, great crowd.' } }), 201)) as { id: string };
    const theirs = (await ok(api('POST', `/api/events/${race.id}/reviews`, { token: neighbour.token, body: { overall: 3, text: 'Hot day, too few water stops.' } }), 201)) as { id: string };
    await ok(api('PUT', `/api/events/${race.id}/reviews/${theirs.id}/helpful`, { token: writer.token }));
    const body = `${'Mile after mile along the river, the crowd carried me home. '.repeat(5)}What a day.`;
    const recap = (await ok(api('POST', `/api/events/${race.id}/recaps`, { token: writer.token, body: { title: 'My first 10K', body } }), 201)) as { id: string };

    const { files: written } = await exportOf(writer.token);
    const data = JSON.parse(written[PERSONAL_EXPORT_FILES.data]!) as PersonalData;
    expect(data.reviews.map((review) => [review.id, review.eventId, review.text, review.hidden])).toEqual([[mine.id, race.id, 'Fast course, great crowd.', false]]);
    expect(data.reviews[0]!.event).toMatchObject({ id: race.id, title: race.title });
    expect(data.recaps.map((entry) => [entry.id, entry.title, entry.hidden])).toEqual([[recap.id, 'My first 10K', false]]);
    expect(data.helpfulVotes).toEqual([{ eventId: race.id, reviewId: theirs.id }]);
    // Their neighbour's words are the neighbour's.
    expect(written[PERSONAL_EXPORT_FILES.data]).not.toContain('too few water stops');
  });
});
