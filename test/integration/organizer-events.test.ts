/**
 * Events organizers run, through the local stack: POST /api/events (validations, server-set fields, saved
 * unverified and queued), the owner's list, another organizer's edit refused as a 404, the owner's edit
 * recorded field by field and listed for admins, send back -> edit -> pending again, approve -> public and found
 * by search.
 */
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { todayInNewYork } from '#shared/dates';
import { ErrorBodySchema } from '#shared/schemas/common';
import { EventSchema, type RaceEvent } from '#shared/schemas/event';
import { EventChangesPageSchema, EventReviewPageSchema, OwnEventsPageSchema } from '#shared/schemas/organizer-event';
import { EventSearchPageSchema } from '#shared/schemas/search';
import { createEvent } from '#data/event';
import { changeRole } from '#data/profile';
import { account, api, idTokenFor, newUser } from '../support/local-api.ts';
import { testRaceEvent } from '../support/race-event.ts';

type Who = 'Organizer' | 'Admin' | 'Athlete' | 'Other';
const tokens = {} as Record<Who, string>;
const subs = {} as Record<Who, string>;

beforeAll(async () => {
  for (const label of ['Organizer', 'Admin', 'Athlete'] as const) {
    const { email, password } = account(label);
    tokens[label] = await idTokenFor(email, password);
    subs[label] = ((await api('GET', '/api/me', { token: tokens[label] })).body as { id: string }).id;
  }
  const other = await newUser('events-other-organizer');
  tokens.Other = other.token;
  subs.Other = ((await api('GET', '/api/me', { token: other.token })).body as { id: string }).id;
  await changeRole(subs.Other, 'organizer');
});

