/** PATCH /api/admin/blog-posts/{id}: changed fields, publish or unpublish; a new body is rendered and sanitized here. */
import { ADMIN_BLOG_ROUTES } from '#shared/routes/admin-blog';
import { adminBlogPost, updateBlogPost } from '#data/blog-post';
import { createHandler } from '#handler';
import { renderMarkdown } from './markdown.ts';

export const handler = createHandler(ADMIN_BLOG_ROUTES.updateBlogPost, async ({ path, body }) => {
  const { body: markdown, ...rest } = body;
  const post = await updateBlogPost(path.id, { ...rest, ...(markdown !== undefined ? { body: { markdown, html: renderMarkdown(markdown) } } : {}) });
  return adminBlogPost(post);
});
