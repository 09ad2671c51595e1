/**
 * Race recaps through the local stack: only on or after race day, one per athlete per race, editable and
 * deletable by the author only, plain text kept as typed, a public page that never shows a hidden recap,
 * recent recaps by state, and admins hiding, restoring and featuring recaps (recorded on the recap).
 */
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import { addDays, todayInNewYork } from '#shared/dates';
import { AdminRecapSchema, AdminRecapsPageSchema, MyRecapSchema, RecapSchema, RecapsPageSchema, type Recap } from '#shared/schemas/recap';
import { createEvent } from '#data/event';
import { recapKey } from '#data/recap';
import { db, tableName } from '#lib/dynamo';
import { account, api, idTokenFor, newUser } from '../support/local-api.ts';
import { testRaceEvent } from '../support/race-event.ts';
import { UNKNOWN_ID } from '../support/route-paths.ts';

const today = todayInNewYork();
const STORY = 'The start was cold and crowded, so I tucked in behind the 1:45 pacer and let the first mile come to me. '.repeat(3);

async function athlete(prefix: string, name?: { firstName: string; lastName: string }): Promise<{ token: string; sub: string }> {
  const { token } = await newUser(prefix);
  if (name) expect((await api('PATCH', '/api/me', { token, body: name })).status).toBe(200);
  const me = await api('GET', '/api/me', { token });
  return { token, sub: (me.body as { id: string }).id };
}

const adminToken = () => idTokenFor(account('Admin').email, account('Admin').password);

async function pastRace(fields: Partial<Parameters<typeof testRaceEvent>[0]> = {}) {
  return createEvent(testRaceEvent({ title: `Recapped River Run ${Date.now()}`, eventDate: addDays(today, -12), distances: ['10K', 'Half Marathon'], ...fields }));
}

async function writeRecap(eventId: string, token: string, body: Record<string, unknown> = {}): Promise<Recap> {
  const response = await api('POST', `/api/events/${eventId}/recaps`, { token, body: { title: 'My first half marathon', body: STORY, ...body } });
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  return RecapSchema.parse(response.body);
}

