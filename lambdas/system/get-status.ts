/**
 * GET /api/status: whether maintenance mode is on and sign-up is open, for every visitor's browser (the
 * maintenance banner, the sign-up form). Public with a 30 s shared cache; read from this container's copy
 * of the configuration, so a busy site reads the item at most once per function every few seconds.
 */
import { SYSTEM_ROUTES } from '#shared/routes/system';
import { cachedSystemConfig } from '#data/system-config';
import { createHandler } from '#handler';

export const handler = createHandler(SYSTEM_ROUTES.getStatus, async () => {
  const { maintenanceMode, registrationEnabled } = await cachedSystemConfig.get();
  return { maintenanceMode, registrationEnabled };
});
