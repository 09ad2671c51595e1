/** No defineEntity here: its items (reviews, aggregates, votes, reports, reviewer figures) have no zod schema of what is stored, and its readers coerce and default (counts 0, status visible); many of its writes are UpdateExpressions and counters (ADD). */
/**
 * Race reviews: one per athlete per race, written on or after race day, editable; helpful votes; reports that
 * put a review in the admins' moderation queue. The race's aggregate (count, average, star distribution, facet
 * averages) moves in the same transaction as every review write, and so does the event's `rating` (the card's
 * stars): the review rides in the event store's own transaction (updateEvent), which rewrites the event item
 * and its postings, so search results, cards and the event page never disagree with the reviews.
 *
 * | item                | PK             | SK                       | indexes                                              |
 * | review              | EVENT#<eid>    | REVIEW#<rid>             | GSI1 REVIEWS, GSI2 REVIEWS#STATE#<st>, GSI3 REVIEWS#TYPE#<type> / <createdAt>#<eid>#<rid> (visible only); GSI4 USER#<sub>#REVIEWS / same; GSI5 REVIEWS#REPORTED / <firstReportedAt>#<eid>#<rid> (while reported and undecided) |
 * | one per athlete     | EVENT#<eid>    | REVIEWER#<sub>           | reviewId; GSI1 PERSON#<sub> / <PK>#<SK> (person-footprint.ts) |
 * | aggregate           | EVENT#<eid>    | REVIEWS                  | GSI1 LEADERBOARD#MOST_REVIEWED / <count:7>#<eid>; GSI2 LEADERBOARD#TOP_RATED / <avg×100:3>#<count:7>#<eid> (3+ reviews) |
 * | helpful vote        | EVENT#<eid>    | HELPFUL#<rid>#<sub>      | GSI1 PERSON#<sub> / <PK>#<SK>                        |
 * | report              | EVENT#<eid>    | REPORT#<rid>#<sub>       | reason, note; GSI1 PERSON#<sub> / <PK>#<SK>          |
 * | reviewer figures    | USER#<sub>     | REVIEWER                 | GSI1 LEADERBOARD#HELPFUL / <helpful:7>#<sub> (1+ votes) |
 *
 * Review ids are ULIDs, so an event's reviews read newest first straight from the table. Whole aggregate and
 * reviewer items are written with a version condition (their index keys are built from the new figures,
 * which an ADD could not do); a lost race is retried.
 *
 * Access patterns (docs/data-model.md): an event's reviews, newest first (table, PK = EVENT#<eid>, begins_with(SK,
 * REVIEW#), descending); an athlete's review of an event (SK = REVIEWER#<sub>); recent reviews (GSI1, by state
 * GSI2, by type GSI3); an athlete's reviews (GSI4); reported reviews (GSI5); the leaderboards (GSI1/GSI2 of the
 * aggregates, GSI1 of the reviewer figures).
 */
import { ulid } from 'ulid';
import { todayInNewYork } from '#shared/dates';
import { ULID_PATTERN, ULID_SOURCE } from '#shared/ids';
import type { RaceEvent } from '#shared/schemas/event';
import {
  REVIEW_FACETS,
  type EventReviewsPage,
  type ModerationDecision,
  type NewReview,
  type RecentReview,
  type RecentReviewsPage,
  type ReportedReview,
  type Review,
  type ReviewAggregate,
  type ReviewFacet,
  type ReviewFacets,
  type ReviewReport,
} from '#shared/schemas/review';
import { FORMER_MEMBER } from '#shared/schemas/account-deletion';
import { decodeCursorText, encodeCursorText, invalidCursor } from '#lib/cursor';
import { ConflictError, HttpError, NotFoundError } from '#lib/errors';
import { batchGetItems } from '#lib/kit/batch-get';
import { queryIndexPage } from '#lib/kit/index-page';
import { getItem, table } from '#lib/kit/table';
import { retryingConflicts, transact, transactOnce, type TransactItem } from '#lib/kit/transact';
import { isConditionFailure } from '#lib/transactions';
import { EventWriteConflictError, getEvent, updateEvent, type ExtraTransactItems } from './event.ts';
import { footprintKeys } from './person-footprint.ts';
import { getProfile } from './profile.ts';
import { authorNameOf, checkDistance, eventFacts, onPublicRaces, raceRun } from './race-writing.ts';
import { getSavedEvent } from './saved-event.ts';
import { reviewHiddenNotice } from './decision-notices.ts';
import { notifyAfterWrite } from './notification-queue.ts';

