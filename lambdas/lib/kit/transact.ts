/**
 * The one transaction loop. A write that spans items (a save, its timeline line and the event's counter) is a
 * TransactWriteItems; DynamoDB cancels it whole when an item's condition fails or another transaction holds
 * one of its items, and says which in CancellationReasons, lined up with the items. Here:
 * - `build` makes the items, and is run again before each retry, because a retry must re-read what the
 *   items were computed from (a version, a count, whether the save exists yet);
 * - a conflict with another transaction is retried after a backoff, a bounded number of times (so is a
 *   failed condition whose item asks for a retry);
 * - an item's failed condition becomes what its `ifConditionFails` says: the caller's typed error (the
 *   event is gone: 404), 'retry' (a concurrent writer changed what was read: read again and rebuild), or an
 *   AlreadyDone answer (someone did the same thing meanwhile: an idempotent write succeeds).
 * retryingConflicts is the same loop for a write whose transaction another module builds (the event store).
 */
import type { TransactWriteCommandInput } from '@aws-sdk/lib-dynamodb';
import { TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { backoff } from '#lib/backoff';
import { db, tableName } from '#lib/dynamo';
import { cancellationReasons, conflicted, failedAt, type CancellationReasons } from '#lib/transactions';

type SdkTransactItem = NonNullable<TransactWriteCommandInput['TransactItems']>[number];
/** One operation without its table (the kit fills it in; a TableName still set by older code is replaced). */
type Operation<K extends keyof SdkTransactItem> = Omit<NonNullable<SdkTransactItem[K]>, 'TableName'> & { readonly TableName?: string };

/** Why a transaction was cancelled, by item. */
export interface Cancellation {
  readonly reasons: CancellationReasons;
  /** Whether the condition of the item at `index` failed. */
  failedAt(index: number): boolean;
  /** Whether another transaction held one of the items. */
  readonly conflicted: boolean;
  /** The attempt that was cancelled (0 for the first). */
  readonly attempt: number;
}

/**
 * A failed condition that means the work was done already (a delivery recorded meanwhile): the transaction
 * answers this instead of writing.
 */
export class AlreadyDone {
  constructor(readonly answer: unknown) {}
}

/** What a failed condition means: the caller's error, a rebuild from a fresh read, or an answer. */
export type ConditionOutcome = Error | 'retry' | AlreadyDone;
/** A function may also answer undefined: this time the failure is DynamoDB's own error, as if unmapped. */
export type IfConditionFails = ConditionOutcome | ((cancellation: Cancellation) => ConditionOutcome | undefined | Promise<ConditionOutcome | undefined>);

interface Mapping {
  /** What this item's failed condition means; without it, the failure is rethrown as DynamoDB's error. */
  readonly ifConditionFails?: IfConditionFails;
}

/** One item of a transaction: exactly one operation (as DynamoDB's own TransactWriteItem), and its mapping. */
export interface TransactItem extends Mapping {
  readonly Put?: Operation<'Put'>;
  readonly Update?: Operation<'Update'>;
  readonly Delete?: Operation<'Delete'>;
  readonly ConditionCheck?: Operation<'ConditionCheck'>;
}

/** What one attempt writes, and what the transaction answers when it succeeds. No items: nothing to write. */
export type TransactPlan<T> = readonly TransactItem[] | { readonly items: readonly TransactItem[]; readonly result: T };

export interface TransactOptions {
  /** Attempts in all (retries + 1). Default 4. */
  readonly attempts?: number;
  /**
   * What the transaction ends with when the attempts run out on conflicts or retries: an error to throw, or an
   * answer (what a fresh read says was done meanwhile); DynamoDB's error when not given.
   */
  readonly onExhausted?: () => Error | AlreadyDone | Promise<Error | AlreadyDone>;
  /** What a failed condition of an item without its own `ifConditionFails` means (items a caller passed in). */
  readonly ifAnyConditionFails?: IfConditionFails;
  /**
   * What a cancellation means that the items' mappings leave undecided (neither a mapped failed condition nor a
   * conflict, e.g. a ValidationError reason): an error to throw, or 'retry' (counted against the attempts, then
   * onExhausted). DynamoDB's own error when not given.
   */
  readonly ifOtherwiseCancelled?: Error | 'retry' | (() => Error);
}

const DEFAULT_ATTEMPTS = 4;

/**
 * One attempt, and a lost race of any kind (an item's condition, another transaction) is the caller's error:
 * for writes computed from a read the caller must redo (an edit of what someone else changed meanwhile).
 */
export const refuseLostRace = (error: () => Error): TransactOptions => ({ attempts: 1, ifAnyConditionFails: error, onExhausted: error });

/**
 * The same, for a write where any cancellation at all was the caller's error (even one carrying neither a
 * failed condition nor a conflict).
 */
export const refuseAnyCancellation = (error: () => Error): TransactOptions => ({ ...refuseLostRace(error), ifOtherwiseCancelled: error });

/** The items as sent: the table filled in and the kit's own fields left out. */
function toSdkItems(items: readonly TransactItem[]): SdkTransactItem[] {
  return items.map((item) => {
    if (item.Put) return { Put: { ...item.Put, TableName: tableName } };
    if (item.Update) return { Update: { ...item.Update, TableName: tableName } };
    if (item.Delete) return { Delete: { ...item.Delete, TableName: tableName } };
    if (item.ConditionCheck) return { ConditionCheck: { ...item.ConditionCheck, TableName: tableName } };
    throw new Error('A transaction item names no operation');
  });
}

/** Sends one TransactWriteItems of these items (no retry): for callers that compose a larger write. */
export async function transactOnce(items: readonly TransactItem[]): Promise<void> {
  await db.send(new TransactWriteCommand({ TransactItems: toSdkItems(items) }));
}

/**
 * The outcome of a cancellation: an error to throw, 'retry', or undefined for DynamoDB's own error. Items are
 * looked at in order and the first mapped error (or answer) wins; a failed item nobody mapped makes it DynamoDB's error
 * unless a mapped item names an error; otherwise failures that all ask for it, or a conflict, retry.
 */
async function outcomeOf(items: readonly TransactItem[], cancellation: Cancellation, fallback: IfConditionFails | undefined): Promise<ConditionOutcome | undefined> {
  let retry = false;
  let unmapped = false;
  for (const [index, item] of items.entries()) {
    if (!cancellation.failedAt(index)) continue;
    const mapping = item.ifConditionFails ?? fallback;
    const outcome = typeof mapping === 'function' ? await mapping(cancellation) : mapping;
    if (outcome === undefined) {
      unmapped = true;
      continue;
    }
    if (outcome !== 'retry') return outcome;
    retry = true;
  }
  if (unmapped) return undefined;
  if (retry || cancellation.conflicted) return 'retry';
  return undefined;
}

/**
 * Builds and writes one transaction, retrying as its items' mappings and conflicts ask (see the header).
 * Resolves to the plan's result; errors that are not a cancellation are rethrown at once.
 */
export async function transact<T = void>(build: (attempt: number) => TransactPlan<T> | Promise<TransactPlan<T>>, options: TransactOptions = {}): Promise<T> {
  const attempts = options.attempts ?? DEFAULT_ATTEMPTS;
  for (let attempt = 0; ; attempt += 1) {
    const plan = await build(attempt);
    const [items, result] = Array.isArray(plan) ? [plan as readonly TransactItem[], undefined as T] : [(plan as { items: readonly TransactItem[] }).items, (plan as { result: T }).result];
    if (items.length === 0) return result;
    try {
      await transactOnce(items);
      return result;
    } catch (error) {
      const reasons = cancellationReasons(error);
      if (!reasons) throw error;
      const cancellation: Cancellation = { reasons, failedAt: (index) => failedAt(reasons, index), conflicted: conflicted(reasons), attempt };
      const other = options.ifOtherwiseCancelled;
      const outcome = (await outcomeOf(items, cancellation, options.ifAnyConditionFails)) ?? (typeof other === 'function' ? other() : other);
      if (outcome === undefined) throw error;
      if (outcome instanceof Error) throw outcome;
      if (outcome instanceof AlreadyDone) return outcome.answer as T;
      if (attempt + 1 >= attempts) {
        const last = await options.onExhausted?.();
        if (last instanceof AlreadyDone) return last.answer as T;
        throw last ?? error;
      }
      // Every retry follows a lost race (a conflict, or a writer that changed what was read): backing off
      // keeps the two from colliding again on the same beat.
      await backoff(attempt);
    }
  }
}

export interface RetryOptions {
  /** Attempts in all (retries + 1). */
  readonly attempts: number;
  /** Whether a failure is a lost race worth another attempt after a backoff. */
  readonly retryOn: (error: unknown) => boolean;
  /** What to throw when the attempts run out; the last failure when not given. */
  readonly onExhausted?: (error: unknown) => Error;
}

/**
 * Runs `attempt` again after a backoff while it loses races, for a write whose transaction another module
 * builds (a review rides in the event store's transaction, data/event.ts) and so cannot be a `transact` here.
 */
export async function retryingConflicts<T>(attempt: () => Promise<T>, options: RetryOptions): Promise<T> {
  for (let tries = 0; ; tries += 1) {
    try {
      return await attempt();
    } catch (error) {
      if (!options.retryOn(error)) throw error;
      if (tries + 1 >= options.attempts) throw options.onExhausted?.(error) ?? error;
      await backoff(tries);
    }
  }
}

/**
 * Whether a write lost to a transaction in flight on its item: a single write refused with
 * TransactionConflictException, or a transaction cancelled by a conflict (worth another go after a backoff).
 */
export function lostToTransactionInFlight(error: unknown): boolean {
  if (error instanceof Error && error.name === 'TransactionConflictException') return true;
  const reasons = cancellationReasons(error);
  return reasons !== undefined && conflicted(reasons);
}
