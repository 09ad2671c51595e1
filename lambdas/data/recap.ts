/** No defineEntity here: its three items have no zod schema of what is stored, and its reader coerces each attribute (String(), status defaulting to visible), which a schema-field reader would not. */
/**
 * Race recaps: the longer story of a race an athlete ran, written on or after race day, one per athlete per
 * race, editable and deletable. Admins hide a recap (it leaves every public list) or restore it, and feature
 * recaps in the athlete spotlights; each decision records who made it and when. There are no athlete reports
 * on recaps (reviews have them): admins see every recap in their own list.
 *
 * | item               | PK            | SK                | indexes                                                    |
 * | recap              | EVENT#<eid>   | RECAP#<rid>       | GSI1 RECAPS, GSI2 RECAPS#STATE#<st> / <createdAt>#<rid> (visible only); GSI3 RECAPS#SPOTLIGHT / <featuredAt>#<rid> (featured and visible); GSI5 RECAPS#ALL / <createdAt>#<rid> (every recap: the admins' list) |
 * | one per athlete    | EVENT#<eid>   | RECAPPER#<sub>    | recapId; GSI1 PERSON#<sub> / <PK>#<SK> (person-footprint.ts) |
 * | recap by id        | RECAP#<rid>   | RECAP             | eventId (a recap's page has only its id)                   |
 *
 * The three items are written and deleted together. Index partitions are named for recaps (reviews use
 * REVIEWS… on the same index numbers, the review aggregates LEADERBOARD#…), so no list ever mixes the two.
 *
 * Access patterns (docs/data-model.md): a recap by id (table, RECAP#<rid> then EVENT#<eid> / RECAP#<rid>); an athlete's
 * recap of a race (SK = RECAPPER#<sub>); recent recaps (GSI1, by state GSI2); the spotlights (GSI3); every
 * recap for admins (GSI5).
 */
import { ulid } from 'ulid';
import { excerptOf } from '#shared/plain-text';
import {
  RECAP_EXCERPT_LENGTH,
  type AdminRecap,
  type MyRecap,
  type NewRecap,
  type Recap,
  type RecapEvent,
  type RecapModeration,
  type RecapsPage,
  type RecapSummary,
} from '#shared/schemas/recap';
import { FORMER_MEMBER } from '#shared/schemas/account-deletion';
import { ConflictError, HttpError, NotFoundError } from '#lib/errors';
import { queryKeyCursorPage } from '#lib/kit/index-page';
import { table } from '#lib/kit/table';
import { transact, transactOnce } from '#lib/kit/transact';
import { isConditionFailure } from '#lib/transactions';
import { getEvent } from './event.ts';
import { footprintKeys } from './person-footprint.ts';
import { getProfile } from './profile.ts';
import { authorNameOf, checkDistance, eventFacts, onPublicRaces, raceRun } from './race-writing.ts';

const eventPk = (eventId: string) => `EVENT#${eventId}`;
export const recapKey = (eventId: string, recapId: string) => ({ PK: eventPk(eventId), SK: `RECAP#${recapId}` });
const recapperKey = (eventId: string, sub: string) => ({ PK: eventPk(eventId), SK: `RECAPPER#${sub}` });
const lookupKey = (recapId: string) => ({ PK: `RECAP#${recapId}`, SK: 'RECAP' });

export const RECENT_RECAPS_PARTITION = 'RECAPS';
export const recapsByStatePartition = (state: string) => `RECAPS#STATE#${state}`;
export const SPOTLIGHT_PARTITION = 'RECAPS#SPOTLIGHT';
export const ALL_RECAPS_PARTITION = 'RECAPS#ALL';

const PAGE_SIZE = 20;
const ADMIN_PAGE_SIZE = 25;

export class RecapNotFoundError extends NotFoundError {
  constructor() {
    super('Recap not found');
  }
}

// ---------------------------------------------------------------------------------------------------------
// Items

