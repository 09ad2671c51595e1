/**
 * The contact form and the admins' inbox through the local stack: POST /api/contact-messages from anyone
 * (validation with the field's words, the honeypot answered like a message and dropped), GET
 * /api/admin/contact-messages (admins only, newest first, paged, with the open counter) and PATCH
 * /api/admin/contact-messages/{id} (handled: recorded, counted, kept a year; open again: the reverse).
 */
import { randomUUID } from 'node:crypto';
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { beforeAll, describe, expect, it } from 'vitest';
import { CONTACT_KEEP_DAYS_AFTER_HANDLED } from '#shared/contact';
import { ContactMessageSchema, ContactMessagesPageSchema, ContactReceiptSchema, type ContactMessage } from '#shared/schemas/contact-message';
import { TTL_ATTRIBUTE } from '#shared/table';
import { db, tableName } from '#lib/dynamo';
import { account, api, idTokenFor, newUser } from '../support/local-api.ts';

const tokens: Record<string, string> = {};
let adminSub: string;

beforeAll(async () => {
  for (const label of ['Athlete', 'Organizer', 'Admin', 'Super admin']) {
    const { email, password } = account(label);
    tokens[label] = await idTokenFor(email, password);
  }
  adminSub = ((await api('GET', '/api/me', { token: tokens.Admin })).body as { id: string }).id;
});

/** A message body that passes, with a marker to find it by. */
function validBody(overrides: Record<string, unknown> = {}) {
  const marker = `contact-${randomUUID().slice(0, 8)}`;
  return { name: 'Jordan Lee', email: 'jordan.lee@example.org', topic: 'sponsorship', message: `We would like to promote our fall series. ${marker}`, ...overrides };
}

const send = (body: unknown, token?: string) => api('POST', '/api/contact-messages', { body, token });
const list = (status: string | undefined, token = tokens.Admin!, cursor?: string) =>
  api('GET', '/api/admin/contact-messages', { token, query: { ...(status ? { status } : {}), ...(cursor ? { cursor } : {}) } });
const mark = (id: string, status: string, token = tokens.Admin!) => api('PATCH', `/api/admin/contact-messages/${id}`, { token, body: { status } });

async function page(status?: string, cursor?: string) {
  const response = await list(status, tokens.Admin, cursor);
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  expect(response.headers.get('cache-control')).toBe('private, no-store');
  return ContactMessagesPageSchema.parse(response.body);
}

/** Every message with a status, following the cursors. */
async function all(status: string): Promise<ContactMessage[]> {
  const items: ContactMessage[] = [];
  let cursor: string | undefined;
  do {
    const next = await page(status, cursor);
    items.push(...next.items);
    cursor = next.nextCursor;
  } while (cursor);
  return items;
}

async function openCount(): Promise<number> {
  return (await page('open')).openCount;
}

async function find(marker: string, status = 'open'): Promise<ContactMessage | undefined> {
  return (await all(status)).find((message) => message.message.includes(marker));
}

async function storedItem(id: string) {
  const { Item } = await db.send(new GetCommand({ TableName: tableName, Key: { PK: `CONTACT#${id}`, SK: 'MESSAGE' }, ConsistentRead: true }));
  return Item;
}

describe('sending a contact message', () => {
  it('keeps a visitor’s message for the admins, open and counted, with its text trimmed', async () => {
    const before = await openCount();
    const body = validBody({ name: '  Jordan Lee ', email: ' jordan.lee@example.org ' });
    const response = await send(body);
    expect(response.status, JSON.stringify(response.body)).toBe(202);
    expect(ContactReceiptSchema.parse(response.body)).toEqual({ received: true });
    expect(response.headers.get('cache-control')).toBe('private, no-store');

    const stored = await find(body.message);
    expect(stored).toMatchObject({ name: 'Jordan Lee', email: 'jordan.lee@example.org', topic: 'sponsorship', message: body.message, status: 'open' });
    expect(ContactMessageSchema.parse(stored)).toEqual(stored);
    expect(stored!.handledAt).toBeUndefined();
    // Open messages do not expire: the counter would go on counting one that is gone.
    expect((await storedItem(stored!.id))?.[TTL_ATTRIBUTE]).toBeUndefined();
    expect(await openCount()).toBe(before + 1);
  });

  it('takes a message from a signed-in athlete too (the route is public; the token changes nothing)', async () => {
    const body = validBody({ topic: 'bug' });
    expect((await send(body, tokens.Athlete)).status).toBe(202);
    expect((await find(body.message))?.topic).toBe('bug');
  });

  it('refuses a message with missing or bad fields with 400 and each field’s own words, keeping nothing', async () => {
    const before = await openCount();
    const empty = await send({});
    expect(empty.status).toBe(400);
    expect((empty.body as { error: { fields: Record<string, string[]> } }).error.fields).toEqual({
      'body.name': ['Please enter your name'],
      'body.email': ['Please enter your e-mail address'],
      'body.topic': ['Please choose what your message is about'],
      'body.message': ['Please write your message'],
    });

    const bad = await send(validBody({ email: 'jordan@', topic: 'lottery', message: 'Hi there', name: 'x'.repeat(101) }));
    expect(bad.status).toBe(400);
    expect((bad.body as { error: { fields: Record<string, string[]> } }).error.fields).toEqual({
      'body.name': ['Your name must be at most 100 characters'],
      'body.email': ['Please enter a valid e-mail address, like name@example.com'],
      'body.topic': ['Please choose what your message is about'],
      'body.message': ['Please write at least 10 characters'],
    });

    const extra = await send({ ...validBody(), isAdmin: true });
    expect(extra.status).toBe(400);
    expect(await openCount()).toBe(before);
  });

  it('answers a message that fills the honeypot like any other, and drops it', async () => {
    const before = await openCount();
    const body = validBody({ website: 'https://cheap-watches.example' });
    const response = await send(body);
    expect(response.status).toBe(202);
    expect(response.body).toEqual({ received: true });
    expect(await find(body.message)).toBeUndefined();
    expect(await openCount()).toBe(before);

    // An empty honeypot (what a person's browser sends) is no bot.
    const person = validBody({ website: '' });
    expect((await send(person)).status).toBe(202);
    expect(await find(person.message)).toBeDefined();
  });
});

