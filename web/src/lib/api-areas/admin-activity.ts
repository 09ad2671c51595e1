/** The admin activity area's route table (the activity record), loaded when /superadmin first calls it (see ../use-api.ts). */
export const adminActivityArea = () => import('#shared/routes/admin-activity').then((module) => module.ADMIN_ACTIVITY_ROUTES);