const eventPk = (eventId: string) => `EVENT#${eventId}`;
const reviewKey = (eventId: string, reviewId: string) => ({ PK: eventPk(eventId), SK: `REVIEW#${reviewId}` });
const reviewerKey = (eventId: string, sub: string) => ({ PK: eventPk(eventId), SK: `REVIEWER#${sub}` });
export const aggregateKey = (eventId: string) => ({ PK: eventPk(eventId), SK: 'REVIEWS' });
const voteKey = (eventId: string, reviewId: string, sub: string) => ({ PK: eventPk(eventId), SK: `HELPFUL#${reviewId}#${sub}` });
const reportKey = (eventId: string, reviewId: string, sub: string) => ({ PK: eventPk(eventId), SK: `REPORT#${reviewId}#${sub}` });
export const reviewerFiguresKey = (sub: string) => ({ PK: `USER#${sub}`, SK: 'REVIEWER' });

export const RECENT_REVIEWS_PARTITION = 'REVIEWS';
export const reviewsByStatePartition = (state: string) => `REVIEWS#STATE#${state}`;
export const reviewsByTypePartition = (type: string) => `REVIEWS#TYPE#${type}`;
export const REPORTED_REVIEWS_PARTITION = 'REVIEWS#REPORTED';
export const MOST_REVIEWED_PARTITION = 'LEADERBOARD#MOST_REVIEWED';
export const TOP_RATED_PARTITION = 'LEADERBOARD#TOP_RATED';
export const MOST_HELPFUL_PARTITION = 'LEADERBOARD#HELPFUL';
/** A race joins the top-rated board with this many reviews: one 5-star review is not a reputation. */
export const TOP_RATED_MIN_REVIEWS = 3;

const EVENT_PAGE_SIZE = 10;
const RECENT_PAGE_SIZE = 20;
const REPORTED_PAGE_SIZE = 25;
/** Items one filtered page may read (a state and a type together read the state's reviews, filtered). */
const FILTERED_SLICE = 100;
const WRITE_ATTEMPTS = 4;

export class ReviewNotFoundError extends NotFoundError {
  constructor() {
    super('Review not found');
  }
}

// ---------------------------------------------------------------------------------------------------------
// Aggregates

interface Contribution {
  readonly overall: number;
  readonly facets: ReviewFacets;
}

interface AggregateFigures {
  count: number;
  overallSum: number;
  distribution: [number, number, number, number, number];
  facetSums: Partial<Record<ReviewFacet, number>>;
  facetCounts: Partial<Record<ReviewFacet, number>>;
}

interface StoredAggregate extends AggregateFigures {
  readonly version: number;
}

const EMPTY_FIGURES = (): AggregateFigures => ({ count: 0, overallSum: 0, distribution: [0, 0, 0, 0, 0], facetSums: {}, facetCounts: {} });

function aggregateOf(item: Record<string, unknown> | undefined): StoredAggregate {
  if (!item) return { ...EMPTY_FIGURES(), version: 0 };
  return {
    count: Number(item.count ?? 0),
    overallSum: Number(item.overallSum ?? 0),
    distribution: ((item.distribution as number[] | undefined) ?? [0, 0, 0, 0, 0]).slice(0, 5) as AggregateFigures['distribution'],
    facetSums: (item.facetSums as AggregateFigures['facetSums'] | undefined) ?? {},
    facetCounts: (item.facetCounts as AggregateFigures['facetCounts'] | undefined) ?? {},
    version: Number(item.version ?? 0),
  };
}

/** The figures with one review added (sign 1) or taken away (sign -1). */
function moved(figures: AggregateFigures, review: Contribution, sign: 1 | -1): AggregateFigures {
  const next: AggregateFigures = {
    count: figures.count + sign,
    overallSum: figures.overallSum + sign * review.overall,
    distribution: [...figures.distribution] as AggregateFigures['distribution'],
    facetSums: { ...figures.facetSums },
    facetCounts: { ...figures.facetCounts },
  };
  next.distribution[review.overall - 1] = (next.distribution[review.overall - 1] ?? 0) + sign;
  for (const facet of REVIEW_FACETS) {
    const stars = review.facets[facet];
    if (stars === undefined) continue;
    next.facetSums[facet] = (next.facetSums[facet] ?? 0) + sign * stars;
    next.facetCounts[facet] = (next.facetCounts[facet] ?? 0) + sign;
  }
  return next;
}

const oneDecimal = (value: number) => Math.round(value * 10) / 10;

export function publicAggregate(figures: AggregateFigures): ReviewAggregate {
  const facets: ReviewAggregate['facets'] = {};
  for (const facet of REVIEW_FACETS) {
    const count = figures.facetCounts[facet] ?? 0;
    if (count > 0) facets[facet] = { average: oneDecimal((figures.facetSums[facet] ?? 0) / count), count };
  }
  return {
    count: figures.count,
    average: figures.count > 0 ? oneDecimal(figures.overallSum / figures.count) : null,
    distribution: figures.distribution,
    facets,
  };
}

/** The event's card rating for these figures (undefined removes it). */
const ratingOf = (figures: AggregateFigures): RaceEvent['rating'] =>
  figures.count > 0 ? { average: oneDecimal(figures.overallSum / figures.count), count: figures.count } : undefined;

