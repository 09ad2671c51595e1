/**
 * StartJob, the import state machine's first task. From the API the job already exists (the route created
 * it, holding the source's lock, and started this execution with its id): mark it running. From the nightly
 * schedule there is no job yet: create one for a window of days from today. When another job of the source
 * holds the lock, the run ends cleanly as skipped rather than failing (two jobs never run at once).
 */
import { IMPORT_LIMIT_DEFAULT, RunSignupImportOptionsSchema, type RunSignupImportOptions } from '#shared/schemas/import-job';
import { todayInNewYork } from '#shared/dates';
import { logger } from '#lib/logger';
import { ImportAlreadyRunningError, createImportJob, getImportJob, markImportJobRunning } from '#data/import-job';
import { finishIndexesOfJob } from '#imports/upsert-imported-events';
import { ensurePlaceDirectory } from '#imports/normalize/place-directory';
import { StartJobInputSchema, pageSizeFromEnv, nextBatch, type RunState, type ScheduledOptions, type SkippedRun } from './task-io.ts';

/** YYYY-MM-DD plus whole days, on the calendar (no time zone can shift it). */
export function addDays(isoDate: string, days: number): string {
  const date = new Date(`${isoDate}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

const pageSize = pageSizeFromEnv();

function scheduledOptions(options: ScheduledOptions, today: string): RunSignupImportOptions {
  return RunSignupImportOptionsSchema.parse({
    ...(options.state ? { state: options.state } : {}),
    from: today,
    to: addDays(today, options.days),
    limit: options.limit ?? IMPORT_LIMIT_DEFAULT,
    autoVerify: options.autoVerify ?? true,
    mode: options.mode ?? 'full',
  });
}

function runState(jobId: string, options: RunSignupImportOptions, today: string): RunState {
  return {
    skipped: false,
    jobId,
    run: { jobId, options, pageSize, maxPages: Math.max(1, Math.ceil(options.limit / pageSize)), today },
    pages: nextBatch(0),
  };
}

export async function handler(event: unknown): Promise<RunState | SkippedRun> {
  const input = StartJobInputSchema.parse(event);
  const today = todayInNewYork();
  // Postings an earlier run left unwritten, once their writer is certainly gone.
  await finishIndexesOfJob(undefined);
  // The ZIP and city directory radius searches start from (this function carries the zip table anyway).
  const placeItems = await ensurePlaceDirectory();
  if (placeItems > 0) logger.info('place directory written', { items: placeItems });
  if ('jobId' in input) {
    const job = await getImportJob(input.jobId);
    if (!job) throw new Error(`Import job ${input.jobId} does not exist`);
    const options = RunSignupImportOptionsSchema.safeParse(job.options);
    if (job.source !== 'runsignup' || !options.success) throw new Error(`Import job ${input.jobId} is not a RunSignup import`);
    await markImportJobRunning(job.id);
    return runState(job.id, options.data, today);
  }
  const options = scheduledOptions(input.options, today);
  try {
    const job = await createImportJob({ source: 'runsignup', options, startedBy: 'schedule', expected: options.limit });
    await markImportJobRunning(job.id);
    return runState(job.id, options, today);
  } catch (error) {
    if (!(error instanceof ImportAlreadyRunningError)) throw error;
    logger.warn('Scheduled import skipped: another RunSignup import is running');
    return { skipped: true, reason: 'Another RunSignup import is running' };
  }
}
