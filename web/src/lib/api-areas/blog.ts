/** The blog area's route table, loaded when /blog or a post's page first calls it (see ../use-api.ts). */
export const blogArea = () => import('#shared/routes/blog').then((module) => module.BLOG_ROUTES);
