export const adminSystemArea = () => import('#shared/routes/admin-system').then((module) => module.ADMIN_SYSTEM_ROUTES);
