/**
 * Organizer applications through the local stack (gateway, cognito-local, DynamoDB Local): an athlete applies,
 * an admin decides, and the role on the next request follows. Each test signs up its own athletes, so the
 * shared demo accounts keep their roles.
 */
import { randomUUID } from 'node:crypto';
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import { AdminApplicationsPageSchema, ApplicationSchema, ApplicationsPageSchema, type NewApplicationBody } from '#shared/schemas/organizer-application';
import { ProfileSchema } from '#shared/schemas/profile';
import { db, tableName } from '#lib/dynamo';
import { ACTIVITY_PK } from '#data/activity';
import { createEvent } from '#data/event';
import { ORGANIZATION_COUNTERS_KEY, getOrganization } from '#data/organization';
import { EventSchema } from '#shared/schemas/event';
import { todayInNewYork, addDays } from '#shared/dates';
import { testRaceEvent } from '../support/race-event.ts';
import { account, api, idTokenFor, newUser } from '../support/local-api.ts';

const application = (name: string): NewApplicationBody => ({
  organizationName: name,
  organizationType: 'running_club',
  description: 'We put on trail races in the foothills every spring and fall.',
  experience: 'Eight years of permitted events, up to 600 runners each.',
  eventTypes: ['trail_race', 'ultra_marathon', 'trail_race'],
  expectedVolume: '3-5',
  acceptTerms: true,
});

/** A valid /create-event body, 60 days out. */
const organizerEventBody = () => ({
  title: `Ridge ${randomUUID().slice(0, 8)} Half Marathon`,
  description: 'Out and back on the ridge road.',
  eventDate: addDays(todayInNewYork(), 60),
  eventType: 'road_race',
  terrainType: 'road',
  locationName: 'Bogert Park',
  city: 'Bozeman',
  state: 'MT',
  distances: ['Half Marathon'],
});

const adminToken = async () => {
  const admin = account('Admin');
  return idTokenFor(admin.email, admin.password);
};

async function counters() {
  const { Item } = await db.send(new GetCommand({ TableName: tableName, Key: { PK: 'COUNTER', SK: 'USERS' }, ConsistentRead: true }));
  return { athlete: Number(Item?.athlete ?? 0), organizer: Number(Item?.organizer ?? 0) };
}

