/**
 * The suppression list (issue 23): addresses SES reported as bouncing hard or complaining, never mailed again.
 *
 * | item                 | PK                          | SK         |
 * | suppressed address   | SUPPRESSED#<sha256(address)> | SUPPRESSED |
 *
 * Keyed by a hash of the lower-cased address, not the address: the list outlives the accounts (an address that
 * bounced stays suppressed if its owner deletes the account and signs up again), and a hash names nobody.
 */
import { createHash } from 'node:crypto';
import { SUPPRESSION_PARTITION_PREFIX } from '#shared/notification-partitions';
import { getItem, table } from '#lib/kit/table';

export type SuppressionReason = 'bounce' | 'complaint';

const addressHash = (address: string) => createHash('sha256').update(address.trim().toLowerCase()).digest('hex');
export const suppressionKey = (address: string) => ({ PK: `${SUPPRESSION_PARTITION_PREFIX}${addressHash(address)}`, SK: 'SUPPRESSED' });

export async function isSuppressed(address: string): Promise<boolean> {
  return (await getItem(suppressionKey(address))) !== undefined;
}

/** Adds an address (idempotent: the first reason and time are kept). */
export async function suppress(address: string, reason: SuppressionReason, at: Date): Promise<void> {
  await table.update({
    Key: suppressionKey(address),
    UpdateExpression: 'SET entity = :entity, reason = if_not_exists(reason, :reason), suppressedAt = if_not_exists(suppressedAt, :at)',
    ExpressionAttributeValues: { ':entity': 'email-suppression', ':reason': reason, ':at': at.toISOString() },
  });
}
