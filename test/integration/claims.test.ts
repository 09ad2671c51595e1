/**
 * Event claims through the local stack: POST /api/events/{id}/claims (organizers only; the spec's refusals
 * as 409s), the caller's own claims, the admin queue GET /api/admin/claims and the decision POST
 * /api/admin/claims/{id}/decision (approval makes the organizer the event's owner in the same transaction,
 * recording reviewer, time and notes; the cards' 'Claimed' badges read the owner from the postings).
 */
import { randomUUID } from 'node:crypto';
import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { ulid } from 'ulid';
import { beforeAll, describe, expect, it } from 'vitest';
import { AdminClaimsPageSchema, ClaimSchema, ClaimsPageSchema, type AdminClaimsPage } from '#shared/schemas/claim';
import { EventSearchPageSchema } from '#shared/schemas/search';
import type { RaceEvent } from '#shared/schemas/event';
import { db, tableName } from '#lib/dynamo';
import { createEvent, getEvent } from '#data/event';
import { changeRole } from '#data/profile';
import { testRaceEvent } from '../support/race-event.ts';
import { account, api, idTokenFor, newUser } from '../support/local-api.ts';

const tokens: Record<string, string> = {};
const subs: Record<string, string> = {};

async function subOf(token: string): Promise<string> {
  const response = await api('GET', '/api/me', { token });
  expect(response.status).toBe(200);
  return (response.body as { id: string }).id;
}

beforeAll(async () => {
  for (const label of ['Athlete', 'Organizer', 'Admin']) {
    const { email, password } = account(label);
    tokens[label] = await idTokenFor(email, password);
    subs[label] = await subOf(tokens[label]);
  }
  // A second organizer: a new user (GET /api/me makes the profile) promoted through the profile store.
  const other = await newUser('other-organizer');
  subs['Other organizer'] = await subOf(other.token);
  await changeRole(subs['Other organizer'], 'organizer');
  tokens['Other organizer'] = other.token;
});

async function newEvent(overrides: Partial<RaceEvent> = {}): Promise<RaceEvent> {
  const marker = `claimtest${randomUUID().slice(0, 8)}`;
  return createEvent(testRaceEvent({ title: `Claimable ${marker} Trail Run`, eventDate: '2099-10-03', city: 'Bozeman', state: 'MT', ...overrides }));
}

const claim = (token: string | undefined, eventId: string, reason: unknown = 'I am the race director of this event.') =>
  api('POST', `/api/events/${eventId}/claims`, { token, body: { reason } });
const decide = (token: string, id: string, decision: string, notes?: string) =>
  api('POST', `/api/admin/claims/${encodeURIComponent(id)}/decision`, { token, body: { decision, ...(notes === undefined ? {} : { notes }) } });

async function adminQueue(status = 'pending'): Promise<AdminClaimsPage['items']> {
  const items: AdminClaimsPage['items'] = [];
  let cursor: string | undefined;
  do {
    const response = await api('GET', '/api/admin/claims', { token: tokens.Admin, query: { status, ...(cursor ? { cursor } : {}) } });
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    const page = AdminClaimsPageSchema.parse(response.body);
    items.push(...page.items);
    cursor = page.nextCursor;
  } while (cursor);
  return items;
}

async function storedClaim(eventId: string, sub: string) {
  const { Item } = await db.send(new GetCommand({ TableName: tableName, Key: { PK: `EVENT#${eventId}`, SK: `CLAIM#${sub}` }, ConsistentRead: true }));
  return Item;
}

async function claimCounters() {
  const { Item } = await db.send(new GetCommand({ TableName: tableName, Key: { PK: 'COUNTER', SK: 'CLAIMS' }, ConsistentRead: true }));
  return { pending: (Item?.pending as number) ?? 0, approved: (Item?.approved as number) ?? 0, rejected: (Item?.rejected as number) ?? 0 };
}