describe('organizer applications', () => {
  it('an athlete applies once; an admin approves and the applicant is an organizer on the next request', async () => {
    const applicant = await newUser('applicant');
    await api('GET', '/api/me', { token: applicant.token });
    const submitted = await api('POST', '/api/organizer-applications', { token: applicant.token, body: application('Foothill Trail Runners') });
    expect(submitted.status, JSON.stringify(submitted.body)).toBe(201);
    const created = ApplicationSchema.parse(submitted.body);
    // The server fills what the applicant may not: status, owner, and the contact e-mail they left out.
    expect(created).toMatchObject({ status: 'pending', contactEmail: applicant.email, eventTypes: ['trail_race', 'ultra_marathon'] });

    const again = await api('POST', '/api/organizer-applications', { token: applicant.token, body: application('Foothill Trail Runners') });
    expect(again.status).toBe(409);
    expect(JSON.stringify(again.body)).toContain('already have an application under review');

    const mine = ApplicationsPageSchema.parse((await api('GET', '/api/organizer-applications/mine', { token: applicant.token })).body);
    expect(mine.items.map((item) => item.id)).toEqual([created.id]);

    // The applicant cannot decide their own application, nor read the queue.
    expect((await api('GET', '/api/admin/organizer-applications', { token: applicant.token })).status).toBe(403);
    expect((await api('POST', `/api/admin/organizer-applications/${created.id}/decision`, { token: applicant.token, body: { decision: 'approve' } })).status).toBe(403);

    const token = await adminToken();
    const queue = AdminApplicationsPageSchema.parse((await api('GET', '/api/admin/organizer-applications?status=pending', { token })).body);
    expect(queue.total).toBeGreaterThanOrEqual(1);
    const before = await counters();
    const approved = await api('POST', `/api/admin/organizer-applications/${created.id}/decision`, { token, body: { decision: 'approve', notes: '  Welcome aboard  ' } });
    expect(approved.status, JSON.stringify(approved.body)).toBe(200);
    expect(ApplicationSchema.parse(approved.body)).toMatchObject({ status: 'approved', adminNotes: 'Welcome aboard', reviewedBy: expect.any(String), reviewedAt: expect.any(String) });

    const me = ProfileSchema.parse((await api('GET', '/api/me', { token: applicant.token })).body);
    expect(me.role).toBe('organizer');
    expect(await counters()).toEqual({ athlete: before.athlete - 1, organizer: before.organizer + 1 });

    // Decided once: a second decision is refused and changes nothing.
    const twice = await api('POST', `/api/admin/organizer-applications/${created.id}/decision`, { token, body: { decision: 'deny' } });
    expect(twice.status).toBe(409);
    const approvedList = AdminApplicationsPageSchema.parse((await api('GET', '/api/admin/organizer-applications?status=approved', { token })).body);
    expect(approvedList.items.map((item) => item.id)).toContain(created.id);
    // Now an organizer, they need no second application.
    expect((await api('POST', '/api/organizer-applications', { token: applicant.token, body: application('Another Club') })).status).toBe(409);
  });

  it("approval creates the applicant's organization, which the events they create and claim show", async () => {
    const applicant = await newUser('organization');
    await api('GET', '/api/me', { token: applicant.token });
    const body = { ...application('Ridge Runners Collective'), website: 'https://ridge.example', contactPhone: '+1 406 555 0100' };
    const created = ApplicationSchema.parse((await api('POST', '/api/organizer-applications', { token: applicant.token, body })).body);
    const total = async () => Number((await db.send(new GetCommand({ TableName: tableName, Key: ORGANIZATION_COUNTERS_KEY, ConsistentRead: true }))).Item?.total ?? 0);
    const organizationsBefore = await total();
    const token = await adminToken();
    expect((await api('POST', `/api/admin/organizer-applications/${created.id}/decision`, { token, body: { decision: 'approve' } })).status).toBe(200);

    const me = ProfileSchema.parse((await api('GET', '/api/me', { token: applicant.token })).body);
    expect(me.organizationId).toEqual(expect.any(String));
    expect(await total()).toBe(organizationsBefore + 1);
    // What the applicant wrote for runners, not the contact details they gave RaceFinder; verified, since an
    // admin just checked it.
    expect(await getOrganization(me.organizationId!)).toEqual({
      id: me.organizationId,
      name: 'Ridge Runners Collective',
      description: body.description,
      websiteUrl: 'https://ridge.example',
      verified: true,
    });

    // An event they create names it, and its page shows it.
    const createdEvent = await api('POST', '/api/events', { token: applicant.token, body: organizerEventBody() });
    expect(createdEvent.status, JSON.stringify(createdEvent.body)).toBe(201);
    const own = EventSchema.parse(createdEvent.body);
    expect(own.organizationId).toBe(me.organizationId);
    const page = await api('GET', `/api/events/${own.id}`, { token: applicant.token });
    expect((page.body as { organization?: { name: string } }).organization?.name).toBe('Ridge Runners Collective');

    // So does an event they claim, once the claim is approved.
    const listed = await createEvent(testRaceEvent({ title: `Ridge ${randomUUID().slice(0, 8)} Ultra`, eventDate: '2099-09-12', state: 'MT' }));
    const claim = await api('POST', `/api/events/${listed.id}/claims`, { token: applicant.token, body: { reason: 'We have directed this race since 2015.' } });
    expect(claim.status, JSON.stringify(claim.body)).toBe(201);
    const claimId = (claim.body as { id: string }).id;
    expect((await api('POST', `/api/admin/claims/${encodeURIComponent(claimId)}/decision`, { token, body: { decision: 'approve' } })).status).toBe(200);
    const claimed = await api('GET', `/api/events/${listed.id}`);
    expect(claimed.body).toMatchObject({ organizerId: me.id, organizationId: me.organizationId, organization: { name: 'Ridge Runners Collective' } });
  });

  it('a denied applicant stays an athlete, sees the notes and may apply again', async () => {
    const applicant = await newUser('denied');
    await api('GET', '/api/me', { token: applicant.token });
    const created = ApplicationSchema.parse((await api('POST', '/api/organizer-applications', { token: applicant.token, body: application('Valley Fun Runs') })).body);
    const token = await adminToken();
    const denied = await api('POST', `/api/admin/organizer-applications/${created.id}/decision`, { token, body: { decision: 'deny', notes: 'Please add a website.' } });
    expect(ApplicationSchema.parse(denied.body)).toMatchObject({ status: 'denied', adminNotes: 'Please add a website.' });
    expect(ProfileSchema.parse((await api('GET', '/api/me', { token: applicant.token })).body).role).toBe('athlete');
    const mine = ApplicationsPageSchema.parse((await api('GET', '/api/organizer-applications/mine', { token: applicant.token })).body);
    expect(mine.items[0]).toMatchObject({ id: created.id, status: 'denied', adminNotes: 'Please add a website.' });
    const reapplied = await api('POST', '/api/organizer-applications', { token: applicant.token, body: { ...application('Valley Fun Runs'), website: 'https://valley.example' } });
    expect(reapplied.status).toBe(201);
  });

  it('records each decision as activity, in the same write', async () => {
    const applicant = await newUser('activity');
    await api('GET', '/api/me', { token: applicant.token });
    const created = ApplicationSchema.parse((await api('POST', '/api/organizer-applications', { token: applicant.token, body: application('Harbor Striders') })).body);
    await api('POST', `/api/admin/organizer-applications/${created.id}/decision`, { token: await adminToken(), body: { decision: 'approve' } });
    const { QueryCommand } = await import('@aws-sdk/lib-dynamodb');
    const { Items = [] } = await db.send(
      new QueryCommand({ TableName: tableName, KeyConditionExpression: 'PK = :pk', ExpressionAttributeValues: { ':pk': ACTIVITY_PK }, ScanIndexForward: false, Limit: 50 }),
    );
    expect(Items.find((item) => item.subjectId === created.userId)).toMatchObject({
      kind: 'application-approved',
      summary: 'Approved the organizer application of Harbor Striders',
    });
    // The role change it made has its own entry, by the same reviewer, in the same write.
    const decision = Items.find((item) => item.subjectId === created.userId && item.kind === 'application-approved');
    expect(Items.find((item) => item.subjectId === created.userId && item.kind === 'role-changed')).toMatchObject({
      actorId: decision?.actorId,
      at: decision?.at,
      summary: `Changed the role of ${applicant.email} from athlete to organizer (organizer application approved)`,
    });
  });

  it("refuses a demo athlete on every admin route, and organizers and admins who apply, writing nothing", async () => {
    const athlete = account('Athlete');
    const athleteToken = await idTokenFor(athlete.email, athlete.password);
    const applicant = await newUser('refusals');
    await api('GET', '/api/me', { token: applicant.token });
    const created = ApplicationSchema.parse((await api('POST', '/api/organizer-applications', { token: applicant.token, body: application('Refusal Runners') })).body);
    for (const status of ['pending', 'approved', 'denied']) {
      expect((await api('GET', `/api/admin/organizer-applications?status=${status}`, { token: athleteToken })).status).toBe(403);
    }
    for (const decision of ['approve', 'deny']) {
      expect((await api('POST', `/api/admin/organizer-applications/${created.id}/decision`, { token: athleteToken, body: { decision } })).status).toBe(403);
    }
    expect((await api('POST', `/api/admin/organizer-applications/${created.id}/decision`, { body: { decision: 'approve' } })).status).toBe(401);
    expect(ApplicationsPageSchema.parse((await api('GET', '/api/organizer-applications/mine', { token: applicant.token })).body).items[0]).toMatchObject({ id: created.id, status: 'pending' });

    for (const label of ['Organizer', 'Admin']) {
      const { email, password } = account(label);
      const token = await idTokenFor(email, password);
      const refused = await api('POST', '/api/organizer-applications', { token, body: application(`${label} Club`) });
      expect(refused.status, label).toBe(409);
      expect(JSON.stringify(refused.body)).toContain('already an organizer');
      expect(ApplicationsPageSchema.parse((await api('GET', '/api/organizer-applications/mine', { token })).body).items.filter((item) => item.organizationName === `${label} Club`)).toEqual([]);
    }
  });

  it('lets one of two admins deciding at once win; the other is refused and the applicant is counted once', async () => {
    const applicant = await newUser('race');
    await api('GET', '/api/me', { token: applicant.token });
    const created = ApplicationSchema.parse((await api('POST', '/api/organizer-applications', { token: applicant.token, body: application('Twin Peaks Racing') })).body);
    const superAdmin = account('Super admin');
    const [admin, other] = [await adminToken(), await idTokenFor(superAdmin.email, superAdmin.password)];
    const before = await counters();
    const answers = await Promise.all([
      api('POST', `/api/admin/organizer-applications/${created.id}/decision`, { token: admin, body: { decision: 'approve' } }),
      api('POST', `/api/admin/organizer-applications/${created.id}/decision`, { token: other, body: { decision: 'deny', notes: 'Too late' } }),
    ]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409]);
    const winner = ApplicationSchema.parse(answers.find((answer) => answer.status === 200)!.body);
    const role = ProfileSchema.parse((await api('GET', '/api/me', { token: applicant.token })).body).role;
    expect(role).toBe(winner.status === 'approved' ? 'organizer' : 'athlete');
    const moved = winner.status === 'approved' ? 1 : 0;
    expect(await counters()).toEqual({ athlete: before.athlete - moved, organizer: before.organizer + moved });
  });

  it('refuses applications without the required fields or the terms, naming each field, and writes nothing', async () => {
    const applicant = await newUser('invalid');
    await api('GET', '/api/me', { token: applicant.token });
    const noTerms = await api('POST', '/api/organizer-applications', { token: applicant.token, body: { ...application('Club'), acceptTerms: false } });
    expect(noTerms.status).toBe(400);
    expect(JSON.stringify(noTerms.body)).toContain('Please agree to the terms and conditions');
    const missing = await api('POST', '/api/organizer-applications', { token: applicant.token, body: { organizationType: 'club', eventTypes: [], acceptTerms: true, website: 'ftp://x' } });
    expect(missing.status).toBe(400);
    const text = JSON.stringify(missing.body);
    for (const message of ['organizationName', 'Please choose an organization type', 'Please choose the event types you organize', 'Website must be a web address']) expect(text).toContain(message);
    const mine = ApplicationsPageSchema.parse((await api('GET', '/api/organizer-applications/mine', { token: applicant.token })).body);
    expect(mine.items).toEqual([]);
  });

  it('answers 404 for an unknown application and 400 for a bad decision', async () => {
    const token = await adminToken();
    expect((await api('POST', '/api/admin/organizer-applications/01ARZ3NDEKTSV4RRFFQ69G5FAV/decision', { token, body: { decision: 'approve' } })).status).toBe(404);
    expect((await api('POST', '/api/admin/organizer-applications/01ARZ3NDEKTSV4RRFFQ69G5FAV/decision', { token, body: { decision: 'maybe' } })).status).toBe(400);
    expect((await api('GET', '/api/admin/organizer-applications?status=pending&cursor=not-ours', { token })).status).toBe(400);
  });
});