interface StoredRecap {
  readonly id: string;
  readonly eventId: string;
  readonly title: string;
  readonly body: string;
  readonly distance?: string;
  readonly authorName: string;
  /** Absent once the author's account is deleted and they kept the recap (signed FORMER_MEMBER). */
  readonly authorSub?: string;
  readonly status: 'visible' | 'hidden';
  readonly event: RecapEvent;
  readonly createdAt: string;
  readonly updatedAt: string;
  readonly featuredAt?: string;
  readonly featuredBy?: string;
  readonly moderation?: AdminRecap['moderation'];
}

function storedRecapOf(item: Record<string, unknown>): StoredRecap {
  return {
    id: String(item.id),
    eventId: String(item.eventId),
    title: String(item.title),
    body: String(item.body),
    ...(typeof item.distance === 'string' ? { distance: item.distance } : {}),
    authorName: String(item.authorName),
    ...(typeof item.authorSub === 'string' ? { authorSub: item.authorSub } : {}),
    status: item.status === 'hidden' ? 'hidden' : 'visible',
    event: item.event as RecapEvent,
    createdAt: String(item.createdAt),
    updatedAt: String(item.updatedAt),
    ...(typeof item.featuredAt === 'string' ? { featuredAt: item.featuredAt, featuredBy: String(item.featuredBy) } : {}),
    ...(item.moderation ? { moderation: item.moderation as AdminRecap['moderation'] } : {}),
  };
}

function publicRecap(recap: StoredRecap, callerSub?: string): Recap {
  return {
    id: recap.id,
    eventId: recap.eventId,
    title: recap.title,
    body: recap.body,
    ...(recap.distance ? { distance: recap.distance } : {}),
    authorName: recap.authorName,
    event: recap.event,
    createdAt: recap.createdAt,
    updatedAt: recap.updatedAt,
    ...(recap.featuredAt ? { featuredAt: recap.featuredAt } : {}),
    ...(callerSub !== undefined ? { mine: recap.authorSub === callerSub } : {}),
  };
}

function summaryOf(recap: StoredRecap): RecapSummary {
  const { body, mine: _mine, ...rest } = publicRecap(recap);
  return { ...rest, excerpt: excerptOf(body, RECAP_EXCERPT_LENGTH) };
}

function adminRecapOf(recap: StoredRecap): AdminRecap {
  return {
    ...summaryOf(recap),
    status: recap.status,
    ...(recap.featuredBy ? { featuredBy: recap.featuredBy } : {}),
    ...(recap.moderation ? { moderation: recap.moderation } : {}),
  };
}

const listingSortKey = (recap: Pick<StoredRecap, 'createdAt' | 'id'>) => `${recap.createdAt}#${recap.id}`;

/** The public lists' index keys of a visible recap (removed when it is hidden). */
const listingKeys = (recap: StoredRecap) => ({
  GSI1PK: RECENT_RECAPS_PARTITION,
  GSI1SK: listingSortKey(recap),
  GSI2PK: recapsByStatePartition(recap.event.state),
  GSI2SK: listingSortKey(recap),
});

const spotlightSortKey = (featuredAt: string, recapId: string) => `${featuredAt}#${recapId}`;

/** The recap without its spotlight (unfeatured, or hidden). */
const unfeatured = ({ featuredAt: _at, featuredBy: _by, ...rest }: StoredRecap): StoredRecap => rest;

async function readRecap(eventId: string, recapId: string): Promise<StoredRecap> {
  const { Item } = await table.get({ Key: recapKey(eventId, recapId), ConsistentRead: true });
  if (!Item) throw new RecapNotFoundError();
  return storedRecapOf(Item);
}

/** The race of a recap known by its id alone (its page, the admins' actions): the lookup item names it. */
async function recapEventId(recapId: string): Promise<string> {
  const { Item } = await table.get({ Key: lookupKey(recapId), ConsistentRead: true });
  if (typeof Item?.eventId !== 'string') throw new RecapNotFoundError();
  return Item.eventId;
}

async function readRecapById(recapId: string): Promise<StoredRecap> {
  return readRecap(await recapEventId(recapId), recapId);
}

async function myRecapId(eventId: string, sub: string): Promise<string | undefined> {
  const { Item } = await table.get({ Key: recapperKey(eventId, sub), ConsistentRead: true });
  return typeof Item?.recapId === 'string' ? Item.recapId : undefined;
}

