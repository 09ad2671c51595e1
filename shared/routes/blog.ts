/** The blog as visitors read it: published posts, newest first, and one post by its slug. */
import { BlogPostsQuerySchema, BlogSlugPathSchema, PublicBlogPostSchema, PublicBlogPostsPageSchema } from '../schemas/blog-post.ts';
import { defineRoutes } from './define.ts';

export const BLOG_ROUTES = defineRoutes({
  listBlogPosts: {
    method: 'GET',
    path: '/api/blog-posts',
    access: 'public',
    data: 'read',
    handler: 'blog/list-blog-posts',
    request: { query: BlogPostsQuerySchema },
    response: PublicBlogPostsPageSchema,
    cacheControl: 'public, max-age=60',
    summary: 'Published blog posts, newest first, with a cursor',
  },
  getBlogPost: {
    method: 'GET',
    path: '/api/blog-posts/{slug}',
    access: 'public',
    data: 'read',
    handler: 'blog/get-blog-post',
    request: { path: BlogSlugPathSchema },
    response: PublicBlogPostSchema,
    cacheControl: 'public, max-age=60',
    summary: 'One published post by its slug, its Markdown rendered as sanitized HTML (404 for a draft or an unknown slug)',
  },
});
