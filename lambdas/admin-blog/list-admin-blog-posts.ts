/** GET /api/admin/blog-posts: every post, drafts too, newest first. */
import { ADMIN_BLOG_ROUTES } from '#shared/routes/admin-blog';
import { listAdminBlogPosts } from '#data/blog-post';
import { createHandler } from '#handler';

export const handler = createHandler(ADMIN_BLOG_ROUTES.listAdminBlogPosts, async ({ query }) => listAdminBlogPosts(query));
