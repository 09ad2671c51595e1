/** No defineEntity here: the job item holds the person's sub only while it runs, and its readers default what it lacks. */
/**
 * Account deletion jobs (DELETE /api/me): one item per deleted account, named by a digest of the person's sub, so
 * that once the job is done nothing in the table carries their id, and yet a token they still hold (an access token
 * lives up to an hour after its user is gone) cannot bring a profile back (accountDeletionRequested).
 *
 * | item              | PK                     | SK  | attributes                                                        |
 * | deletion job      | DELETION#<sha256(sub)> | JOB | status, writing, requestedAt, step; sub, email, username (while deleting); TTL once deleted |
 *
 * The job starts in the same transaction that marks the profile `deletionRequestedAt` (from then on every request
 * of the account is refused), and the worker (lambdas/users/delete-account-worker.ts) moves `step` forward after
 * each step of lambdas/users/account-deletion-steps.ts, so a worker that dies resumes at the step it was on; every
 * step is idempotent. The finished job keeps only the digest for DELETED_KEEP_DAYS, then expires.
 */
import { createHash } from 'node:crypto';
import { TTL_ATTRIBUTE } from '#shared/table';
import type { AccountDeletion, DeleteAccountBody } from '#shared/schemas/account-deletion';
import { ConflictError } from '#lib/errors';
import { getItem, table } from '#lib/kit/table';
import { transact } from '#lib/kit/transact';
import { isConditionFailure } from '#lib/transactions';
import { profileKey } from './profile.ts';

/** Longer than any token of the account lives: by then no request can name the sub again. */
const DELETED_KEEP_DAYS = 30;

const digestOf = (sub: string) => createHash('sha256').update(sub).digest('hex');
export const deletionJobKey = (sub: string) => ({ PK: `DELETION#${digestOf(sub)}`, SK: 'JOB' });

export interface DeletionJob extends AccountDeletion {
  /** Present while the job runs: whose data the worker deletes, and the names their sign-in is known by. */
  readonly sub?: string;
  readonly email?: string;
  readonly username?: string;
  /** The index of the next step to run. */
  readonly step: number;
}

function jobOf(item: Record<string, unknown>): DeletionJob {
  return {
    status: item.status === 'deleted' ? 'deleted' : 'deleting',
    writing: item.writing === 'keep' ? 'keep' : 'delete',
    requestedAt: String(item.requestedAt),
    step: Number(item.step ?? 0),
    ...(typeof item.sub === 'string' ? { sub: item.sub } : {}),
    ...(typeof item.email === 'string' ? { email: item.email } : {}),
    ...(typeof item.username === 'string' ? { username: item.username } : {}),
  };
}

export async function getDeletionJob(sub: string): Promise<DeletionJob | undefined> {
  const item = await getItem(deletionJobKey(sub), { consistent: true });
  return item ? jobOf(item) : undefined;
}

/** Whether this account asked to be deleted (its requests are refused from then on). */
export async function accountDeletionRequested(sub: string): Promise<boolean> {
  return (await getItem(deletionJobKey(sub))) !== undefined;
}

/**
 * Starts deleting an account: the job and the profile's mark, together. Asking again while it runs answers with
 * the job already running.
 */
export async function startAccountDeletion(
  account: { readonly sub: string; readonly email: string; readonly username?: string },
  body: Pick<DeleteAccountBody, 'writing'>,
  now: Date = new Date(),
): Promise<DeletionJob> {
  const { sub } = account;
  const job: DeletionJob = { status: 'deleting', writing: body.writing, requestedAt: now.toISOString(), step: 0, ...account };
  const existing = await getDeletionJob(sub);
  if (existing) return existing;
  await transact(
    () => [
      { Put: { Item: { ...deletionJobKey(sub), entity: 'account-deletion', ...job }, ConditionExpression: 'attribute_not_exists(PK)' } },
      {
        Update: {
          Key: profileKey(sub),
          UpdateExpression: 'SET deletionRequestedAt = :at',
          ConditionExpression: 'attribute_exists(PK)',
          ExpressionAttributeValues: { ':at': job.requestedAt },
        },
      },
    ],
    { attempts: 1, ifAnyConditionFails: () => new ConflictError('This account is already being deleted.') },
  );
  return job;
}

/** Records that the steps before `step` are done, unless the job moved on meanwhile (two workers at once). */
export async function recordDeletionStep(sub: string, step: number): Promise<void> {
  await table.update({
    Key: deletionJobKey(sub),
    UpdateExpression: 'SET step = :step',
    ConditionExpression: '#status = :deleting AND step < :step',
    ExpressionAttributeNames: { '#status': 'status' },
    ExpressionAttributeValues: { ':step': step, ':deleting': 'deleting' },
  }).catch((error: unknown) => {
    if (!isConditionFailure(error)) throw error;
  });
}

/** Ends the job: the sub and the names leave the item, which expires after DELETED_KEEP_DAYS. */
export async function finishAccountDeletion(sub: string, now: Date = new Date()): Promise<void> {
  await table.update({
    Key: deletionJobKey(sub),
    UpdateExpression: 'SET #status = :deleted, deletedAt = :at, #ttl = :ttl REMOVE #sub, email, username',
    ExpressionAttributeNames: { '#status': 'status', '#ttl': TTL_ATTRIBUTE, '#sub': 'sub' },
    ExpressionAttributeValues: { ':deleted': 'deleted', ':at': now.toISOString(), ':ttl': Math.floor(now.getTime() / 1000) + DELETED_KEEP_DAYS * 86_400 },
  });
}

/** Undoes a start whose worker could not be queued: the person keeps their account and may ask again. */
export async function cancelAccountDeletion(sub: string): Promise<void> {
  await transact(
    () => [
      { Delete: { Key: deletionJobKey(sub), ConditionExpression: '#status = :deleting AND step = :none', ExpressionAttributeNames: { '#status': 'status' }, ExpressionAttributeValues: { ':deleting': 'deleting', ':none': 0 } } },
      { Update: { Key: profileKey(sub), UpdateExpression: 'REMOVE deletionRequestedAt', ConditionExpression: 'attribute_exists(PK)' } },
    ],
    { attempts: 1 },
  );
}
