/**
 * POST /api/me/exports: starts an export of the caller's own data and hands it to the export worker; 202 with
 * the job. A person whose export is still processing gets that job back instead of a second one.
 */
import { MY_EXPORTS_ROUTES } from '#shared/routes/my-exports';
import { failPersonalExport, startPersonalExport } from '#data/personal-export';
import { ServiceUnavailableError } from '#lib/errors';
import { logger } from '#lib/logger';
import { createHandler } from '#handler';
import { startPersonalExportWorker } from './export-worker-client.ts';

export const handler = createHandler(MY_EXPORTS_ROUTES.startMyExport, async ({ caller }) => {
  const { job, started } = await startPersonalExport(caller.sub);
  if (!started) return job;
  try {
    await startPersonalExportWorker(caller.sub, job.id);
  } catch (error) {
    // No job may wait for a worker that was never started: it is failed at once, and the person may retry.
    logger.error('personal export worker could not be started', { jobId: job.id, error: error as Error });
    await failPersonalExport(caller.sub, job.id, 'The export could not be started.');
    throw new ServiceUnavailableError('Your export could not be started. Try again in a moment.');
  }
  return job;
});
