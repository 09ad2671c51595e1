/** The admin system area's route table (overview, health, system configuration), loaded on first call (see ../use-api.ts). */
export const adminSystemArea = () => import('#shared/routes/admin-system').then((module) => module.ADMIN_SYSTEM_ROUTES);
