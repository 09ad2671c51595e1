/**
 * Reading why DynamoDB refused a write. A TransactWriteItems that fails is one TransactionCanceledException
 * whose CancellationReasons line up with the transaction's items, so a caller can tell which item's
 * condition failed (the event is gone, the save already exists) from a race with another transaction.
 */
export type CancellationReasons = readonly { readonly Code?: string }[];

/** The reasons of a cancelled transaction, by item; undefined for any other error. */
export function cancellationReasons(error: unknown): CancellationReasons | undefined {
  if (!(error instanceof Error) || error.name !== 'TransactionCanceledException') return undefined;
  return (error as Error & { CancellationReasons?: CancellationReasons }).CancellationReasons ?? [];
}

/** Whether the condition of the transaction's item at `index` failed. */
export const failedAt = (reasons: CancellationReasons, index: number): boolean => reasons[index]?.Code === 'ConditionalCheckFailed';

/** Whether another transaction on the same items got in the way (worth a retry after a backoff). */
export const conflicted = (reasons: CancellationReasons): boolean => reasons.some((reason) => reason.Code === 'TransactionConflict');

/** Whether a DynamoDB error is a failed condition, alone or inside a cancelled transaction. */
export function isConditionFailure(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  if (error.name === 'ConditionalCheckFailedException') return true;
  return cancellationReasons(error)?.some((reason) => reason.Code === 'ConditionalCheckFailed') ?? false;
}

/** Whether a write lost to a change of its items: a failed condition or a concurrent transaction. */
export function isWriteConflict(error: unknown): boolean {
  if (isConditionFailure(error)) return true;
  const reasons = cancellationReasons(error);
  return reasons !== undefined && conflicted(reasons);
}