// ---------------------------------------------------------------------------------------------------------
// Reading

/**
 * A visible recap of a public race; signed in, whether it is the caller's. A hidden recap is not found, even by
 * its author, and neither is one whose race was deleted or unpublished since.
 */
export async function getRecap(recapId: string, caller?: { sub: string }): Promise<Recap> {
  const eventId = await recapEventId(recapId);
  const [recap, event] = await Promise.all([readRecap(eventId, recapId), getEvent(eventId)]);
  if (recap.status === 'hidden' || !event?.verified) throw new RecapNotFoundError();
  return publicRecap(recap, caller?.sub);
}

/** The caller's recap of a race, hidden or not (the write page says why a hidden one cannot be edited). */
export async function getMyRecap(sub: string, eventId: string): Promise<MyRecap> {
  const id = await myRecapId(eventId, sub);
  if (!id) return { recap: null };
  const recap = await readRecap(eventId, id).catch((error: unknown) => {
    if (error instanceof RecapNotFoundError) return undefined;
    throw error;
  });
  return { recap: recap ? { ...publicRecap(recap, sub), hidden: recap.status === 'hidden' } : null };
}

/** One page of an index partition, newest first, with a cursor that only opens the same partition. */
async function indexPage(index: 'GSI1' | 'GSI2' | 'GSI3' | 'GSI5', partition: string, cursor: string | undefined, limit: number) {
  const { items, nextCursor } = await queryKeyCursorPage({ index, partition, newestFirst: true, limit }, cursor);
  return { recaps: items.map(storedRecapOf), ...(nextCursor ? { nextCursor } : {}) };
}

/** Recent visible recaps of public races, newest first; in one state when asked. */
export async function listRecentRecaps(query: { state?: string; cursor?: string }): Promise<RecapsPage> {
  const [index, partition] = query.state ? (['GSI2', recapsByStatePartition(query.state)] as const) : (['GSI1', RECENT_RECAPS_PARTITION] as const);
  const { recaps, nextCursor } = await indexPage(index, partition, query.cursor, PAGE_SIZE);
  return { items: (await onPublicRaces(recaps)).map(summaryOf), ...(nextCursor ? { nextCursor } : {}) };
}

/** The athlete spotlights: featured recaps of public races, most recently featured first. */
export async function listSpotlightRecaps(cursor?: string): Promise<RecapsPage> {
  const { recaps, nextCursor } = await indexPage('GSI3', SPOTLIGHT_PARTITION, cursor, PAGE_SIZE);
  return { items: (await onPublicRaces(recaps)).map(summaryOf), ...(nextCursor ? { nextCursor } : {}) };
}

/** Every recap, hidden ones too, newest first: what admins feature, hide and restore. */
export async function listAdminRecaps(cursor?: string): Promise<{ items: AdminRecap[]; nextCursor?: string }> {
  const { recaps, nextCursor } = await indexPage('GSI5', ALL_RECAPS_PARTITION, cursor, ADMIN_PAGE_SIZE);
  return { items: recaps.map(adminRecapOf), ...(nextCursor ? { nextCursor } : {}) };
}

// ---------------------------------------------------------------------------------------------------------
// Writing

