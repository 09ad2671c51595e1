/**
 * CSV exports against the real local stack: POST /api/admin/exports stores a job and the export worker (run by
 * the Lambda invoke stand-in, as Lambda runs it asynchronously) writes the file into the S3 stand-in; GET
 * /api/admin/exports/{id} hands out a short-lived link whose file is what the browser saves. The files' rows
 * are compared with the stored items, formula cells must come back neutralized, and only admins may export.
 */
import { randomUUID } from 'node:crypto';
import { GetObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { ulid } from 'ulid';
import { beforeAll, describe, expect, it } from 'vitest';
import { todayInNewYork } from '#shared/dates';
import type { RaceEvent } from '#shared/schemas/event';
import {
  EXPORT_DOWNLOAD_URL_SECONDS,
  ExportJobSchema,
  ExportJobsPageSchema,
  ExportJobWithDownloadSchema,
  type ExportJob,
  type ExportJobWithDownload,
} from '#shared/schemas/export-job';
import type { Organization } from '#shared/schemas/organization';
import type { Profile } from '#shared/schemas/profile';
import { db, tableName } from '#lib/dynamo';
import { createEventsInBulk } from '#data/event';
import { toOrganizationItem } from '#data/organization';
import { toProfileItem } from '#data/profile';
import { csvRecords } from '../support/csv.ts';
import { account, api, idTokenFor } from '../support/local-api.ts';
import { testRaceEvent } from '../support/race-event.ts';
import { UNKNOWN_ID } from '../support/route-paths.ts';

const tokens: Record<string, string> = {};
beforeAll(async () => {
  for (const label of ['Athlete', 'Organizer', 'Admin', 'Super admin']) {
    const { email, password } = account(label);
    tokens[label] = await idTokenFor(email, password);
  }
});

const FORMULA = /^[=+\-@\t\r\n]/;
/** What a stored value must read as in the file: the rule of DESIGN section 11, written out independently. */
function cell(value: unknown): string {
  if (value === undefined || value === null) return '';
  if (Array.isArray(value)) return cell(value.join('; '));
  if (typeof value === 'string') return FORMULA.test(value) ? `'${value}` : value;
  return String(value);
}

async function startExport(body: unknown, token = tokens.Admin): Promise<ExportJob> {
  const response = await api('POST', '/api/admin/exports', { token, body });
  expect(response.status, JSON.stringify(response.body)).toBe(202);
  expect(response.headers.get('cache-control')).toBe('private, no-store');
  const job = ExportJobSchema.parse(response.body);
  expect(job.status).toBe('processing');
  return job;
}

/** Follows a job as the screen does, until the worker ends it. */
async function finished(id: string): Promise<ExportJobWithDownload> {
  const deadline = Date.now() + 20_000;
  for (;;) {
    const response = await api('GET', `/api/admin/exports/${id}`, { token: tokens.Admin });
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    const job = ExportJobWithDownloadSchema.parse(response.body);
    if (job.status !== 'processing') return job;
    if (Date.now() > deadline) throw new Error(`Export ${id} still processing after 20 s`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

async function download(job: ExportJobWithDownload) {
  expect(job.status).toBe('completed');
  expect(job.downloadUrl).toBeDefined();
  const response = await fetch(job.downloadUrl!);
  expect(response.status).toBe(200);
  expect(response.headers.get('content-disposition')).toBe(`attachment; filename="${job.fileName}"`);
  expect(response.headers.get('content-type')).toBe('text/csv; charset=utf-8');
  const bytes = Buffer.from(await response.arrayBuffer());
  expect(bytes.length).toBe(job.size);
  return csvRecords(bytes.toString('utf8'));
}

describe('events export', () => {
  const marker = `exq${randomUUID().slice(0, 8)}`;
  let mine: RaceEvent[];

  beforeAll(async () => {
    mine = [
      testRaceEvent({ title: `=HYPERLINK("http://evil.example","${marker} Click")`, eventDate: '2099-03-01', state: 'CO', registrationFee: 45 }),
      testRaceEvent({ title: `${marker} Hills, "Valleys" and more`, eventDate: '2099-04-01', state: 'CO', verified: false, description: '+1 mile\nof hills', distances: ['10K', '13.1 mi'], tags: ['@trail', 'hills'] }),
      testRaceEvent({ title: `${marker} Desert Dash`, eventDate: '2099-05-01', state: 'UT', featured: true, latitude: 40.76, longitude: -111.89, zipCode: '04101' }),
      testRaceEvent({ title: `Somewhere else`, city: `-${marker}ville`, eventDate: '2099-06-01', state: 'CO' }),
    ];
    await createEventsInBulk(mine);
  });

  it('writes a file whose rows are the stored events the filters select, formula cells neutralized', async () => {
    const job = await startExport({ table: 'events', filters: { text: marker } });
    expect(job.fileName).toBe(`events-${todayInNewYork()}.csv`);
    expect(job.filters).toEqual({ text: marker });
    const done = await finished(job.id);
    expect(done).toMatchObject({ status: 'completed', recordCount: 4, table: 'events' });
    expect(done.finishedAt).toBeDefined();

    const { header, records } = await download(done);
    expect(header.slice(0, 3)).toEqual(['id', 'title', 'eventDate']);
    expect(records).toHaveLength(4);
    for (const event of mine) {
      const record = records.find((candidate) => candidate.id === event.id);
      expect(record, event.title).toBeDefined();
      for (const column of header) expect(record![column], `${event.title}: ${column}`).toBe(cell(event[column as keyof RaceEvent]));
    }
    expect(records.find((r) => r.id === mine[0]!.id)!.title).toMatch(/^'=HYPERLINK\(/);
    expect(records.find((r) => r.id === mine[1]!.id)!.description).toBe("'+1 mile\nof hills");
    expect(records.find((r) => r.id === mine[1]!.id)!.tags).toBe("'@trail; hills");
    expect(records.find((r) => r.id === mine[3]!.id)!.city).toBe(`'-${marker}ville`);
    expect(records.find((r) => r.id === mine[2]!.id)!.zipCode).toBe('04101');
    expect(records.find((r) => r.id === mine[2]!.id)!.longitude).toBe('-111.89');
  });

  it('applies every filter of the admin list', async () => {
    const job = await finished((await startExport({ table: 'events', filters: { text: marker, state: 'co', verified: 'true', from: '2099-02-01', to: '2099-05-31' } })).id);
    const { records } = await download(job);
    expect(records.map((record) => record.id)).toEqual([mine[0]!.id]);
    const featured = await finished((await startExport({ table: 'events', filters: { text: marker, featured: true } })).id);
    expect((await download(featured)).records.map((record) => record.id)).toEqual([mine[2]!.id]);
  });

  it('hands out a link that works for five minutes and no longer', async () => {
    const job = await finished((await startExport({ table: 'events', filters: { text: marker, type: 'road_race' } })).id);
    const url = new URL(job.downloadUrl!);
    expect(url.hostname).toBe('127.0.0.1');
    expect(url.searchParams.get('X-Amz-Expires')).toBe(String(EXPORT_DOWNLOAD_URL_SECONDS));
    expect(Date.parse(job.downloadUrlExpiresAt!) - Date.now()).toBeLessThanOrEqual(EXPORT_DOWNLOAD_URL_SECONDS * 1000);
    expect((await fetch(url)).status).toBe(200);

    // The same link as the stand-in would see it five minutes and a second later: signed that long ago.
    const [, bucket, ...key] = url.pathname.split('/');
    const s3 = new S3Client({ region: 'us-east-1', endpoint: url.origin, forcePathStyle: true, credentials: { accessKeyId: 'local', secretAccessKey: 'local' } });
    const expired = await getSignedUrl(s3, new GetObjectCommand({ Bucket: bucket, Key: key.map(decodeURIComponent).join('/') }), {
      expiresIn: EXPORT_DOWNLOAD_URL_SECONDS,
      signingDate: new Date(Date.now() - (EXPORT_DOWNLOAD_URL_SECONDS + 1) * 1000),
    });
    const response = await fetch(expired);
    expect(response.status).toBe(403);
    expect(await response.text()).toContain('Request has expired');
    // And a link signed by someone without the key is refused too.
    const forged = new URL(url);
    forged.searchParams.set('X-Amz-Signature', '0'.repeat(64));
    expect((await fetch(forged)).status).toBe(403);
    s3.destroy();
  });
});

describe('users export', () => {
  it('writes every profile, newest first, with what each stored profile holds', async () => {
    const profile: Profile = {
      id: `export-${randomUUID()}`,
      email: `export-${randomUUID()}@racefinder.test`,
      firstName: '@Ann',
      lastName: '=1+2',
      role: 'athlete',
      location: 'Boulder, CO',
      createdAt: new Date().toISOString(),
    };
    await db.send(new PutCommand({ TableName: tableName, Item: toProfileItem(profile) }));
    const job = await finished((await startExport({ table: 'users' })).id);
    expect(job.fileName).toBe(`users-${todayInNewYork()}.csv`);
    const { header, records } = await download(job);
    expect(header).toEqual(['id', 'email', 'firstName', 'lastName', 'role', 'location', 'createdAt']);
    expect(records).toHaveLength(job.recordCount!);
    expect(records.find((record) => record.id === profile.id)).toEqual(Object.fromEntries(header.map((column) => [column, cell(profile[column as keyof Profile])])));
    const admin = records.find((record) => record.email === account('Admin').email);
    expect(admin?.role).toBe('admin');
    const created = records.map((record) => record.createdAt);
    expect(created).toEqual([...created].sort().reverse());
  });
});

describe('organizations export', () => {
  it('writes every organization with its fields', async () => {
    const organizations: Organization[] = [
      { id: ulid(), name: '+Mile High Runners', description: 'Club, since 1980', websiteUrl: 'https://mile.example', email: 'club@mile.example' },
      { id: ulid(), name: 'Trail Friends' },
    ];
    for (const organization of organizations) await db.send(new PutCommand({ TableName: tableName, Item: toOrganizationItem(organization) }));
    const job = await finished((await startExport({ table: 'organizations' })).id);
    const { header, records } = await download(job);
    expect(header).toEqual(['id', 'name', 'description', 'websiteUrl', 'email']);
    expect(records).toHaveLength(job.recordCount!);
    for (const organization of organizations) {
      expect(records.find((record) => record.id === organization.id)).toEqual(
        Object.fromEntries(header.map((column) => [column, cell(organization[column as keyof Organization])])),
      );
    }
  });
});

describe('export jobs', () => {
  it('lists recent exports newest first, a page at a time', async () => {
    const first = await startExport({ table: 'organizations' });
    const second = await startExport({ table: 'organizations' });
    await finished(second.id);
    const page = await api('GET', '/api/admin/exports', { token: tokens.Admin, query: { limit: '1' } });
    expect(page.status).toBe(200);
    const one = ExportJobsPageSchema.parse(page.body);
    expect(one.items.map((job) => job.id)).toEqual([second.id]);
    expect(one.items[0]).not.toHaveProperty('downloadUrl');
    expect(one.nextCursor).toBeDefined();
    const next = ExportJobsPageSchema.parse((await api('GET', '/api/admin/exports', { token: tokens.Admin, query: { limit: '1', cursor: one.nextCursor! } })).body);
    expect(next.items.map((job) => job.id)).toEqual([first.id]);
    const bad = await api('GET', '/api/admin/exports', { token: tokens.Admin, query: { cursor: 'bm90LWEtY3Vyc29y' } });
    expect(bad.status).toBe(400);
  });

  it('keeps exports from everyone below admin, and from visitors', async () => {
    for (const label of ['Athlete', 'Organizer']) {
      expect((await api('POST', '/api/admin/exports', { token: tokens[label], body: { table: 'users' } })).status, label).toBe(403);
      expect((await api('GET', '/api/admin/exports', { token: tokens[label] })).status, label).toBe(403);
      expect((await api('GET', `/api/admin/exports/${UNKNOWN_ID}`, { token: tokens[label] })).status, label).toBe(403);
    }
    expect((await api('POST', '/api/admin/exports', { body: { table: 'users' } })).status).toBe(401);
    const superAdmin = await startExport({ table: 'organizations' }, tokens['Super admin']);
    expect((await finished(superAdmin.id)).status).toBe('completed');
  });

  it('refuses what it cannot export with 400 naming the field, and an unknown job with 404', async () => {
    const cases: [unknown, string][] = [
      [{ table: 'profiles' }, 'body.table'],
      [{}, 'body.table'],
      [{ table: 'users', filters: { state: 'CO' } }, 'body.filters'],
      [{ table: 'events', filters: { state: 'ZZ' } }, 'body.filters.state'],
      [{ table: 'events', filters: { from: '2099-05-01', to: '2099-04-01' } }, 'body.filters.to'],
      [{ table: 'events', filters: { verified: 'maybe' } }, 'body.filters.verified'],
      [{ table: 'events', filters: { sort: 'title' } }, 'body.filters'],
    ];
    for (const [body, field] of cases) {
      const response = await api('POST', '/api/admin/exports', { token: tokens.Admin, body });
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect(Object.keys((response.body as { error: { fields: Record<string, string[]> } }).error.fields), JSON.stringify(body)).toContain(field);
    }
    expect((await api('GET', `/api/admin/exports/${UNKNOWN_ID}`, { token: tokens.Admin })).status).toBe(404);
    expect((await api('GET', '/api/admin/exports/not-an-id', { token: tokens.Admin })).status).toBe(400);
  });
});
