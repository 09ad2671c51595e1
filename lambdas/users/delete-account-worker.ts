/**
 * The account deletion worker: a Lambda of its own (infra/account-deletion.ts; not an API route), invoked
 * asynchronously by DELETE /api/me with the person's sub. It runs the steps of account-deletion-steps.ts from the
 * one the job is on, recording each it finishes, then ends the job (which forgets the sub). Lambda retries a run
 * that threw; the retry resumes at the step that failed, and a run for a finished job changes nothing.
 */
import * as z from 'zod';
import { finishAccountDeletion, getDeletionJob, recordDeletionStep } from '#data/account-deletion';
import { logger } from '#lib/logger';
import { DELETION_STEPS } from './account-deletion-steps.ts';

const WorkerEventSchema = z.object({ sub: z.string().min(1).max(128) });

export interface DeletionOutcome {
  readonly status: 'deleted' | 'skipped';
  readonly steps?: number;
}

export async function runAccountDeletion(sub: string, now: Date = new Date()): Promise<DeletionOutcome> {
  const job = await getDeletionJob(sub);
  if (job?.status !== 'deleting' || !job.sub || !job.email) {
    logger.warn('no account deletion waiting to run', { status: job?.status });
    return { status: 'skipped' };
  }
  const context = { sub: job.sub, email: job.email, ...(job.username ? { username: job.username } : {}), writing: job.writing, now };
  let ran = 0;
  for (let step = job.step; step < DELETION_STEPS.length; step += 1) {
    const current = DELETION_STEPS[step]!;
    try {
      await current.run(context);
    } catch (error) {
      logger.error('account deletion step failed', { step: current.name, error: error as Error });
      throw error;
    }
    await recordDeletionStep(sub, step + 1);
    ran += 1;
  }
  await finishAccountDeletion(sub, now);
  logger.info('account deleted', { steps: ran, writing: job.writing });
  return { status: 'deleted', steps: ran };
}

export const handler = async (event: unknown): Promise<DeletionOutcome> => {
  const parsed = WorkerEventSchema.safeParse(event);
  if (!parsed.success) {
    // Retrying a malformed invocation cannot help: say so and end it.
    logger.error('account deletion worker invoked without a sub');
    return { status: 'skipped' };
  }
  return runAccountDeletion(parsed.data.sub);
};