const pad = (value: number, width: number) => String(Math.max(0, Math.round(value))).padStart(width, '0');

/** The aggregate item, written whole with the leaderboards' index keys built from its new figures. */
function aggregatePut(event: RaceEvent, previous: StoredAggregate, figures: AggregateFigures): TransactItem {
  const average = figures.count > 0 ? figures.overallSum / figures.count : 0;
  return {
    Put: {
            Item: {
        ...aggregateKey(event.id),
        entity: 'review-aggregate',
        eventId: event.id,
        eventTitle: event.title,
        eventDate: event.eventDate,
        city: event.city,
        state: event.state,
        eventType: event.eventType,
        ...figures,
        version: previous.version + 1,
        ...(figures.count > 0 ? { GSI1PK: MOST_REVIEWED_PARTITION, GSI1SK: `${pad(figures.count, 7)}#${event.id}` } : {}),
        ...(figures.count >= TOP_RATED_MIN_REVIEWS ? { GSI2PK: TOP_RATED_PARTITION, GSI2SK: `${pad(average * 100, 3)}#${pad(figures.count, 7)}#${event.id}` } : {}),
      },
      ...(previous.version === 0 ? { ConditionExpression: 'attribute_not_exists(PK)' } : { ConditionExpression: 'version = :version', ExpressionAttributeValues: { ':version': previous.version } }),
    },
  };
}

async function readAggregate(eventId: string): Promise<StoredAggregate> {
  return aggregateOf(await getItem(aggregateKey(eventId), { consistent: true }));
}

// ---------------------------------------------------------------------------------------------------------
// Reviewer figures (the most-helpful board)

interface ReviewerFigures {
  readonly reviews: number;
  readonly helpful: number;
  readonly name: string;
  readonly version: number;
}

async function readReviewerFigures(sub: string): Promise<ReviewerFigures> {
  const Item = await getItem(reviewerFiguresKey(sub), { consistent: true });
  return { reviews: Number(Item?.reviews ?? 0), helpful: Number(Item?.helpful ?? 0), name: String(Item?.name ?? 'Runner'), version: Number(Item?.version ?? 0) };
}

function reviewerPut(sub: string, previous: ReviewerFigures, next: Omit<ReviewerFigures, 'version'>): TransactItem {
  return {
    Put: {
            Item: {
        ...reviewerFiguresKey(sub),
        entity: 'reviewer-figures',
        userId: sub,
        reviews: next.reviews,
        helpful: next.helpful,
        name: next.name,
        version: previous.version + 1,
        ...(next.helpful > 0 ? { GSI1PK: MOST_HELPFUL_PARTITION, GSI1SK: `${pad(next.helpful, 7)}#${sub}` } : {}),
      },
      ...(previous.version === 0 ? { ConditionExpression: 'attribute_not_exists(PK)' } : { ConditionExpression: 'version = :version', ExpressionAttributeValues: { ':version': previous.version } }),
    },
  };
}

/** The author's helpful figure moved by `delta`; nothing for a review whose author's account is gone. */
async function authorHelpfulMove(authorSub: string | undefined, delta: number): Promise<TransactItem[]> {
  if (!authorSub) return [];
  const author = await readReviewerFigures(authorSub);
  return [reviewerPut(authorSub, author, { reviews: author.reviews, helpful: Math.max(0, author.helpful + delta), name: author.name })];
}

/** The author's figures without this review and its helpful votes; nothing for a review whose author's account is gone. */
async function authorReviewLeaves(review: Pick<StoredReview, 'authorSub' | 'helpfulCount'>): Promise<TransactItem[]> {
  if (!review.authorSub) return [];
  const author = await readReviewerFigures(review.authorSub);
  return [reviewerPut(review.authorSub, author, { reviews: Math.max(0, author.reviews - 1), helpful: Math.max(0, author.helpful - review.helpfulCount), name: author.name })];
}

// ---------------------------------------------------------------------------------------------------------
// Reading reviews

interface StoredReview extends Review {
  /** Absent once the author's account is deleted and they kept the review (signed FORMER_MEMBER). */
  readonly authorSub?: string;
  readonly status: 'visible' | 'hidden';
  readonly reportCount: number;
  readonly event: RecentReview['event'];
  readonly moderation?: { decision: ModerationDecision['decision']; by: string; at: string; note?: string };
}

function storedReviewOf(item: Record<string, unknown>): StoredReview {
  return {
    id: String(item.id),
    eventId: String(item.eventId),
    overall: Number(item.overall),
    text: String(item.text),
    facets: (item.facets as ReviewFacets | undefined) ?? {},
    ...(typeof item.distance === 'string' ? { distance: item.distance } : {}),
    authorName: String(item.authorName),
    ...(typeof item.authorSub === 'string' ? { authorSub: item.authorSub } : {}),
    savedBefore: item.savedBefore === true,
    helpfulCount: Number(item.helpfulCount ?? 0),
    reportCount: Number(item.reportCount ?? 0),
    status: item.status === 'hidden' ? 'hidden' : 'visible',
    createdAt: String(item.createdAt),
    updatedAt: String(item.updatedAt),
    event: item.event as RecentReview['event'],
    ...(item.moderation ? { moderation: item.moderation as StoredReview['moderation'] } : {}),
  };
}

