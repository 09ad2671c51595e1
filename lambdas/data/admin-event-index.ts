/** No defineEntity here: index rows and postings without a schema, written only by the event store. */
/**
 * The admin list's index of events (GET /api/admin/events), kept beside the event items. Only the event store
 * (event.ts) writes it, in the same transaction or batch as the event; the admin list planner
 * (lambdas/admin-events/admin-event-list.ts) reads it. Unlike the public search index it holds every event,
 * verified or not, and every partition is sorted by creation time (SK or GSI sort key '<createdAt>#<id>'),
 * read newest first.
 *
 * Items per event: one *row* item plus one *text posting* per distinct title/city term, plus one review
 * posting while the event is flagged. The row item buys five partitions for the price of one item through
 * the generic GSIs (partition values prefixed ADMIN#, so they meet no other entity's):
 *
 * | item          | PK                 | SK                  | GSI1PK        | GSI2PK                    | GSI3PK             | GSI4PK            | GSI5PK (sparse)  |
 * | row           | EVENT#<id>         | ADMIN               | ADMIN#EVENTS  | ADMIN#VERIFIED#<bool>     | ADMIN#STATE#<code> | ADMIN#TYPE#<type> | ADMIN#FEATURED   |
 * | text posting  | ADMIN#T#<term>     | <createdAt>#<id>    |               |                           |                    |                   |                  |
 * | review posting| ADMIN#REVIEW       | <createdAt>#<id>    |               |                           |                    |                   |                  |
 *
 * (every GSI<n>SK of the row is '<createdAt>#<id>'). Each item carries the row fields (AdminEventRow) and the
 * attributes the planner filters on (eventDate, state, eventType, verified, featured, reviewFlag), so a page is
 * one Query with a FilterExpression and no second read; every item also carries `adminText`, the distinct
 * normalized words of title and city between spaces, so the words of a query are checked whatever drives it.
 *
 * Terms: a word's first TERM_PREFIX_LENGTH (3) characters, shorter words whole, so a query word of three or
 * more characters reads the one partition holding every event with a word starting with it. A typical event
 * has 3 to 6 terms, so about 5 to 8 admin items in all (the public index adds about 18 to verified events).
 */
import { TERM_PREFIX_LENGTH, words } from '#shared/search-text';
import type { RaceEvent } from '#shared/schemas/event';
import type { AdminEventRow } from '#shared/schemas/admin-events';

export const ADMIN_ROW_SK = 'ADMIN';
export const ADMIN_ALL_PARTITION = 'ADMIN#EVENTS';
export const ADMIN_REVIEW_PARTITION = 'ADMIN#REVIEW';
export const ADMIN_FEATURED_PARTITION = 'ADMIN#FEATURED';
export const adminVerifiedPartition = (verified: boolean) => `ADMIN#VERIFIED#${verified}`;
export const adminStatePartition = (state: string) => `ADMIN#STATE#${state}`;
export const adminTypePartition = (type: string) => `ADMIN#TYPE#${type}`;
export const adminTermPartition = (term: string) => `ADMIN#T#${term}`;

/** Where each row-item partition lives: the GSI whose key names it. */
export const ROW_PARTITION_INDEX = {
  all: 'GSI1',
  verified: 'GSI2',
  state: 'GSI3',
  type: 'GSI4',
  featured: 'GSI5',
} as const;

/** Position of an event in every admin partition: creation time, then id (read descending: newest first). */
export const createdKey = (event: Pick<RaceEvent, 'createdAt' | 'id'>) => `${event.createdAt}#${event.id}`;

/** The distinct normalized words of an event's title and city, in order. */
export function adminWords(event: Pick<RaceEvent, 'title' | 'city'>): string[] {
  return [...new Set([...words(event.title), ...words(event.city)])];
}

/** The words between spaces (' boston harbor 10k '): a query word matches when ' word' is in it. */
export const adminTextOf = (event: Pick<RaceEvent, 'title' | 'city'>) => ` ${adminWords(event).join(' ')} `;

