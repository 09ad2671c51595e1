/** GET /api/admin/exports: recent export jobs, newest first, with a cursor. */
import { ADMIN_EXPORTS_ROUTES } from '#shared/routes/admin-exports';
import { listExportJobs } from '#data/export-job';
import { createHandler } from '#handler';

export const handler = createHandler(ADMIN_EXPORTS_ROUTES.listExports, async ({ query }) =>
  listExportJobs({ limit: query.limit, ...(query.cursor ? { cursor: query.cursor } : {}) }),
);