function publicReview(review: StoredReview, caller?: { sub: string; votes: ReadonlySet<string> }): Review {
  return {
    id: review.id,
    eventId: review.eventId,
    overall: review.overall,
    text: review.text,
    facets: review.facets,
    ...(review.distance ? { distance: review.distance } : {}),
    authorName: review.authorName,
    savedBefore: review.savedBefore,
    helpfulCount: review.helpfulCount,
    createdAt: review.createdAt,
    updatedAt: review.updatedAt,
    ...(caller ? { mine: review.authorSub === caller.sub, votedHelpful: caller.votes.has(review.id) } : {}),
  };
}

const recentOf = (review: StoredReview): RecentReview => ({ ...publicReview(review), event: review.event });

async function readReview(eventId: string, reviewId: string): Promise<StoredReview> {
  const Item = await getItem(reviewKey(eventId, reviewId), { consistent: true });
  if (!Item) throw new ReviewNotFoundError();
  return storedReviewOf(Item);
}

async function myReviewId(eventId: string, sub: string): Promise<string | undefined> {
  const Item = await getItem(reviewerKey(eventId, sub), { consistent: true });
  return typeof Item?.reviewId === 'string' ? Item.reviewId : undefined;
}

/** An event's visible reviews, newest first, with its aggregate and (signed in) the caller's review and votes. */
export async function listEventReviews(eventId: string, caller: { sub: string } | undefined, cursor?: string): Promise<EventReviewsPage> {
  const event = await getEvent(eventId);
  if (!event?.verified) throw new NotFoundError('Event not found');
  let startKey: Record<string, string> | undefined;
  if (cursor) {
    // The cursor is the last review id read: a position in this event's partition, which the path names.
    const reviewId = decodeCursorText(cursor);
    if (!ULID_PATTERN.test(reviewId)) throw invalidCursor();
    startKey = reviewKey(eventId, reviewId);
  }
  const [{ Items = [], LastEvaluatedKey }, aggregate, mineId] = await Promise.all([
    table.query({
      KeyConditionExpression: 'PK = :pk AND begins_with(SK, :prefix)',
      FilterExpression: '#status <> :hidden',
      ExpressionAttributeNames: { '#status': 'status' },
      ExpressionAttributeValues: { ':pk': eventPk(eventId), ':prefix': 'REVIEW#', ':hidden': 'hidden' },
      ScanIndexForward: false,
      Limit: EVENT_PAGE_SIZE,
      ...(startKey ? { ExclusiveStartKey: startKey } : {}),
    }),
    getItem(aggregateKey(eventId)).then(aggregateOf),
    caller ? myReviewId(eventId, caller.sub) : undefined,
  ]);
  const reviews = Items.map(storedReviewOf);
  let votes = new Set<string>();
  let mine: StoredReview | undefined;
  if (caller) {
    const keys = reviews.filter((review) => review.authorSub !== caller.sub).map((review) => voteKey(eventId, review.id, caller.sub));
    const [voted, own] = await Promise.all([
      keys.length ? batchGetItems(keys) : [],
      mineId ? readReview(eventId, mineId).catch(() => undefined) : undefined,
    ]);
    votes = new Set(voted.map((item) => String(item.SK).split('#')[1] as string));
    mine = own?.status === 'visible' ? own : undefined;
  }
  const viewer = caller ? { sub: caller.sub, votes } : undefined;
  const last = LastEvaluatedKey ? String(LastEvaluatedKey.SK).slice('REVIEW#'.length) : undefined;
  return {
    aggregate: publicAggregate(aggregate),
    items: reviews.map((review) => publicReview(review, viewer)),
    ...(last ? { nextCursor: encodeCursorText(last) } : {}),
    ...(caller ? { mine: mine ? publicReview(mine, viewer) : null } : {}),
  };
}

/**
 * A listing's index sort key: when, then the review's event and id, so a cursor (the last key read) names the
 * review's table key too and a page resumes exactly after it (lib/index-page.ts).
 */
const listingSortKey = (at: string, eventId: string, reviewId: string) => `${at}#${eventId}#${reviewId}`;
const LISTING_CURSOR = new RegExp(`^[^#]+#(${ULID_SOURCE})#(${ULID_SOURCE})$`);
const reviewKeyOfCursor = (match: RegExpExecArray) => reviewKey(match[1] as string, match[2] as string);

