/**
 * Event claims: an organizer's request to be recorded as the organizer of an event, and an admin's decision.
 *
 * | item               | PK          | SK              | GSI4 (by organizer)                        | GSI5 (by status)                             |
 * | claim              | EVENT#<id>  | CLAIM#<sub>     | CLAIMS#USER#<sub> / <createdAt>#<eventId>  | CLAIMS#<status> / <createdAt>#<eventId>#<sub> |
 * | claim counters     | COUNTER     | CLAIMS          |                                            |                                              |
 * | organizer's counts | USER#<sub>  | CLAIM_COUNTS    |                                            |                                              |
 *
 * One claim per organizer and event (DESIGN section 5): a repeated claim while one is pending is refused,
 * and a rejected one may be claimed again (the new claim replaces it). The claim id names the item
 * (`<eventId>.<sub>`, shared/schemas/claim.ts), so a decision is one GetItem. The counters (pending,
 * approved, rejected; globally for the admin queue and per organizer for their dashboard tiles) move in the
 * same transaction as the claim.
 *
 * Approval goes through the event store (./event.ts, the only writer of events): updateEvent sets the
 * event's organizerId and rewrites its postings (the cards' 'Claimed' badges) with the claim's decision and
 * the counters as extra items of the SAME transaction, so an event never has an owner without an approved
 * claim or the reverse.
 *
 * Access patterns (docs/data-model.md): one claim (table, PK = EVENT#<id>, SK = CLAIM#<sub>); an organizer's claims,
 * newest first (GSI4, GSI4PK = CLAIMS#USER#<sub>, descending); claims by status (GSI5, GSI5PK =
 * CLAIMS#<status>; pending oldest first); claim counts (table, PK = COUNTER, SK = CLAIMS, and PK = USER#<sub>,
 * SK = CLAIM_COUNTS).
 */
import { ULID_SOURCE } from '#shared/ids';
import type { Profile } from '#shared/schemas/profile';
import { CLAIM_REFUSALS, type ClaimRefusalCode } from '#shared/claim-refusals';
import {
  ClaimSchema,
  claimIdOf,
  parseClaimId,
  type AdminClaimEntry,
  type Claim,
  type ClaimEntry,
  type ClaimStatus,
} from '#shared/schemas/claim';
import type { RaceEvent } from '#shared/schemas/event';
import { ConflictError, HttpError, NotFoundError } from '#lib/errors';
import { counterUpdateItems } from '#lib/kit/counter-update';
import { defineEntity } from '#lib/kit/entity';
import { queryIndexPage } from '#lib/kit/index-page';
import { queryPages, table } from '#lib/kit/table';
import { refuseAnyCancellation, transact } from '#lib/kit/transact';
import { eventKey, fromEventItem, getEvent, getEventsById, updateEvent } from './event.ts';
import { eventNotFound } from './event-visibility.ts';
import { getProfile } from './profile.ts';
import { claimDecidedNotice } from './decision-notices.ts';
import { notifyAfterWrite } from './notification-queue.ts';

export type { Claim };

export const claimKey = (eventId: string, sub: string) => ({ PK: `EVENT#${eventId}`, SK: `CLAIM#${sub}` });
export const CLAIM_COUNTERS_KEY = { PK: 'COUNTER', SK: 'CLAIMS' } as const;
export const organizerClaimCountsKey = (sub: string) => ({ PK: `USER#${sub}`, SK: 'CLAIM_COUNTS' });
const organizerPartition = (sub: string) => `CLAIMS#USER#${sub}`;
const statusPartition = (status: ClaimStatus) => `CLAIMS#${status}`;

/** Claims a page of a list holds. */
export const CLAIM_PAGE_SIZE = 20;
/** Attempts of a transaction that lost a race with another on the same items (the event, the counters). */
const TRANSACTION_ATTEMPTS = 5;

/** A refusal from spec 001's error catalogue: a 409 whose code tells the client which title to show. */
export class ClaimRefusedError extends HttpError {
  constructor(code: ClaimRefusalCode) {
    super(409, code, CLAIM_REFUSALS[code].message);
  }
}

export class ClaimNotFoundError extends NotFoundError {
  constructor() {
    super('Claim not found');
  }
}

