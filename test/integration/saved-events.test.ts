/**
 * Saved events: PUT and DELETE /api/me/saved-events/{eventId} (idempotent, counted once, only events the
 * caller may see) and GET /api/me/saved-events (newest first with card fields, 50 a page, each user only
 * their own).
 */
import { randomUUID } from 'node:crypto';
import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { beforeAll, describe, expect, it } from 'vitest';
import type { RaceEvent } from '#shared/schemas/event';
import { SavedEventsPageSchema, type SavedEventsPage } from '#shared/schemas/saved-event';
import { db, tableName } from '#lib/dynamo';
import { createEvent, createEventsInBulk, deleteEvent } from '#data/event';
import { getSaveCount } from '#data/saved-event';
import { testRaceEvent } from '../support/race-event.ts';
import { account, api, idTokenFor, newUser } from '../support/local-api.ts';
import { UNKNOWN_ID } from '../support/route-paths.ts';

function raceEvent(overrides: Partial<RaceEvent> = {}): RaceEvent {
  return testRaceEvent({
    title: `Saved test ${randomUUID()}`,
    description: `${'A scenic course through rolling hills and quiet farm roads. '.repeat(6)}Finish at the brewery.`,
    eventDate: '2099-09-12',
    eventType: 'trail_race',
    terrainType: 'trail',
    locationName: 'Hilltop Farm',
    city: 'Asheville',
    state: 'NC',
    distances: ['25K', '50K'],
    registrationFee: 80,
    registrationUrl: 'https://example.org/hills',
    ...overrides,
  });
}

const tokens: Record<string, string> = {};
let subs: Record<string, string> = {};

beforeAll(async () => {
  for (const label of ['Athlete', 'Second athlete', 'Organizer', 'Admin']) {
    const { email, password } = account(label);
    tokens[label] = await idTokenFor(email, password);
  }
  subs = Object.fromEntries(
    await Promise.all(
      Object.entries(tokens).map(async ([label, token]) => [label, ((await api('GET', '/api/me', { token })).body as { id: string }).id]),
    ),
  );
});

const save = (token: string, eventId: string) => api('PUT', `/api/me/saved-events/${eventId}`, { token });
const unsave = (token: string, eventId: string) => api('DELETE', `/api/me/saved-events/${eventId}`, { token });

async function list(token: string, cursor?: string): Promise<SavedEventsPage> {
  const response = await api('GET', '/api/me/saved-events', { token, query: cursor ? { cursor } : {} });
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  expect(response.headers.get('cache-control')).toBe('private, no-store');
  return SavedEventsPageSchema.parse(response.body);
}

/** Every page of a user's saved events, in order. */
async function listAll(token: string): Promise<{ pages: SavedEventsPage[]; items: SavedEventsPage['items'] }> {
  const pages: SavedEventsPage[] = [];
  let cursor: string | undefined;
  do {
    const page = await list(token, cursor);
    pages.push(page);
    cursor = page.nextCursor;
  } while (cursor && pages.length < 20);
  return { pages, items: pages.flatMap((page) => page.items) };
}