/** Recent visible reviews of public races, newest first; by state, by type, or both (the state's, filtered). */
export async function listRecentReviews(query: { state?: string; type?: string; cursor?: string }): Promise<RecentReviewsPage> {
  const [index, partition] = query.state
    ? (['GSI2', reviewsByStatePartition(query.state)] as const)
    : query.type
      ? (['GSI3', reviewsByTypePartition(query.type)] as const)
      : (['GSI1', RECENT_REVIEWS_PARTITION] as const);
  const filterType = query.state && query.type ? query.type : undefined;
  const page = await queryIndexPage(
    {
      index,
      partition,
      cursorPattern: LISTING_CURSOR,
      keyOf: reviewKeyOfCursor,
      newestFirst: true,
      pageSize: filterType ? FILTERED_SLICE : RECENT_PAGE_SIZE,
      ...(filterType ? { filter: { expression: 'event.eventType = :type', values: { ':type': filterType } } } : {}),
    },
    query.cursor,
  );
  return { items: (await onPublicRaces(page.items.map(storedReviewOf))).map(recentOf), ...(page.nextCursor ? { nextCursor: page.nextCursor } : {}) };
}

// ---------------------------------------------------------------------------------------------------------
// Writing reviews

/** The listing index keys of a visible review. */
const listingKeys = (review: { id: string; createdAt: string; authorSub?: string; event: RecentReview['event'] }) => {
  const sk = listingSortKey(review.createdAt, review.event.id, review.id);
  return {
    GSI1PK: RECENT_REVIEWS_PARTITION,
    GSI1SK: sk,
    GSI2PK: reviewsByStatePartition(review.event.state),
    GSI2SK: sk,
    GSI3PK: reviewsByTypePartition(review.event.eventType),
    GSI3SK: sk,
    ...(review.authorSub ? { GSI4PK: `USER#${review.authorSub}#REVIEWS`, GSI4SK: sk } : {}),
  };
};

/**
 * Runs a review write inside the event store's transaction (the event's rating changes with it), read and
 * built afresh on each attempt; a race with another writer of the same event or aggregate is retried.
 */
async function withEventTransaction<T>(eventId: string, now: Date, attempt: () => Promise<{ rating: RaceEvent['rating']; items: ExtraTransactItems; result: T }>): Promise<T> {
  return retryingConflicts(
    async () => {
      const { rating, items, result } = await attempt();
      await updateEvent(eventId, { rating }, now, { extraItems: items });
      return result;
    },
    {
      attempts: WRITE_ATTEMPTS,
      retryOn: (error) => error instanceof EventWriteConflictError,
      onExhausted: () => new ConflictError('Many runners are reviewing this race right now. Please try again.'),
    },
  );
}

export async function createReview(sub: string, eventId: string, body: NewReview, now: Date = new Date()): Promise<Review> {
  const event = await raceRun(eventId, now, 'review it');
  checkDistance(event, body.distance);
  const [profile, saved] = await Promise.all([getProfile(sub), getSavedEvent(sub, eventId)]);
  const savedBefore = saved !== undefined && todayInNewYork(new Date(saved.savedAt)) < event.eventDate;
  const createdAt = now.toISOString();
  const review: StoredReview = {
    id: ulid(now.getTime()),
    eventId,
    overall: body.overall,
    text: body.text,
    facets: body.facets ?? {},
    ...(body.distance ? { distance: body.distance } : {}),
    authorName: authorNameOf(profile),
    authorSub: sub,
    savedBefore,
    helpfulCount: 0,
    reportCount: 0,
    status: 'visible',
    createdAt,
    updatedAt: createdAt,
    event: eventFacts(event),
  };
  return withEventTransaction(eventId, now, async () => {
    if (await myReviewId(eventId, sub)) throw new ConflictError('You have already reviewed this race. Edit your review instead.');
    const [aggregate, reviewer] = await Promise.all([readAggregate(eventId), readReviewerFigures(sub)]);
    const figures = moved(aggregate, review, 1);
    return {
      rating: ratingOf(figures),
      items: [
        { Put: { Item: { ...reviewKey(eventId, review.id), entity: 'review', ...review, ...listingKeys(review) }, ConditionExpression: 'attribute_not_exists(PK)' } },
        { Put: { Item: { ...reviewerKey(eventId, sub), ...footprintKeys(sub, reviewerKey(eventId, sub)), entity: 'reviewer-of-event', reviewId: review.id }, ConditionExpression: 'attribute_not_exists(PK)' } },
        aggregatePut(event, aggregate, figures),
        reviewerPut(sub, reviewer, { reviews: reviewer.reviews + 1, helpful: reviewer.helpful, name: review.authorName }),
      ],
      result: publicReview(review, { sub, votes: new Set() }),
    };
  });
}

