/**
 * GET /api/blog-posts/{slug}: one published post with the HTML rendered and sanitized when it was saved; a
 * draft is as unknown to visitors as a slug no post has (404).
 */
import { BLOG_ROUTES } from '#shared/routes/blog';
import { publishedBlogPostBySlug } from '#data/blog-post';
import { createHandler } from '#handler';
import { NotFoundError } from '#lib/errors';

export const handler = createHandler(BLOG_ROUTES.getBlogPost, async ({ path }) => {
  const post = await publishedBlogPostBySlug(path.slug);
  if (!post) throw new NotFoundError('There is no post at this address. It may have been moved or unpublished.');
  return post;
});
