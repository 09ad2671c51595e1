/** The admin blog area's route table, loaded when /admin/blog first calls it (see ../use-api.ts). */
export const adminBlogArea = () => import('#shared/routes/admin-blog').then((module) => module.ADMIN_BLOG_ROUTES);
