/**
 * POST /api/admin/blog-posts: a new post, its Markdown rendered and sanitized here, once, so the public route
 * only reads; the author is the calling admin, named from their profile.
 */
import { ADMIN_BLOG_ROUTES } from '#shared/routes/admin-blog';
import { adminBlogPost, createBlogPost } from '#data/blog-post';
import { createHandler } from '#handler';
import { authorName } from './author-name.ts';
import { renderMarkdown } from './markdown.ts';

export const handler = createHandler(ADMIN_BLOG_ROUTES.createBlogPost, async ({ body, caller }) => {
  const post = await createBlogPost({ ...body, html: renderMarkdown(body.body) }, { id: caller.sub, name: authorName(caller.profile) });
  return adminBlogPost(post);
});