/** The items a user's saves of one event occupy in the table (the lookup item and the newest-first line). */
async function storedSaves(sub: string, eventId: string) {
  const { Items = [] } = await db.send(
    new QueryCommand({
      TableName: tableName,
      KeyConditionExpression: 'PK = :pk AND begins_with(SK, :saved)',
      ExpressionAttributeValues: { ':pk': `USER#${sub}`, ':saved': 'SAVED' },
      ConsistentRead: true,
    }),
  );
  return Items.filter((item) => item.eventId === eventId);
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('saving events', () => {
  it('lists saved events newest first, each with its card fields', async () => {
    const { token } = await newUser('saver');
    const events = [await createEvent(raceEvent()), await createEvent(raceEvent({ verified: true, featured: true })), await createEvent(raceEvent())];
    const savedAt: string[] = [];
    for (const event of events) {
      const response = await save(token, event.id);
      expect(response.status).toBe(200);
      expect(response.body).toEqual({ eventId: event.id, savedAt: expect.any(String) });
      savedAt.push((response.body as { savedAt: string }).savedAt);
      await pause(5);
    }
    const page = await list(token);
    expect(page.nextCursor).toBeUndefined();
    expect(page.items.map((item) => item.event.id)).toEqual(events.map((event) => event.id).reverse());
    expect(page.items.map((item) => item.savedAt)).toEqual([...savedAt].reverse());
    const [newest] = page.items;
    const event = events[2]!;
    expect(newest!.event).toEqual({
      id: event.id,
      title: event.title,
      description: expect.stringMatching(/^A scenic course.*…$/),
      eventDate: event.eventDate,
      city: event.city,
      state: event.state,
      locationName: event.locationName,
      eventType: event.eventType,
      terrainType: event.terrainType,
      // Longest first, as every card headlines the race's main distance ('50K +1'), stored as ['25K', '50K'].
      distances: ['50K', '25K'],
      registrationFee: event.registrationFee,
      registrationUrl: event.registrationUrl,
      featured: false,
      verified: true,
    });
    expect(newest!.event.description!.length).toBeLessThanOrEqual(201);
  });

  it('keeps past events listed (the dashboard shows them as completed)', async () => {
    const { token } = await newUser('past');
    const past = await createEvent(raceEvent({ eventDate: '2001-04-16' }));
    expect((await save(token, past.id)).status).toBe(200);
    expect((await list(token)).items.map((item) => item.event.id)).toEqual([past.id]);
  });

  it('is idempotent: saving twice keeps one save, its first time, and counts it once', async () => {
    const { token } = await newUser('twice');
    const me = ((await api('GET', '/api/me', { token })).body as { id: string }).id;
    const event = await createEvent(raceEvent());
    const first = await save(token, event.id);
    await pause(5);
    const second = await save(token, event.id);
    expect(second.status).toBe(200);
    expect(second.body).toEqual(first.body);
    expect(await storedSaves(me, event.id)).toHaveLength(2); // the lookup item and the newest-first line
    expect(await getSaveCount(event.id)).toBe(1);
    expect((await list(token)).items.filter((item) => item.event.id === event.id)).toHaveLength(1);
  });

  it('answers 404 for an unknown event and saves nothing', async () => {
    const response = await save(tokens.Athlete!, UNKNOWN_ID);
    expect(response.status).toBe(404);
    expect(response.body).toEqual({ error: { code: 'not_found', message: 'Event not found' } });
    expect(await storedSaves(subs.Athlete!, UNKNOWN_ID)).toHaveLength(0);
  });

  it("answers 404 for an unverified event the caller may not see, but lets its organizer save it", async () => {
    const hidden = await createEvent(raceEvent({ verified: false, organizerId: subs.Organizer }));
    expect((await save(tokens.Athlete!, hidden.id)).status).toBe(404);
    expect(await storedSaves(subs.Athlete!, hidden.id)).toHaveLength(0);
    expect(await getSaveCount(hidden.id)).toBe(0);
    expect((await save(tokens.Organizer!, hidden.id)).status).toBe(200);
    expect(await getSaveCount(hidden.id)).toBe(1);
  });

  it('answers 400 for a malformed event id', async () => {
    expect((await save(tokens.Athlete!, 'not-an-id')).status).toBe(400);
    expect((await unsave(tokens.Athlete!, 'not-an-id')).status).toBe(400);
  });
});

describe('removing saved events', () => {
  it('is idempotent: 204 each time, the counter back to 0 and never below', async () => {
    const { token } = await newUser('unsaver');
    const event = await createEvent(raceEvent());
    await save(token, event.id);
    expect(await getSaveCount(event.id)).toBe(1);
    for (let round = 0; round < 2; round += 1) {
      const response = await unsave(token, event.id);
      expect(response.status).toBe(204);
      expect(response.body).toBeUndefined();
    }
    expect(await getSaveCount(event.id)).toBe(0);
    expect((await list(token)).items).toEqual([]);
  });

  it('answers 204 for an event that was never saved, or does not exist', async () => {
    const event = await createEvent(raceEvent());
    expect((await unsave(tokens.Athlete!, event.id)).status).toBe(204);
    expect((await unsave(tokens.Athlete!, UNKNOWN_ID)).status).toBe(204);
    expect(await getSaveCount(event.id)).toBe(0);
  });

  it('saves again after a removal with a new time, counted again', async () => {
    const { token } = await newUser('resaver');
    const event = await createEvent(raceEvent());
    const first = (await save(token, event.id)).body as { savedAt: string };
    await unsave(token, event.id);
    await pause(5);
    const again = (await save(token, event.id)).body as { savedAt: string };
    expect(again.savedAt > first.savedAt).toBe(true);
    expect(await getSaveCount(event.id)).toBe(1);
    expect((await list(token)).items.map((item) => item.savedAt)).toEqual([again.savedAt]);
  });
});

describe("another user's saved events", () => {
  it('are neither listed nor removable by a second athlete', async () => {
    const event = await createEvent(raceEvent());
    const saved = await save(tokens.Athlete!, event.id);
    expect(saved.status).toBe(200);

    const theirs = await listAll(tokens['Second athlete']!);
    expect(theirs.items.map((item) => item.event.id)).not.toContain(event.id);

    expect((await unsave(tokens['Second athlete']!, event.id)).status).toBe(204);
    expect(await storedSaves(subs.Athlete!, event.id)).toHaveLength(2);
    expect(await getSaveCount(event.id)).toBe(1);
    const mine = await listAll(tokens.Athlete!);
    expect(mine.items.find((item) => item.event.id === event.id)?.savedAt).toBe((saved.body as { savedAt: string }).savedAt);
  });

  it("cannot be reached through someone else's cursor: a cursor pages only the caller's own saves", async () => {
    const owner = await newUser('cursor-owner');
    const other = await newUser('cursor-other');
    const events = await Promise.all(Array.from({ length: 2 }, () => createEvent(raceEvent())));
    for (const event of events) await save(owner.token, event.id);
    const response = await api('GET', '/api/me/saved-events', { token: owner.token });
    const firstOfOwner = SavedEventsPageSchema.parse(response.body).items[0]!;
    // A cursor naming the owner's newest save, used by someone else, only pages through their (empty) list.
    const forged = Buffer.from(`${firstOfOwner.savedAt}#${firstOfOwner.event.id}`).toString('base64url');
    const page = await list(other.token, forged);
    expect(page.items).toEqual([]);
  });

  it('answers 400 to a cursor that is not one of ours', async () => {
    for (const cursor of ['garbage', Buffer.from('USER#x#SAVED').toString('base64url'), '%%%']) {
      const response = await api('GET', '/api/me/saved-events', { token: tokens.Athlete, query: { cursor } });
      expect(response.status, cursor).toBe(400);
    }
  });
});

describe('saved events over time', () => {
  it('pages more than 50 saved events newest first without gaps or duplicates', async () => {
    const { token } = await newUser('pager');
    const events = Array.from({ length: 57 }, () => raceEvent());
    await createEventsInBulk(events);
    // Four at a time: some saves share a millisecond, so ties in savedAt are paged too.
    for (let start = 0; start < events.length; start += 4) {
      const batch = await Promise.all(events.slice(start, start + 4).map((event) => save(token, event.id)));
      expect(batch.map((response) => response.status)).toEqual(batch.map(() => 200));
    }

    const { pages, items } = await listAll(token);
    expect(pages.map((page) => page.items.length)).toEqual([50, 7]);
    expect(pages.at(-1)!.nextCursor).toBeUndefined();
    const ids = items.map((item) => item.event.id);
    expect(new Set(ids).size).toBe(57);
    expect([...ids].sort()).toEqual(events.map((event) => event.id).sort());
    const order = items.map((item) => `${item.savedAt}#${item.event.id}`);
    expect(order).toEqual([...order].sort().reverse());
  });

  it('drops events deleted since, and forgets those saves', async () => {
    const { token } = await newUser('deleted');
    const me = ((await api('GET', '/api/me', { token })).body as { id: string }).id;
    const kept = await createEvent(raceEvent());
    const gone = await createEvent(raceEvent());
    await save(token, kept.id);
    await save(token, gone.id);
    await deleteEvent(gone.id);
    expect((await list(token)).items.map((item) => item.event.id)).toEqual([kept.id]);
    expect(await storedSaves(me, gone.id)).toHaveLength(0);
  });

  it('counts saves of one event by several users racing, each once', async () => {
    const event = await createEvent(raceEvent());
    const users = await Promise.all(Array.from({ length: 6 }, (_, index) => newUser(`racer${index}`)));
    // Every user saves twice at once, all users together.
    const responses = await Promise.all(users.flatMap((user) => [save(user.token, event.id), save(user.token, event.id)]));
    expect(responses.map((response) => response.status)).toEqual(responses.map(() => 200));
    expect(await getSaveCount(event.id)).toBe(6);

    const removals = await Promise.all(users.flatMap((user) => [unsave(user.token, event.id), unsave(user.token, event.id)]));
    expect(removals.map((response) => response.status)).toEqual(removals.map(() => 204));
    expect(await getSaveCount(event.id)).toBe(0);
  });
});