/** What a claim item stores beyond the claim: the claimant as they were, for the admin's queue. */
interface StoredClaim extends Claim {
  readonly claimantEmail?: string;
  readonly claimantName?: string;
}

/** The claim item: an organizer's claims by date (GSI4), claims by status (GSI5, the admins' queues). */
const claims = defineEntity<Claim, [string, string]>({
  name: 'claim',
  key: claimKey,
  schema: ClaimSchema,
  indexKeys: ({ eventId, organizerId, createdAt, status }) => ({
    GSI4PK: organizerPartition(organizerId),
    GSI4SK: `${createdAt}#${eventId}`,
    GSI5PK: statusPartition(status),
    GSI5SK: `${createdAt}#${eventId}#${organizerId}`,
  }),
});

/** The claim of a stored item: the schema's fields only (not the claimant kept for the queue). */
const readClaim = claims.read;

export function toClaimItem(claim: StoredClaim) {
  return claims.item(claimKey(claim.eventId, claim.organizerId), claim);
}

function claimantOf(item: Readonly<Record<string, unknown>>): AdminClaimEntry['claimant'] {
  if (typeof item.claimantEmail !== 'string') return undefined;
  return { email: item.claimantEmail, ...(typeof item.claimantName === 'string' ? { name: item.claimantName } : {}) };
}

export async function getClaim(eventId: string, sub: string): Promise<Claim | undefined> {
  return claims.get(claimKey(eventId, sub), { consistent: true });
}

/** The counter updates of one claim moving from `from` (absent: a new claim) to `to`, globally and for its organizer. */
function counterUpdates(sub: string, from: ClaimStatus | undefined, to: ClaimStatus) {
  const moves: [string, number][] = [[to, 1]];
  if (from) moves.push([from, -1]);
  else moves.push(['total', 1]);
  return [...counterUpdateItems(CLAIM_COUNTERS_KEY, moves, 'claim-counters'), ...counterUpdateItems(organizerClaimCountsKey(sub), moves, 'claim-counters')];
}

function displayName(profile: Profile): string | undefined {
  const name = [profile.firstName, profile.lastName].filter(Boolean).join(' ').trim();
  return name || undefined;
}

/**
 * Records a pending claim by `organizer` on `event` (which the caller may see). Refused (409, with the spec's
 * texts) when the event has an owner or this organizer's claim on it is pending. The event's state is
 * checked again inside the transaction, so an approval landing meanwhile cannot be claimed over.
 */
export async function createClaim(event: RaceEvent, organizer: Profile, reason: string, now: () => Date = () => new Date()): Promise<Claim> {
  return transact(
    async () => {
      if (event.organizerId) throw new ClaimRefusedError(event.organizerId === organizer.id ? 'event_already_yours' : 'event_already_claimed');
      const existing = await getClaim(event.id, organizer.id);
      if (existing?.status === 'pending') throw new ClaimRefusedError('claim_already_submitted');
      const claim: Claim = { id: claimIdOf(event.id, organizer.id), eventId: event.id, organizerId: organizer.id, reason, status: 'pending', createdAt: now().toISOString() };
      const name = displayName(organizer);
      const stored: StoredClaim = { ...claim, claimantEmail: organizer.email, ...(name ? { claimantName: name } : {}) };
      return {
        items: [
          {
            Put: {
              Item: toClaimItem(stored),
              // A decided claim is replaced by the new one; a pending one never is.
              ConditionExpression: existing ? '#status = :seen' : 'attribute_not_exists(PK)',
              ...(existing ? { ExpressionAttributeNames: { '#status': 'status' }, ExpressionAttributeValues: { ':seen': existing.status } } : {}),
            },
            // The claim item changed under us (a concurrent claim by the same organizer): read it again.
            ifConditionFails: 'retry',
          },
          {
            ConditionCheck: {
              Key: eventKey(event.id),
              ConditionExpression: 'attribute_exists(PK) AND attribute_not_exists(organizerId)',
            },
            // The event got an owner (or went away) since it was read: the next round answers from its state now.
            ifConditionFails: async ({ attempt }) => {
              if (attempt + 1 >= TRANSACTION_ATTEMPTS) return 'retry';
              const { Item } = await table.get({ Key: eventKey(event.id), ConsistentRead: true });
              if (!Item) return eventNotFound(event.id);
              event = fromEventItem(Item);
              return 'retry';
            },
          },
          ...counterUpdates(organizer.id, existing?.status, 'pending'),
        ],
        result: claim,
      };
    },
    {
      attempts: TRANSACTION_ATTEMPTS,
      // Any other cancellation: read again and retry, as a lost race.
      ifOtherwiseCancelled: 'retry',
      onExhausted: () => new ConflictError('The event is busy right now. Please try again.'),
    },
  );
}

