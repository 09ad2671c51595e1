export const adminImportsArea = () => import('#shared/routes/admin-imports').then((module) => module.ADMIN_IMPORTS_ROUTES);
