/**
 * Activity files in (issue 25) through the local stack: the presigned POST to the S3 stand-in, the import function
 * run by its ObjectCreated call as S3 runs it in AWS, and the entries it makes in DynamoDB Local. Files are made by
 * the test (FIT through Garmin's encoder, GPX and TCX as text, a ZIP with fflate). Each test signs up its own athlete.
 */
import { gzipSync, strToU8, zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { ActivityUploadSchema, ActivityUploadTicketSchema, type ActivityUpload, type ActivityUploadTicket } from '#shared/schemas/activity-upload';
import { TrainingLogSchema, TrainingLogsPageSchema, type TrainingLog } from '#shared/schemas/training-log';
import { TrainingStatsSchema } from '#shared/schemas/training-stats';
import { fitActivity, gpxActivity, northboundTrack, tcxActivities } from '../support/activity-files.ts';
import { api, newUser } from '../support/local-api.ts';

async function athlete(prefix: string): Promise<string> {
  const { token } = await newUser(prefix);
  await api('GET', '/api/me', { token });
  return token;
}

const CONTENT_TYPES: Record<string, string> = { gpx: 'application/gpx+xml', tcx: 'application/vnd.garmin.tcx+xml', fit: 'application/vnd.ant.fit', zip: 'application/zip', gz: 'application/gzip' };

async function ticketFor(token: string, fileName: string, size: number): Promise<ActivityUploadTicket> {
  const contentType = CONTENT_TYPES[fileName.split('.').pop()!]!;
  const response = await api('POST', '/api/me/activity-uploads', { token, body: { fileName, contentType, size, timeZone: 'America/Denver' } });
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  return ActivityUploadTicketSchema.parse(response.body);
}

/** The browser's part: ask for the POST, send the file, poll the upload until the import function has read it. */
async function importFile(token: string, fileName: string, bytes: Uint8Array): Promise<ActivityUpload> {
  const ticket = await ticketFor(token, fileName, bytes.length);
  const form = new FormData();
  for (const [name, value] of Object.entries(ticket.upload.fields)) form.append(name, value);
  form.append('file', new Blob([bytes as Uint8Array<ArrayBuffer>]), fileName);
  const sent = await fetch(ticket.upload.url, { method: 'POST', body: form });
  expect(sent.status, await sent.clone().text()).toBe(204);
  let upload: ActivityUpload | undefined;
  await expect
    .poll(async () => {
      upload = ActivityUploadSchema.parse((await api('GET', `/api/me/activity-uploads/${ticket.id}`, { token })).body);
      return upload.status;
    })
    .toMatch(/^(done|failed)$/);
  return upload!;
}

async function journal(token: string): Promise<TrainingLog[]> {
  const response = await api('GET', '/api/me/training-logs', { token });
  expect(response.status).toBe(200);
  return TrainingLogsPageSchema.parse(response.body).items;
}

/** 5 km due north in 500 steps of 10 m, a sample every 3 s (25 minutes), with a 2-minute stop (10 m crept) after sample 250. */
const fiveK = (start: string) => northboundTrack({ count: 501, stepMeters: 10, intervalSeconds: 3, start: new Date(start), pause: { afterIndex: 250, seconds: 120 }, heartRate: (index) => (index % 2 === 0 ? 140 : 160) });

describe('activity uploads', () => {
  it('imports a ZIP of an export: each activity an entry with its figures, bad and foreign files named, and a second upload updates rather than doubles', async () => {
    const token = await athlete('activities');
    const fit = fitActivity(fiveK('2025-06-01T13:00:00Z'), { utcOffsetMinutes: -360 });
    const gpx = gpxActivity(fiveK('2025-06-03T13:00:00Z'), { name: 'Tuesday Tempo' });
    const tcx = tcxActivities([{ sport: 'Biking', laps: [{ samples: fiveK('2025-06-05T13:00:00Z'), totalTimeSeconds: 1620, distanceMeters: 5000 }] }]);
    const zip = zipSync({
      'activities/101.fit.gz': gzipSync(fit),
      'activities/102.gpx': strToU8(gpx),
      'activities/103.tcx': strToU8(tcx),
      'activities/104.gpx': strToU8('<gpx><trk><trkseg><trkpt lat="40" lon="-105">'),
      'activities.csv': strToU8('Activity ID,Activity Date\n101,"Jun 1, 2025"\n'),
      'media/photo.jpg': new Uint8Array([0xff, 0xd8, 0xff]),
    });

    const first = await importFile(token, 'export_12345.zip', zip);
    expect(first).toMatchObject({ status: 'done', created: 3, updated: 0, errorCount: 1 });
    expect(first.logIds).toHaveLength(3);
    expect(first.errors).toEqual([{ file: 'activities/104.gpx', reason: expect.stringMatching(/XML/) }]);

    const entries = await journal(token);
    expect(entries.map((entry) => [entry.logDate, entry.activityType])).toEqual([
      ['2025-06-05', 'cycling'],
      ['2025-06-03', 'running'],
      ['2025-06-01', 'running'],
    ]);
    const run = entries.find((entry) => entry.logDate === '2025-06-03')!;
    // The list carries no route; the entry itself does.
    expect(run.recording).toMatchObject({ source: 'file', name: 'Tuesday Tempo', startedAt: '2025-06-03T13:00:00.000Z', avgHeartRate: 150 });
    expect(run.recording!.route).toBeUndefined();
    // 5 km in 25 minutes, less the 10 m crept through the 2-minute stop, which neither distance nor moving time counts.
    expect(run.distanceKm).toBe(4.99);
    expect(run.recording!.movingSeconds).toBe(1497);
    expect(run.recording!.elapsedSeconds).toBe(1617);
    expect(run.durationMinutes).toBe(25);
    expect(run.recording!.splits.km).toEqual([300, 300, 300, 300]);
    expect(run.recording!.splits.mile).toHaveLength(3);
    const opened = await api('GET', `/api/me/training-logs/${run.id}`, { token });
    expect(opened.status).toBe(200);
    expect(TrainingLogSchema.parse(opened.body).recording!.route!.length).toBeGreaterThan(1);
    const stats = TrainingStatsSchema.parse((await api('GET', '/api/me/training-stats', { token })).body);
    expect(stats.totalWorkouts).toBe(3);

    // The athlete adds a note; the same export again updates the three entries and keeps it.
    expect((await api('PATCH', `/api/me/training-logs/${run.id}`, { token, body: { notes: 'Felt strong', effortLevel: 7 } })).status).toBe(200);
    // The route, kept apart from the entry, stays through the athlete's edit.
    expect(TrainingLogSchema.parse((await api('GET', `/api/me/training-logs/${run.id}`, { token })).body).recording!.route).toEqual(TrainingLogSchema.parse(opened.body).recording!.route);
    const again = await importFile(token, 'export_12345.zip', zip);
    expect(again).toMatchObject({ status: 'done', created: 0, updated: 3, errorCount: 1 });
    expect(new Set(again.logIds)).toEqual(new Set(first.logIds));
    const after = await journal(token);
    expect(after).toHaveLength(3);
    expect(after.find((entry) => entry.id === run.id)).toMatchObject({ notes: 'Felt strong', effortLevel: 7 });
    expect(TrainingStatsSchema.parse((await api('GET', '/api/me/training-stats', { token })).body).totalWorkouts).toBe(3);

    // A deleted entry takes its start marker with it: uploading the run again makes it anew.
    expect((await api('DELETE', `/api/me/training-logs/${run.id}`, { token })).status).toBe(204);
    const gpxAgain = await importFile(token, 'tempo.gpx', strToU8(gpx));
    expect(gpxAgain).toMatchObject({ status: 'done', created: 1, updated: 0 });
    expect(await journal(token)).toHaveLength(3);
  });

  it('refuses at the API a file it does not read, a type that does not match its name and a size over the limit; a file with no activity fails with its reason', async () => {
    const token = await athlete('activities-refused');
    const refused = async (body: Record<string, unknown>) => {
      const response = await api('POST', '/api/me/activity-uploads', { token, body });
      expect(response.status, JSON.stringify(response.body)).toBe(400);
      return JSON.stringify(response.body);
    };
    expect(await refused({ fileName: 'run.pdf', contentType: 'application/pdf', size: 100 })).toContain('Choose a GPX, TCX or FIT file, or a ZIP of them.');
    expect(await refused({ fileName: 'run.gpx', contentType: 'application/zip', size: 100 })).toContain('contentType does not match the file name');
    expect(await refused({ fileName: 'run.fit', contentType: 'application/vnd.ant.fit', size: 10 * 1024 * 1024 + 1 })).toContain('Choose a file of at most 10 MB');
    expect(await refused({ fileName: 'run.fit', contentType: 'application/vnd.ant.fit', size: 100, timeZone: 'Mars/Olympus' })).toContain('IANA time zone');

    const route = await importFile(token, 'route.gpx', strToU8(gpxActivity(fiveK('2025-06-01T13:00:00Z'), { withoutTimes: true })));
    expect(route).toMatchObject({ status: 'failed', logIds: [], errorCount: 1, errors: [{ file: 'route.gpx', reason: expect.stringMatching(/time/i) }] });
    expect(await journal(token)).toEqual([]);

    // Another athlete's upload is not theirs to read.
    const other = await athlete('activities-other');
    expect((await api('GET', `/api/me/activity-uploads/${(await ticketFor(token, 'a.fit', 100)).id}`, { token: other })).status).toBe(404);
  });
});