describe('claiming an event', () => {
  it('records a pending claim for the organizer, listed in their claims and the admin queue', async () => {
    const event = await newEvent();
    const response = await claim(tokens.Organizer, event.id, '  I direct this race.  ');
    expect(response.status, JSON.stringify(response.body)).toBe(201);
    const created = ClaimSchema.parse(response.body);
    expect(created).toMatchObject({ eventId: event.id, organizerId: subs.Organizer, reason: 'I direct this race.', status: 'pending' });
    expect(created.reviewedBy).toBeUndefined();

    const mine = ClaimsPageSchema.parse((await api('GET', '/api/me/claims', { token: tokens.Organizer })).body);
    expect(mine.items.find((item) => item.eventId === event.id)).toMatchObject({ status: 'pending', event: { title: event.title, city: 'Bozeman', state: 'MT' } });
    const own = await api('GET', `/api/events/${event.id}/claims/mine`, { token: tokens.Organizer });
    expect(own.status).toBe(200);
    expect((own.body as { claim?: { status: string } }).claim?.status).toBe('pending');

    const queued = (await adminQueue()).find((item) => item.id === created.id);
    expect(queued).toMatchObject({ reason: 'I direct this race.', event: { title: event.title }, claimant: { email: account('Organizer').email } });
  });

  it("refuses a repeated claim while the first is pending with the spec's 409 'Claim Already Submitted'", async () => {
    const event = await newEvent();
    expect((await claim(tokens.Organizer, event.id)).status).toBe(201);
    const before = await claimCounters();
    const again = await claim(tokens.Organizer, event.id, 'Once more');
    expect(again.status).toBe(409);
    expect(again.body).toEqual({ error: { code: 'claim_already_submitted', message: 'You have already submitted a claim for this event.' } });
    expect((await storedClaim(event.id, subs.Organizer!))?.reason).toBe('I am the race director of this event.');
    expect(await claimCounters()).toEqual(before);
  });

  it('refuses athletes (403) and visitors (401) and writes nothing', async () => {
    const event = await newEvent();
    const athlete = await claim(tokens.Athlete, event.id);
    expect(athlete.status).toBe(403);
    expect((await claim(undefined, event.id)).status).toBe(401);
    expect(await storedClaim(event.id, subs.Athlete!)).toBeUndefined();
  });

  it('answers 400 with the field error for an empty reason, 404 for an unknown or unpublished event', async () => {
    const event = await newEvent();
    const empty = await claim(tokens.Organizer, event.id, '   ');
    expect(empty.status).toBe(400);
    expect(JSON.stringify(empty.body)).toContain('Please tell us why you are claiming this event');
    const hidden = await newEvent({ verified: false });
    expect((await claim(tokens.Organizer, hidden.id)).status).toBe(404);
    expect((await claim(tokens.Organizer, '01HZZZZZZZZZZZZZZZZZZZZZZZ')).status).toBe(404);
  });

  it("does not show one organizer's claim to another, nor let them decide it", async () => {
    const event = await newEvent();
    const created = ClaimSchema.parse((await claim(tokens.Organizer, event.id)).body);
    const theirs = ClaimsPageSchema.parse((await api('GET', '/api/me/claims', { token: tokens['Other organizer'] })).body);
    expect(theirs.items.some((item) => item.eventId === event.id)).toBe(false);
    const own = await api('GET', `/api/events/${event.id}/claims/mine`, { token: tokens['Other organizer'] });
    expect(own.status).toBe(200);
    expect(own.body).toEqual({});
    expect((await api('GET', '/api/admin/claims', { token: tokens['Other organizer'] })).status).toBe(403);
    expect((await decide(tokens['Other organizer']!, created.id, 'approve')).status).toBe(403);
    expect((await storedClaim(event.id, subs.Organizer!))?.status).toBe('pending');
    expect((await getEvent(event.id))?.organizerId).toBeUndefined();
  });
});

