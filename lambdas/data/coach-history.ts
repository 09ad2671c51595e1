/**
 * The athlete's chat with the coach, kept a year: written by coach.ts after each exchange, read by the chat
 * page a page at a time and by the coach as the conversation so far. Apart from coach.ts so that reading the
 * chat does not bundle the OpenAI SDK.
 *
 * | item           | PK          | SK               | attributes                                      |
 * | coach message  | USER#<sub>  | COACH#MSG#<id>   | role, content, offline?, actions? (TTL a year)  |
 *
 * Access patterns (docs/data-model.md): an athlete's chat, newest first (table, PK = USER#<sub>, begins_with(SK,
 * COACH#MSG#), descending).
 */
import { CoachMessageSchema, type CoachMessage, type CoachMessagesPage } from '#shared/schemas/coach';
import { decodeCursorText, encodeCursorText, invalidCursor } from '#lib/cursor';
import { defineEntity } from '#lib/kit/entity';
import { table } from '#lib/kit/table';

const userPk = (sub: string) => `USER#${sub}`;
const MESSAGE_PREFIX = 'COACH#MSG#';
const PAGE_SIZE = 20;
/** Chat history is kept a year. */
const MESSAGE_KEEP_SECONDS = 365 * 86_400;
/** A message id: the cursor is the last id of a page. */
const MESSAGE_ID = /^[0-9A-HJKMNP-TV-Z]{26}$/;

const coachMessageKey = (sub: string, id: string) => ({ PK: userPk(sub), SK: `${MESSAGE_PREFIX}${id}` });
const coachMessages = defineEntity<CoachMessage, [string, string]>({ name: 'coach-message', key: coachMessageKey, schema: CoachMessageSchema });
const fromItem = coachMessages.read;

/** Stores one message of the chat, with its expiry (TTL, a year after it was written). */
export async function putCoachMessage(sub: string, message: CoachMessage): Promise<void> {
  await coachMessages.put(coachMessageKey(sub, message.id), { ...message, expiresAt: Math.floor(Date.parse(message.createdAt) / 1000) + MESSAGE_KEEP_SECONDS });
}

/** Up to `limit` stored messages, newest first, after `startKey` when given. */
async function newestMessages(sub: string, limit: number, startKey?: Record<string, string>): Promise<Record<string, unknown>[]> {
  const { Items = [] } = await table.query({
    KeyConditionExpression: 'PK = :pk AND begins_with(SK, :prefix)',
    ExpressionAttributeValues: { ':pk': userPk(sub), ':prefix': MESSAGE_PREFIX },
    ScanIndexForward: false,
    Limit: limit,
    ...(startKey ? { ExclusiveStartKey: startKey } : {}),
  });
  return Items;
}

/** The last `count` messages, oldest first: the conversation the coach continues. */
export async function recentCoachMessages(sub: string, count: number): Promise<CoachMessage[]> {
  return (await newestMessages(sub, count)).map(fromItem).reverse();
}

export async function listCoachMessages(sub: string, cursor?: string): Promise<CoachMessagesPage> {
  let startKey: Record<string, string> | undefined;
  if (cursor) {
    const id = decodeCursorText(cursor);
    if (!MESSAGE_ID.test(id)) throw invalidCursor();
    startKey = { PK: userPk(sub), SK: `${MESSAGE_PREFIX}${id}` };
  }
  // One more than a page tells whether an earlier page follows.
  const found = await newestMessages(sub, PAGE_SIZE + 1, startKey);
  const items = found.slice(0, PAGE_SIZE).map(fromItem);
  const last = items.at(-1);
  return { items, ...(found.length > PAGE_SIZE && last ? { nextCursor: encodeCursorText(last.id) } : {}) };
}
