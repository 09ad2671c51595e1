/**
 * GET /api/admin/overview: catalogue, user and organization figures from counters, never by reading everything,
 * and the newest import job (one Query of one item on the jobs index), side by side.
 */
import { ADMIN_SYSTEM_ROUTES } from '#shared/routes/admin-system';
import { latestImportJob } from '#data/import-job';
import { createHandler } from '#handler';
import { overviewFromCounters, readCounterItems } from './admin-overview.ts';

export const handler = createHandler(ADMIN_SYSTEM_ROUTES.getAdminOverview, async () => {
  const [counters, lastImport] = await Promise.all([readCounterItems(), latestImportJob()]);
  return {
    ...overviewFromCounters(counters),
    ...(lastImport
      ? {
          lastImport: {
            id: lastImport.id,
            status: lastImport.status,
            createdAt: lastImport.createdAt,
            ...(lastImport.finishedAt ? { finishedAt: lastImport.finishedAt } : {}),
          },
        }
      : {}),
  };
});
