/**
 * Contact messages: what people send through the contact form, and the admins' inbox of them.
 *
 * | item             | PK               | SK       | GSI1 (by status)                       | TTL                              |
 * | contact message  | CONTACT#<id>     | MESSAGE  | CONTACTS#<status> / <createdAt>#<id>   | handled only: handledAt + 1 year |
 * | contact counters | CONTACT#COUNTS   | COUNTS   |                                        |                                  |
 *
 * Every key is under CONTACT# (shared/contact.ts CONTACT_PARTITION_PREFIXES): the form's route is open to
 * anyone, and IAM lets it write nothing else. A message and the `open` counter move in one transaction, when
 * it is sent and whenever an admin marks it handled or open again, so the inbox's count never reads the list.
 * A handled message expires a year later; an open one stays until handled (an expiry would leave the
 * counter counting it).
 *
 * Access patterns (docs/data-model.md): one message (table, PK = CONTACT#<id>, SK = MESSAGE); messages with a status,
 * newest first (GSI1, GSI1PK = CONTACTS#<status>, descending); the counters (table, PK = CONTACT#COUNTS).
 */
import { ulid } from 'ulid';
import { CONTACT_KEEP_DAYS_AFTER_HANDLED, type ContactStatus } from '#shared/contact';
import { ULID_SOURCE } from '#shared/ids';
import { ContactMessageSchema, type ContactMessage, type ContactMessagesPage } from '#shared/schemas/contact-message';
import { TTL_ATTRIBUTE } from '#shared/table';
import { defineEntity } from '#lib/kit/entity';
import { counterUpdateItems } from '#lib/kit/counter-update';
import { table } from '#lib/kit/table';
import { AlreadyDone, transact, transactOnce } from '#lib/kit/transact';
import { ConflictError, NotFoundError } from '#lib/errors';
import { queryIndexPage } from '#lib/kit/index-page';

export const contactMessageKey = (id: string) => ({ PK: `CONTACT#${id}`, SK: 'MESSAGE' });
export const CONTACT_COUNTERS_KEY = { PK: 'CONTACT#COUNTS', SK: 'COUNTS' } as const;
const statusPartition = (status: ContactStatus) => `CONTACTS#${status}`;

/** Messages a page of the inbox holds. */
export const CONTACT_PAGE_SIZE = 20;
const KEEP_SECONDS = CONTACT_KEEP_DAYS_AFTER_HANDLED * 86_400;

const messages = defineEntity<ContactMessage, [string]>({ name: 'contact-message', key: contactMessageKey, schema: ContactMessageSchema });
const readMessage = messages.read;

export class ContactMessageNotFoundError extends NotFoundError {
  constructor() {
    super('Message not found');
  }
}

/** What the form sends, once validated (the honeypot already set aside). */
export interface NewContactMessage {
  readonly name: string;
  readonly email: string;
  readonly topic: ContactMessage['topic'];
  readonly message: string;
}

/** Keeps a message for the admins, open, and counts it in the same transaction. */
export async function saveContactMessage(input: NewContactMessage, now: Date = new Date()): Promise<ContactMessage> {
  const message: ContactMessage = { id: ulid(now.getTime()), ...input, status: 'open', createdAt: now.toISOString() };
  await transactOnce([
    {
      Put: {
        Item: { ...contactMessageKey(message.id), entity: 'contact-message', ...message, GSI1PK: statusPartition('open'), GSI1SK: `${message.createdAt}#${message.id}` },
        ConditionExpression: 'attribute_not_exists(PK)',
      },
    },
    ...counterUpdateItems(CONTACT_COUNTERS_KEY, { open: 1, received: 1 }, 'contact-counters'),
  ]);
  return message;
}

async function getContactMessage(id: string): Promise<ContactMessage | undefined> {
  return messages.get(contactMessageKey(id), { consistent: true });
}

/**
 * Marks a message handled (recording who and when; it expires a year later) or open again. Asking for the
 * status it has already is done already (two admins marking the same message). The update is conditioned on
 * the status read, so two admins at once move the counter once.
 */
export async function setContactMessageStatus(id: string, status: ContactStatus, adminId: string, now: Date = new Date()): Promise<ContactMessage> {
  const current = await getContactMessage(id);
  if (!current) throw new ContactMessageNotFoundError();
  if (current.status === status) return current;

  const handled = status === 'handled';
  const { handledAt: _handledAt, handledBy: _handledBy, ...unhandled } = current;
  const next: ContactMessage = handled ? { ...current, status, handledAt: now.toISOString(), handledBy: adminId } : { ...unhandled, status };
  const update = handled
    ? {
        UpdateExpression: 'SET #status = :status, GSI1PK = :partition, handledAt = :at, handledBy = :by, #expires = :expires',
        ExpressionAttributeNames: { '#status': 'status', '#expires': TTL_ATTRIBUTE },
        ExpressionAttributeValues: {
          ':status': status,
          ':partition': statusPartition(status),
          ':at': next.handledAt,
          ':by': adminId,
          ':expires': Math.floor(now.getTime() / 1000) + KEEP_SECONDS,
          ':seen': current.status,
        },
      }
    : {
        UpdateExpression: 'SET #status = :status, GSI1PK = :partition REMOVE handledAt, handledBy, #expires',
        ExpressionAttributeNames: { '#status': 'status', '#expires': TTL_ATTRIBUTE },
        ExpressionAttributeValues: { ':status': status, ':partition': statusPartition(status), ':seen': current.status },
      };
  // Another admin changed it meanwhile: when they did what was asked, so is it.
  const settle = async () => {
    const after = await getContactMessage(id);
    return after?.status === status ? new AlreadyDone(after) : new ConflictError('This message was changed by another admin. Reload the inbox and try again.');
  };
  return transact(
    () => ({
      items: [
        { Update: { Key: contactMessageKey(id), ConditionExpression: '#status = :seen', ...update } },
        ...counterUpdateItems(CONTACT_COUNTERS_KEY, { open: handled ? -1 : 1 }, 'contact-counters'),
      ],
      result: next,
    }),
    { attempts: 1, ifAnyConditionFails: settle, onExhausted: settle },
  );
}

const ISO = '\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}:\\d{2}\\.\\d{3}Z';
const STATUS_CURSOR = new RegExp(`^(${ISO})#(${ULID_SOURCE})$`);

/** Messages with one status, newest first, with the count of open ones. */
export async function listContactMessages(status: ContactStatus, cursor?: string): Promise<ContactMessagesPage> {
  const [page, counters] = await Promise.all([
    queryIndexPage(
      {
        index: 'GSI1',
        partition: statusPartition(status),
        cursorPattern: STATUS_CURSOR,
        keyOf: (match) => contactMessageKey(match[2]!),
        newestFirst: true,
        pageSize: CONTACT_PAGE_SIZE,
      },
      cursor,
    ),
    table.get({ Key: CONTACT_COUNTERS_KEY }),
  ]);
  const open = counters.Item?.open;
  return {
    items: page.items.map(readMessage),
    ...(page.nextCursor ? { nextCursor: page.nextCursor } : {}),
    openCount: typeof open === 'number' && open > 0 ? open : 0,
  };
}
