/** GET /api/health: whether the function runs and reaches the table, and the deployed version. */
import { SYSTEM_ROUTES } from '#shared/routes/system';
import { config } from '#lib/config';
import { table } from '#lib/kit/table';
import { DatabaseUnavailableError } from '#lib/errors';
import { logger } from '#lib/logger';
import { createHandler } from '#handler';

/** A point read of a key that need not exist proves the table answers, at the cost of half a read unit. */
export const handler = createHandler(SYSTEM_ROUTES.getHealth, async () => {
  try {
    await table.get({ Key: { PK: 'HEALTH', SK: 'HEALTH' } });
  } catch (error) {
    logger.error('health check failed', { error: error as Error });
    throw new DatabaseUnavailableError();
  }
  return { status: 'ok', database: 'reachable', version: config.appVersion };
});
