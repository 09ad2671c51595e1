/** GET /api/admin/exports/{id}: one export job; a completed one with a download link good for a few minutes. */
import { ADMIN_EXPORTS_ROUTES } from '#shared/routes/admin-exports';
import { exportObjectKey, getExportJob } from '#data/export-job';
import { NotFoundError } from '#lib/errors';
import { createHandler } from '#handler';
import { downloadLink } from './exports-bucket.ts';

export const handler = createHandler(ADMIN_EXPORTS_ROUTES.getExport, async ({ path }) => {
  const job = await getExportJob(path.id);
  if (!job) throw new NotFoundError('Export not found');
  if (job.status !== 'completed') return job;
  const link = await downloadLink(exportObjectKey(job), job.fileName);
  return { ...job, downloadUrl: link.url, downloadUrlExpiresAt: link.expiresAt };
});