export async function updateMyReview(sub: string, eventId: string, body: NewReview, now: Date = new Date()): Promise<Review> {
  const event = await raceRun(eventId, now, 'review it');
  checkDistance(event, body.distance);
  return withEventTransaction(eventId, now, async () => {
    const id = await myReviewId(eventId, sub);
    if (!id) throw new ReviewNotFoundError();
    const before = await readReview(eventId, id);
    if (before.status === 'hidden') throw new HttpError(409, 'review_hidden', 'An admin hid this review after reports, so it cannot be edited.');
    const after: StoredReview = { ...before, overall: body.overall, text: body.text, facets: body.facets ?? {}, distance: body.distance, updatedAt: now.toISOString() };
    if (!body.distance) delete (after as { distance?: string }).distance;
    const aggregate = await readAggregate(eventId);
    const figures = moved(moved(aggregate, before, -1), after, 1);
    return {
      rating: ratingOf(figures),
      items: [
        {
          Update: {
                        Key: reviewKey(eventId, id),
            UpdateExpression: `SET overall = :overall, #text = :text, facets = :facets, updatedAt = :now${after.distance ? ', distance = :distance' : ' REMOVE distance'}`,
            ConditionExpression: 'updatedAt = :seen',
            ExpressionAttributeNames: { '#text': 'text' },
            ExpressionAttributeValues: {
              ':overall': after.overall,
              ':text': after.text,
              ':facets': after.facets,
              ':now': after.updatedAt,
              ':seen': before.updatedAt,
              ...(after.distance ? { ':distance': after.distance } : {}),
            },
          },
        },
        aggregatePut(event, aggregate, figures),
      ],
      result: publicReview(after, { sub, votes: new Set() }),
    };
  });
}

export async function deleteMyReview(sub: string, eventId: string, now: Date = new Date()): Promise<void> {
  const event = await getEvent(eventId);
  if (!event?.verified) throw new NotFoundError('Event not found');
  await removeReview(event, sub, now);
}

/** Deletes the athlete's review of a race with the race's and their own figures (any race: account deletion too). */
async function removeReview(event: RaceEvent, sub: string, now: Date): Promise<void> {
  const eventId = event.id;
  await withEventTransaction(eventId, now, async () => {
    const id = await myReviewId(eventId, sub);
    if (!id) throw new ReviewNotFoundError();
    const before = await readReview(eventId, id);
    const aggregate = await readAggregate(eventId);
    // A hidden review already left the figures.
    const figures = before.status === 'visible' ? moved(aggregate, before, -1) : aggregate;
    return {
      rating: ratingOf(figures),
      items: [
        { Delete: { Key: reviewKey(eventId, id) } },
        { Delete: { Key: reviewerKey(eventId, sub) } },
        ...(before.status === 'visible' ? [aggregatePut(event, aggregate, figures)] : []),
        ...(await authorReviewLeaves({ authorSub: sub, helpfulCount: before.helpfulCount })),
      ],
      result: undefined,
    };
  });
}

// ---------------------------------------------------------------------------------------------------------
// A deleted account's reviews, votes and reports (lambdas/users/account-deletion-steps.ts): each idempotent,
// each found from the person's footprint (person-footprint.ts)

/**
 * The person's review of a race: deleted (with the race's figures) or kept, signed FORMER_MEMBER, with nothing
 * left that names them (author, their reviews index, the guard). A review of an event deleted meanwhile goes with it.
 */
export async function forgetReviewer(sub: string, eventId: string, writing: 'delete' | 'keep', now: Date = new Date()): Promise<void> {
  const id = await myReviewId(eventId, sub);
  if (!id) return;
  const event = await getEvent(eventId);
  if (writing === 'delete' && event) {
    await removeReview(event, sub, now);
    return;
  }
  const review = await getItem(reviewKey(eventId, id), { consistent: true });
  await transactOnce([
    ...(review && event
      ? [{ Update: { Key: reviewKey(eventId, id), UpdateExpression: 'SET authorName = :name REMOVE authorSub, GSI4PK, GSI4SK', ConditionExpression: 'attribute_exists(PK)', ExpressionAttributeValues: { ':name': FORMER_MEMBER } } }]
      : review
        ? [{ Delete: { Key: reviewKey(eventId, id) } }]
        : []),
    { Delete: { Key: reviewerKey(eventId, sub) } },
  ]);
}

/** Takes back the person's helpful vote on a review: its count and its author's figure move with it. */
export async function withdrawHelpfulVote(sub: string, eventId: string, reviewId: string): Promise<void> {
  await transact(
    async () => {
      if (!(await getItem(voteKey(eventId, reviewId, sub), { consistent: true }))) return [];
      const item = await getItem(reviewKey(eventId, reviewId), { consistent: true });
      const vote: TransactItem = { Delete: { Key: voteKey(eventId, reviewId, sub), ConditionExpression: 'attribute_exists(PK)' } };
      if (!item) return [vote];
      const review = storedReviewOf(item);
      return [
        vote,
        {
          Update: {
            Key: reviewKey(eventId, reviewId),
            UpdateExpression: 'ADD helpfulCount :less',
            ConditionExpression: 'attribute_exists(PK) AND helpfulCount = :seen',
            ExpressionAttributeValues: { ':less': -1, ':seen': review.helpfulCount },
          },
        },
        ...(await authorHelpfulMove(review.authorSub, -1)),
      ];
    },
    { attempts: WRITE_ATTEMPTS, ifAnyConditionFails: 'retry' },
  );
}

