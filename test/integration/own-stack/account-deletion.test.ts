/**
 * Deleting an account against the real local stack: an athlete who became an organizer leaves traces everywhere (logs,
 * plan, goal, saves, checklist, calendar feed, newsletter, a data export, a review and a recap, a helpful vote and a
 * report on someone else's review, a suggested race, an application, a claim, an event they own and one they
 * created). DELETE /api/me, confirmed with the account's e-mail, queues the worker (run by the Lambda invoke
 * stand-in); afterwards every item of the table and of each index is read, and none names the person's id or e-mail
 * but the promotion they bought (an accounting record, by their id only). The counters others see are as if they had never been.
 *
 * The file starts a stack of its own: reading the shared integration table and its five indexes whole, once other
 * files had filled them, took over four minutes on a busy two-core machine (a CI run timed out); its own table holds
 * only what this file writes, and its counters move with this file's writes alone.
 */
import { randomUUID } from 'node:crypto';
import { AdminGetUserCommand } from '@aws-sdk/client-cognito-identity-provider';
import { HeadObjectCommand } from '@aws-sdk/client-s3';
import { GetCommand, ScanCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, todayInNewYork } from '#shared/dates';
import { AccountDeletionSchema, EMAIL_MISMATCH, FORMER_MEMBER } from '#shared/schemas/account-deletion';
import { ApplicationSchema } from '#shared/schemas/organizer-application';
import { EventSchema, type RaceEvent } from '#shared/schemas/event';
import { PersonalExportSchema } from '#shared/schemas/personal-export';
import { INDEXES } from '#shared/table';
import type { db as DynamoDb } from '#lib/dynamo';
import type { s3 as S3 } from '#lib/s3';
import type * as DeletionStore from '#data/account-deletion';
import type { createEvent as CreateEvent } from '#data/event';
import type { DELETION_STEPS as DeletionSteps } from '../../../lambdas/users/account-deletion-steps.ts';
import type { runAccountDeletion as RunAccountDeletion } from '../../../lambdas/users/delete-account-worker.ts';
import { account, api, cognito, idTokenFor, localStack, newPerson, type Person } from '../../support/local-api.ts';
import { startOwnStack } from '../../support/own-stack.ts';
import { testRaceEvent } from '../../support/race-event.ts';

// The handler and store modules, imported once the stack has set their environment.
let db: typeof DynamoDb;
let tableName: string;
let s3: typeof S3;
let store: typeof DeletionStore;
let createEvent: typeof CreateEvent;
let DELETION_STEPS: typeof DeletionSteps;
let runAccountDeletion: typeof RunAccountDeletion;
let stopStack: () => Promise<void>;

beforeAll(async () => {
  stopStack = (await startOwnStack('account-deletion')).stop;
  ({ db, tableName } = await import('#lib/dynamo'));
  ({ s3 } = await import('#lib/s3'));
  store = await import('#data/account-deletion');
  ({ createEvent } = await import('#data/event'));
  ({ DELETION_STEPS } = await import('../../../lambdas/users/account-deletion-steps.ts'));
  ({ runAccountDeletion } = await import('../../../lambdas/users/delete-account-worker.ts'));
});

afterAll(async () => {
  await stopStack?.();
});

const today = todayInNewYork();
const STORY = 'We lined up in the cold and the first mile flew by before anyone had settled into a rhythm. '.repeat(3);

const person = newPerson;

async function ok(response: Promise<{ status: number; body: unknown }>, status = 200): Promise<unknown> {
  const answer = await response;
  expect(answer.status, JSON.stringify(answer.body)).toBe(status);
  return answer.body;
}

async function item(PK: string, SK: string): Promise<Record<string, unknown> | undefined> {
  return (await db.send(new GetCommand({ TableName: tableName, Key: { PK, SK }, ConsistentRead: true }))).Item;
}

const counter = async (PK: string, SK: string, name: string) => Number((await item(PK, SK))?.[name] ?? 0);

/** Every item of the table and of each index: what a test may read whole (no request path does). */
async function everyItem(): Promise<Record<string, unknown>[]> {
  const all: Record<string, unknown>[] = [];
  for (const index of [undefined, ...INDEXES.map((definition) => definition.name)]) {
    let ExclusiveStartKey: Record<string, unknown> | undefined;
    do {
      const page = await db.send(new ScanCommand({ TableName: tableName, ...(index ? { IndexName: index } : {}), ExclusiveStartKey }));
      all.push(...(page.Items ?? []));
      ExclusiveStartKey = page.LastEvaluatedKey;
    } while (ExclusiveStartKey);
  }
  return all;
}

