/**
 * Race checklists through the local stack: GET /api/me/checklists/{eventId} (the template for the race's kind,
 * unsaved until the first change), PATCH .../items/{itemId} (ticks), POST .../items and DELETE .../items/{itemId}
 * (the athlete's own items, at most 30), each only for a race the caller saved and only on their own data.
 */
import { randomUUID } from 'node:crypto';
import { GetCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import { ULID_PATTERN } from '#shared/ids';
import { CHECKLIST_TEMPLATE_ITEMS } from '#shared/race-checklist/templates';
import { CHECKLIST_ADDED_MAX, CHECKLIST_ITEM_TEXT_MAX } from '#shared/race-checklist/vocabulary';
import type { RaceEvent } from '#shared/schemas/event';
import { ChecklistItemSchema, ChecklistSchema, type Checklist } from '#shared/schemas/race-checklist';
import { db, tableName } from '#lib/dynamo';
import { createEvent } from '#data/event';
import { ADDED_LIMIT_MESSAGE, addChecklistItem, checklistKey, getRaceChecklist } from '#data/race-checklist';
import { testRaceEvent } from '../support/race-event.ts';
import { api, newUser } from '../support/local-api.ts';
import { UNKNOWN_ID } from '../support/route-paths.ts';

function race(overrides: Partial<RaceEvent> = {}): Promise<RaceEvent> {
  return createEvent(testRaceEvent({ title: `Checklist test ${randomUUID()}`, eventDate: '2099-05-03', distances: ['10K'], ...overrides }));
}

async function athlete(prefix: string): Promise<{ token: string; sub: string }> {
  const { token } = await newUser(prefix);
  const me = await api('GET', '/api/me', { token });
  return { token, sub: (me.body as { id: string }).id };
}

const save = (token: string, eventId: string) => api('PUT', `/api/me/saved-events/${eventId}`, { token });
const checklistPath = (eventId: string) => `/api/me/checklists/${eventId}`;
const itemPath = (eventId: string, itemId: string) => `${checklistPath(eventId)}/items/${itemId}`;
const tick = (token: string, eventId: string, itemId: string, checked = true) => api('PATCH', itemPath(eventId, itemId), { token, body: { checked } });
const add = (token: string, eventId: string, body: unknown) => api('POST', `${checklistPath(eventId)}/items`, { token, body });
const remove = (token: string, eventId: string, itemId: string) => api('DELETE', itemPath(eventId, itemId), { token });

async function checklist(token: string, eventId: string): Promise<Checklist> {
  const response = await api('GET', checklistPath(eventId), { token });
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  expect(response.headers.get('cache-control')).toBe('private, no-store');
  return ChecklistSchema.parse(response.body);
}

const checkedIds = (list: Checklist) => list.items.filter((item) => item.checked).map((item) => item.id);

/** Every stored item of a user's checklist for a race (the checklist and the items they added). */
async function stored(sub: string, eventId: string) {
  const { Items = [] } = await db.send(
    new QueryCommand({
      TableName: tableName,
      KeyConditionExpression: 'PK = :pk AND begins_with(SK, :sk)',
      ExpressionAttributeValues: { ':pk': `USER#${sub}`, ':sk': `CHECKLIST#${eventId}` },
      ConsistentRead: true,
    }),
  );
  return Items;
}

describe('reading a checklist', () => {
  it("answers the template for the race's kind, unticked and unsaved, until the athlete changes something", async () => {
    const { token, sub } = await athlete('checklist-reader');
    const road = await race();
    expect((await save(token, road.id)).status).toBe(200);

    const list = await checklist(token, road.id);
    expect(list).toEqual({
      eventId: road.id,
      template: 'road',
      startedAt: null,
      items: CHECKLIST_TEMPLATE_ITEMS.road.map((item) => ({ ...item, checked: false, added: false })),
    });
    // A read stores nothing.
    expect(await stored(sub, road.id)).toEqual([]);

    const ultra = await race({ eventType: 'trail_race', terrainType: 'trail', distances: ['50K', '100 Miles'] });
    const triathlon = await race({ eventType: 'triathlon', distances: ['Olympic'] });
    await save(token, ultra.id);
    await save(token, triathlon.id);
    expect((await checklist(token, ultra.id)).template).toBe('ultra');
    expect((await checklist(token, triathlon.id)).items.map((item) => item.id)).toContain('wetsuit');
  });

  it('answers 404 for a race the athlete has not saved, saying so, and for a race they cannot see or that does not exist', async () => {
    const { token } = await athlete('checklist-unsaved');
    const road = await race();
    const notSaved = await api('GET', checklistPath(road.id), { token });
    expect(notSaved.status).toBe(404);
    expect(notSaved.body).toEqual({ error: { code: 'race_not_saved', message: 'Save this race first: checklists are kept for the races you have saved.' } });
    expect((await tick(token, road.id, 'bib')).status).toBe(404);
    expect((await add(token, road.id, { text: 'Spare laces', section: 'gear' })).status).toBe(404);

    const unknown = await api('GET', checklistPath(UNKNOWN_ID), { token });
    expect(unknown.status).toBe(404);
    expect(unknown.body).toEqual({ error: { code: 'not_found', message: 'Event not found' } });
    const hidden = await race({ verified: false });
    expect((await api('GET', checklistPath(hidden.id), { token })).status).toBe(404);
    expect((await api('GET', checklistPath(road.id))).status).toBe(401);
  });
});

describe('ticking items', () => {
  it('ticks and unticks template items; the first tick stores the checklist with its template; quick ticks all count', async () => {
    const { token, sub } = await athlete('checklist-ticker');
    const road = await race();
    await save(token, road.id);

    const ticked = await tick(token, road.id, 'bib');
    expect(ticked.status, JSON.stringify(ticked.body)).toBe(200);
    expect(ChecklistItemSchema.parse(ticked.body)).toEqual({ id: 'bib', section: 'race_morning', text: 'Bib pinned on the front, timing chip attached', checked: true, added: false });
    const first = await checklist(token, road.id);
    expect(checkedIds(first)).toEqual(['bib']);
    expect(first.startedAt).toEqual(expect.any(String));

    // Five ticks at once (a runner ticking down the list) each land: the set's ADD is atomic.
    const quick = ['shoes', 'watch', 'dinner', 'alarm', 'forecast'];
    const answers = await Promise.all(quick.map((id) => tick(token, road.id, id)));
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200, 200, 200]);
    expect(new Set(checkedIds(await checklist(token, road.id)))).toEqual(new Set(['bib', ...quick]));

    expect((await tick(token, road.id, 'watch', false)).status).toBe(200);
    // Unticking what is not ticked is no error.
    expect((await tick(token, road.id, 'sun', false)).status).toBe(200);
    const after = await checklist(token, road.id);
    expect(checkedIds(after)).not.toContain('watch');
    expect(after.startedAt).toBe(first.startedAt);

    const { Item } = await db.send(new GetCommand({ TableName: tableName, Key: checklistKey(sub, road.id), ConsistentRead: true }));
    expect(Item).toMatchObject({ template: 'road', eventId: road.id, checked: new Set(['bib', 'shoes', 'dinner', 'alarm', 'forecast']) });

    // An item of another template, or none, is not on this checklist.
    const wetsuit = await tick(token, road.id, 'wetsuit');
    expect(wetsuit.status).toBe(404);
    expect(wetsuit.body).toEqual({ error: { code: 'not_found', message: 'This item is not on your checklist' } });
    expect((await tick(token, road.id, UNKNOWN_ID)).status).toBe(404);
  });

  it('keeps the template it started with when the race later counts as another kind', async () => {
    const { token, sub } = await athlete('checklist-kept');
    const road = await race();
    await save(token, road.id);
    await tick(token, road.id, 'throwaway');
    // What the checklist holds once stored wins over the template the race would get today.
    const list = await getRaceChecklist(sub, road.id, 'trail');
    expect(list.template).toBe('road');
    expect(checkedIds(list)).toEqual(['throwaway']);
  });
});

