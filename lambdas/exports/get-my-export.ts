/**
 * GET /api/me/exports/{id}: one of the caller's own exports (its key holds their sub, so another person's id is
 * simply not found); a completed one with a link to the ZIP that works for a few minutes.
 */
import { MY_EXPORTS_ROUTES } from '#shared/routes/my-exports';
import { getPersonalExport, PERSONAL_EXPORT_CONTENT_TYPE, personalExportObjectKey } from '#data/personal-export';
import { NotFoundError } from '#lib/errors';
import { createHandler } from '#handler';
import { downloadLink } from './exports-bucket.ts';

export const handler = createHandler(MY_EXPORTS_ROUTES.getMyExport, async ({ path, caller }) => {
  const job = await getPersonalExport(caller.sub, path.id);
  if (!job) throw new NotFoundError('Export not found');
  if (job.status !== 'completed') return job;
  const link = await downloadLink(personalExportObjectKey(job), job.fileName, new Date(), PERSONAL_EXPORT_CONTENT_TYPE);
  return { ...job, downloadUrl: link.url, downloadUrlExpiresAt: link.expiresAt };
});
