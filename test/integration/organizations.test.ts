/**
 * The organizer directory through the local stack: an organization made the real way (an application an admin
 * approves), its events created, reviewed, claimed, unverified and deleted through the API, and what
 * GET /api/organizations (by name prefix, place, kind, several words; paging) and GET /api/organizations/{id}
 * (counts, rating, upcoming events, 404) say after each step. Other test files make organizations too, so
 * searches are pinned by a marker word in this file's names or by places no other file uses.
 */
import { randomUUID } from 'node:crypto';
import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { beforeAll, describe, expect, it } from 'vitest';
import { todayInNewYork } from '#shared/dates';
import { ApplicationSchema } from '#shared/schemas/organizer-application';
import { EventSchema, type RaceEvent } from '#shared/schemas/event';
import { OrganizationDetailSchema, OrganizationsPageSchema, type OrganizationCard } from '#shared/schemas/organization';
import { db, tableName } from '#lib/dynamo';
import { createEvent } from '#data/event';
import { organizationReviewsKey } from '#data/organization';
import { testRaceEvent } from '../support/race-event.ts';
import { UNKNOWN_ID } from '../support/route-paths.ts';
import { account, api, idTokenFor, newUser } from '../support/local-api.ts';

const marker = `zorg${randomUUID().replace(/-/g, '').slice(0, 6)}`;
const dayAfter = (days: number) => new Date(Date.parse(`${todayInNewYork()}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

let adminToken: string;

interface Organizer {
  token: string;
  sub: string;
  organizationId: string;
}

/** A new user who applies with this organization name and whom the admin approves: an organizer with an organization. */
async function approvedOrganizer(name: string): Promise<Organizer> {
  const user = await newUser('directory');
  const me = (await api('GET', '/api/me', { token: user.token })).body as { id: string };
  const submitted = await api('POST', '/api/organizer-applications', {
    token: user.token,
    body: {
      organizationName: name,
      organizationType: 'running_club',
      website: 'https://example.org/club',
      description: 'We put on races on the coast and in the hills every season.',
      experience: 'Ten years of permitted events with up to 900 runners.',
      eventTypes: ['road_race', 'duathlon'],
      acceptTerms: true,
    },
  });
  expect(submitted.status, JSON.stringify(submitted.body)).toBe(201);
  const { id } = ApplicationSchema.parse(submitted.body);
  const decided = await api('POST', `/api/admin/organizer-applications/${id}/decision`, { token: adminToken, body: { decision: 'approve' } });
  expect(decided.status, JSON.stringify(decided.body)).toBe(200);
  const profile = (await api('GET', '/api/me', { token: user.token })).body as { organizationId?: string; role: string };
  expect(profile).toMatchObject({ role: 'organizer', organizationId: expect.any(String) });
  return { token: user.token, sub: me.id, organizationId: profile.organizationId! };
}

/** An event the organizer creates and an admin approves: public, and their organization's. */
async function publicEventOf(organizer: Organizer, fields: Record<string, unknown>): Promise<RaceEvent> {
  const created = await api('POST', '/api/events', {
    token: organizer.token,
    body: { title: `${marker} Coastal Race`, eventDate: dayAfter(30), eventType: 'road_race', terrainType: 'road', locationName: 'Harbor', city: 'Rockland', state: 'ME', distances: ['5K'], ...fields },
  });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  const event = EventSchema.parse(created.body);
  expect(event.organizationId).toBe(organizer.organizationId);
  const approved = await api('POST', `/api/admin/event-reviews/${event.id}/decision`, { token: adminToken, body: { decision: 'approve' } });
  expect(approved.status, JSON.stringify(approved.body)).toBe(200);
  return EventSchema.parse(approved.body);
}

async function directory(q?: string, cursor?: string) {
  const response = await api('GET', '/api/organizations', { query: { ...(q !== undefined ? { q } : {}), ...(cursor ? { cursor } : {}) } });
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return OrganizationsPageSchema.parse(response.body);
}

/** Every card a search finds, following its cursor to the end. */
async function allFound(q: string): Promise<OrganizationCard[]> {
  const found: OrganizationCard[] = [];
  let cursor: string | undefined;
  do {
    const page = await directory(q, cursor);
    found.push(...page.items);
    cursor = page.nextCursor;
  } while (cursor);
  return found;
}

async function detail(id: string, cursor?: string) {
  const response = await api('GET', `/api/organizations/${id}`, { query: cursor ? { cursor } : {} });
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return OrganizationDetailSchema.parse(response.body);
}

let coastal: Organizer;
let peaks: Organizer;

beforeAll(async () => {
  const admin = account('Admin');
  adminToken = await idTokenFor(admin.email, admin.password);
  [coastal, peaks] = await Promise.all([approvedOrganizer(`${marker} Coastal Runners`), approvedOrganizer(`Northern ${marker}peaks Club`)]);
});

describe('the organizer directory', () => {
  it('lists a new organization from its approval: verified, with its website and no events yet', async () => {
    const card = (await allFound(marker)).find((item) => item.id === coastal.organizationId);
    expect(card).toEqual({
      id: coastal.organizationId,
      name: `${marker} Coastal Runners`,
      verified: true,
      eventCount: 0,
      upcomingEventCount: 0,
      specialties: [],
      rating: null,
      websiteUrl: 'https://example.org/club',
    });
    const page = await detail(coastal.organizationId);
    expect(page).toMatchObject({ pastEventCount: 0, description: 'We put on races on the coast and in the hills every season.', events: { items: [] } });
    // The application's contact details are not the organization's public ones.
    expect(JSON.stringify(page)).not.toContain('@');
  });

  it('counts public events only, in the same writes as the events: review, claim, unverify and delete', async () => {
    const first = await publicEventOf(coastal, { eventDate: dayAfter(20) });
    const second = await publicEventOf(coastal, { title: `${marker} Island Duathlon`, eventType: 'duathlon', city: 'Vinalhaven', eventDate: dayAfter(40), distances: ['5K run', '20K bike'] });
    // Created but not reviewed: not public, not counted.
    const pending = await api('POST', '/api/events', {
      token: coastal.token,
      body: { title: `${marker} Pending Race`, eventDate: dayAfter(50), eventType: 'road_race', terrainType: 'road', locationName: 'Pier', city: 'Camden', state: 'ME', distances: ['10K'] },
    });
    expect(pending.status).toBe(201);
    // A race someone else listed, claimed by the organizer and approved: it joins the organization.
    const listed = await createEvent(testRaceEvent({ title: `${marker} Lighthouse Run`, eventDate: dayAfter(60), city: 'Rockland', state: 'ME' }));
    const claimed = await api('POST', `/api/events/${listed.id}/claims`, { token: coastal.token, body: { reason: 'We have run this race for ten years.' } });
    expect(claimed.status, JSON.stringify(claimed.body)).toBe(201);
    const decision = await api('POST', `/api/admin/claims/${encodeURIComponent(`${listed.id}.${coastal.sub}`)}/decision`, { token: adminToken, body: { decision: 'approve' } });
    expect(decision.status, JSON.stringify(decision.body)).toBe(200);
    // A race of the organization that is over (written directly: no form takes a past date).
    await createEvent(testRaceEvent({ title: `${marker} Last Year Run`, eventDate: dayAfter(-100), city: 'Rockland', state: 'ME', organizationId: coastal.organizationId }));

    let page = await detail(coastal.organizationId);
    expect(page).toMatchObject({ eventCount: 4, upcomingEventCount: 3, pastEventCount: 1, location: { city: 'Rockland', state: 'ME' }, specialties: ['road_race', 'duathlon'] });
    expect(page.events.items.map((event) => event.id)).toEqual([first.id, second.id, listed.id]);
    expect(page.nextEvent).toEqual({ id: first.id, title: first.title, eventDate: first.eventDate, city: 'Rockland', state: 'ME' });

    // Unverified by an admin: out of the counts and the list; verified again: back.
    expect((await api('PATCH', `/api/admin/events/${second.id}`, { token: adminToken, body: { verified: false } })).status).toBe(200);
    page = await detail(coastal.organizationId);
    expect(page).toMatchObject({ eventCount: 3, upcomingEventCount: 2, specialties: ['road_race'] });
    expect(page.events.items.map((event) => event.id)).toEqual([first.id, listed.id]);
    expect((await api('PATCH', `/api/admin/events/${second.id}`, { token: adminToken, body: { verified: true } })).status).toBe(200);
    // The owner moves a race: its day moves with it.
    expect((await api('PATCH', `/api/events/${first.id}`, { token: coastal.token, body: { eventDate: dayAfter(70) } })).status).toBe(200);
    page = await detail(coastal.organizationId);
    expect(page).toMatchObject({ eventCount: 4, upcomingEventCount: 3 });
    expect(page.events.items.map((event) => event.id)).toEqual([second.id, listed.id, first.id]);
    // Deleted: gone from every count.
    expect((await api('DELETE', `/api/admin/events/${listed.id}`, { token: adminToken })).status).toBe(204);
    page = await detail(coastal.organizationId);
    // Kinds count past events too: two road races (one over) and the duathlon.
    expect(page).toMatchObject({ eventCount: 3, upcomingEventCount: 2, pastEventCount: 1, specialties: ['road_race', 'duathlon'] });
  });

  it('finds organizations by a name prefix, a place of their events, a kind of race, and several words at once', async () => {
    await publicEventOf(peaks, { title: `${marker} Summit Trail Race`, eventType: 'trail_race', terrainType: 'trail', city: 'Kalispell', state: 'MT', eventDate: dayAfter(25) });
    const ids = async (q: string) => (await allFound(q)).map((card) => card.id);

    // A prefix of a name word, in any case.
    expect(await ids(marker.slice(0, 5).toUpperCase())).toEqual(expect.arrayContaining([coastal.organizationId, peaks.organizationId]));
    expect(await ids(`${marker}pea`)).toEqual([peaks.organizationId]);
    // A place: the city or state of its public events (code or name).
    expect(await ids('kalisp')).toContain(peaks.organizationId);
    expect(await ids('vinalhaven')).toContain(coastal.organizationId);
    expect(await ids(`${marker} montana`)).toEqual([peaks.organizationId]);
    expect(await ids(`${marker} ME`)).toEqual([coastal.organizationId]);
    // A kind of race it puts on (its specialties).
    expect(await ids(`${marker} duathlon`)).toEqual([coastal.organizationId]);
    expect(await ids(`trail ${marker}`)).toEqual([peaks.organizationId]);
    // Nothing matches every word.
    expect(await ids(`${marker} duathlon kalispell`)).toEqual([]);
    expect(await ids('zzqxnothing')).toEqual([]);
  });

  it('forgets a place once its last public event there is gone', async () => {
    const event = await publicEventOf(peaks, { title: `${marker} Glacier Run`, city: 'Whitefish', state: 'MT', eventDate: dayAfter(35) });
    expect((await allFound(`whitefish ${marker}`)).map((card) => card.id)).toEqual([peaks.organizationId]);
    expect((await api('DELETE', `/api/admin/events/${event.id}`, { token: adminToken })).status).toBe(204);
    expect(await allFound(`whitefish ${marker}`)).toEqual([]);
    // The organization itself is still found by its name.
    expect((await allFound(`${marker}peaks`)).map((card) => card.id)).toEqual([peaks.organizationId]);
  });

  it('shows the rating from the review aggregate the reviews keep, and lists every organization by name, page by page', async () => {
    await db.send(new PutCommand({ TableName: tableName, Item: { ...organizationReviewsKey(peaks.organizationId), count: 3, sum: 13 } }));
    expect((await detail(peaks.organizationId)).rating).toEqual({ average: 4.3, count: 3 });

    const names: string[] = [];
    let cursor: string | undefined;
    let pages = 0;
    do {
      const page = await directory(undefined, cursor);
      expect(page.items.length).toBeLessThanOrEqual(12);
      names.push(...page.items.map((card) => card.name));
      cursor = page.nextCursor;
      pages += 1;
    } while (cursor && pages < 50);
    expect(names).toEqual(expect.arrayContaining([`${marker} Coastal Runners`, `Northern ${marker}peaks Club`]));
    // In the order of their keys: the name's normalized words, then '#' and the id.
    const keys = names.map((name) => `${name.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase().replace(/[^\p{L}\p{N}]+/gu, ' ').trim()}#`);
    expect(keys).toEqual([...keys].sort());
  });

  it('pages an organization\'s upcoming events, answers 404 for an unknown one and 400 for a bad cursor', async () => {
    for (let day = 1; day <= 13; day += 1) {
      await createEvent(testRaceEvent({ title: `${marker} Weekly ${day}`, eventDate: dayAfter(100 + day), organizationId: peaks.organizationId }));
    }
    const first = await detail(peaks.organizationId);
    expect(first.events.items).toHaveLength(12);
    expect(first.events.nextCursor).toBeDefined();
    const second = await detail(peaks.organizationId, first.events.nextCursor);
    expect(second.events.nextCursor).toBeUndefined();
    const all = [...first.events.items, ...second.events.items];
    expect(new Set(all.map((event) => event.id)).size).toBe(all.length);
    expect(all.map((event) => event.eventDate)).toEqual([...all.map((event) => event.eventDate)].sort());
    expect(second.nextEvent).toEqual(first.nextEvent);

    expect((await api('GET', `/api/organizations/${UNKNOWN_ID}`)).status).toBe(404);
    expect((await api('GET', '/api/organizations/not-an-id')).status).toBe(400);
    expect((await api('GET', `/api/organizations/${peaks.organizationId}`, { query: { cursor: 'bm90IGEgY3Vyc29y' } })).status).toBe(400);
    expect((await api('GET', '/api/organizations', { query: { q: 'x', cursor: '!!' } })).status).toBe(400);
    // Public and cacheable.
    expect((await api('GET', '/api/organizations')).headers.get('cache-control')).toContain('public');
  });
});