describe("the athlete's own items", () => {
  it('adds an item at the end, ticks it, removes it; template items cannot be removed', async () => {
    const { token, sub } = await athlete('checklist-adder');
    const road = await race();
    await save(token, road.id);

    const created = await add(token, road.id, { text: '  Spare contact lenses  ', section: 'gear' });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const item = ChecklistItemSchema.parse(created.body);
    expect(item).toEqual({ id: expect.stringMatching(ULID_PATTERN), section: 'gear', text: 'Spare contact lenses', checked: false, added: true });
    const second = ChecklistItemSchema.parse((await add(token, road.id, { text: 'Call the pet sitter', section: 'logistics' })).body);

    const list = await checklist(token, road.id);
    expect(list.items.slice(-2)).toEqual([item, second]);
    expect(list.startedAt).toEqual(expect.any(String));

    const ticked = await tick(token, road.id, item.id);
    expect(ticked.status).toBe(200);
    expect(ticked.body).toEqual({ ...item, checked: true });
    expect(checkedIds(await checklist(token, road.id))).toEqual([item.id]);

    const removed = await remove(token, road.id, item.id);
    expect(removed.status).toBe(204);
    expect(removed.body).toBeUndefined();
    expect((await checklist(token, road.id)).items.map((entry) => entry.id)).not.toContain(item.id);
    expect((await remove(token, road.id, item.id)).status).toBe(404);
    expect((await tick(token, road.id, item.id)).status).toBe(404);
    const { Item } = await db.send(new GetCommand({ TableName: tableName, Key: checklistKey(sub, road.id), ConsistentRead: true }));
    expect(Item?.addedCount).toBe(1);

    const templateItem = await remove(token, road.id, 'bib');
    expect(templateItem.status).toBe(400);
    expect((templateItem.body as { error: { message: string } }).error.message).toMatch(/^Items that come with the race's checklist cannot be removed/);
  });

  it(`holds at most ${CHECKLIST_ADDED_MAX} added items, counted in the add's own transaction even when adds race`, async () => {
    const { token, sub } = await athlete('checklist-limit');
    const road = await race();
    await save(token, road.id);
    for (let index = 0; index < CHECKLIST_ADDED_MAX - 2; index += 1) await addChecklistItem(sub, road.id, { text: `Item ${index + 1}`, section: 'gear' }, 'road');

    // Two adds at once for the last two places: both land.
    const lastTwo = await Promise.all([1, 2].map((n) => add(token, road.id, { text: `Last ${n}`, section: 'nutrition' })));
    expect(lastTwo.map((answer) => answer.status)).toEqual([201, 201]);
    // Two more at once: neither fits.
    const over = await Promise.all([1, 2].map((n) => add(token, road.id, { text: `Over ${n}`, section: 'nutrition' })));
    expect(over.map((answer) => answer.status)).toEqual([409, 409]);
    expect(over[0]!.body).toEqual({ error: { code: 'conflict', message: ADDED_LIMIT_MESSAGE } });

    const list = await checklist(token, road.id);
    expect(list.items.filter((item) => item.added)).toHaveLength(CHECKLIST_ADDED_MAX);
    expect((await stored(sub, road.id)).filter((item) => item.entity === 'race-checklist-item')).toHaveLength(CHECKLIST_ADDED_MAX);

    // Removing one makes room for one.
    const someone = list.items.find((item) => item.added)!;
    expect((await remove(token, road.id, someone.id)).status).toBe(204);
    expect((await add(token, road.id, { text: 'Fits again', section: 'gear' })).status).toBe(201);
    expect((await add(token, road.id, { text: 'Does not', section: 'gear' })).status).toBe(409);
  });
});

describe('validation', () => {
  it('answers 400 with the field at fault for a bad body, item id or race id', async () => {
    const { token } = await athlete('checklist-validation');
    const road = await race();
    await save(token, road.id);

    const cases: [string, string, unknown, string][] = [
      ['PATCH', itemPath(road.id, 'bib'), { checked: 'yes' }, 'body.checked'],
      ['PATCH', itemPath(road.id, 'bib'), {}, 'body.checked'],
      ['POST', `${checklistPath(road.id)}/items`, { text: '   ', section: 'gear' }, 'body.text'],
      ['POST', `${checklistPath(road.id)}/items`, { text: 'x'.repeat(CHECKLIST_ITEM_TEXT_MAX + 1), section: 'gear' }, 'body.text'],
      ['POST', `${checklistPath(road.id)}/items`, { text: 'Socks', section: 'shoes' }, 'body.section'],
      ['POST', `${checklistPath(road.id)}/items`, { text: 'Socks' }, 'body.section'],
      ['PATCH', itemPath(road.id, 'Not An Id!'), { checked: true }, 'path.itemId'],
      ['GET', checklistPath('not-a-race'), undefined, 'path.eventId'],
    ];
    for (const [method, path, body, field] of cases) {
      const response = await api(method, path, { token, body });
      expect(response.status, `${method} ${path} ${JSON.stringify(body)}`).toBe(400);
      expect(Object.keys((response.body as { error: { fields: Record<string, string[]> } }).error.fields), field).toContain(field);
    }
    const tooLong = await add(token, road.id, { text: 'x'.repeat(CHECKLIST_ITEM_TEXT_MAX + 1), section: 'gear' });
    expect((tooLong.body as { error: { fields: Record<string, string[]> } }).error.fields['body.text']).toEqual([`Item must be at most ${CHECKLIST_ITEM_TEXT_MAX} characters`]);
    // A client sets only what the schema allows.
    expect((await api('PATCH', itemPath(road.id, 'bib'), { token, body: { checked: true, text: 'Renamed' } })).status).toBe(400);
    expect((await add(token, road.id, { text: 'Socks', section: 'gear', checked: true })).status).toBe(400);
    expect((await checklist(token, road.id)).startedAt).toBeNull();
  });
});

describe('own data only', () => {
  it("never shows or changes another athlete's checklist, even for the same race", async () => {
    const first = await athlete('checklist-owner');
    const second = await athlete('checklist-other');
    const road = await race();
    await save(first.token, road.id);
    await tick(first.token, road.id, 'bib');
    const mine = ChecklistItemSchema.parse((await add(first.token, road.id, { text: 'My lucky socks', section: 'gear' })).body);

    // Not saved by the second athlete: no checklist, whatever the first one keeps.
    expect((await api('GET', checklistPath(road.id), { token: second.token })).status).toBe(404);
    expect((await tick(second.token, road.id, mine.id)).status).toBe(404);
    expect((await remove(second.token, road.id, mine.id)).status).toBe(404);

    // Saved by both: each has their own.
    await save(second.token, road.id);
    const theirs = await checklist(second.token, road.id);
    expect(checkedIds(theirs)).toEqual([]);
    expect(theirs.items.some((item) => item.added)).toBe(false);
    expect((await tick(second.token, road.id, mine.id)).status).toBe(404);
    expect((await remove(second.token, road.id, mine.id)).status).toBe(404);
    expect((await tick(second.token, road.id, 'shoes')).status).toBe(200);

    const after = await checklist(first.token, road.id);
    expect(checkedIds(after)).toEqual(['bib']);
    expect(after.items.at(-1)).toEqual(mine);
  });

  it('keeps a checklist while its race is unsaved and gives it back when the race is saved again', async () => {
    const { token } = await athlete('checklist-resave');
    const road = await race();
    await save(token, road.id);
    await tick(token, road.id, 'packet');
    expect((await api('DELETE', `/api/me/saved-events/${road.id}`, { token })).status).toBe(204);
    expect(((await api('GET', checklistPath(road.id), { token })).body as { error: { code: string } }).error.code).toBe('race_not_saved');
    expect((await tick(token, road.id, 'bib')).status).toBe(404);
    await save(token, road.id);
    expect(checkedIds(await checklist(token, road.id))).toEqual(['packet']);
  });
});
