/** GET /api/admin/import-jobs/{id}: one import job with its counts and errors; 404 for an unknown id. */
import { ADMIN_IMPORTS_ROUTES } from '#shared/routes/admin-imports';
import { getImportJob, ImportJobNotFoundError } from '#data/import-job';
import { createHandler } from '#handler';

export const handler = createHandler(ADMIN_IMPORTS_ROUTES.getImportJob, async ({ path }) => {
  const job = await getImportJob(path.id);
  if (!job) throw new ImportJobNotFoundError(path.id);
  return job;
});
