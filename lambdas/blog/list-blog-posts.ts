/** GET /api/blog-posts: published posts, newest first (the /blog page), from an index that holds only those. */
import { BLOG_ROUTES } from '#shared/routes/blog';
import { listPublishedBlogPosts } from '#data/blog-post';
import { createHandler } from '#handler';

export const handler = createHandler(BLOG_ROUTES.listBlogPosts, async ({ query }) => listPublishedBlogPosts(query));
