/** PUT /api/admin/system-config: replaces the configuration (super admins), recording who changed it and when. */
import { ADMIN_SYSTEM_ROUTES } from '#shared/routes/admin-system';
import { logger } from '#lib/logger';
import { putSystemConfig } from '#data/system-config';
import { createHandler } from '#handler';

export const handler = createHandler(ADMIN_SYSTEM_ROUTES.updateSystemConfig, async ({ body, caller }) => {
  const saved = await putSystemConfig(body, { id: caller.sub, email: caller.profile.email });
  logger.info('system configuration changed', {
    by: caller.sub,
    maintenanceMode: saved.maintenanceMode,
    registrationEnabled: saved.registrationEnabled,
  });
  return saved;
});
