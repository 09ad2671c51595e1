/** POST /api/admin/blog-posts/preview: the editor's Preview tab, through the very renderer a save uses. */
import { ADMIN_BLOG_ROUTES } from '#shared/routes/admin-blog';
import { createHandler } from '#handler';
import { renderMarkdown } from './markdown.ts';

export const handler = createHandler(ADMIN_BLOG_ROUTES.previewBlogPost, async ({ body }) => ({ html: renderMarkdown(body.body) }));