export async function createRecap(sub: string, eventId: string, body: NewRecap, now: Date = new Date()): Promise<Recap> {
  // A second recap of the race is refused by the guard item in the transaction below: no read for it here.
  const [event, profile] = await Promise.all([raceRun(eventId, now, 'write its recap'), getProfile(sub)]);
  checkDistance(event, body.distance);
  const createdAt = now.toISOString();
  const recap: StoredRecap = {
    id: ulid(now.getTime()),
    eventId,
    title: body.title,
    body: body.body,
    ...(body.distance ? { distance: body.distance } : {}),
    authorName: authorNameOf(profile),
    authorSub: sub,
    status: 'visible',
    event: eventFacts(event),
    createdAt,
    updatedAt: createdAt,
  };
  await transact(
    () => [
      {
        Put: {
          Item: { ...recapKey(eventId, recap.id), entity: 'recap', ...recap, ...listingKeys(recap), GSI5PK: ALL_RECAPS_PARTITION, GSI5SK: listingSortKey(recap) },
          ConditionExpression: 'attribute_not_exists(PK)',
        },
      },
      // The guard: a second recap of the same race by the same athlete fails here, even in a race of two requests.
      { Put: { Item: { ...recapperKey(eventId, sub), ...footprintKeys(sub, recapperKey(eventId, sub)), entity: 'recapper-of-event', recapId: recap.id }, ConditionExpression: 'attribute_not_exists(PK)' } },
      { Put: { Item: { ...lookupKey(recap.id), entity: 'recap-lookup', eventId }, ConditionExpression: 'attribute_not_exists(PK)' } },
    ],
    { attempts: 1, ifAnyConditionFails: () => new ConflictError('You have already written a recap of this race. Edit it instead.') },
  );
  return publicRecap(recap, sub);
}

export async function updateMyRecap(sub: string, eventId: string, body: NewRecap, now: Date = new Date()): Promise<Recap> {
  const [event, id] = await Promise.all([raceRun(eventId, now, 'write its recap'), myRecapId(eventId, sub)]);
  checkDistance(event, body.distance);
  if (!id) throw new RecapNotFoundError();
  const before = await readRecap(eventId, id);
  if (before.status === 'hidden') throw new HttpError(409, 'recap_hidden', 'An admin hid this recap, so it cannot be edited.');
  const after: StoredRecap = { ...before, title: body.title, body: body.body, updatedAt: now.toISOString() };
  if (body.distance) (after as { distance?: string }).distance = body.distance;
  else delete (after as { distance?: string }).distance;
  try {
    await table.update({
      Key: recapKey(eventId, id),
      UpdateExpression: `SET title = :title, body = :body, updatedAt = :now${after.distance ? ', distance = :distance' : ' REMOVE distance'}`,
      // An admin's hide (or another edit) in between wins: this edit is refused rather than undoing it.
      ConditionExpression: 'updatedAt = :seen AND #status = :visible',
      ExpressionAttributeNames: { '#status': 'status' },
      ExpressionAttributeValues: {
        ':title': after.title,
        ':body': after.body,
        ':now': after.updatedAt,
        ':seen': before.updatedAt,
        ':visible': 'visible',
        ...(after.distance ? { ':distance': after.distance } : {}),
      },
    });
  } catch (error) {
    if (isConditionFailure(error)) throw new ConflictError('Your recap changed meanwhile. Reload it and try again.');
    throw error;
  }
  return publicRecap(after, sub);
}

/**
 * A deleted account's recap of a race (lambdas/users/account-deletion-steps.ts): deleted, or kept signed FORMER_MEMBER
 * with nothing left that names its author. Idempotent.
 */
export async function forgetRecapper(sub: string, eventId: string, writing: 'delete' | 'keep'): Promise<void> {
  const id = await myRecapId(eventId, sub);
  if (!id) return;
  if (writing === 'delete') {
    await deleteMyRecap(sub, eventId);
    return;
  }
  await transactOnce([
    {
      Update: {
        Key: recapKey(eventId, id),
        UpdateExpression: 'SET authorName = :name REMOVE authorSub',
        ConditionExpression: 'attribute_exists(PK)',
        ExpressionAttributeValues: { ':name': FORMER_MEMBER },
      },
    },
    { Delete: { Key: recapperKey(eventId, sub), ConditionExpression: 'recapId = :id', ExpressionAttributeValues: { ':id': id } } },
  ]);
}

export async function deleteMyRecap(sub: string, eventId: string): Promise<void> {
  const id = await myRecapId(eventId, sub);
  if (!id) throw new RecapNotFoundError();
  await transactOnce([
    { Delete: { Key: recapKey(eventId, id) } },
    { Delete: { Key: recapperKey(eventId, sub), ConditionExpression: 'recapId = :id', ExpressionAttributeValues: { ':id': id } } },
    { Delete: { Key: lookupKey(id) } },
  ]);
}