describe('the admins’ inbox', () => {
  it('is for admins only: visitors get 401, athletes and organizers 403', async () => {
    const someone = await newUser('contact-snoop');
    for (const token of [tokens.Athlete, tokens.Organizer, someone.token]) {
      expect((await list(undefined, token)).status).toBe(403);
      expect((await mark('01HZZZZZZZZZZZZZZZZZZZZZZZ', 'handled', token)).status).toBe(403);
    }
    expect((await api('GET', '/api/admin/contact-messages')).status).toBe(401);
    expect((await api('PATCH', '/api/admin/contact-messages/01HZZZZZZZZZZZZZZZZZZZZZZZ', { body: { status: 'handled' } })).status).toBe(401);
    expect((await list(undefined, tokens['Super admin'])).status).toBe(200);
  });

  it('lists open messages newest first, 20 a page, with a cursor to the rest', async () => {
    const markers: string[] = [];
    for (let index = 0; index < 22; index += 1) {
      const body = validBody({ topic: 'general', message: `Paging message number ${index} for the inbox test. ${randomUUID()}` });
      markers.push(body.message);
      expect((await send(body)).status).toBe(202);
    }
    const first = await page();
    expect(first.items).toHaveLength(20);
    expect(first.nextCursor).toBeDefined();
    const second = await page('open', first.nextCursor);
    const items = [...first.items, ...second.items];
    // Newest first: by received time, then id, descending.
    const order = items.map((message) => `${message.createdAt}#${message.id}`);
    expect(order).toEqual([...order].sort().reverse());
    expect(new Set(items.map((message) => message.id)).size).toBe(items.length);
    // The 22 just sent are the newest open ones.
    expect(new Set(items.slice(0, 22).map((message) => message.message))).toEqual(new Set(markers));

    expect((await list('open', tokens.Admin, 'not-a-cursor!')).status).toBe(400);
    expect((await list('everything')).status).toBe(400);
  });

  it('marks a message handled: it leaves the open list and the count, records who and when, and expires a year later', async () => {
    const body = validBody({ topic: 'press' });
    await send(body);
    const message = (await find(body.message))!;
    const before = await openCount();

    const started = Date.now();
    const response = await mark(message.id, 'handled');
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    const handled = ContactMessageSchema.parse(response.body);
    expect(handled).toMatchObject({ id: message.id, status: 'handled', handledBy: adminSub });
    expect(Date.parse(handled.handledAt!)).toBeGreaterThanOrEqual(started - 1000);
    expect(await openCount()).toBe(before - 1);
    expect(await find(body.message, 'open')).toBeUndefined();
    expect(await find(body.message, 'handled')).toEqual(handled);
    const expiresAt = (await storedItem(message.id))?.[TTL_ATTRIBUTE] as number;
    expect(expiresAt - Math.floor(Date.parse(handled.handledAt!) / 1000)).toBe(CONTACT_KEEP_DAYS_AFTER_HANDLED * 86_400);

    // Marking it again (a second admin) changes nothing and counts nothing.
    const again = await mark(message.id, 'handled', tokens['Super admin']);
    expect(again.status).toBe(200);
    expect(ContactMessageSchema.parse(again.body)).toEqual(handled);
    expect(await openCount()).toBe(before - 1);

    // Open again: back in the open list and the count, no longer expiring.
    const reopened = ContactMessageSchema.parse((await mark(message.id, 'open')).body);
    expect(reopened.status).toBe('open');
    expect(reopened.handledAt).toBeUndefined();
    expect(reopened.handledBy).toBeUndefined();
    expect(await openCount()).toBe(before);
    expect(await find(body.message, 'open')).toEqual(reopened);
    const item = await storedItem(message.id);
    expect(item?.[TTL_ATTRIBUTE]).toBeUndefined();
    expect(item?.handledBy).toBeUndefined();
  });

  it('answers 404 for a message that does not exist and 400 for a malformed id or status', async () => {
    expect((await mark('01HZZZZZZZZZZZZZZZZZZZZZZZ', 'handled')).status).toBe(404);
    expect((await mark('not-an-id', 'handled')).status).toBe(400);
    const body = validBody();
    await send(body);
    const message = (await find(body.message))!;
    const refused = await mark(message.id, 'deleted');
    expect(refused.status).toBe(400);
    expect((refused.body as { error: { fields: Record<string, string[]> } }).error.fields).toEqual({ 'body.status': ["status must be 'open' or 'handled'"] });
  });
});