/** The claim's decision, as an admin gives it. */
export interface ClaimDecision {
  readonly decision: 'approve' | 'reject';
  readonly notes?: string;
  readonly reviewerId: string;
}

/**
 * Approves or rejects a pending claim, recording reviewer, time and notes. Approval makes the claimant the
 * event's owner in the same transaction (through updateEvent); an event owned by someone else by then is
 * refused with 'Event Already Claimed' and the claim stays pending for the admin to reject. A decided claim
 * is a 409; an event whose postings an import is still writing is updateEvent's 409 (try again shortly).
 */
export async function decideClaim(claimId: string, decision: ClaimDecision, now: Date = new Date()): Promise<Claim> {
  const ids = parseClaimId(claimId);
  if (!ids) throw new ClaimNotFoundError();
  const claim = await getClaim(ids.eventId, ids.organizerId);
  if (!claim) throw new ClaimNotFoundError();
  if (claim.status !== 'pending') throw new ConflictError(`This claim was already ${claim.status}.`);

  const status: ClaimStatus = decision.decision === 'approve' ? 'approved' : 'rejected';
  const decided: Claim = {
    ...claim,
    status,
    reviewedBy: decision.reviewerId,
    reviewedAt: now.toISOString(),
    ...(decision.notes ? { adminNotes: decision.notes } : {}),
  };
  const claimUpdate = {
    Update: {
      Key: claimKey(claim.eventId, claim.organizerId),
      UpdateExpression: `SET #status = :status, reviewedBy = :by, reviewedAt = :at, GSI5PK = :gsi5pk${decision.notes ? ', adminNotes = :notes' : ''}`,
      // Only the claim as read: the same createdAt (not a newer claim) and still pending (not decided meanwhile).
      ConditionExpression: '#status = :pending AND createdAt = :createdAt',
      ExpressionAttributeNames: { '#status': 'status' },
      ExpressionAttributeValues: {
        ':status': status,
        ':by': decision.reviewerId,
        ':at': decided.reviewedAt,
        ':gsi5pk': statusPartition(status),
        ':pending': 'pending',
        ':createdAt': claim.createdAt,
        ...(decision.notes ? { ':notes': decision.notes } : {}),
      },
    },
  };
  const extraItems = [claimUpdate, ...counterUpdates(claim.organizerId, 'pending', status)];

  if (status === 'approved') {
    // The event shows the new owner's organization (from their approved application), when they have one.
    const { organizationId } = (await getProfile(claim.organizerId)) ?? {};
    const claimed = await updateEvent(
      claim.eventId,
      (before) => {
        if (before.organizerId && before.organizerId !== claim.organizerId) throw new ClaimRefusedError('event_already_claimed');
        return { organizerId: claim.organizerId, ...(organizationId ? { organizationId } : {}) };
      },
      now,
      { extraItems },
    );
    await notifyAfterWrite([claimDecidedNotice(decided, claimed, now)]);
    return decided;
  }
  const changed = () => new ConflictError('The claim was changed by someone else. Reload it and try again.');
  await transact(() => extraItems, refuseAnyCancellation(changed));
  const event = await getEvent(claim.eventId);
  if (event) await notifyAfterWrite([claimDecidedNotice(decided, event, now)]);
  return decided;
}

/** The card fields a claims list joins, for the events of a page (one BatchGet). */
async function withEvents<T extends Claim>(claims: readonly T[]): Promise<(T & Pick<ClaimEntry, 'event'>)[]> {
  const events = await getEventsById(claims.map((claim) => claim.eventId));
  return claims.map((claim) => {
    const event = events.get(claim.eventId);
    return event
      ? { ...claim, event: { id: event.id, title: event.title, eventDate: event.eventDate, city: event.city, state: event.state, eventType: event.eventType } }
      : { ...claim };
  });
}

