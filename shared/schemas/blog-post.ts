/**
 * Blog posts: admins write them in Markdown; the server renders and sanitizes the HTML when a post is saved
 * (lambdas/admin-blog/markdown.ts), and visitors read published posts, newest first, at /blog and /blog/<slug>.
 * A post's slug is its address, unique across posts (a taken one is a 409).
 */
import * as z from 'zod';
import { IsoDateTimeSchema, UlidSchema, requiredText } from './common.ts';

export const BLOG_POST_STATUSES = ['draft', 'published'] as const;
export const BlogPostStatusSchema = z.enum(BLOG_POST_STATUSES, { message: "status must be 'draft' or 'published'" });
export type BlogPostStatus = z.infer<typeof BlogPostStatusSchema>;

export const BLOG_SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
export const MAX_BLOG_SLUG_LENGTH = 80;
export const MAX_BLOG_TITLE_LENGTH = 150;
export const MAX_BLOG_SUMMARY_LENGTH = 300;
/** Markdown characters of a post's body: a long article, far below DynamoDB's 400 KB item with its HTML beside it. */
export const MAX_BLOG_BODY_LENGTH = 40_000;

export const BlogSlugSchema = z
  .string({ message: 'Slug is required' })
  .trim()
  .min(1, 'Slug is required')
  .max(MAX_BLOG_SLUG_LENGTH, `Slug must be at most ${MAX_BLOG_SLUG_LENGTH} characters`)
  .regex(BLOG_SLUG_PATTERN, 'Use lower-case letters, digits and single hyphens, like spring-marathon-tips');

/** Markdown is kept as written (leading spaces can be an indented code block); it must hold more than spaces. */
const MarkdownBodySchema = z
  .string({ message: 'Body is required' })
  .max(MAX_BLOG_BODY_LENGTH, `Body must be at most ${MAX_BLOG_BODY_LENGTH.toLocaleString('en-US')} characters`)
  .refine((value) => value.trim().length > 0, 'Body is required');

const postFields = {
  title: requiredText('Title', MAX_BLOG_TITLE_LENGTH),
  slug: BlogSlugSchema,
  summary: requiredText('Summary', MAX_BLOG_SUMMARY_LENGTH),
  body: MarkdownBodySchema,
  status: BlogPostStatusSchema,
};

/** POST /api/admin/blog-posts: a new post, a draft unless it says published. */
export const CreateBlogPostBodySchema = z.strictObject({ ...postFields, status: BlogPostStatusSchema.default('draft') });
export type CreateBlogPostBody = z.input<typeof CreateBlogPostBodySchema>;

/** PATCH /api/admin/blog-posts/{id}: the fields that change; `status` alone publishes or unpublishes. */
export const UpdateBlogPostBodySchema = z
  .strictObject({
    title: postFields.title.optional(),
    slug: postFields.slug.optional(),
    summary: postFields.summary.optional(),
    body: postFields.body.optional(),
    status: postFields.status.optional(),
  })
  .refine((body) => Object.values(body).some((value) => value !== undefined), { message: 'Send at least one of title, slug, summary, body, status' });
export type UpdateBlogPostBody = z.input<typeof UpdateBlogPostBodySchema>;

/** POST /api/admin/blog-posts/preview: Markdown in, the HTML a visitor would get out. */
export const PreviewBlogPostBodySchema = z.strictObject({ body: MarkdownBodySchema });
export const BlogPostPreviewSchema = z.object({ html: z.string() });

/** A post as admins see it, Markdown and all. */
export const BlogPostSchema = z.object({
  id: UlidSchema,
  slug: z.string(),
  title: z.string(),
  summary: z.string(),
  /** Markdown, as written. */
  body: z.string(),
  status: BlogPostStatusSchema,
  /** When it was first published; kept when it is unpublished, so publishing it again keeps its date. */
  publishedAt: IsoDateTimeSchema.optional(),
  /** The writing admin's name from their profile when the post was created. */
  authorName: z.string(),
  authorId: z.string(),
  createdAt: IsoDateTimeSchema,
  updatedAt: IsoDateTimeSchema,
});
export type BlogPost = z.infer<typeof BlogPostSchema>;

/** A row of the admins' list: everything but the body. */
export const BlogPostRowSchema = BlogPostSchema.omit({ body: true });
export type BlogPostRow = z.infer<typeof BlogPostRowSchema>;

export const BlogPostPathSchema = z.strictObject({ id: UlidSchema });
export const BlogSlugPathSchema = z.strictObject({ slug: z.string().max(MAX_BLOG_SLUG_LENGTH, 'Not a post address').regex(BLOG_SLUG_PATTERN, 'Not a post address') });

export const BlogPostsQuerySchema = z.strictObject({
  cursor: z.string().max(1024, 'cursor is not valid').optional(),
  limit: z.coerce.number().int().min(1).max(50).default(10),
});

export const AdminBlogPostsPageSchema = z.object({ items: z.array(BlogPostRowSchema), nextCursor: z.string().optional() });
export type AdminBlogPostsPage = z.infer<typeof AdminBlogPostsPageSchema>;

/** A published post in the public list. */
export const PublicBlogPostSummarySchema = z.object({
  slug: z.string(),
  title: z.string(),
  summary: z.string(),
  authorName: z.string(),
  publishedAt: IsoDateTimeSchema,
});
export type PublicBlogPostSummary = z.infer<typeof PublicBlogPostSummarySchema>;

export const PublicBlogPostsPageSchema = z.object({ items: z.array(PublicBlogPostSummarySchema), nextCursor: z.string().optional() });
export type PublicBlogPostsPage = z.infer<typeof PublicBlogPostsPageSchema>;

/** A published post as visitors read it: the sanitized HTML, never the Markdown. */
export const PublicBlogPostSchema = PublicBlogPostSummarySchema.extend({
  html: z.string(),
  updatedAt: IsoDateTimeSchema,
});
export type PublicBlogPost = z.infer<typeof PublicBlogPostSchema>;

/** A slug suggested from a title: 'Spring Marathon: 5 Tips!' -> 'spring-marathon-5-tips'. */
export function slugFromTitle(title: string): string {
  return title
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, MAX_BLOG_SLUG_LENGTH)
    .replace(/-+$/, '');
}