/**
 * Takes back the person's report of a review (its reason and note are theirs): the review's counts move with it,
 * and a review no admin has decided on leaves the moderation queue when no report is left.
 */
export async function withdrawReport(sub: string, eventId: string, reviewId: string): Promise<void> {
  const report = await getItem(reportKey(eventId, reviewId, sub), { consistent: true });
  if (!report) return;
  try {
    await transactOnce([
      { Delete: { Key: reportKey(eventId, reviewId, sub), ConditionExpression: 'attribute_exists(PK)' } },
      {
        Update: {
          Key: reviewKey(eventId, reviewId),
          UpdateExpression: 'ADD reportCount :less, #reason :less',
          ConditionExpression: 'attribute_exists(PK)',
          ExpressionAttributeNames: { '#reason': `reported_${String(report.reason)}` },
          ExpressionAttributeValues: { ':less': -1 },
        },
      },
    ]);
  } catch (error) {
    if (!isConditionFailure(error)) throw error;
    // The review is gone (or the report went meanwhile): only the report is left to remove.
    await table.delete({ Key: reportKey(eventId, reviewId, sub) });
    return;
  }
  await table
    .update({
      Key: reviewKey(eventId, reviewId),
      UpdateExpression: 'REMOVE GSI5PK, GSI5SK, firstReportedAt',
      ConditionExpression: 'attribute_exists(GSI5PK) AND reportCount <= :none AND attribute_not_exists(moderation)',
      ExpressionAttributeValues: { ':none': 0 },
    })
    .catch((error: unknown) => {
      if (!isConditionFailure(error)) throw error;
    });
}

// ---------------------------------------------------------------------------------------------------------
// Helpful votes and reports

async function votableReview(sub: string, eventId: string, reviewId: string): Promise<StoredReview> {
  const review = await readReview(eventId, reviewId);
  if (review.status === 'hidden') throw new ReviewNotFoundError();
  if (review.authorSub === sub) throw new HttpError(422, 'own_review', 'You cannot vote for or report your own review.');
  return review;
}

/** Marks a review helpful (on) or takes the vote back (off); idempotent. Moves the author's helpful figure. */
export async function setHelpful(sub: string, eventId: string, reviewId: string, on: boolean): Promise<{ helpfulCount: number; votedHelpful: boolean }> {
  return transact(
    async () => {
      const review = await votableReview(sub, eventId, reviewId);
      const vote = await getItem(voteKey(eventId, reviewId, sub), { consistent: true });
      if (Boolean(vote) === on) return { items: [], result: { helpfulCount: review.helpfulCount, votedHelpful: on } };
      const delta = on ? 1 : -1;
      return {
        items: [
          on
            ? { Put: { Item: { ...voteKey(eventId, reviewId, sub), ...footprintKeys(sub, voteKey(eventId, reviewId, sub)), entity: 'helpful-vote' }, ConditionExpression: 'attribute_not_exists(PK)' } }
            : { Delete: { Key: voteKey(eventId, reviewId, sub), ConditionExpression: 'attribute_exists(PK)' } },
          {
            Update: {
              Key: reviewKey(eventId, reviewId),
              UpdateExpression: 'ADD helpfulCount :delta',
              ConditionExpression: 'attribute_exists(PK) AND #status = :visible',
              ExpressionAttributeNames: { '#status': 'status' },
              ExpressionAttributeValues: { ':delta': delta, ':visible': 'visible' },
            },
          },
          ...(await authorHelpfulMove(review.authorSub, delta)),
        ],
        result: { helpfulCount: Math.max(0, review.helpfulCount + delta), votedHelpful: on },
      };
    },
    // Any changed item (the vote, the review, the author's figures) is read again on the next round.
    { attempts: WRITE_ATTEMPTS, ifAnyConditionFails: 'retry' },
  );
}

const reportedKeys = (review: Pick<StoredReview, 'id' | 'eventId'>, at: string) => ({
  GSI5PK: REPORTED_REVIEWS_PARTITION,
  GSI5SK: listingSortKey(at, review.eventId, review.id),
});

