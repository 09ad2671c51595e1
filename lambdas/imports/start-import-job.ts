/**
 * POST /api/admin/import-jobs: a RunSignup import is created (taking the source's lock) and handed to the
 * state machine, answering 202 with the pending job; a JSON paste is imported synchronously and answered
 * with the finished job. 409 while another import of the same source runs.
 */
import { ADMIN_IMPORTS_ROUTES } from '#shared/routes/admin-imports';
import type { RunSignupImportOptions } from '#shared/schemas/import-job';
import { createImportJob, finishImportJob, type ImportJob } from '#data/import-job';
import { ServiceUnavailableError } from '#lib/errors';
import { logger } from '#lib/logger';
import { createHandler } from '#handler';
import { importJsonEvents } from './json-import.ts';
import { startImportExecution } from './start-execution.ts';

async function startRunSignupImport(options: RunSignupImportOptions, startedBy: string): Promise<ImportJob> {
  const job = await createImportJob({ source: 'runsignup', options, startedBy, expected: options.limit });
  try {
    await startImportExecution(job);
  } catch (error) {
    logger.error('import execution not started', { jobId: job.id, error: error instanceof Error ? error.name : String(error) });
    // Release the lock at once: a job that never ran must not block the next start for hours.
    await finishImportJob(job.id, { failure: 'The import service could not start this import' });
    throw new ServiceUnavailableError('The import could not be started: the import service is not available. Try again in a few minutes.');
  }
  return job;
}

export const handler = createHandler(ADMIN_IMPORTS_ROUTES.startImportJob, async ({ body, caller }) =>
  body.source === 'runsignup'
    ? startRunSignupImport(body.options, caller.sub)
    : importJsonEvents({ events: body.events, autoVerify: body.autoVerify, startedBy: caller.sub }),
);