/** The caller's claim on an event, with its event, if they made one. */
export async function getOwnClaim(eventId: string, sub: string): Promise<ClaimEntry | undefined> {
  const claim = await getClaim(eventId, sub);
  return claim ? (await withEvents([claim]))[0] : undefined;
}

const ISO = '\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}:\\d{2}\\.\\d{3}Z';
const ORGANIZER_CURSOR = new RegExp(`^(${ISO})#(${ULID_SOURCE})$`);
const STATUS_CURSOR = new RegExp(`^(${ISO})#(${ULID_SOURCE})#([A-Za-z0-9_-]{1,128})$`);

interface Page<T> {
  readonly items: T[];
  readonly nextCursor?: string;
}

/** One page of an index partition; the cursor is the last item's index sort key (a position only). */
function queryClaims(
  index: 'GSI4' | 'GSI5',
  partition: string,
  cursorPattern: RegExp,
  keyOf: (match: RegExpExecArray) => { PK: string; SK: string },
  { cursor, newestFirst, pageSize = CLAIM_PAGE_SIZE }: { cursor?: string; newestFirst: boolean; pageSize?: number },
): Promise<Page<Record<string, unknown>>> {
  return queryIndexPage({ index, partition, cursorPattern, keyOf, newestFirst, pageSize }, cursor);
}

/** An organizer's claims, newest first, with their events. */
export async function listOrganizerClaims(sub: string, cursor?: string): Promise<Page<ClaimEntry>> {
  const page = await queryClaims('GSI4', organizerPartition(sub), ORGANIZER_CURSOR, (match) => claimKey(match[2]!, sub), { cursor, newestFirst: true });
  return { ...page, items: await withEvents(page.items.map(readClaim)) };
}

/** Claims with one status with their events and claimants: pending oldest first (a queue), decided newest first. */
export async function listClaimsByStatus(status: ClaimStatus, cursor?: string): Promise<Page<AdminClaimEntry> & { total: number }> {
  const [page, counters] = await Promise.all([
    queryClaims('GSI5', statusPartition(status), STATUS_CURSOR, (match) => claimKey(match[2]!, match[3]!), { cursor, newestFirst: status !== 'pending' }),
    table.get({ Key: CLAIM_COUNTERS_KEY }),
  ]);
  const claims = page.items.map((item) => {
    const claimant = claimantOf(item);
    return { ...readClaim(item), ...(claimant ? { claimant } : {}) };
  });
  const total = counters.Item?.[status];
  return { ...page, items: await withEvents(claims), total: typeof total === 'number' && total > 0 ? total : 0 };
}

/** An organizer's claim counts (their dashboard's tiles). */
export async function getOrganizerClaimCounts(sub: string): Promise<Record<ClaimStatus | 'total', number>> {
  const { Item } = await table.get({ Key: organizerClaimCountsKey(sub) });
  const count = (name: string) => (typeof Item?.[name] === 'number' ? (Item[name] as number) : 0);
  return { total: count('total'), pending: count('pending'), approved: count('approved'), rejected: count('rejected') };
}

/**
 * A deleted account's claims (lambdas/users/account-deletion-steps.ts): each removed with the site's claim counters
 * it counted (the organizer's own counts go with their partition). The events they own are released separately.
 */
export async function forgetClaimant(sub: string): Promise<void> {
  for await (const items of queryPages({ IndexName: 'GSI4', KeyConditionExpression: 'GSI4PK = :organizer', ExpressionAttributeValues: { ':organizer': organizerPartition(sub) } })) {
    for (const item of items) {
      const status = String(item.status) as ClaimStatus;
      await transact(
        () => [
          {
            Delete: { Key: claimKey(String(item.eventId), sub), ConditionExpression: '#status = :status', ExpressionAttributeNames: { '#status': 'status' }, ExpressionAttributeValues: { ':status': status } },
          },
          ...counterUpdateItems(CLAIM_COUNTERS_KEY, [[status, -1], ['total', -1]], 'claim-counters'),
        ],
        // Decided or withdrawn meanwhile: the next run of the step reads it again.
        { attempts: 1 },
      );
    }
  }
}