describe('race recaps', () => {
  it('opens on race day, takes one recap per athlete per race as plain text, and validates every field', async () => {
    const upcoming = await createEvent(testRaceEvent({ title: `Future Recap Run ${Date.now()}`, eventDate: addDays(today, 3) }));
    const raceDay = await createEvent(testRaceEvent({ title: `Race Day Recap ${Date.now()}`, eventDate: today }));
    const race = await pastRace();
    const writer = await athlete('recap-writer', { firstName: 'Rosa', lastName: 'Diaz' });

    const early = await api('POST', `/api/events/${upcoming.id}/recaps`, { token: writer.token, body: { title: 'Not yet run', body: STORY } });
    expect(early.status).toBe(422);
    expect(JSON.stringify(early.body)).toContain('has not happened yet');
    expect((await api('POST', `/api/events/${race.id}/recaps`, { body: { title: 'Anonymous', body: STORY } })).status).toBe(401);
    expect((await api('POST', `/api/events/${UNKNOWN_ID}/recaps`, { token: writer.token, body: { title: 'Nowhere race', body: STORY } })).status).toBe(404);

    const bad = await api('POST', `/api/events/${race.id}/recaps`, { token: writer.token, body: { title: 'Hi', body: 'Too short to be a story.' } });
    expect(bad.status).toBe(400);
    for (const message of ['at least 5 characters', 'at least 200 characters']) expect(JSON.stringify(bad.body)).toContain(message);
    const long = await api('POST', `/api/events/${race.id}/recaps`, { token: writer.token, body: { title: 'x'.repeat(121), body: 'y'.repeat(20_001) } });
    expect(long.status).toBe(400);
    for (const message of ['under 120 characters', 'under 20,000 characters']) expect(JSON.stringify(long.body)).toContain(message);
    const wrongDistance = await api('POST', `/api/events/${race.id}/recaps`, { token: writer.token, body: { title: 'My marathon', body: STORY, distance: 'Marathon' } });
    expect(wrongDistance.status).toBe(400);
    expect(JSON.stringify(wrongDistance.body)).toContain('10K, Half Marathon');

    // Race day itself is open; text is kept as typed (shown as text, never HTML), line breaks normalized.
    await writeRecap(raceDay.id, writer.token, { title: 'Finished an hour ago' });
    const typed = `  First paragraph with <b>bold</b> & an ampersand.\r\n\r\n${STORY}  `;
    const recap = await writeRecap(race.id, writer.token, { title: '  Negative splits by the river  ', body: typed, distance: 'Half Marathon' });
    expect(recap).toMatchObject({
      title: 'Negative splits by the river',
      body: `First paragraph with <b>bold</b> & an ampersand.\n\n${STORY.trim()}`,
      distance: 'Half Marathon',
      authorName: 'Rosa D.',
      mine: true,
      event: { id: race.id, title: race.title, eventDate: race.eventDate, state: race.state },
    });
    const again = await api('POST', `/api/events/${race.id}/recaps`, { token: writer.token, body: { title: 'Second thoughts', body: STORY } });
    expect(again.status).toBe(409);

    // Its page is public and cacheable for visitors; signed in, it says whose it is.
    const visitor = await api('GET', `/api/recaps/${recap.id}`);
    expect(visitor.status).toBe(200);
    expect(visitor.headers.get('cache-control')).toBe('public, max-age=60');
    expect(RecapSchema.parse(visitor.body).mine).toBeUndefined();
    expect(JSON.stringify(visitor.body)).not.toContain(writer.sub);
    expect(RecapSchema.parse((await api('GET', `/api/recaps/${recap.id}`, { token: writer.token })).body).mine).toBe(true);
    const stranger = await athlete('recap-stranger');
    expect(RecapSchema.parse((await api('GET', `/api/recaps/${recap.id}`, { token: stranger.token })).body).mine).toBe(false);
    expect((await api('GET', `/api/recaps/${UNKNOWN_ID}`)).status).toBe(404);
  });

  it('lets only the author read back, edit and delete their recap; another athlete meets a 404', async () => {
    const race = await pastRace();
    const author = await athlete('recap-author');
    const other = await athlete('recap-other');
    const recap = await writeRecap(race.id, author.token);

    expect(MyRecapSchema.parse((await api('GET', `/api/events/${race.id}/recaps/mine`, { token: author.token })).body).recap).toMatchObject({ id: recap.id, hidden: false });
    expect(MyRecapSchema.parse((await api('GET', `/api/events/${race.id}/recaps/mine`, { token: other.token })).body)).toEqual({ recap: null });
    expect((await api('PUT', `/api/events/${race.id}/recaps/mine`, { token: other.token, body: { title: 'Taking it over', body: STORY } })).status).toBe(404);
    expect((await api('DELETE', `/api/events/${race.id}/recaps/mine`, { token: other.token })).status).toBe(404);

    const edited = await api('PUT', `/api/events/${race.id}/recaps/mine`, { token: author.token, body: { title: 'A windy day by the river', body: `${STORY} Edited.`, distance: '10K' } });
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);
    expect(RecapSchema.parse(edited.body)).toMatchObject({ id: recap.id, title: 'A windy day by the river', distance: '10K', createdAt: recap.createdAt });
    const withoutDistance = RecapSchema.parse((await api('PUT', `/api/events/${race.id}/recaps/mine`, { token: author.token, body: { title: 'A windy day by the river', body: STORY } })).body);
    expect(withoutDistance.distance).toBeUndefined();
    expect(RecapSchema.parse((await api('GET', `/api/recaps/${recap.id}`)).body)).toMatchObject({ title: 'A windy day by the river', body: STORY.trim() });

    expect((await api('DELETE', `/api/events/${race.id}/recaps/mine`, { token: author.token })).status).toBe(204);
    expect((await api('GET', `/api/recaps/${recap.id}`)).status).toBe(404);
    expect(MyRecapSchema.parse((await api('GET', `/api/events/${race.id}/recaps/mine`, { token: author.token })).body)).toEqual({ recap: null });
    const { Item } = await db.send(new GetCommand({ TableName: tableName, Key: recapKey(race.id, recap.id) }));
    expect(Item).toBeUndefined();
    // Deleted, the athlete may write the race's recap again.
    await writeRecap(race.id, author.token, { title: 'Second go at the story' });
  });

  it('lists recent recaps newest first, by state, with an excerpt instead of the whole story', async () => {
    const marker = Date.now();
    const montana = await pastRace({ title: `Big Sky Recap ${marker}`, state: 'MT' });
    const idaho = await pastRace({ title: `Sawtooth Recap ${marker}`, state: 'ID' });
    const writer = await athlete('recap-lister');
    const first = await writeRecap(montana.id, writer.token, { body: `${'Long story. '.repeat(60)}The end.` });
    const second = await writeRecap(idaho.id, writer.token);
    const ids = async (query: Record<string, string>) => {
      const page = RecapsPageSchema.parse((await api('GET', '/api/recaps', { query })).body);
      return page.items.filter((item) => item.event.title.endsWith(String(marker)));
    };
    const all = await ids({});
    expect(all.map((item) => item.id)).toEqual([second.id, first.id]);
    expect(all[1]!.excerpt.length).toBeLessThanOrEqual(281);
    expect(all[1]!.excerpt.endsWith('…')).toBe(true);
    expect(all[1]).not.toHaveProperty('body');
    expect((await ids({ state: 'MT' })).map((item) => item.id)).toEqual([first.id]);
    expect((await api('GET', '/api/recaps', { query: { state: 'XX' } })).status).toBe(400);
    expect((await api('GET', '/api/recaps', { query: { cursor: 'not-a-cursor' } })).status).toBe(400);
    // A key of this list's partition, forged: a number for the table key, an attribute no index has.
    for (const k of [{ GSI1PK: 'RECAPS', GSI1SK: 'x', PK: 1, SK: 'x' }, { GSI1PK: 'RECAPS', GSI1SK: 'x', PK: 'x', SK: 'x', other: 'x' }]) {
      const forged = Buffer.from(JSON.stringify({ k })).toString('base64url');
      expect((await api('GET', '/api/recaps', { query: { cursor: forged } })).status).toBe(400);
    }
  });

  it('lets admins hide and restore a recap and feature it in the spotlights, recording who and when', async () => {
    const race = await pastRace({ state: 'OR' });
    const author = await athlete('recap-moderated');
    const recap = await writeRecap(race.id, author.token, { title: `Spotlight candidate ${Date.now()}` });
    const admin = await adminToken();
    const me = await api('GET', '/api/me', { token: admin });
    const adminSub = (me.body as { id: string }).id;

    for (const [method, path, body] of [
      ['GET', '/api/admin/recaps', undefined],
      ['PUT', `/api/admin/recaps/${recap.id}/spotlight`, undefined],
      ['POST', `/api/admin/recaps/${recap.id}/moderation`, { decision: 'hide' }],
    ] as const) {
      expect((await api(method, path, { token: author.token, body })).status).toBe(403);
    }

    // Featured: in the spotlights, once however often it is asked.
    const featured = AdminRecapSchema.parse((await api('PUT', `/api/admin/recaps/${recap.id}/spotlight`, { token: admin })).body);
    expect(featured).toMatchObject({ id: recap.id, status: 'visible', featuredBy: adminSub });
    const again = AdminRecapSchema.parse((await api('PUT', `/api/admin/recaps/${recap.id}/spotlight`, { token: admin })).body);
    expect(again.featuredAt).toBe(featured.featuredAt);
    const spotlights = async () => RecapsPageSchema.parse((await api('GET', '/api/spotlights')).body).items.map((item) => item.id);
    expect(await spotlights()).toContain(recap.id);
    expect(RecapSchema.parse((await api('GET', `/api/recaps/${recap.id}`)).body).featuredAt).toBe(featured.featuredAt);

    // Hidden: gone from its page, the lists and the spotlights; its author cannot edit it; admins still see it.
    const hidden = await api('POST', `/api/admin/recaps/${recap.id}/moderation`, { token: admin, body: { decision: 'hide', note: 'Advertising' } });
    expect(hidden.status, JSON.stringify(hidden.body)).toBe(200);
    expect(AdminRecapSchema.parse(hidden.body)).toMatchObject({ status: 'hidden', moderation: { decision: 'hide', by: adminSub, note: 'Advertising' } });
    expect(AdminRecapSchema.parse(hidden.body).featuredAt).toBeUndefined();
    expect((await api('POST', `/api/admin/recaps/${recap.id}/moderation`, { token: admin, body: { decision: 'hide' } })).status).toBe(409);
    expect((await api('GET', `/api/recaps/${recap.id}`)).status).toBe(404);
    expect((await api('GET', `/api/recaps/${recap.id}`, { token: author.token })).status).toBe(404);
    expect(await spotlights()).not.toContain(recap.id);
    const recent = RecapsPageSchema.parse((await api('GET', '/api/recaps', { query: { state: 'OR' } })).body);
    expect(recent.items.map((item) => item.id)).not.toContain(recap.id);
    expect(MyRecapSchema.parse((await api('GET', `/api/events/${race.id}/recaps/mine`, { token: author.token })).body).recap).toMatchObject({ id: recap.id, hidden: true });
    const edit = await api('PUT', `/api/events/${race.id}/recaps/mine`, { token: author.token, body: { title: 'Nothing to see', body: STORY } });
    expect(edit.status).toBe(409);
    expect(JSON.stringify(edit.body)).toContain('An admin hid this recap');
    expect((await api('PUT', `/api/admin/recaps/${recap.id}/spotlight`, { token: admin })).status).toBe(409);
    const listed = AdminRecapsPageSchema.parse((await api('GET', '/api/admin/recaps', { token: admin })).body);
    expect(listed.items.find((item) => item.id === recap.id)).toMatchObject({ status: 'hidden', moderation: { decision: 'hide' } });
    const { Item } = await db.send(new GetCommand({ TableName: tableName, Key: recapKey(race.id, recap.id) }));
    expect(Item).toMatchObject({ status: 'hidden', moderation: { decision: 'hide', by: adminSub, note: 'Advertising' } });
    expect(Item?.GSI1PK).toBeUndefined();
    expect(Item?.GSI3PK).toBeUndefined();

    // Restored: back in the lists, not featured until an admin features it again.
    const restored = AdminRecapSchema.parse((await api('POST', `/api/admin/recaps/${recap.id}/moderation`, { token: admin, body: { decision: 'restore' } })).body);
    expect(restored).toMatchObject({ status: 'visible', moderation: { decision: 'restore', by: adminSub } });
    expect((await api('GET', `/api/recaps/${recap.id}`)).status).toBe(200);
    expect(RecapsPageSchema.parse((await api('GET', '/api/recaps', { query: { state: 'OR' } })).body).items.map((item) => item.id)).toContain(recap.id);
    expect(await spotlights()).not.toContain(recap.id);

    // Unfeatured: out of the spotlights; the decision is recorded.
    await api('PUT', `/api/admin/recaps/${recap.id}/spotlight`, { token: admin });
    expect(await spotlights()).toContain(recap.id);
    const unfeatured = AdminRecapSchema.parse((await api('DELETE', `/api/admin/recaps/${recap.id}/spotlight`, { token: admin })).body);
    expect(unfeatured.featuredAt).toBeUndefined();
    expect(await spotlights()).not.toContain(recap.id);
    const { Item: after } = await db.send(new GetCommand({ TableName: tableName, Key: recapKey(race.id, recap.id) }));
    expect(after?.unfeatured).toMatchObject({ by: adminSub });
    expect((await api('PUT', `/api/admin/recaps/${UNKNOWN_ID}/spotlight`, { token: admin })).status).toBe(404);
  });
});
