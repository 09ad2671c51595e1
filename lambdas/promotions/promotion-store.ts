/**
 * Promotions, read side (the promotions issue adds the write routes through toPromotionItem).
 *
 * | item      | PK          | SK    | GSI4 (sparse: paid AND approved)                               |
 * | promotion | PROMO#<id>  | PROMO | PROMO#ACTIVE#<scope>#<scopeValue or ALL> / <endDate>#<id>     |
 *
 * Only a paid and admin-approved promotion carries the GSI4 keys, so "active today in a scope" is one Query:
 * GSI4PK = the scope, GSI4SK >= today (not yet ended), filtered by startDate <= today (already started).
 */
import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import type { PromotionScope, PromotionTier } from '#shared/promotions';
import { db, tableName } from '#lib/dynamo';

export const PROMOTION_PAYMENT_STATUSES = ['pending', 'paid', 'failed', 'refunded'] as const;
export type PromotionPaymentStatus = (typeof PROMOTION_PAYMENT_STATUSES)[number];

export interface Promotion {
  readonly id: string;
  readonly eventId: string;
  readonly organizerId: string;
  readonly tier: PromotionTier;
  readonly scope: PromotionScope;
  /** State code for 'state', event type for 'event_type'; absent for 'site'. */
  readonly scopeValue?: string;
  /** First and last day (YYYY-MM-DD, America/New_York), both inclusive. */
  readonly startDate: string;
  readonly endDate: string;
  readonly paymentStatus: PromotionPaymentStatus;
  readonly adminApproved: boolean;
  readonly createdAt: string;
}

const ACTIVE_INDEX = 'GSI4';

export const promotionKey = (id: string) => ({ PK: `PROMO#${id}`, SK: 'PROMO' });

/** The GSI4 partition of the promotions active in one scope ('PROMO#ACTIVE#site#ALL', 'PROMO#ACTIVE#state#CO'). */
export function activePromotionPartition(scope: PromotionScope, scopeValue?: string): string {
  return `PROMO#ACTIVE#${scope}#${scope === 'site' ? 'ALL' : (scopeValue ?? 'ALL')}`;
}

/** Whether a promotion may be shown at all: paid for and approved by an admin. */
export const isListable = (promotion: Pick<Promotion, 'paymentStatus' | 'adminApproved'>) =>
  promotion.paymentStatus === 'paid' && promotion.adminApproved;

/** The stored item of a promotion, with the sparse active-index keys exactly when it is listable. */
export function toPromotionItem(promotion: Promotion): Record<string, unknown> {
  return {
    ...promotionKey(promotion.id),
    entity: 'promotion',
    ...promotion,
    ...(isListable(promotion)
      ? {
          GSI4PK: activePromotionPartition(promotion.scope, promotion.scopeValue),
          GSI4SK: `${promotion.endDate}#${promotion.id}`,
        }
      : {}),
  };
}

export function fromPromotionItem(item: Record<string, unknown>): Promotion {
  const { PK: _pk, SK: _sk, entity: _entity, GSI4PK: _a, GSI4SK: _b, ...promotion } = item;
  return promotion as unknown as Promotion;
}

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
  const { Items = [], ConsumedCapacity } = await db.send(
    new QueryCommand({
      TableName: tableName,
      IndexName: ACTIVE_INDEX,
      KeyConditionExpression: 'GSI4PK = :scope AND GSI4SK >= :today',
      FilterExpression: 'startDate <= :today',
      ExpressionAttributeValues: { ':scope': activePromotionPartition(scope, scopeValue), ':today': today },
      Limit: MAX_ACTIVE_PER_SCOPE,
      ReturnConsumedCapacity: 'TOTAL',
    }),
  );
  return { promotions: Items.map(fromPromotionItem), readUnits: ConsumedCapacity?.CapacityUnits ?? 0 };
}
