/**
 * Promotions: keys, indexes and the read side search uses. The writers are ./promotion-store.ts (lists,
 * counters, the one conditional write every change goes through), ./promotion-purchase.ts (create and
 * Stripe Checkout), ./promotion-payments.ts (verified webhooks) and ./promotion-review.ts (the admin's
 * decision, with its refund). This module stays small: the search function bundles it.
 *
 * | item      | PK          | SK    | GSI2 (by organizer)                 | GSI3 (admin queue)                | GSI4 (sparse: paid AND approved)                           |
 * | promotion | PROMO#<id>  | PROMO | PROMOS#USER#<sub> / <createdAt>#<id> | PROMOS#<queue> / <createdAt>#<id> | PROMO#ACTIVE#<scope>#<scopeValue or ALL> / <endDate>#<id> |
 *
 * Only a paid and admin-approved promotion carries the GSI4 keys, so "active today in a scope" is one Query:
 * GSI4PK = the scope, GSI4SK >= today (not yet ended), filtered by startDate <= today (already started).
 *
 * Access patterns (docs/data-model.md): one promotion (table); an organizer's promotions, newest first (GSI2, GSI2PK =
 * PROMOS#USER#<sub>, descending); a review queue (GSI3, GSI3PK = PROMOS#<queue>; in_review oldest first);
 * active promotions in a scope (GSI4, GSI4PK = PROMO#ACTIVE#<scope>#<value>, GSI4SK >= <today>).
 */
import type { PromotionScope } from '#shared/promotions';
import { PromotionSchema, type Promotion, type PromotionQueue } from '#shared/schemas/promotion';
import { defineEntity } from '#lib/kit/entity';
import { table } from '#lib/kit/table';

export type { Promotion } from '#shared/schemas/promotion';

const ACTIVE_INDEX = 'GSI4';

export const promotionKey = (id: string) => ({ PK: `PROMO#${id}`, SK: 'PROMO' });

/** The GSI4 partition of the promotions active in one scope ('PROMO#ACTIVE#site#ALL', 'PROMO#ACTIVE#state#CO'). */
export function activePromotionPartition(scope: PromotionScope, scopeValue?: string): string {
  return `PROMO#ACTIVE#${scope}#${scope === 'site' ? 'ALL' : (scopeValue ?? 'ALL')}`;
}

/** Whether a promotion may be shown at all: paid for and approved by an admin. */
export const isListable = (promotion: Pick<Promotion, 'paymentStatus' | 'adminApproved'>) =>
  promotion.paymentStatus === 'paid' && promotion.adminApproved;

/** GSI2's partition of one organizer's promotions. */
export const organizerPromotionsPartition = (sub: string) => `PROMOS#USER#${sub}`;
/** GSI3's partition of one admin queue. */
export const promotionQueuePartition = (queue: PromotionQueue) => `PROMOS#${queue}`;

/** The one queue a promotion is in: what the admin has to do with it, or what became of it. */
export function queueOf(promotion: Pick<Promotion, 'paymentStatus' | 'reviewStatus'>): PromotionQueue {
  if (promotion.reviewStatus === 'rejected') return 'rejected';
  if (promotion.paymentStatus === 'refunded') return 'refunded';
  if (promotion.paymentStatus === 'failed') return 'failed';
  if (promotion.paymentStatus === 'pending') return 'awaiting_payment';
  return promotion.reviewStatus === 'approved' ? 'approved' : 'in_review';
}

/**
 * The stored item of a promotion: its organizer's and its queue's index keys, and the sparse active-index
 * keys exactly when it is listable. `version` orders its writes (./promotion-store.ts).
 */
export function toPromotionItem(promotion: Promotion, version = 1): Record<string, unknown> {
  const sortKey = `${promotion.createdAt}#${promotion.id}`;
  return {
    ...promotionKey(promotion.id),
    entity: 'promotion',
    ...promotion,
    version,
    GSI2PK: organizerPromotionsPartition(promotion.organizerId),
    GSI2SK: sortKey,
    GSI3PK: promotionQueuePartition(queueOf(promotion)),
    GSI3SK: sortKey,
    ...(isListable(promotion)
      ? {
          GSI4PK: activePromotionPartition(promotion.scope, promotion.scopeValue),
          GSI4SK: `${promotion.endDate}#${promotion.id}`,
        }
      : {}),
  };
}

/** The promotion of a stored item: its schema's fields only (no keys or index keys). */
const promotions = defineEntity<Promotion, [string]>({ name: 'promotion', key: promotionKey, schema: PromotionSchema });
export const fromPromotionItem: (item: Readonly<Record<string, unknown>>) => Promotion = promotions.read;

export interface ActivePromotions {
  readonly promotions: Promotion[];
  /** Read units the queries consumed (ReturnConsumedCapacity TOTAL). */
  readonly readUnits: number;
}

/** Most promotions read per scope: a bound on the work of one search, far above what is sold at once. */
const MAX_ACTIVE_PER_SCOPE = 100;

/** Paid, approved promotions running today (startDate <= today <= endDate) in one scope. */
export async function listActivePromotions(
  scope: PromotionScope,
  scopeValue: string | undefined,
  today: string,
): Promise<ActivePromotions> {
  const { Items = [], ConsumedCapacity } = await table.query({
    IndexName: ACTIVE_INDEX,
    KeyConditionExpression: 'GSI4PK = :scope AND GSI4SK >= :today',
    FilterExpression: 'startDate <= :today',
    ExpressionAttributeValues: { ':scope': activePromotionPartition(scope, scopeValue), ':today': today },
    Limit: MAX_ACTIVE_PER_SCOPE,
    ReturnConsumedCapacity: 'TOTAL',
  });
  return { promotions: Items.map(fromPromotionItem), readUnits: ConsumedCapacity?.CapacityUnits ?? 0 };
}
