/** GET /api/admin/blog-posts/{id}: a post with its Markdown, for the editor. */
import { ADMIN_BLOG_ROUTES } from '#shared/routes/admin-blog';
import { adminBlogPost, getBlogPost } from '#data/blog-post';
import { createHandler } from '#handler';
import { NotFoundError } from '#lib/errors';

export const handler = createHandler(ADMIN_BLOG_ROUTES.getAdminBlogPost, async ({ path }) => {
  const post = await getBlogPost(path.id);
  if (!post) throw new NotFoundError('No such blog post');
  return adminBlogPost(post);
});
