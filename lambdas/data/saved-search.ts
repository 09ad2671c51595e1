/**
 * Saved searches (issue 23): a person's named searches, and the percolator postings that let a new race find the
 * searches it matches by Query instead of reading every search (shared/saved-search-match.ts says where each is
 * filed and what a match is).
 *
 * | item               | PK                    | SK              |
 * | saved search       | USER#<sub>            | SEARCH#<id>     |
 * | search counter     | USER#<sub>            | SEARCHES        |
 * | percolator posting | PERCOLATE#<anchor>    | <id>            |
 *
 * The posting carries what matching needs (the owner, the name, the filters and a radius search's place), so a
 * day's matching reads postings only. A search, its postings and the counter change in one transaction: the
 * counter holds the 20-a-person limit, and a search is never matched without being listed or listed without
 * being matched. Postings are outside the person's partition, so deleting the account deletes each search here
 * (lambdas/users/account-deletion-steps.ts).
 *
 * Access patterns: a person's searches (table, PK = USER#<sub>, begins_with(SK, SEARCH#)); the searches that
 * could match a race (table, PK = PERCOLATE#<anchor>, for each of the race's keys).
 */
import { ulid } from 'ulid';
import type { LatLng } from '#shared/geo';
import { parseNear } from '#shared/near';
import { SAVED_SEARCH_FILTERS } from '#shared/saved-search-path';
import { anchorsOf, type PercolatedSearch } from '#shared/saved-search-match';
import { MAX_SAVED_SEARCHES, TOO_MANY_SAVED_SEARCHES, type NewSavedSearch, type SavedSearch, type SavedSearchList } from '#shared/schemas/saved-search';
import { BadRequestError, ConflictError, NotFoundError } from '#lib/errors';
import { inParallel } from '#lib/kit/batch-write';
import { getItem, queryAll, table } from '#lib/kit/table';
import { AlreadyDone, transact, type TransactItem } from '#lib/kit/transact';
import { findPlace } from './place.ts';

const userPk = (sub: string) => `USER#${sub}`;
const SEARCH_PREFIX = 'SEARCH#';
export const savedSearchKey = (sub: string, id: string) => ({ PK: userPk(sub), SK: `${SEARCH_PREFIX}${id}` });
const counterKey = (sub: string) => ({ PK: userPk(sub), SK: 'SEARCHES' });
export const postingKey = (anchor: string, id: string) => ({ PK: `PERCOLATE#${anchor}`, SK: id });

export const SAVED_SEARCH_NOT_FOUND = 'Saved search not found';
export const UNKNOWN_PLACE = 'We could not find that place. Use a 5-digit ZIP code or a city and state such as Boulder, CO.';

/** What a search keeps beyond what the list shows: a radius search's place, found once when it is saved. */
interface StoredSearch extends SavedSearch {
  readonly point?: LatLng;
}

/** The filters of a stored search, as the percolator reads them. */
function percolated(search: StoredSearch): PercolatedSearch {
  const { id: _id, name: _name, createdAt: _createdAt, ...filters } = search;
  return filters;
}

/** A posting as the percolator reads it: who, which search, what it is called and what it asks. */
export interface SearchPosting {
  /** The anchor it was read under. */
  readonly anchor: string;
  readonly sub: string;
  readonly id: string;
  readonly name: string;
  readonly search: PercolatedSearch;
}

function postingItems(sub: string, search: StoredSearch): Record<string, unknown>[] {
  return anchorsOf(percolated(search)).map((anchor) => ({
    ...postingKey(anchor, search.id),
    entity: 'saved-search-posting',
    sub,
    id: search.id,
    name: search.name,
    search: percolated(search),
  }));
}

function fromSearchItem(item: Record<string, unknown>): StoredSearch {
  const search: Record<string, unknown> = { id: item.id, name: item.name, createdAt: item.createdAt };
  for (const field of SAVED_SEARCH_FILTERS) if (item[field] !== undefined) search[field] = item[field];
  if (item.point) search.point = item.point;
  return search as unknown as StoredSearch;
}

/** The list's view: the point is the server's own business. */
function listed({ point: _point, ...search }: StoredSearch): SavedSearch {
  return search;
}

export async function listSavedSearches(sub: string): Promise<SavedSearchList> {
  const items = await queryAll({
    KeyConditionExpression: 'PK = :pk AND begins_with(SK, :prefix)',
    ExpressionAttributeValues: { ':pk': userPk(sub), ':prefix': SEARCH_PREFIX },
    ScanIndexForward: false,
  });
  return { items: items.map(fromSearchItem).map(listed), max: MAX_SAVED_SEARCHES };
}