// ---------------------------------------------------------------------------------------------------------
// Admins

/**
 * Features a recap in the athlete spotlights (on) or takes it out (off), recording who and when. Idempotent:
 * featuring a featured recap keeps its first date. A hidden recap cannot be featured.
 */
export async function setRecapFeatured(adminSub: string, recapId: string, on: boolean, now: Date = new Date()): Promise<AdminRecap> {
  const recap = await readRecapById(recapId);
  if (on && recap.status === 'hidden') throw new HttpError(409, 'recap_hidden', 'This recap is hidden. Restore it before featuring it.');
  if (on === Boolean(recap.featuredAt)) return adminRecapOf(recap);
  const at = now.toISOString();
  try {
    await table.update({
      Key: recapKey(recap.eventId, recap.id),
      UpdateExpression: on
        ? 'SET featuredAt = :at, featuredBy = :by, GSI3PK = :pk, GSI3SK = :sk'
        : 'SET unfeatured = :unfeatured REMOVE featuredAt, featuredBy, GSI3PK, GSI3SK',
      ConditionExpression: on ? 'attribute_exists(PK) AND #status = :visible AND attribute_not_exists(featuredAt)' : 'attribute_exists(featuredAt)',
      ...(on ? { ExpressionAttributeNames: { '#status': 'status' } } : {}),
      ExpressionAttributeValues: on
        ? { ':at': at, ':by': adminSub, ':pk': SPOTLIGHT_PARTITION, ':sk': spotlightSortKey(at, recap.id), ':visible': 'visible' }
        : { ':unfeatured': { by: adminSub, at } },
    });
  } catch (error) {
    if (isConditionFailure(error)) throw new ConflictError('The recap changed meanwhile. Reload the list and try again.');
    throw error;
  }
  return adminRecapOf(on ? { ...recap, featuredAt: at, featuredBy: adminSub } : unfeatured(recap));
}

/**
 * An admin's decision on a recap, recorded on it (who, when, what, why). Hide takes it out of every public
 * list and the spotlights; restore puts it back in the lists (featuring it again is a separate decision).
 */
export async function moderateRecap(adminSub: string, recapId: string, decision: RecapModeration, now: Date = new Date()): Promise<AdminRecap> {
  const recap = await readRecapById(recapId);
  const hide = decision.decision === 'hide';
  if (hide && recap.status === 'hidden') throw new ConflictError('This recap is already hidden.');
  if (!hide && recap.status === 'visible') throw new ConflictError('This recap is not hidden.');
  const moderation = { decision: decision.decision, by: adminSub, at: now.toISOString(), ...(decision.note ? { note: decision.note } : {}) };
  const keys = listingKeys(recap);
  try {
    await table.update({
      Key: recapKey(recap.eventId, recap.id),
      UpdateExpression: hide
        ? 'SET #status = :next, moderation = :moderation REMOVE GSI1PK, GSI1SK, GSI2PK, GSI2SK, GSI3PK, GSI3SK, featuredAt, featuredBy'
        : 'SET #status = :next, moderation = :moderation, GSI1PK = :gsi1pk, GSI1SK = :gsi1sk, GSI2PK = :gsi2pk, GSI2SK = :gsi2sk',
      ConditionExpression: 'updatedAt = :seen AND #status = :current',
      ExpressionAttributeNames: { '#status': 'status' },
      ExpressionAttributeValues: {
        ':next': hide ? 'hidden' : 'visible',
        ':current': recap.status,
        ':moderation': moderation,
        ':seen': recap.updatedAt,
        ...(hide ? {} : { ':gsi1pk': keys.GSI1PK, ':gsi1sk': keys.GSI1SK, ':gsi2pk': keys.GSI2PK, ':gsi2sk': keys.GSI2SK }),
      },
    });
  } catch (error) {
    if (isConditionFailure(error)) throw new ConflictError('The recap changed meanwhile. Reload the list and decide again.');
    throw error;
  }
  return adminRecapOf({ ...(hide ? unfeatured(recap) : recap), status: hide ? 'hidden' : 'visible', moderation });
}
