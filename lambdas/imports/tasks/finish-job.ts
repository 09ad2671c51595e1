/**
 * FinishJob and FailJob, the import state machine's last tasks (one function, two states).
 *
 * FinishJob: a full sync that read every page flags this source's events in the run's window that RunSignup
 * no longer lists (for review, never deleted), then the job is finished with its status from its counts.
 * A run with a lost page flags nothing: a race on that page would look missing although it is not. Nor does a
 * run that stopped at its limit: the races past the limit were never read, so they would look missing too.
 * FailJob: the run itself failed (a task failed past its Catch): the job, if there is one yet, ends 'failed'.
 * Both first finish the postings of events a page created but could not index (finishIndexesOfJob).
 */
import { logger } from '#lib/logger';
import { finishImportJob, getImportJob, recordImportPage } from '#data/import-job';
import { finishIndexesOfJob, flagEventsMissingFromSource } from '#imports/upsert-imported-events';
import { FailInputSchema, FinishInputSchema, causeMessage, isPageLoss } from './task-io.ts';

async function finish(event: unknown): Promise<{ jobId: string; status: string; flaggedMissing: number }> {
  const { jobId, run } = FinishInputSchema.parse(event);
  // Every page task has ended: what one left unwritten after creating its events is finished now.
  await finishIndexesOfJob(jobId);
  let flaggedMissing = 0;
  if (run.options.mode === 'full') {
    const job = await getImportJob(jobId);
    const pageLost = (job?.errors ?? []).some(isPageLoss);
    const stoppedAtLimit = job !== undefined && (job.counts.fetched >= run.options.limit || (job.counts.skipped['over-limit'] ?? 0) > 0);
    if (pageLost || stoppedAtLimit || !job) {
      logger.warn('Full sync flags nothing: it did not read every race of its window', { jobId, pageLost, stoppedAtLimit });
    } else {
      flaggedMissing = await flagEventsMissingFromSource({
        source: 'runsignup',
        jobId,
        ...(run.options.state ? { state: run.options.state } : {}),
        from: run.options.from,
        to: run.options.to,
      });
      // Counted on the job like the pages' flags (no page number: it is recorded once, at the end).
      if (flaggedMissing > 0) await recordImportPage(jobId, { counts: { flagged: flaggedMissing }, errors: [] });
    }
  }
  const job = await finishImportJob(jobId, {});
  return { jobId, status: job.status, flaggedMissing };
}

async function fail(event: unknown): Promise<{ jobId?: string; status: 'failed' }> {
  const input = FailInputSchema.parse(event);
  const jobId = input.jobId ?? input.run?.jobId;
  const failure = causeMessage(input.error);
  logger.error('Import run failed', { jobId, error: input.error?.Error });
  if (jobId) {
    await finishIndexesOfJob(jobId);
    await finishImportJob(jobId, { failure });
  }
  return { ...(jobId ? { jobId } : {}), status: 'failed' };
}

export async function handler(event: unknown): Promise<unknown> {
  if (event !== null && typeof event === 'object' && 'error' in event) return fail(event);
  return finish(event);
}
