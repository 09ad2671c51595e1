/**
 * Suggested races and charity races through the local stack. A signed-in athlete suggests a missing race
 * (POST /api/submitted-events): it is an unverified event with no owner in the admins' review queue, marked as
 * a suggestion; athletes cannot decide it; approval makes it public, rejection removes it; each submitter sees
 * only their own suggestions and their status. Charity: an organizer's "Charity race" tag puts an event in
 * GET /api/events?tag=charity (with the other filters), and their edits leave other tags alone.
 */
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { todayInNewYork } from '#shared/dates';
import { ErrorBodySchema } from '#shared/schemas/common';
import { EventSchema } from '#shared/schemas/event';
import { EventReviewPageSchema, type EventReviewPage } from '#shared/schemas/organizer-event';
import { EventSearchPageSchema } from '#shared/schemas/search';
import { SubmittedEventSchema, SubmittedEventsPageSchema, MAX_PENDING_SUGGESTIONS } from '#shared/schemas/submitted-event';
import { createEvent, getEvent } from '#data/event';
import { testRaceEvent } from '../support/race-event.ts';
import { account, api, idTokenFor, newUser } from '../support/local-api.ts';

const dayAfter = (days: number) => new Date(Date.parse(`${todayInNewYork()}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
const tokens = {} as Record<'Athlete' | 'Admin' | 'Organizer', string>;

beforeAll(async () => {
  for (const label of ['Athlete', 'Admin', 'Organizer'] as const) {
    const { email, password } = account(label);
    tokens[label] = await idTokenFor(email, password);
  }
});

function suggestionBody(extra: Record<string, unknown> = {}) {
  const marker = `sugg${randomUUID().replace(/-/g, '').slice(0, 8)}`;
  return {
    title: `Harbor ${marker} 10K`,
    eventDate: dayAfter(45),
    eventType: 'road_race',
    city: 'Portsmouth',
    state: 'NH',
    distances: ['10K', '5K'],
    websiteUrl: 'https://example.org/harbor-10k',
    notes: 'I ran it last year; the organizer is a local running club.',
    ...extra,
  };
}

async function suggest(token: string, extra: Record<string, unknown> = {}) {
  const response = await api('POST', '/api/submitted-events', { token, body: suggestionBody(extra) });
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  return SubmittedEventSchema.parse(response.body);
}

const search = async (query: Record<string, string>) => EventSearchPageSchema.parse((await api('GET', '/api/events', { query })).body).items;
/** The whole pending queue (other test files fill it too), every page. */
async function queue() {
  const items: EventReviewPage['items'] = [];
  let cursor: string | undefined;
  do {
    const page = EventReviewPageSchema.parse((await api('GET', '/api/admin/event-reviews', { token: tokens.Admin, query: cursor ? { cursor } : {} })).body);
    items.push(...page.items);
    cursor = page.nextCursor;
  } while (cursor);
  return items;
}
const mine = async (token: string) => SubmittedEventsPageSchema.parse((await api('GET', '/api/me/submitted-events', { token })).body).items;
const decide = (id: string, body: Record<string, unknown>, token = tokens.Admin) => api('POST', `/api/admin/event-reviews/${id}/decision`, { token, body });
const fieldsOf = (body: unknown) => Object.keys(ErrorBodySchema.parse(body).error.fields ?? {});

describe('suggesting a missing race', () => {
  it('lands in the admin queue as an unverified suggestion with no owner, not public, with who sent it', async () => {
    const suggestion = await suggest(tokens.Athlete);
    expect(suggestion).toMatchObject({ status: 'pending', city: 'Portsmouth', state: 'NH', eventType: 'road_race' });
    const event = await getEvent(suggestion.id);
    expect(event).toMatchObject({ verified: false, featured: false, source: 'suggestion', reviewStatus: 'pending', locationName: 'Portsmouth', terrainType: 'road', distances: ['10K', '5K'] });
    expect(event?.organizerId).toBeUndefined();
    // The submitter's notes are not on the event, which its page would show.
    expect(JSON.stringify(event)).not.toContain('local running club');

    const inQueue = (await queue()).find((item) => item.id === suggestion.id);
    expect(inQueue).toMatchObject({ source: 'suggestion', suggestion: { submitterEmail: account('Athlete').email, notes: 'I ran it last year; the organizer is a local running club.' } });
    expect(await search({ q: suggestion.title.split(' ')[1]! })).toEqual([]);
    expect((await api('GET', `/api/events/${suggestion.id}`)).status).toBe(404);
    expect((await api('GET', `/api/events/${suggestion.id}`, { token: tokens.Athlete })).status).toBe(404);
    expect((await api('GET', `/api/events/${suggestion.id}`, { token: tokens.Admin })).status).toBe(200);
  });

  it('validates like the event form, refuses server-set fields, and needs a signed-in user', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ eventDate: todayInNewYork() }, 'body.eventDate'],
      [{ title: 'ab' }, 'body.title'],
      [{ distances: [] }, 'body.distances'],
      [{ state: 'XX' }, 'body.state'],
      [{ websiteUrl: 'javascript:alert(1)' }, 'body.websiteUrl'],
      [{ eventType: 'sprint' }, 'body.eventType'],
      [{ verified: true }, 'body'],
      [{ organizerId: 'someone' }, 'body'],
    ];
    for (const [extra, field] of cases) {
      const response = await api('POST', '/api/submitted-events', { token: tokens.Athlete, body: suggestionBody(extra) });
      expect(response.status, JSON.stringify(extra)).toBe(400);
      expect(fieldsOf(response.body).some((name) => name.startsWith(field)), `${JSON.stringify(extra)}: ${JSON.stringify(response.body)}`).toBe(true);
    }
    expect((await api('POST', '/api/submitted-events', { body: suggestionBody() })).status).toBe(401);
    expect((await api('GET', '/api/me/submitted-events')).status).toBe(401);
  });

  it('cannot be decided by an athlete; approval makes it a verified public event with no owner', async () => {
    const suggestion = await suggest(tokens.Athlete);
    expect((await decide(suggestion.id, { decision: 'approve' }, tokens.Athlete)).status).toBe(403);
    expect((await decide(suggestion.id, { decision: 'approve' }, tokens.Organizer)).status).toBe(403);
    // There is no organizer to send it back to.
    const sentBack = await decide(suggestion.id, { decision: 'send_back', notes: 'Add the venue' });
    expect(sentBack.status).toBe(409);

    const approved = await decide(suggestion.id, { decision: 'approve', notes: 'Thanks, confirmed with the club.' });
    expect(approved.status, JSON.stringify(approved.body)).toBe(200);
    expect(EventSchema.parse(approved.body)).toMatchObject({ verified: true, reviewStatus: 'approved', source: 'suggestion' });
    expect(EventSchema.parse(approved.body).organizerId).toBeUndefined();
    expect((await search({ q: suggestion.title.split(' ')[1]! })).map((event) => event.id)).toEqual([suggestion.id]);
    expect((await api('GET', `/api/events/${suggestion.id}`)).status).toBe(200);
    expect((await queue()).map((item) => item.id)).not.toContain(suggestion.id);
    expect((await mine(tokens.Athlete)).find((item) => item.id === suggestion.id)).toMatchObject({ status: 'approved', adminNotes: 'Thanks, confirmed with the club.', decidedAt: expect.any(String) });
    expect((await decide(suggestion.id, { decision: 'reject', notes: 'Too late' })).status).toBe(409);
  });

  it('rejection needs notes, removes the event and tells the submitter why', async () => {
    const suggestion = await suggest(tokens.Athlete);
    expect((await decide(suggestion.id, { decision: 'reject' })).status).toBe(400);
    const rejected = await decide(suggestion.id, { decision: 'reject', notes: 'This race was cancelled for good.' });
    expect(rejected.status, JSON.stringify(rejected.body)).toBe(200);
    expect(await getEvent(suggestion.id)).toBeUndefined();
    expect((await api('GET', `/api/events/${suggestion.id}`, { token: tokens.Admin })).status).toBe(404);
    expect((await queue()).map((item) => item.id)).not.toContain(suggestion.id);
    expect((await mine(tokens.Athlete)).find((item) => item.id === suggestion.id)).toMatchObject({
      status: 'rejected',
      adminNotes: 'This race was cancelled for good.',
      title: suggestion.title,
    });
    // An organizer's event is sent back, never rejected.
    const created = await api('POST', '/api/events', {
      token: tokens.Organizer,
      body: { title: 'Organizer Owned Race', eventDate: dayAfter(30), eventType: 'road_race', terrainType: 'road', locationName: 'Park', city: 'Keene', state: 'NH', distances: ['5K'] },
    });
    expect(created.status).toBe(201);
    expect((await decide(EventSchema.parse(created.body).id, { decision: 'reject', notes: 'No' })).status).toBe(409);
  });

  it("lists only the caller's own suggestions, newest first, and caps those waiting", async () => {
    const other = await newUser('suggester');
    const theirs = await suggest(other.token);
    const first = await suggest(other.token, { title: 'Second Suggestion Run' });
    expect((await mine(other.token)).map((item) => item.id)).toEqual([first.id, theirs.id]);
    expect((await mine(tokens.Athlete)).map((item) => item.id)).not.toContain(theirs.id);

    for (let count = 2; count < MAX_PENDING_SUGGESTIONS; count += 1) await suggest(other.token, { title: `Suggestion number ${count}` });
    const refused = await api('POST', '/api/submitted-events', { token: other.token, body: suggestionBody() });
    expect(refused.status).toBe(409);
    expect(JSON.stringify(refused.body)).toContain('waiting for review');
    // A decision frees a place.
    expect((await decide(theirs.id, { decision: 'reject', notes: 'Duplicate of an existing listing.' })).status).toBe(200);
    await suggest(other.token, { title: 'One more suggestion' });
  });
});

describe('charity races', () => {
  it("lists events tagged charity with the search's other filters; an organizer's box sets and clears the tag", async () => {
    const marker = `char${randomUUID().replace(/-/g, '').slice(0, 8)}`;
    const created = await api('POST', '/api/events', {
      token: tokens.Organizer,
      body: { title: `${marker} Hope Run`, eventDate: dayAfter(33), eventType: 'fun_run', terrainType: 'road', locationName: 'Common', city: 'Concord', state: 'NH', distances: ['5K'], tags: ['charity'] },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const charity = EventSchema.parse(created.body);
    expect(charity.tags).toEqual(['charity']);
    expect((await decide(charity.id, { decision: 'approve' })).status).toBe(200);
    // Imported or admin-set: any case counts; a plain race does not.
    const imported = await createEvent(testRaceEvent({ title: `${marker} Gala Walk`, eventDate: dayAfter(34), state: 'VT', city: 'Burlington', tags: ['Charity', 'family-friendly'] }));
    const plain = await createEvent(testRaceEvent({ title: `${marker} Plain 5K`, eventDate: dayAfter(35), state: 'NH', city: 'Concord' }));

    const ids = async (query: Record<string, string>) => (await search({ q: marker, ...query })).map((event) => event.id);
    expect(await ids({ tag: 'charity' })).toEqual([charity.id, imported.id]);
    expect(await ids({ tag: 'charity', state: 'NH' })).toEqual([charity.id]);
    expect(await ids({ tag: 'charity', type: 'fun_run' })).toEqual([charity.id]);
    expect(await ids({})).toEqual([charity.id, imported.id, plain.id]);
    // Without text, the tag's own partition drives the search.
    expect((await search({ tag: 'charity', from: dayAfter(33), to: dayAfter(34) })).map((event) => event.id)).toEqual(expect.arrayContaining([charity.id, imported.id]));
    expect((await search({ tag: 'charity' })).map((event) => event.id)).not.toContain(plain.id);
    expect((await api('GET', '/api/events', { query: { tag: 'unknown' } })).status).toBe(400);

    // An organizer may set only their own tags; an edit clears charity and keeps an admin's tag.
    expect((await api('PATCH', `/api/admin/events/${charity.id}`, { token: tokens.Admin, body: { tags: ['charity', 'boston-qualifier'] } })).status).toBe(200);
    expect((await api('PATCH', `/api/events/${charity.id}`, { token: tokens.Organizer, body: { tags: ['boston-qualifier'] } })).status).toBe(400);
    const cleared = await api('PATCH', `/api/events/${charity.id}`, { token: tokens.Organizer, body: { tags: [] } });
    expect(cleared.status, JSON.stringify(cleared.body)).toBe(200);
    expect(EventSchema.parse(cleared.body).tags).toEqual(['boston-qualifier']);
    expect(await ids({ tag: 'charity' })).toEqual([imported.id]);
  });
});
