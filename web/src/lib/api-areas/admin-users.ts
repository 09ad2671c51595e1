/** The admin users area's route table (the people admin), loaded when /admin/users first calls one of its routes (see ../use-api.ts). */
export const adminUsersArea = () => import('#shared/routes/admin-users').then((module) => module.ADMIN_USERS_ROUTES);