describe('deciding a claim', () => {
  it("approval makes the organizer the owner, records reviewer, time and notes, and the cards say 'Claimed'", async () => {
    const event = await newEvent();
    const created = ClaimSchema.parse((await claim(tokens.Organizer, event.id)).body);
    // The other organizer's claim on the same event waits in the queue too.
    const rival = ClaimSchema.parse((await claim(tokens['Other organizer'], event.id, 'We run it too.')).body);
    const before = await claimCounters();

    const response = await decide(tokens.Admin!, created.id, 'approve', 'Checked with the race website.');
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    const decided = ClaimSchema.parse(response.body);
    expect(decided).toMatchObject({ status: 'approved', reviewedBy: subs.Admin, adminNotes: 'Checked with the race website.' });
    expect(Date.now() - Date.parse(decided.reviewedAt!)).toBeLessThan(60_000);

    expect((await getEvent(event.id))?.organizerId).toBe(subs.Organizer);
    expect(await storedClaim(event.id, subs.Organizer!)).toMatchObject({ status: 'approved', reviewedBy: subs.Admin, GSI5PK: 'CLAIMS#approved' });
    expect(await claimCounters()).toEqual({ ...before, pending: before.pending - 1, approved: before.approved + 1 });
    expect((await adminQueue()).some((item) => item.id === created.id)).toBe(false);
    expect((await adminQueue('approved')).find((item) => item.id === created.id)).toMatchObject({ adminNotes: 'Checked with the race website.' });

    // The event page and the search cards carry the owner: the browser shows 'Claimed by You' to them, 'Claimed' to others.
    const page = await api('GET', `/api/events/${event.id}`);
    expect((page.body as RaceEvent).organizerId).toBe(subs.Organizer);
    const marker = event.title.split(' ')[1]!;
    const search = EventSearchPageSchema.parse((await api('GET', '/api/events', { query: { q: marker } })).body);
    expect(search.items.find((item) => item.id === event.id)?.organizerId).toBe(subs.Organizer);

    // Now claimed: new claims are refused with the spec's text, the rival's pending claim cannot be approved.
    const late = await claim(tokens['Other organizer'], event.id);
    expect(late.status).toBe(409);
    expect(late.body).toEqual({ error: { code: 'event_already_claimed', message: 'This event has already been claimed by another organizer.' } });
    expect((await claim(tokens.Organizer, event.id)).body).toMatchObject({ error: { code: 'event_already_yours' } });
    const rivalApproval = await decide(tokens.Admin!, rival.id, 'approve');
    expect(rivalApproval.status).toBe(409);
    expect((rivalApproval.body as { error: { code: string } }).error.code).toBe('event_already_claimed');
    expect((await getEvent(event.id))?.organizerId).toBe(subs.Organizer);
    expect((await decide(tokens.Admin!, rival.id, 'reject', 'The event already has its organizer.')).status).toBe(200);

    // A decided claim is not decided again.
    expect((await decide(tokens.Admin!, created.id, 'reject')).status).toBe(409);
  });

  it('rejection records the decision and leaves the event unowned; the organizer may claim again', async () => {
    const event = await newEvent();
    const created = ClaimSchema.parse((await claim(tokens.Organizer, event.id)).body);
    const response = await decide(tokens.Admin!, created.id, 'reject', 'Please use your organization e-mail.');
    expect(response.status).toBe(200);
    expect(ClaimSchema.parse(response.body)).toMatchObject({ status: 'rejected', reviewedBy: subs.Admin, adminNotes: 'Please use your organization e-mail.' });
    expect((await getEvent(event.id))?.organizerId).toBeUndefined();
    const mine = ClaimsPageSchema.parse((await api('GET', '/api/me/claims', { token: tokens.Organizer })).body);
    expect(mine.items.find((item) => item.eventId === event.id)).toMatchObject({ status: 'rejected', adminNotes: 'Please use your organization e-mail.' });

    const again = await claim(tokens.Organizer, event.id, 'From the organization account now.');
    expect(again.status).toBe(201);
    expect(ClaimSchema.parse(again.body)).toMatchObject({ status: 'pending', reason: 'From the organization account now.' });
  });

  it('refuses approval with a 409 while an import is still writing the event, and changes nothing', async () => {
    const event = await newEvent();
    const created = ClaimSchema.parse((await claim(tokens.Organizer, event.id)).body);
    // What a grouped create leaves on an event until its postings are written: a fresh ticket (its writer may be at work).
    await db.send(new UpdateCommand({ TableName: tableName, Key: { PK: `EVENT#${event.id}`, SK: 'EVENT' }, UpdateExpression: 'SET indexPending = :ticket', ExpressionAttributeValues: { ':ticket': ulid() } }));
    const before = await claimCounters();
    const response = await decide(tokens.Admin!, created.id, 'approve');
    expect(response.status).toBe(409);
    expect((await storedClaim(event.id, subs.Organizer!))?.status).toBe('pending');
    expect((await getEvent(event.id))?.organizerId).toBeUndefined();
    expect(await claimCounters()).toEqual(before);
  });

  it('answers 404 for an unknown claim and 400 for a malformed id or decision', async () => {
    expect((await decide(tokens.Admin!, `01HZZZZZZZZZZZZZZZZZZZZZZZ.${subs.Organizer}`, 'approve')).status).toBe(404);
    expect((await decide(tokens.Admin!, 'not-a-claim', 'approve')).status).toBe(400);
    const event = await newEvent();
    const created = ClaimSchema.parse((await claim(tokens.Organizer, event.id)).body);
    expect((await decide(tokens.Admin!, created.id, 'maybe')).status).toBe(400);
    expect((await storedClaim(event.id, subs.Organizer!))?.status).toBe('pending');
  });

  it('pages the queue with an opaque cursor and refuses a forged one', async () => {
    const forged = await api('GET', '/api/admin/claims', { token: tokens.Admin, query: { cursor: 'bm90LWEtY3Vyc29y' } });
    expect(forged.status).toBe(400);
    const ids = new Set((await adminQueue()).map((item) => item.id));
    expect(ids.size).toBeGreaterThan(0);
  });
});
