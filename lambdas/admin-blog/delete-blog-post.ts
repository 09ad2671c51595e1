/** DELETE /api/admin/blog-posts/{id}: the post, its body and its slug go together. */
import { ADMIN_BLOG_ROUTES } from '#shared/routes/admin-blog';
import { deleteBlogPost } from '#data/blog-post';
import { createHandler } from '#handler';

export const handler = createHandler(ADMIN_BLOG_ROUTES.deleteBlogPost, async ({ path }) => {
  await deleteBlogPost(path.id);
  return undefined;
});
