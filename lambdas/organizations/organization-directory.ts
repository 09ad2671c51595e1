/**
 * The public organizer directory: GET /api/organizations (every organization by name, or those matching words
 * of a name, a place or a kind of race) and GET /api/organizations/{id} (one organization with its upcoming
 * events). Everything is a Query or a read by key (organization.ts), bounded per page whatever the number of
 * organizations or events:
 *
 * - no words: one Query of GSI1 (ORGS, by name), a page and one more item; the items are the organizations.
 * - words: the postings of the narrowest word's term (ORGIDX#<term>, by name; live ones only, by a filter)
 *   are read CANDIDATES_PER_READ at a time, their organizations fetched by key (one BatchGet) and checked
 *   against every query word on their own words (name, places and kinds, organization.ts organizationWordsOf):
 *   a word prefix match, as the event search does. At most MAX_READS rounds a page; a cursor resumes right
 *   after the last organization looked at, so a page may hold fewer than a full page while more may match.
 * - each card: its review aggregate (one BatchGet for the page) and, when it has upcoming events, the first
 *   of them (a Query of IDX#ORG#<id> from today, Limit 1).
 *
 * Cost of a page of 12 cards: about 1 Query + 1 BatchGet of up to 24 organizations per round, 1 BatchGet of 12
 * review items and up to 12 single-item Queries: some 15-20 read units at most, the same at 100 or 100,000
 * organizations.
 */
import { ULID_SOURCE } from '#shared/ids';
import {
  ORGANIZATION_EVENTS_PAGE_SIZE,
  ORGANIZATION_PAGE_SIZE,
  type OrganizationCard,
  type OrganizationDetail,
  type OrganizationsPage,
} from '#shared/schemas/organization';
import type { EventSummary } from '#shared/schemas/search';
import { matchesQueryWords, parseQueryText, searchTextOf, termOf } from '#shared/search-text';
import { batchGetItems } from '#lib/kit/batch-get';
import { decodeCursorText, encodeCursorText, invalidCursor } from '#lib/cursor';
import { queryIndexPage } from '#lib/kit/index-page';
import { table } from '#lib/kit/table';
import { NotFoundError } from '#lib/errors';
import {
  ALL_ORGANIZATIONS_PARTITION,
  eventCountsOf,
  fromOrganizationItem,
  organizationCardOf,
  organizationKey,
  organizationReviewsKey,
  organizationTermPartition,
  organizationWordsOf,
} from '#data/organization';
import { organizationEventsPartition, summaryFromItem } from '#data/search-index';

/** Postings a search round reads (and organizations it then fetches by key). */
export const CANDIDATES_PER_READ = 24;
/** Rounds a search page may take to fill itself. */
export const MAX_READS = 2;

type Item = Record<string, unknown>;

/** A directory position: `<name key>#<organization id>` (GSI1's sort key and every word posting's). */
const POSITION = new RegExp(`^[^\\n]*#(${ULID_SOURCE})$`);
/** An events position: `<date>#<event id>`. */
const DATED = new RegExp(`^\\d{4}-\\d{2}-\\d{2}#(${ULID_SOURCE})$`);

function positionOf(cursor: string | undefined, pattern: RegExp): { text: string; id: string } | undefined {
  if (cursor === undefined) return undefined;
  const text = decodeCursorText(cursor);
  const match = pattern.exec(text);
  if (!match) throw invalidCursor();
  return { text, id: match[1]! };
}

/** The first upcoming public events of an organization, by date (from today, or after a position). */
async function upcomingEvents(organizationId: string, today: string, limit: number, after?: string): Promise<{ items: EventSummary[] }> {
  const partition = organizationEventsPartition(organizationId);
  const { Items = [] } = await table.query({
    KeyConditionExpression: 'PK = :pk AND SK >= :from',
    ExpressionAttributeValues: { ':pk': partition, ':from': today },
    Limit: limit,
    ...(after ? { ExclusiveStartKey: { PK: partition, SK: after } } : {}),
  });
  return { items: Items.map(summaryFromItem) };
}

const nextEventOf = (event: EventSummary | undefined): OrganizationCard['nextEvent'] =>
  event ? { id: event.id, title: event.title, eventDate: event.eventDate, city: event.city, state: event.state } : undefined;

/** The cards of these organization items, in their order: review aggregates in one read, next events in parallel. */
async function cardsOf(items: readonly Item[], today: string): Promise<OrganizationCard[]> {
  if (items.length === 0) return [];
  const ids = items.map((item) => String(item.id));
  const [reviews, nextEvents] = await Promise.all([
    batchGetItems(ids.map(organizationReviewsKey)),
    Promise.all(
      items.map(async (item) =>
        eventCountsOf(item, today).upcoming > 0 ? nextEventOf((await upcomingEvents(String(item.id), today, 1)).items[0]) : undefined,
      ),
    ),
  ]);
  const reviewsById = new Map(reviews.map((review) => [String(review.PK).slice('ORG#'.length), review]));
  return items.map((item, index) => {
    const { pastEventCount: _past, ...card } = organizationCardOf(item, reviewsById.get(String(item.id)), nextEvents[index], today);
    return card;
  });
}