async function placeOf(near: string | undefined): Promise<LatLng | undefined> {
  if (near === undefined) return undefined;
  const parsed = parseNear(near);
  const { place } = parsed ? await findPlace(parsed) : { place: undefined };
  if (!place) throw new BadRequestError('Some fields are not valid', { 'body.near': [UNKNOWN_PLACE] });
  return { latitude: place.latitude, longitude: place.longitude };
}

export async function createSavedSearch(sub: string, body: NewSavedSearch, now: Date = new Date()): Promise<SavedSearch> {
  const { name, ...filters } = body;
  const point = await placeOf(filters.near);
  const search: StoredSearch = { id: ulid(now.getTime()), name, createdAt: now.toISOString(), ...filters, ...(point ? { point } : {}) };
  const tooMany = () => new ConflictError(TOO_MANY_SAVED_SEARCHES);
  await transact(
    () => [
      {
        Update: {
          Key: counterKey(sub),
          UpdateExpression: 'ADD #count :one SET entity = :entity',
          ConditionExpression: 'attribute_not_exists(#count) OR #count < :max',
          ExpressionAttributeNames: { '#count': 'count' },
          ExpressionAttributeValues: { ':one': 1, ':max': MAX_SAVED_SEARCHES, ':entity': 'saved-search-counter' },
        },
        ifConditionFails: tooMany,
      },
      { Put: { Item: { ...savedSearchKey(sub, search.id), entity: 'saved-search', ...search }, ConditionExpression: 'attribute_not_exists(PK)' } },
      ...postingItems(sub, search).map((Item): TransactItem => ({ Put: { Item } })),
    ],
    { attempts: 4 },
  );
  return listed(search);
}

async function getStoredSearch(sub: string, id: string): Promise<StoredSearch | undefined> {
  const item = await getItem(savedSearchKey(sub, id), { consistent: true });
  return item ? fromSearchItem(item) : undefined;
}

export async function renameSavedSearch(sub: string, id: string, name: string): Promise<SavedSearch> {
  return transact(async () => {
    const current = await getStoredSearch(sub, id);
    if (!current) throw new NotFoundError(SAVED_SEARCH_NOT_FOUND);
    const renamed: StoredSearch = { ...current, name };
    return {
      items: [
        {
          Update: {
            Key: savedSearchKey(sub, id),
            UpdateExpression: 'SET #name = :name',
            ConditionExpression: 'attribute_exists(PK)',
            ExpressionAttributeNames: { '#name': 'name' },
            ExpressionAttributeValues: { ':name': name },
          },
          ifConditionFails: () => new NotFoundError(SAVED_SEARCH_NOT_FOUND),
        },
        ...postingItems(sub, renamed).map((Item): TransactItem => ({ Put: { Item } })),
      ],
      result: listed(renamed),
    };
  });
}

/** Deletes a search with its postings and counts it out (idempotent: one already gone changes nothing). */
export async function deleteSavedSearch(sub: string, id: string): Promise<void> {
  await transact(async () => {
    const current = await getStoredSearch(sub, id);
    if (!current) return [];
    return [
      { Delete: { Key: savedSearchKey(sub, id), ConditionExpression: 'attribute_exists(PK)' }, ifConditionFails: new AlreadyDone(undefined) },
      ...anchorsOf(percolated(current)).map((anchor): TransactItem => ({ Delete: { Key: postingKey(anchor, id) } })),
      {
        Update: {
          Key: counterKey(sub),
          UpdateExpression: 'ADD #count :minusOne',
          ConditionExpression: '#count >= :one',
          ExpressionAttributeNames: { '#count': 'count' },
          ExpressionAttributeValues: { ':minusOne': -1, ':one': 1 },
        },
      },
    ];
  });
}

export interface PostingRead {
  readonly postings: SearchPosting[];
  /** Read units the queries consumed (the bench's per-race figure). */
  readonly readUnits: number;
}

/** Every posting under these anchors: one Query (paged) per anchor, a few at a time, with the read units they cost. */
export async function readPostings(anchors: Iterable<string>, inFlight = 16): Promise<PostingRead> {
  const postings: SearchPosting[] = [];
  let readUnits = 0;
  await inParallel([...anchors], inFlight, async (anchor) => {
    let startKey: Record<string, unknown> | undefined;
    do {
      const page = await table.query({
        KeyConditionExpression: 'PK = :pk',
        ExpressionAttributeValues: { ':pk': `PERCOLATE#${anchor}` },
        ReturnConsumedCapacity: 'TOTAL',
        ...(startKey ? { ExclusiveStartKey: startKey } : {}),
      });
      readUnits += page.ConsumedCapacity?.CapacityUnits ?? 0;
      for (const item of page.Items ?? []) postings.push({ anchor, sub: String(item.sub), id: String(item.id), name: String(item.name), search: item.search as PercolatedSearch });
      startKey = page.LastEvaluatedKey;
    } while (startKey);
  });
  return { postings, readUnits };
}
