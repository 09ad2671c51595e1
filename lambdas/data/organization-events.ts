/** No defineEntity here: counters and word postings (ADD) without a schema. */
/**
 * How event writes move the organizer directory (organization.ts): a public (verified) event with an
 * organizationId counts on its organization's item (publicEvents, day#<date>, type#<type>,
 * place#<city>|<state>) and lends it the words of its place and kind (the `n` of the word postings). The
 * event store (event.ts) adds these writes to the transaction of every create, edit, verification, claim
 * approval and delete, so the directory's counts and search never disagree with the events: linking an event
 * to an organization, unlinking it, verifying or unverifying it, moving its date, place or kind are all the
 * same thing here, `before` becoming `after`.
 *
 * The organization's rating comes the same way: a public event's `rating` (average stars and count, which the
 * review store keeps on the event through updateEvent, in the review's own transaction) adds its count and
 * its stars (average × count) to the organization's review aggregate (organization.ts, ORG#<id> / REVIEWS:
 * `count`, `sum`), so the directory's rating always matches the events' reviews without reading them.
 *
 * Every move is an ADD, so concurrent event writes of one organization never lose a count; deltas of several
 * events (an import's group) are merged first, since a transaction may not touch one item twice.
 */
import type { RaceEvent } from '#shared/schemas/event';
import { termsOf } from '#shared/search-text';
import { batchGetItems } from '#lib/kit/batch-get';
import { counterUpdate } from '#lib/kit/counter-update';
import { table } from '#lib/kit/table';
import { logger } from '#lib/logger';
import type { TransactItem } from '#lib/kit/transact';
import {
  PUBLIC_EVENTS,
  dayCounter,
  organizationKey,
  organizationPosition,
  organizationReviewsKey,
  organizationTermPartition,
  placeAndKindWords,
  placeCounter,
  typeCounter,
} from './organization.ts';


/** Counter and posting moves per organization, merged over any number of event changes. */
/** An event's reviews as the review store keeps them on it (EventSchema `rating`, once the reviews are merged in). */
type RatedEvent = RaceEvent & { readonly rating?: { readonly average: number; readonly count: number } };

/**
 * Stars of an event's reviews from its rating: average (one decimal) × count, rounded to a tenth so the sum
 * is an exact decimal in DynamoDB whatever JavaScript's floating point makes of the product.
 */
const starsOf = (rating: { average: number; count: number }) => Math.round(rating.average * rating.count * 10) / 10;

export class OrganizationMoves {
  readonly counters = new Map<string, Map<string, number>>();
  readonly terms = new Map<string, Map<string, number>>();
  /** The review aggregate's moves: `count` and `sum` (stars). */
  readonly reviews = new Map<string, Map<string, number>>();

  /** Adds the moves of one event going from `before` to `after` (either absent for a create or a delete). */
  add(before: RaceEvent | undefined, after: RaceEvent | undefined): this {
    this.count(before, -1);
    this.count(after, 1);
    return this;
  }

  private count(event: RaceEvent | undefined, sign: 1 | -1): void {
    // Only public events count: an unverified one is in no public list, its organization's included.
    if (!event?.verified || !event.organizationId) return;
    const id = event.organizationId;
    const bump = (map: Map<string, Map<string, number>>, name: string) => {
      const moves = map.get(id) ?? new Map<string, number>();
      moves.set(name, (moves.get(name) ?? 0) + sign);
      map.set(id, moves);
    };
    for (const counter of [PUBLIC_EVENTS, dayCounter(event.eventDate), typeCounter(event.eventType), placeCounter(event.city, event.state)]) bump(this.counters, counter);
    for (const term of termsOf(placeAndKindWords(event))) bump(this.terms, term);
    const { rating } = event as RatedEvent;
    if (rating && rating.count > 0) {
      const moves = this.reviews.get(id) ?? new Map<string, number>();
      moves.set('count', (moves.get('count') ?? 0) + sign * rating.count);
      moves.set('sum', Math.round(((moves.get('sum') ?? 0) + sign * starsOf(rating)) * 10) / 10);
      this.reviews.set(id, moves);
    }
  }

  /** The organizations something moves for (net zero moves left out). */
  organizationIds(): string[] {
    const moving = (map: Map<string, Map<string, number>>) => [...map].filter(([, moves]) => [...moves.values()].some((delta) => delta !== 0)).map(([id]) => id);
    return [...new Set([...moving(this.counters), ...moving(this.terms), ...moving(this.reviews)])];
  }
}

/**
 * The writes of these moves, for the event's transaction: one counter update per organization and one per
 * (organization, term) whose count changes. Organizations that do not exist (an id no organization has) are
 * left out, so an event never makes an organization up. Reads the organizations first: a posting's key holds
 * the organization's name key, which orders the directory.
 */
export async function organizationWriteItems(moves: OrganizationMoves): Promise<TransactItem[]> {
  const ids = moves.organizationIds();
  if (ids.length === 0) return [];
  const found = await batchGetItems(ids.map(organizationKey), { projection: 'id, #name', names: { '#name': 'name' } });
  const byId = new Map(found.map((item) => [String(item.id), item]));
  const items: TransactItem[] = [];
  for (const id of ids) {
    const organization = byId.get(id);
    if (!organization) {
      logger.warn('event names an organization that does not exist', { organizationId: id });
      continue;
    }
    const counters = counterUpdate(organizationKey(id), moves.counters.get(id) ?? []);
    if (counters) items.push({ Update: counters });
    const reviews = counterUpdate(organizationReviewsKey(id), moves.reviews.get(id) ?? [], 'organization-reviews');
    if (reviews) items.push({ Update: reviews });
    const position = organizationPosition({ id, name: String(organization.name ?? '') });
    for (const [term, delta] of moves.terms.get(id) ?? []) {
      if (delta === 0) continue;
      items.push({
        Update: {
          Key: { PK: organizationTermPartition(term), SK: position },
          UpdateExpression: 'ADD n :delta SET entity = :entity, organizationId = :id',
          ExpressionAttributeValues: { ':delta': delta, ':entity': 'organization-posting', ':id': id },
        },
      });
    }
  }
  return items;
}

/** Applies moves outside a transaction, one update at a time: for the bulk seed, which has none. */
export async function applyOrganizationMoves(moves: OrganizationMoves): Promise<void> {
  for (const item of await organizationWriteItems(moves)) {
    if (item.Update) await table.update(item.Update);
  }
}