/** Every organization by name, a page at a time (GSI1). */
async function listAll(cursor: string | undefined, today: string): Promise<OrganizationsPage> {
  const page = await queryIndexPage(
    {
      index: 'GSI1',
      partition: ALL_ORGANIZATIONS_PARTITION,
      cursorPattern: POSITION,
      keyOf: (match) => organizationKey(match[1]!),
      newestFirst: false,
      pageSize: ORGANIZATION_PAGE_SIZE,
      // An empty `?cursor=` is no position: refused, as it always was.
      refuseEmptyCursor: true,
    },
    cursor,
  );
  return { items: await cardsOf(page.items, today), ...(page.nextCursor ? { nextCursor: page.nextCursor } : {}) };
}

/** The query word whose postings hold the fewest organizations, as far as its length tells: the longest term, then the longest word. */
function drivingWord(queryWords: readonly string[]): string {
  return [...queryWords].sort((a, b) => termOf(b).length - termOf(a).length || b.length - a.length)[0]!;
}

/** Organizations matching every query word, by name (see the header). */
async function searchByWords(queryWords: readonly string[], cursor: string | undefined, today: string): Promise<OrganizationsPage> {
  const partition = organizationTermPartition(termOf(drivingWord(queryWords)));
  let after = positionOf(cursor, POSITION)?.text;
  const matches: Item[] = [];
  let exhausted = false;
  for (let round = 0; round < MAX_READS && matches.length < ORGANIZATION_PAGE_SIZE; round += 1) {
    const { Items = [], LastEvaluatedKey } = await table.query({
      KeyConditionExpression: 'PK = :pk',
      // A posting is live while the name has the word or some public event lends it (n > 0).
      FilterExpression: 'named = :named OR n > :zero',
      ExpressionAttributeValues: { ':pk': partition, ':named': true, ':zero': 0 },
      Limit: CANDIDATES_PER_READ,
      ...(after ? { ExclusiveStartKey: { PK: partition, SK: after } } : {}),
    });
    const organizations = await batchGetItems(Items.map((posting) => organizationKey(String(posting.organizationId))));
    const byId = new Map(organizations.map((item) => [String(item.id), item]));
    for (const [index, posting] of Items.entries()) {
      const organization = byId.get(String(posting.organizationId));
      if (organization && matchesQueryWords(searchTextOf(organizationWordsOf(organization)), queryWords)) matches.push(organization);
      after = String(posting.SK);
      if (matches.length === ORGANIZATION_PAGE_SIZE) {
        exhausted = index === Items.length - 1 && !LastEvaluatedKey;
        break;
      }
    }
    if (matches.length < ORGANIZATION_PAGE_SIZE) {
      // Every posting of this read was looked at: resume after the last one DynamoDB read (filtered ones too).
      if (!LastEvaluatedKey) {
        exhausted = true;
        break;
      }
      after = String(LastEvaluatedKey.SK);
    }
  }
  return { items: await cardsOf(matches, today), ...(!exhausted && after ? { nextCursor: encodeCursorText(after) } : {}) };
}

/** One page of the directory: every organization by name, or those matching the words of `q`. */
export async function searchOrganizations(query: { q?: string; cursor?: string }, today: string): Promise<OrganizationsPage> {
  const queryWords = parseQueryText(query.q);
  return queryWords.length === 0 ? listAll(query.cursor, today) : searchByWords(queryWords, query.cursor, today);
}

/** An organization's page: its card, description and past count, and a page of its upcoming events. A 404 for an unknown id. */
export async function organizationDetail(id: string, cursor: string | undefined, today: string): Promise<OrganizationDetail> {
  // A cursor from an earlier day may point before today: the list then starts at today.
  const position = positionOf(cursor, DATED)?.text;
  const after = position !== undefined && position > today ? position : undefined;
  const [items, events] = await Promise.all([
    batchGetItems([organizationKey(id), organizationReviewsKey(id)]),
    upcomingEvents(id, today, ORGANIZATION_EVENTS_PAGE_SIZE + 1, after),
  ]);
  const item = items.find((found) => found.SK === 'ORG');
  if (!item) throw new NotFoundError('Organization not found');
  const reviews = items.find((found) => found.SK === 'REVIEWS');
  // One more than a page was asked for: it tells whether another page follows.
  const page = events.items.slice(0, ORGANIZATION_EVENTS_PAGE_SIZE);
  const more = events.items.length > ORGANIZATION_EVENTS_PAGE_SIZE;
  // The next event is the first of the first page; a later page reads it apart.
  const next = after ? (await upcomingEvents(id, today, 1)).items[0] : page[0];
  const last = page.at(-1);
  const { description } = fromOrganizationItem(item);
  return {
    ...organizationCardOf(item, reviews, nextEventOf(next), today),
    ...(description ? { description } : {}),
    events: { items: page, ...(more && last ? { nextCursor: encodeCursorText(`${last.eventDate}#${last.id}`) } : {}) },
  };
}
