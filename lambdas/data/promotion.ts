/**
 * Promotions, read side (the promotions issue adds the write routes through toPromotionItem).
 *
 * | item      | PK          | SK    | GSI4 (sparse: paid AND approved)                               |
 * | promotion | PROMO#<id>  | PROMO | PROMO#ACTIVE#<scope>#<scopeValue or ALL> / <endDate>#<id>     |
 *
 * Only a paid and admin-approved promotion carries the GSI4 keys, so "active today in a scope" is one Query:
 * GSI4PK = the scope, GSI4SK >= today (not yet ended), filtered by startDate <= today (already started).
 *
 * Access pattern (README): active promotions in a scope (GSI4, GSI4PK = PROMO#ACTIVE#<scope>#<value>,
 * GSI4SK >= <today>).
 */
import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import type { PromotionScope } from '#shared/promotions';
import { PromotionSchema, type Promotion } from '#shared/schemas/promotion';
import { db, tableName } from '#lib/dynamo';
import { itemReader, schemaFields } from '#lib/item';

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

/** The promotion of a stored item: its schema's fields only (no keys or index keys). */
export const fromPromotionItem: (item: Readonly<Record<string, unknown>>) => Promotion = itemReader(schemaFields<Promotion>(PromotionSchema));

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