/** Reports a review once per athlete; a review no admin has decided on joins the moderation queue. */
export async function reportReview(sub: string, eventId: string, reviewId: string, body: ReviewReport, now: Date = new Date()): Promise<void> {
  const review = await votableReview(sub, eventId, reviewId);
  const at = now.toISOString();
  const queue = review.moderation ? undefined : reportedKeys(review, at);
  await transact(
    () => [
      {
        Put: {
          Item: { ...reportKey(eventId, reviewId, sub), ...footprintKeys(sub, reportKey(eventId, reviewId, sub)), entity: 'review-report', reason: body.reason, ...(body.note ? { note: body.note } : {}), createdAt: at },
          ConditionExpression: 'attribute_not_exists(PK)',
        },
      },
      {
        Update: {
          Key: reviewKey(eventId, reviewId),
          // The queue position is the first report's time: later reports do not move it to the back.
          UpdateExpression: `ADD reportCount :one, #reason :one SET firstReportedAt = if_not_exists(firstReportedAt, :at)${queue ? ', GSI5PK = :queue, GSI5SK = if_not_exists(GSI5SK, :position)' : ''}`,
          ConditionExpression: 'attribute_exists(PK) AND #status = :visible',
          ExpressionAttributeNames: { '#status': 'status', '#reason': `reported_${body.reason}` },
          ExpressionAttributeValues: {
            ':one': 1,
            ':at': at,
            ':visible': 'visible',
            ...(queue ? { ':queue': queue.GSI5PK, ':position': queue.GSI5SK } : {}),
          },
        },
      },
    ],
    {
      attempts: 1,
      // Either condition: a report of this athlete exists already, or the review is gone or hidden.
      ifAnyConditionFails: async () =>
        (await getItem(reportKey(eventId, reviewId, sub), { consistent: true }))
          ? new ConflictError('You have already reported this review. Thank you: an admin will look at it.')
          : new ReviewNotFoundError(),
    },
  );
}

/** Reviews reported and not yet decided, oldest report first. */
export async function listReportedReviews(cursor?: string): Promise<{ items: ReportedReview[]; nextCursor?: string }> {
  const page = await queryIndexPage(
    { index: 'GSI5', partition: REPORTED_REVIEWS_PARTITION, cursorPattern: LISTING_CURSOR, keyOf: reviewKeyOfCursor, newestFirst: false, pageSize: REPORTED_PAGE_SIZE },
    cursor,
  );
  return {
    items: page.items.map((item) => {
      const review = storedReviewOf(item);
      const reasons = Object.fromEntries(
        Object.entries(item)
          .filter(([name]) => name.startsWith('reported_'))
          .map(([name, count]) => [name.slice('reported_'.length), Number(count)]),
      );
      return { ...recentOf(review), reportCount: review.reportCount, reasons, firstReportedAt: String(item.firstReportedAt) };
    }),
    ...(page.nextCursor ? { nextCursor: page.nextCursor } : {}),
  };
}

/**
 * An admin's decision on a reported review, recorded on it (who, when, what, why). Hide takes it out of every
 * list and out of the race's figures (in the event's transaction); keep leaves it and closes the reports.
 */
export async function moderateReview(adminSub: string, eventId: string, reviewId: string, decision: ModerationDecision, now: Date = new Date()): Promise<void> {
  const moderation = { decision: decision.decision, by: adminSub, at: now.toISOString(), ...(decision.note ? { note: decision.note } : {}) };
  const decided = (review: StoredReview) => ({
    Update: {
            Key: reviewKey(eventId, reviewId),
      UpdateExpression:
        decision.decision === 'hide'
          ? 'SET moderation = :moderation, #status = :hidden REMOVE GSI1PK, GSI1SK, GSI2PK, GSI2SK, GSI3PK, GSI3SK, GSI4PK, GSI4SK, GSI5PK, GSI5SK'
          : 'SET moderation = :moderation REMOVE GSI5PK, GSI5SK',
      ConditionExpression: 'updatedAt = :seen AND #status = :visible',
      ExpressionAttributeNames: { '#status': 'status' },
      ExpressionAttributeValues: { ':moderation': moderation, ':seen': review.updatedAt, ':visible': 'visible', ...(decision.decision === 'hide' ? { ':hidden': 'hidden' } : {}) },
    },
  });
  if (decision.decision === 'keep') {
    const review = await readReview(eventId, reviewId);
    if (review.status === 'hidden') throw new ConflictError('This review is already hidden.');
    try {
      await table.update(decided(review).Update);
    } catch (error) {
      if (isConditionFailure(error)) throw new ConflictError('The review changed meanwhile. Reload the queue and decide again.');
      throw error;
    }
    return;
  }
  const event = await getEvent(eventId);
  if (!event) throw new NotFoundError('Event not found');
  const hidden = await withEventTransaction(eventId, now, async () => {
    const review = await readReview(eventId, reviewId);
    if (review.status === 'hidden') throw new ConflictError('This review is already hidden.');
    const aggregate = await readAggregate(eventId);
    const figures = moved(aggregate, review, -1);
    return {
      rating: ratingOf(figures),
      items: [decided(review), aggregatePut(event, aggregate, figures), ...(await authorReviewLeaves(review))],
      result: review,
    };
  });
  // Its writer is owed the statement of it (a former member's kept review has nobody to tell).
  if (hidden.authorSub) await notifyAfterWrite([reviewHiddenNotice(hidden.authorSub, reviewId, event, { text: hidden.text, note: decision.note }, now)]);
}
