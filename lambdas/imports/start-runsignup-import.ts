/**
 * Starts a RunSignup import: the job is created (taking the source's lock) and handed to the state machine.
 * When the machine cannot be started the job is finished as failed at once, releasing the lock, and the
 * caller gets a 503 that says so.
 */
import type { RunSignupImportOptions } from '#shared/schemas/import-job';
import { createImportJob, finishImportJob, type ImportJob } from '#data/import-job';
import { ServiceUnavailableError } from '#lib/errors';
import { logger } from '#lib/logger';
import { startImportExecution } from './start-execution.ts';

export async function startRunSignupImport(options: RunSignupImportOptions, startedBy: string): Promise<ImportJob> {
  const job = await createImportJob({ source: 'runsignup', options, startedBy, expected: options.limit });
  try {
    await startImportExecution(job);
  } catch (error) {
    logger.error('import execution not started', { jobId: job.id, error: error instanceof Error ? error.name : String(error) });
    // A job that never ran must not block the next start until its lock expires.
    await finishImportJob(job.id, { failure: 'The import service could not start this import' });
    throw new ServiceUnavailableError('The import could not be started: the import service is not available. Try again in a few minutes.');
  }
  return job;
}
