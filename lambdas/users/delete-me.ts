/**
 * DELETE /api/me: deletes the caller's account once they have typed its e-mail address. The job and the profile's
 * deletion mark are written together (from then on the account's requests are refused) and the worker
 * (delete-account-worker.ts) is queued; 202 with the job. An admin keeps their account while they hold the role.
 */
import { roleSatisfies } from '#shared/roles';
import { USERS_ROUTES } from '#shared/routes/users';
import { ADMIN_KEEPS_ACCOUNT, EMAIL_MISMATCH } from '#shared/schemas/account-deletion';
import { cancelAccountDeletion, startAccountDeletion } from '#data/account-deletion';
import { startBackgroundWorker } from '#lib/background-worker';
import { BadRequestError, ConflictError, ServiceUnavailableError } from '#lib/errors';
import { logger } from '#lib/logger';
import { createHandler } from '#handler';

export const handler = createHandler(USERS_ROUTES.deleteMe, async ({ body, caller }) => {
  if (body.email.toLowerCase() !== caller.profile.email.toLowerCase()) throw new BadRequestError(EMAIL_MISMATCH, { email: [EMAIL_MISMATCH] });
  if (roleSatisfies(caller.profile.role, 'admin')) throw new ConflictError(ADMIN_KEEPS_ACCOUNT);
  const job = await startAccountDeletion({ sub: caller.sub, email: caller.profile.email, ...(caller.username ? { username: caller.username } : {}) }, body);
  try {
    await startBackgroundWorker('ACCOUNT_DELETION_WORKER_FUNCTION', { sub: caller.sub });
  } catch (error) {
    logger.error('account deletion worker could not be started', { error: error as Error });
    await cancelAccountDeletion(caller.sub);
    throw new ServiceUnavailableError('Your account could not be deleted just now. Nothing was removed: try again in a moment.');
  }
  return { status: job.status, writing: job.writing, requestedAt: job.requestedAt };
});