/** Items that still name the person: their sub or e-mail anywhere in a key, an index key or an attribute. */
async function tracesOf(who: Person): Promise<Record<string, unknown>[]> {
  const email = who.email.toLowerCase();
  return (await everyItem()).filter((found) => {
    const text = JSON.stringify(found).toLowerCase();
    return text.includes(who.sub) || text.includes(email);
  });
}

/** Waits for the worker the route queued to end the job. */
async function deleted(sub: string): Promise<void> {
  const deadline = Date.now() + 30_000;
  while ((await store.getDeletionJob(sub))?.status !== 'deleted') {
    if (Date.now() > deadline) throw new Error(`Account deletion still running after 30 s: ${JSON.stringify(await store.getDeletionJob(sub))}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

async function pastRace(title: string): Promise<RaceEvent> {
  return createEvent(testRaceEvent({ title: `${title} ${randomUUID().slice(0, 8)}`, eventDate: addDays(today, -3), city: 'Boulder', state: 'CO', distances: ['10K'] }));
}

describe('deleting an account', () => {
  let adminToken: string;
  beforeAll(async () => {
    adminToken = await idTokenFor(account('Admin').email, account('Admin').password);
  });

  it('removes everything that names the person, keeps their reviews signed "Former member", and keeps every count right', async () => {
    const leaving = await person('leaving');
    const other = await person('staying');
    const { token } = leaving;
    const raced = await pastRace('Deletion Ridge 10K');
    const future = await createEvent(testRaceEvent({ title: `Deletion Future ${randomUUID().slice(0, 8)}`, eventDate: addDays(today, 40), city: 'Boulder', state: 'CO', distances: ['5K'] }));

    // Their own things.
    await ok(api('POST', '/api/me/training-logs', { token, body: { activityType: 'running', distanceKm: 8, durationMinutes: 45, logDate: addDays(today, -1) } }), 201);
    await ok(api('POST', '/api/me/goals', { token, body: { title: 'Run a fall half', description: 'Build to a half marathon by the fall.', kind: 'custom', deadline: addDays(today, 60) } }), 201);
    await ok(api('PUT', `/api/me/saved-events/${future.id}`, { token }));
    await ok(api('PUT', `/api/me/saved-events/${raced.id}`, { token }));
    await ok(api('POST', `/api/me/checklists/${future.id}/items`, { token, body: { section: 'gear', text: 'Lucky socks' } }), 201);
    await ok(api('POST', '/api/me/calendar-feeds/saved-races', { token }), 201);
    await ok(api('POST', '/api/newsletter-subscriptions', { body: { email: leaving.email } }), 202);
    const exported = PersonalExportSchema.parse(await ok(api('POST', '/api/me/exports', { token }), 202));

    // What they wrote and did on others' pages.
    await ok(api('POST', `/api/events/${raced.id}/reviews`, { token: other.token, body: { overall: 4, text: 'Good course, windy at the top.' } }), 201);
    const theirs = ((await api('GET', `/api/events/${raced.id}/reviews`)).body as { items: { id: string; authorName: string }[] }).items[0]!;
    await ok(api('PUT', `/api/events/${raced.id}/reviews/${theirs.id}/helpful`, { token }));
    await ok(api('POST', `/api/events/${raced.id}/reviews/${theirs.id}/reports`, { token, body: { reason: 'spam' } }), 202);
    await ok(api('POST', `/api/events/${raced.id}/reviews`, { token, body: { overall: 5, text: 'Best race of my year, superb volunteers.' } }), 201);
    await ok(api('POST', `/api/events/${raced.id}/recaps`, { token, body: { title: 'Up the ridge', body: STORY } }), 201);
    await ok(api('POST', '/api/submitted-events', { token, body: { title: `Harbor ${randomUUID().slice(0, 8)} 10K`, eventDate: addDays(today, 45), eventType: 'road_race', city: 'Portsmouth', state: 'NH', distances: ['10K'], notes: 'A club race I ran last year.' } }), 201);

    // Organizer: applied and approved, claims a public race (approved), creates one of their own (in review).
    const application = ApplicationSchema.parse(
      await ok(
        api('POST', '/api/organizer-applications', {
          token,
          body: { organizationName: `Ridge Runners ${randomUUID().slice(0, 6)}`, organizationType: 'running_club', website: 'https://example.org/ridge', description: 'We put on trail races in the hills every season.', experience: 'Ten years of permitted events.', eventTypes: ['trail_race'], acceptTerms: true },
        }),
        201,
      ),
    );
    await ok(api('POST', `/api/admin/organizer-applications/${application.id}/decision`, { token: adminToken, body: { decision: 'approve' } }));
    const claimed = await createEvent(testRaceEvent({ title: `Deletion Claimed ${randomUUID().slice(0, 8)}`, eventDate: addDays(today, 50), city: 'Boulder', state: 'CO', distances: ['Half Marathon'] }));
    await ok(api('POST', `/api/events/${claimed.id}/claims`, { token, body: { reason: 'We organize this race every spring and hold its permit.' } }), 201);
    await ok(api('POST', `/api/admin/claims/${encodeURIComponent(`${claimed.id}.${leaving.sub}`)}/decision`, { token: adminToken, body: { decision: 'approve' } }));
    // A promotion of the claimed race, bought through the Stripe stand-in: an accounting record, kept.
    const promotion = await api('POST', '/api/promotions', {
      token,
      body: { eventId: claimed.id, type: 'featured', scope: 'site', startDate: today, endDate: addDays(today, 2) },
      headers: { origin: localStack().url },
    });
    expect(promotion.status, JSON.stringify(promotion.body)).toBe(201);
    const created = EventSchema.parse(
      await ok(api('POST', '/api/events', { token, body: { title: `Ridge Night Run ${randomUUID().slice(0, 8)}`, eventDate: addDays(today, 70), eventType: 'trail_race', terrainType: 'trail', locationName: 'Ridge Park', city: 'Boulder', state: 'CO', distances: ['10K'] } }), 201),
    );

    // The figures others see, before.
    const before = {
      users: await counter('COUNTER', 'USERS', 'total'),
      organizers: await counter('COUNTER', 'USERS', 'organizer'),
      claims: await counter('COUNTER', 'CLAIMS', 'total'),
      approvedClaims: await counter('COUNTER', 'CLAIMS', 'approved'),
      applications: await counter('COUNTER', 'APPLICATIONS', 'approved'),
      subscribers: await counter('NEWSLETTER#COUNTER', 'NEWSLETTER', 'active'),
      futureSaves: await counter(`EVENT#${future.id}`, 'SAVES', 'count'),
      reviews: await counter(`EVENT#${raced.id}`, 'REVIEWS', 'count'),
    };
    // The check below can fail: before the deletion, the table names the person in many items.
    expect((await tracesOf(leaving)).length).toBeGreaterThan(20);

    // A wrong address changes nothing.
    const wrong = await api('DELETE', '/api/me', { token, body: { email: other.email, writing: 'keep' } });
    expect(wrong.status).toBe(400);
    expect(JSON.stringify(wrong.body)).toContain(EMAIL_MISMATCH);
    expect((await api('DELETE', '/api/me', { token, body: { email: leaving.email } })).status).toBe(400);
    await ok(api('GET', '/api/me', { token }));

    const started = AccountDeletionSchema.parse(await ok(api('DELETE', '/api/me', { token, body: { email: leaving.email.toUpperCase(), writing: 'keep' } }), 202));
    expect(started).toMatchObject({ status: 'deleting', writing: 'keep' });
    await deleted(leaving.sub);

    // Nothing names them but the accounting records of what they bought (the promotion and its slot, by their id
    // only: no name or e-mail), and their token opens nothing.
    const left = await tracesOf(leaving);
    expect(left.length).toBeGreaterThan(0);
    for (const trace of left) expect(String(trace.PK), JSON.stringify(trace)).toMatch(/^PROMO(_SLOT)?#/);
    expect(JSON.stringify(left).toLowerCase()).not.toContain(leaving.email.toLowerCase());
    expect((await api('GET', '/api/me', { token })).status).toBe(401);
    expect((await api('GET', '/api/me/saved-events', { token })).status).toBe(401);
    await expect(cognito().send(new AdminGetUserCommand({ UserPoolId: localStack().userPoolId, Username: leaving.email }))).rejects.toThrow(/User does not exist/);
    await expect(s3.send(new HeadObjectCommand({ Bucket: process.env.EXPORTS_BUCKET!, Key: `exports/me/${exported.id}/${exported.fileName}` }))).rejects.toThrow();

    // Counts: one user and one organizer fewer; their claim, application, subscription and save uncounted; their kept review still counts.
    expect(await counter('COUNTER', 'USERS', 'total')).toBe(before.users - 1);
    expect(await counter('COUNTER', 'USERS', 'organizer')).toBe(before.organizers - 1);
    expect(await counter('COUNTER', 'CLAIMS', 'total')).toBe(before.claims - 1);
    expect(await counter('COUNTER', 'CLAIMS', 'approved')).toBe(before.approvedClaims - 1);
    expect(await counter('COUNTER', 'APPLICATIONS', 'approved')).toBe(before.applications - 1);
    expect(await counter('NEWSLETTER#COUNTER', 'NEWSLETTER', 'active')).toBe(before.subscribers - 1);
    expect(await counter(`EVENT#${future.id}`, 'SAVES', 'count')).toBe(before.futureSaves - 1);
    expect(await counter(`EVENT#${raced.id}`, 'REVIEWS', 'count')).toBe(before.reviews);

    // Their review and recap stay on the race, signed "Former member"; the vote and report they gave are taken back.
    const page = (await api('GET', `/api/events/${raced.id}/reviews`, { token: other.token })).body as { items: { id: string; authorName: string; helpfulCount: number; mine?: boolean }[] };
    expect(page.items.map((review) => review.authorName).sort()).toEqual([FORMER_MEMBER, theirs.authorName].sort());
    expect(page.items.find((review) => review.id === theirs.id)?.helpfulCount).toBe(0);
    expect(Number((await item(`EVENT#${raced.id}`, `REVIEW#${theirs.id}`))?.reportCount)).toBe(0);
    const recaps = (await api('GET', '/api/recaps')).body as { items: { authorName: string; event: { id: string } }[] };
    expect(recaps.items.find((recap) => recap.event.id === raced.id)?.authorName).toBe(FORMER_MEMBER);

    // Their events stay listed without them: the claimed one public and claimable, the one in review with the admins.
    const claimedNow = EventSchema.passthrough().parse((await api('GET', `/api/events/${claimed.id}`)).body);
    expect(claimedNow.organizerId).toBeUndefined();
    const createdNow = await item(`EVENT#${created.id}`, 'EVENT');
    expect(createdNow).toMatchObject({ reviewStatus: 'pending', GSI5PK: 'EVENTS#REVIEW#pending' });
    expect(createdNow?.organizerId).toBeUndefined();
  });

  it('deletes reviews and recaps when asked, and a worker that stopped halfway resumes where it was', async () => {
    const leaving = await person('leaving-all');
    const { token } = leaving;
    const raced = await pastRace('Deletion Valley 10K');
    await ok(api('POST', `/api/events/${raced.id}/reviews`, { token, body: { overall: 3, text: 'Fine race, long wait for the bus.' } }), 201);
    await ok(api('POST', `/api/events/${raced.id}/recaps`, { token, body: { title: 'Down the valley', body: STORY } }), 201);
    for (let day = 1; day <= 5; day += 1) {
      await ok(api('POST', '/api/me/training-logs', { token, body: { activityType: 'running', distanceKm: 5 + day, durationMinutes: 30 + day, logDate: addDays(today, -day) } }), 201);
    }
    const users = await counter('COUNTER', 'USERS', 'total');

    // Started as the route starts it, then run the first half of the steps only, as a worker that died would have.
    await store.startAccountDeletion({ sub: leaving.sub, email: leaving.email }, { writing: 'delete' });
    expect((await api('GET', '/api/me', { token })).status).toBe(401);
    const context = { sub: leaving.sub, email: leaving.email, writing: 'delete' as const, now: new Date() };
    const half = Math.floor(DELETION_STEPS.length / 2);
    for (let step = 0; step < half; step += 1) {
      await DELETION_STEPS[step]!.run(context);
      await store.recordDeletionStep(leaving.sub, step + 1);
    }
    expect((await store.getDeletionJob(leaving.sub))?.step).toBe(half);
    expect(await runAccountDeletion(leaving.sub)).toEqual({ status: 'deleted', steps: DELETION_STEPS.length - half });
    // A second run for a finished job changes nothing.
    expect(await runAccountDeletion(leaving.sub)).toEqual({ status: 'skipped' });

    expect(await tracesOf(leaving)).toEqual([]);
    expect(await counter('COUNTER', 'USERS', 'total')).toBe(users - 1);
    expect(await counter(`EVENT#${raced.id}`, 'REVIEWS', 'count')).toBe(0);
    expect(((await api('GET', `/api/events/${raced.id}/reviews`)).body as { items: unknown[] }).items).toEqual([]);
    const recaps = (await api('GET', '/api/recaps')).body as { items: { event: { id: string } }[] };
    expect(recaps.items.some((recap) => recap.event.id === raced.id)).toBe(false);
    await store.finishAccountDeletion(leaving.sub);
  });

  it('refuses an admin, who keeps the account while holding the role', async () => {
    const admin = account('Admin');
    const refused = await api('DELETE', '/api/me', { token: adminToken, body: { email: admin.email, writing: 'keep' } });
    expect(refused.status).toBe(409);
    await ok(api('GET', '/api/me', { token: adminToken }));
  });
});
