/** POST /api/admin/exports: store the export job and hand it to the export worker; 202 with the job. */
import { ADMIN_EXPORTS_ROUTES } from '#shared/routes/admin-exports';
import { createExportJob, failExportJob } from '#data/export-job';
import { ServiceUnavailableError } from '#lib/errors';
import { logger } from '#lib/logger';
import { createHandler } from '#handler';
import { startExportWorker } from './export-worker-client.ts';

export const handler = createHandler(ADMIN_EXPORTS_ROUTES.startExport, async ({ body, caller }) => {
  const job = await createExportJob({
    table: body.table,
    ...(body.table === 'events' && body.filters ? { filters: body.filters } : {}),
    requestedBy: caller.sub,
  });
  try {
    await startExportWorker(job.id);
  } catch (error) {
    // No job may wait for a worker that was never started: it is failed at once, and the admin may retry.
    logger.error('export worker could not be started', { jobId: job.id, error: error as Error });
    await failExportJob(job.id, `Failed to export ${job.table} data`);
    throw new ServiceUnavailableError('The export could not be started. Try again in a moment.');
  }
  return job;
});