/** The partition term of a word: its first three characters, or the whole word when shorter. */
export const adminTermOf = (word: string) => word.slice(0, TERM_PREFIX_LENGTH);

export function adminTermsOf(event: Pick<RaceEvent, 'title' | 'city'>): string[] {
  return [...new Set(adminWords(event).map(adminTermOf))];
}

/** The row fields plus the attributes the planner filters on. */
function rowBody(event: RaceEvent) {
  const row: AdminEventRow = {
    id: event.id,
    title: event.title,
    eventDate: event.eventDate,
    city: event.city,
    state: event.state,
    eventType: event.eventType,
    verified: event.verified,
    featured: event.featured,
    registrationFee: event.registrationFee,
    maxParticipants: event.maxParticipants,
    source: event.source,
    reviewFlag: event.reviewFlag,
    createdAt: event.createdAt,
    updatedAt: event.updatedAt,
  };
  return Object.fromEntries(Object.entries(row).filter(([, value]) => value !== undefined));
}

/** The row item with its five index keys (featured ones only in ADMIN#FEATURED). */
export function adminRowItem(event: RaceEvent): Record<string, unknown> {
  const position = createdKey(event);
  return {
    PK: `EVENT#${event.id}`,
    SK: ADMIN_ROW_SK,
    entity: 'admin-row',
    ...rowBody(event),
    adminText: adminTextOf(event),
    GSI1PK: ADMIN_ALL_PARTITION,
    GSI1SK: position,
    GSI2PK: adminVerifiedPartition(event.verified),
    GSI2SK: position,
    GSI3PK: adminStatePartition(event.state),
    GSI3SK: position,
    GSI4PK: adminTypePartition(event.eventType),
    GSI4SK: position,
    ...(event.featured ? { GSI5PK: ADMIN_FEATURED_PARTITION, GSI5SK: position } : {}),
  };
}

/** Table partitions (not GSIs) an event is posted in: its title/city terms and, while flagged, the review queue. */
function postingPartitions(event: RaceEvent): string[] {
  return [...adminTermsOf(event).map(adminTermPartition), ...(event.reviewFlag ? [ADMIN_REVIEW_PARTITION] : [])];
}

/** An event's admin postings: its title/city terms and, while flagged, the review queue (not the row). */
export function adminPostingItemsOf(event: RaceEvent): Record<string, unknown>[] {
  const SK = createdKey(event);
  const body = { entity: 'admin-posting', ...rowBody(event), adminText: adminTextOf(event) };
  return postingPartitions(event).map((PK) => ({ PK, SK, ...body }));
}

/** Every admin index item of an event: its row and its postings. */
export function adminIndexItemsOf(event: RaceEvent): Record<string, unknown>[] {
  return [adminRowItem(event), ...adminPostingItemsOf(event)];
}

/** The key of every admin index item of an event. */
export function adminIndexKeysOf(event: RaceEvent): { PK: string; SK: string }[] {
  const SK = createdKey(event);
  return [{ PK: `EVENT#${event.id}`, SK: ADMIN_ROW_SK }, ...postingPartitions(event).map((PK) => ({ PK, SK }))];
}

const ROW_FIELDS = [
  'id', 'title', 'eventDate', 'city', 'state', 'eventType', 'verified', 'featured', 'registrationFee', 'maxParticipants',
  'source', 'reviewFlag', 'createdAt', 'updatedAt',
] as const satisfies readonly (keyof AdminEventRow)[];

/** A row or posting read back as the row the API returns (no keys or helper attributes). */
export function adminRowFromItem(item: Readonly<Record<string, unknown>>): AdminEventRow {
  const row: Record<string, unknown> = {};
  for (const field of ROW_FIELDS) if (item[field] !== undefined) row[field] = item[field];
  return row as AdminEventRow;
}
