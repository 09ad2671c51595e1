/** GET /api/admin/import-jobs: import jobs, newest first, with an opaque cursor. */
import { ADMIN_IMPORTS_ROUTES } from '#shared/routes/admin-imports';
import { listImportJobs } from '#data/import-job';
import { createHandler } from '#handler';

export const handler = createHandler(ADMIN_IMPORTS_ROUTES.listImportJobs, async ({ query }) =>
  listImportJobs({ cursor: query.cursor, limit: query.limit }),
);
