/**
 * GET /api/admin/migrations: every data migration this code holds (lambdas/migrations), in the order they run,
 * each with its record once it has started: how far it got, when, and its last error.
 */
import { ADMIN_SYSTEM_ROUTES } from '#shared/routes/admin-system';
import { listMigrationRecords } from '#data/migration-record';
import { createHandler } from '#handler';
import { MIGRATIONS } from './index.ts';

export const handler = createHandler(ADMIN_SYSTEM_ROUTES.listMigrations, async () => {
  const records = new Map((await listMigrationRecords()).map((record) => [record.id, record]));
  return { items: MIGRATIONS.map(({ id, summary }) => ({ id, summary, ...(records.has(id) ? { record: records.get(id)! } : {}) })) };
});