const dayAfter = (days: number) => new Date(Date.parse(`${todayInNewYork()}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

function newEventBody(extra: Record<string, unknown> = {}) {
  const marker = `orgevent${randomUUID().slice(0, 8)}`;
  return {
    title: `Lakeside ${marker} Half Marathon`,
    description: 'A flat loop around the lake.',
    eventDate: dayAfter(60),
    registrationEndDate: dayAfter(50),
    eventType: 'road_race',
    terrainType: 'road',
    locationName: 'Lakeside Park',
    city: 'Madison',
    state: 'WI',
    zipCode: '53703',
    distances: ['Half Marathon', '10K'],
    registrationFee: 55,
    maxParticipants: 800,
    registrationUrl: 'https://example.org/register',
    ...extra,
  };
}

async function created(token = tokens.Organizer, extra: Record<string, unknown> = {}): Promise<RaceEvent> {
  const response = await api('POST', '/api/events', { token, body: newEventBody(extra) });
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  return EventSchema.parse(response.body);
}

const fieldsOf = (body: unknown) => Object.keys(ErrorBodySchema.parse(body).error.fields ?? {});
const search = async (q: string) => EventSearchPageSchema.parse((await api('GET', '/api/events', { query: { q } })).body).items;

describe('creating an event', () => {
  it('saves it unverified, owned by the organizer and waiting for review; it is not public yet', async () => {
    const event = await created();
    expect(event).toMatchObject({ verified: false, featured: false, organizerId: subs.Organizer, reviewStatus: 'pending', source: 'organizer', distances: ['Half Marathon', '10K'] });
    expect(await search(event.title.split(' ')[1]!)).toEqual([]);
    // Its owner sees it (the event page, their list); a visitor does not.
    expect((await api('GET', `/api/events/${event.id}`, { token: tokens.Organizer })).status).toBe(200);
    expect((await api('GET', `/api/events/${event.id}`)).status).toBe(404);
    const mine = OwnEventsPageSchema.parse((await api('GET', '/api/me/events', { token: tokens.Organizer })).body);
    expect(mine.items.find((item) => item.id === event.id)).toMatchObject({ reviewStatus: 'pending', verified: false });
    const queue = EventReviewPageSchema.parse((await api('GET', '/api/admin/event-reviews', { token: tokens.Admin })).body);
    expect(queue.items.map((item) => item.id)).toContain(event.id);
  });

  it('refuses a past date, registration closing after the event, no distances and fields only the server sets', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ eventDate: todayInNewYork(), registrationEndDate: undefined }, 'body.eventDate'],
      [{ registrationEndDate: dayAfter(61) }, 'body.registrationEndDate'],
      [{ distances: [] }, 'body.distances'],
      [{ title: 'ab' }, 'body.title'],
      [{ zipCode: '123' }, 'body.zipCode'],
      [{ registrationUrl: 'javascript:alert(1)' }, 'body.registrationUrl'],
      [{ verified: true }, 'body'],
      [{ featured: true }, 'body'],
      [{ organizerId: subs.Other }, 'body'],
    ];
    for (const [extra, field] of cases) {
      const response = await api('POST', '/api/events', { token: tokens.Organizer, body: newEventBody(extra) });
      expect(response.status, JSON.stringify(extra)).toBe(400);
      expect(fieldsOf(response.body).some((name) => name.startsWith(field)), `${JSON.stringify(extra)}: ${JSON.stringify(response.body)}`).toBe(true);
    }
    expect((await api('POST', '/api/events', { token: tokens.Athlete, body: newEventBody() })).status).toBe(403);
  });
});

describe("a race's time zone", () => {
  it('keeps the zone an organizer chooses in a split state, refuses one the state is not on, and moves it with an edit', async () => {
    const elPaso = await created(tokens.Organizer, { city: 'El Paso', state: 'TX', zipCode: '79901', startTime: '07:00', timeZone: 'America/Denver' });
    expect(elPaso).toMatchObject({ startTime: '07:00', timeZone: 'America/Denver' });
    expect((await api('GET', `/api/events/${elPaso.id}`, { token: tokens.Organizer })).body).toMatchObject({ timeZone: 'America/Denver' });
    // Without a choice, the state's usual zone.
    const houston = await created(tokens.Organizer, { city: 'Houston', state: 'TX', zipCode: '77002', startTime: '07:00' });
    expect(houston.timeZone).toBe('America/Chicago');

    const wrong = await api('POST', '/api/events', { token: tokens.Organizer, body: newEventBody({ city: 'Austin', state: 'TX', zipCode: '78701', startTime: '07:00', timeZone: 'America/New_York' }) });
    expect(wrong.status).toBe(400);
    expect(ErrorBodySchema.parse(wrong.body).error.fields).toEqual({ 'body.timeZone': ["Choose one of the state's time zones"] });

    const moved = await api('PATCH', `/api/events/${houston.id}`, { token: tokens.Organizer, body: { timeZone: 'America/Denver' } });
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    expect(moved.body).toMatchObject({ timeZone: 'America/Denver' });
    const refused = await api('PATCH', `/api/events/${houston.id}`, { token: tokens.Organizer, body: { timeZone: 'America/Los_Angeles' } });
    expect(refused.status).toBe(400);
    expect(fieldsOf(refused.body)).toEqual(['body.timeZone']);
    // A zone the new state is on goes with it; a move without one takes the new state's.
    expect((await api('PATCH', `/api/events/${houston.id}`, { token: tokens.Organizer, body: { state: 'FL', city: 'Pensacola', timeZone: 'America/Chicago' } })).body).toMatchObject({ timeZone: 'America/Chicago' });
    expect((await api('PATCH', `/api/events/${elPaso.id}`, { token: tokens.Organizer, body: { state: 'OH', city: 'Columbus', zipCode: '43215' } })).body).toMatchObject({ timeZone: 'America/New_York' });
  });
});

describe('editing an event', () => {
  it("refuses another organizer's edit as if the event did not exist, and records the owner's field by field", async () => {
    const event = await created();
    const refused = await api('PATCH', `/api/events/${event.id}`, { token: tokens.Other, body: { title: 'Taken over' } });
    expect(refused.status).toBe(404);
    expect((await api('PATCH', `/api/events/${event.id}`, { token: tokens.Organizer, body: { verified: true } })).status).toBe(400);

    const response = await api('PATCH', `/api/events/${event.id}`, { token: tokens.Organizer, body: { city: 'Middleton', maxParticipants: null, distances: ['Half Marathon'] } });
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    const edited = EventSchema.parse(response.body);
    expect(edited).toMatchObject({ city: 'Middleton', distances: ['Half Marathon'], verified: false });
    expect(edited.maxParticipants).toBeUndefined();

    const history = EventChangesPageSchema.parse((await api('GET', '/api/admin/event-changes', { token: tokens.Admin, query: { eventId: event.id } })).body);
    expect(history.items).toHaveLength(1);
    expect(history.items[0]).toMatchObject({ actorId: subs.Organizer, actorRole: 'owner', eventTitle: event.title });
    expect(history.items[0]!.fields).toEqual([
      { name: 'city', before: 'Madison', after: 'Middleton' },
      { name: 'distances', before: ['Half Marathon', '10K'], after: ['Half Marathon'] },
      { name: 'maxParticipants', before: 800, after: null },
    ]);
    const recent = EventChangesPageSchema.parse((await api('GET', '/api/admin/event-changes', { token: tokens.Admin })).body);
    expect(recent.items.map((change) => change.eventId)).toContain(event.id);
    // An edit that changes nothing writes nothing.
    await api('PATCH', `/api/events/${event.id}`, { token: tokens.Organizer, body: { city: 'Middleton' } });
    expect(EventChangesPageSchema.parse((await api('GET', '/api/admin/event-changes', { token: tokens.Admin, query: { eventId: event.id } })).body).items).toHaveLength(1);
    expect((await api('GET', '/api/admin/event-changes', { token: tokens.Organizer })).status).toBe(403);
  });

  it('sends an event back with notes, takes it back into the queue when its owner edits it, and approval makes it public', async () => {
    const event = await created();
    const decide = (body: Record<string, unknown>) => api('POST', `/api/admin/event-reviews/${event.id}/decision`, { token: tokens.Admin, body });
    expect((await decide({ decision: 'send_back' })).status).toBe(400);
    const sentBack = await decide({ decision: 'send_back', notes: 'Please add the start time to the description.' });
    expect(sentBack.status, JSON.stringify(sentBack.body)).toBe(200);
    const mine = OwnEventsPageSchema.parse((await api('GET', '/api/me/events', { token: tokens.Organizer })).body);
    expect(mine.items.find((item) => item.id === event.id)).toMatchObject({ reviewStatus: 'changes_requested', reviewNotes: 'Please add the start time to the description.' });
    const back = EventReviewPageSchema.parse((await api('GET', '/api/admin/event-reviews', { token: tokens.Admin, query: { status: 'changes_requested' } })).body);
    expect(back.items.map((item) => item.id)).toContain(event.id);

    const edited = EventSchema.parse((await api('PATCH', `/api/events/${event.id}`, { token: tokens.Organizer, body: { description: 'Starts at 8 am by the boathouse.' } })).body);
    expect(edited.reviewStatus).toBe('pending');

    const approved = EventSchema.parse((await decide({ decision: 'approve', notes: 'Thanks!' })).body);
    expect(approved).toMatchObject({ verified: true, reviewStatus: 'approved' });
    expect((await decide({ decision: 'approve' })).status).toBe(409);
    const found = await search(event.title.split(' ')[1]!);
    expect(found.map((item) => item.id)).toEqual([event.id]);
    expect((await api('GET', `/api/events/${event.id}`)).status).toBe(200);
  });
});

describe("a race's status", () => {
  it('lists a race as virtual, then postponed, then rescheduled with the date it moved from, on its card and its page', async () => {
    const refused = await api('POST', '/api/events', { token: tokens.Organizer, body: newEventBody({ status: 'cancelled' }) });
    expect(refused.status).toBe(400);
    expect(fieldsOf(refused.body)).toEqual(['body.status']);

    const event = await created(tokens.Organizer, { status: 'virtual' });
    expect(event.status).toBe('virtual');
    const approved = await api('POST', `/api/admin/event-reviews/${event.id}/decision`, { token: tokens.Admin, body: { decision: 'approve' } });
    expect(approved.status, JSON.stringify(approved.body)).toBe(200);
    const marker = event.title.split(' ')[1]!;
    const patch = (body: Record<string, unknown>) => api('PATCH', `/api/events/${event.id}`, { token: tokens.Organizer, body });

    expect(EventSchema.parse((await patch({ status: 'postponed' })).body).status).toBe('postponed');
    expect(await search(marker)).toEqual([expect.objectContaining({ id: event.id, status: 'postponed' })]);

    // Rescheduled needs the new date: refused under the date field, nothing written.
    const noDate = await patch({ status: 'rescheduled' });
    expect(noDate.status).toBe(400);
    expect(ErrorBodySchema.parse(noDate.body).error.fields).toEqual({ 'body.eventDate': ['A rescheduled race needs its new date: change the event date in the same edit'] });
    expect(EventSchema.parse((await api('GET', `/api/events/${event.id}`)).body).status).toBe('postponed');

    const moved = EventSchema.parse((await patch({ status: 'rescheduled', eventDate: dayAfter(90) })).body);
    expect(moved).toMatchObject({ status: 'rescheduled', eventDate: dayAfter(90), previousEventDate: event.eventDate });
    // A client never sets the previous date itself.
    expect((await patch({ previousEventDate: dayAfter(10) })).status).toBe(400);
    expect(await search(marker)).toEqual([expect.objectContaining({ status: 'rescheduled', previousEventDate: event.eventDate, eventDate: dayAfter(90) })]);

    // Moved again: the latest date it left. Back to scheduled: no status and no previous date.
    expect(EventSchema.parse((await patch({ eventDate: dayAfter(95) })).body).previousEventDate).toBe(dayAfter(90));
    const scheduled = EventSchema.parse((await patch({ status: null })).body);
    expect(scheduled).not.toHaveProperty('status');
    expect(scheduled).not.toHaveProperty('previousEventDate');
    const [card] = await search(marker);
    expect(card).not.toHaveProperty('status');
    expect(card).not.toHaveProperty('previousEventDate');
  });
});

describe("a race's availability and when its details were checked", () => {
  it("shows a race sold out until its owner says otherwise, and dates the owner's word, not an admin's edit", async () => {
    const event = await created();
    expect(event).toMatchObject({ lastCheckedAt: todayInNewYork(), lastCheckedBy: 'organizer' });
    expect((await api('POST', `/api/admin/event-reviews/${event.id}/decision`, { token: tokens.Admin, body: { decision: 'approve' } })).status).toBe(200);
    const marker = event.title.split(' ')[1]!;
    const patch = (token: string, body: Record<string, unknown>) => api('PATCH', `/api/events/${event.id}`, { token, body });
    const changes = async () => EventChangesPageSchema.parse((await api('GET', '/api/admin/event-changes', { token: tokens.Admin, query: { eventId: event.id } })).body).items;

    expect(EventSchema.parse((await patch(tokens.Organizer, { soldOut: true })).body).soldOut).toBe(true);
    expect(await search(marker)).toEqual([expect.objectContaining({ id: event.id, soldOut: true })]);
    const back = EventSchema.parse((await patch(tokens.Organizer, { soldOut: null })).body);
    expect(back).not.toHaveProperty('soldOut');
    expect((await search(marker))[0]).not.toHaveProperty('soldOut');
    expect(await changes()).toHaveLength(2);

    // The owner confirming with nothing changed: checked today, and no change to record.
    const confirmed = await patch(tokens.Organizer, { confirmed: true });
    expect(confirmed.status, JSON.stringify(confirmed.body)).toBe(200);
    expect(EventSchema.parse(confirmed.body)).toMatchObject({ lastCheckedAt: todayInNewYork(), lastCheckedBy: 'organizer' });
    expect(await changes()).toHaveLength(2);
    // A client cannot set the date itself.
    expect((await patch(tokens.Organizer, { lastCheckedAt: '2020-01-01' })).status).toBe(400);
  });

  it("sells a race in prices with deadlines: today's price stored and on its card, tiers checked against the race's date, back to one fee when cleared", async () => {
    const tiers = [{ fee: 45, until: dayAfter(10) }, { fee: 60, until: dayAfter(40) }, { fee: 70 }];
    const refused = async (body: Record<string, unknown>) => {
      const response = await api('POST', '/api/events', { token: tokens.Organizer, body: newEventBody(body) });
      expect(response.status).toBe(400);
      return fieldsOf(response.body);
    };
    expect(await refused({ priceTiers: tiers })).toEqual(['body.registrationFee']);
    expect(await refused({ registrationFee: undefined, priceTiers: [{ fee: 45, until: dayAfter(70) }, { fee: 60 }] })).toEqual(['body.priceTiers']);
    expect(await refused({ registrationFee: undefined, priceTiers: [{ fee: 45 }, { fee: 60 }] })).toEqual(['body.priceTiers']);

    const event = await created(tokens.Organizer, { registrationFee: undefined, priceTiers: tiers });
    expect(event).toMatchObject({ registrationFee: 45, priceTiers: tiers });
    expect((await api('POST', `/api/admin/event-reviews/${event.id}/decision`, { token: tokens.Admin, body: { decision: 'approve' } })).status).toBe(200);
    const marker = event.title.split(' ')[1]!;
    expect(await search(marker)).toEqual([expect.objectContaining({ id: event.id, registrationFee: 45, priceTiers: tiers })]);

    const patch = (body: Record<string, unknown>) => api('PATCH', `/api/events/${event.id}`, { token: tokens.Organizer, body });
    // Moving the race before a price ends, or a fee beside the tiers, is refused; nothing is written.
    const early = await patch({ eventDate: dayAfter(30), registrationEndDate: dayAfter(25) });
    expect(early.status).toBe(400);
    expect(fieldsOf(early.body)).toEqual(['body.priceTiers']);
    const beside = await patch({ registrationFee: 50 });
    expect(beside.status, JSON.stringify(beside.body)).toBe(400);
    expect(fieldsOf(beside.body)).toEqual(['body.registrationFee']);
    expect((await api('GET', `/api/events/${event.id}`)).body).toMatchObject({ eventDate: event.eventDate, priceTiers: tiers });
    // An admin's edit keeps to the same rules: their fee would be dropped without a word, their date would leave a price after the race.
    const adminPatch = (body: Record<string, unknown>) => api('PATCH', `/api/admin/events/${event.id}`, { token: tokens.Admin, body });
    expect(fieldsOf((await adminPatch({ registrationFee: 50 })).body)).toEqual(['body.registrationFee']);
    expect(fieldsOf((await adminPatch({ eventDate: dayAfter(30), registrationEndDate: dayAfter(25) })).body)).toEqual(['body.priceTiers']);

    // A new schedule is recorded as the tiers' change, not as a fee the organizer typed.
    const dearer = [{ fee: 50, until: dayAfter(20) }, { fee: 75 }];
    expect(EventSchema.parse((await patch({ priceTiers: dearer })).body)).toMatchObject({ registrationFee: 50, priceTiers: dearer });
    const changes = EventChangesPageSchema.parse((await api('GET', '/api/admin/event-changes', { token: tokens.Admin, query: { eventId: event.id } })).body).items;
    expect(changes[0]?.fields.map((field) => field.name)).toEqual(['priceTiers']);

    const flat = EventSchema.parse((await patch({ priceTiers: null, registrationFee: 65 })).body);
    expect(flat.registrationFee).toBe(65);
    expect(flat).not.toHaveProperty('priceTiers');
    expect((await search(marker))[0]).not.toHaveProperty('priceTiers');
  });

  it("does not date an admin's edit as a check: only the organizer's word or the source's", async () => {
    const listed = await createEvent(testRaceEvent({ title: `Unchecked ${randomUUID().slice(0, 8)} 10K`, eventDate: dayAfter(40) }));
    expect(listed).not.toHaveProperty('lastCheckedAt');
    const edited = await api('PATCH', `/api/events/${listed.id}`, { token: tokens.Admin, body: { city: 'Verona', confirmed: true } });
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);
    expect(EventSchema.parse(edited.body)).toMatchObject({ city: 'Verona' });
    expect(EventSchema.parse(edited.body)).not.toHaveProperty('lastCheckedAt');
  });
});
