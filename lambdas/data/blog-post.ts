/**
 * Blog posts. A post's facts (title, slug, summary, status, dates, author) and its body (the Markdown and the
 * sanitized HTML rendered from it when it was saved, lambdas/admin-blog/markdown.ts) are two items of one
 * partition, so the lists read only the small facts and a post's page reads both with one Query. A slug item
 * makes slugs unique: it is created in the post's transaction on the condition that it does not exist.
 *
 * | item | PK               | SK    | GSI1 (published only)                   | GSI2 (every post)                  | attributes |
 * | post | BLOG#<id>        | POST  | BLOG#PUBLISHED / <publishedAt>#<id>     | BLOG#ALL / <createdAt>#<id>        | id, slug, title, summary, status, publishedAt, authorName, authorId, createdAt, updatedAt |
 * | body | BLOG#<id>        | BODY  |                                         |                                    | markdown, html |
 * | slug | BLOGSLUG#<slug>  | SLUG  |                                         |                                    | postId |
 *
 * Every change is one transaction conditioned on the post as read (its updatedAt), so two admins editing at
 * once get a 409 rather than one silently undoing the other; a changed slug moves its slug item in the same
 * transaction (the new one must be free, the old one must still be this post's).
 *
 * Access patterns (docs/data-model.md): a post and its body (table, PK = BLOG#<id>); a post by its slug (table,
 * PK = BLOGSLUG#<slug>, then its partition); published posts, newest first (GSI1, GSI1PK = BLOG#PUBLISHED,
 * descending); every post, newest first (GSI2, GSI2PK = BLOG#ALL, descending).
 */
import { ulid } from 'ulid';
import { ULID_SOURCE } from '#shared/ids';
import {
  BlogPostRowSchema,
  type AdminBlogPostsPage,
  type BlogPost,
  type BlogPostRow,
  type BlogPostStatus,
  type PublicBlogPost,
  type PublicBlogPostsPage,
  type PublicBlogPostSummary,
} from '#shared/schemas/blog-post';
import { defineEntity } from '#lib/kit/entity';
import { queryIndexPage } from '#lib/kit/index-page';
import { table } from '#lib/kit/table';
import { refuseLostRace, transact } from '#lib/kit/transact';
import { ConflictError, NotFoundError } from '#lib/errors';

const PUBLISHED_PARTITION = 'BLOG#PUBLISHED';
const ALL_PARTITION = 'BLOG#ALL';

const postKey = (id: string) => ({ PK: `BLOG#${id}`, SK: 'POST' });
const bodyKey = (id: string) => ({ PK: `BLOG#${id}`, SK: 'BODY' });
const slugKey = (slug: string) => ({ PK: `BLOGSLUG#${slug}`, SK: 'SLUG' });

/** The post item holds the row (the lists' fields); its Markdown and HTML are the body item. */
const posts = defineEntity<BlogPostRow, [string]>({ name: 'blog-post', key: postKey, schema: BlogPostRowSchema });
const readRow = posts.read;

/** A post as stored: its facts, its Markdown and the HTML rendered from it. */
export interface StoredBlogPost extends BlogPost {
  readonly html: string;
}

/** The post item: the public list's index only while published. */
export function toBlogPostItem(post: BlogPostRow) {
  return {
    ...postKey(post.id),
    entity: 'blog-post',
    ...post,
    GSI2PK: ALL_PARTITION,
    GSI2SK: `${post.createdAt}#${post.id}`,
    ...(post.status === 'published' && post.publishedAt ? { GSI1PK: PUBLISHED_PARTITION, GSI1SK: `${post.publishedAt}#${post.id}` } : {}),
  };
}

const bodyItem = (id: string, markdown: string, html: string) => ({ ...bodyKey(id), entity: 'blog-post-body', markdown, html });

const slugTaken = (slug: string) => new ConflictError(`Another post already has the slug '${slug}'. Choose another one.`);
const CHANGED_MEANWHILE = 'This post was changed or deleted in another window. Reload it to see the current version.';

/** A post as admins get it: the Markdown, not the HTML (the preview route renders that). */
export function adminBlogPost(post: StoredBlogPost): BlogPost {
  const { html: _html, ...rest } = post;
  return rest;
}

function rowOf(post: StoredBlogPost): BlogPostRow {
  const { body: _body, html: _html, ...row } = post;
  return row;
}

/** A post and its body, read with one Query of the post's partition. */
async function readPost(id: string, consistent: boolean): Promise<StoredBlogPost | undefined> {
  const { Items = [] } = await table.query({ KeyConditionExpression: 'PK = :pk', ExpressionAttributeValues: { ':pk': postKey(id).PK }, ConsistentRead: consistent });
  const post = Items.find((item) => item.SK === 'POST');
  const body = Items.find((item) => item.SK === 'BODY');
  if (!post || !body) return undefined;
  return { ...readRow(post), body: String(body.markdown), html: String(body.html) };
}

export async function getBlogPost(id: string): Promise<StoredBlogPost | undefined> {
  return readPost(id, true);
}

export interface NewBlogPost {
  readonly title: string;
  readonly slug: string;
  readonly summary: string;
  readonly body: string;
  /** The body rendered and sanitized (lambdas/admin-blog/markdown.ts). */
  readonly html: string;
  readonly status: BlogPostStatus;
}

export async function createBlogPost(input: NewBlogPost, author: { id: string; name: string }, now = new Date()): Promise<StoredBlogPost> {
  const at = now.toISOString();
  const post: StoredBlogPost = {
    id: ulid(now.getTime()),
    slug: input.slug,
    title: input.title,
    summary: input.summary,
    body: input.body,
    html: input.html,
    status: input.status,
    ...(input.status === 'published' ? { publishedAt: at } : {}),
    authorName: author.name,
    authorId: author.id,
    createdAt: at,
    updatedAt: at,
  };
  await transact(
    () => [
      {
        Put: { Item: { ...slugKey(post.slug), entity: 'blog-slug', postId: post.id }, ConditionExpression: 'attribute_not_exists(PK)' },
        ifConditionFails: () => slugTaken(post.slug),
      },
      { Put: { Item: toBlogPostItem(rowOf(post)), ConditionExpression: 'attribute_not_exists(PK)' } },
      { Put: { Item: bodyItem(post.id, post.body, post.html) } },
    ],
    { attempts: 1 },
  );
  return post;
}

export interface BlogPostChanges {
  readonly title?: string;
  readonly slug?: string;
  readonly summary?: string;
  /** A new body comes with its HTML. */
  readonly body?: { readonly markdown: string; readonly html: string };
  readonly status?: BlogPostStatus;
}

/** Applies the changes to the post as read; a post changed by someone else meanwhile is a 409. */
export async function updateBlogPost(id: string, changes: BlogPostChanges, now = new Date()): Promise<StoredBlogPost> {
  const current = await readPost(id, true);
  if (!current) throw new NotFoundError('No such blog post');
  const at = now.toISOString();
  const status = changes.status ?? current.status;
  const next: StoredBlogPost = {
    ...current,
    ...(changes.title !== undefined ? { title: changes.title } : {}),
    ...(changes.slug !== undefined ? { slug: changes.slug } : {}),
    ...(changes.summary !== undefined ? { summary: changes.summary } : {}),
    ...(changes.body ? { body: changes.body.markdown, html: changes.body.html } : {}),
    status,
    // The first publication dates the post; unpublishing and publishing again keeps that date.
    ...(status === 'published' && !current.publishedAt ? { publishedAt: at } : {}),
    updatedAt: at,
  };
  const slugMoves = next.slug !== current.slug;
  await transact(
    () => [
      ...(slugMoves
        ? [
            {
              Put: { Item: { ...slugKey(next.slug), entity: 'blog-slug', postId: id }, ConditionExpression: 'attribute_not_exists(PK)' },
              ifConditionFails: () => slugTaken(next.slug),
            },
          ]
        : []),
      {
        Put: {
          Item: toBlogPostItem(rowOf(next)),
          ConditionExpression: 'updatedAt = :read',
          ExpressionAttributeValues: { ':read': current.updatedAt },
        },
      },
      ...(changes.body ? [{ Put: { Item: bodyItem(id, next.body, next.html) } }] : []),
      ...(slugMoves
        ? [{ Delete: { Key: slugKey(current.slug), ConditionExpression: 'postId = :id', ExpressionAttributeValues: { ':id': id } } }]
        : []),
    ],
    refuseLostRace(() => new ConflictError(CHANGED_MEANWHILE)),
  );
  return next;
}

/** Deletes a post with its body and frees its slug. */
export async function deleteBlogPost(id: string): Promise<void> {
  const current = await readPost(id, true);
  if (!current) throw new NotFoundError('No such blog post');
  await transact(
    () => [
      { Delete: { Key: postKey(id), ConditionExpression: 'updatedAt = :read', ExpressionAttributeValues: { ':read': current.updatedAt } } },
      { Delete: { Key: bodyKey(id) } },
      { Delete: { Key: slugKey(current.slug), ConditionExpression: 'postId = :id', ExpressionAttributeValues: { ':id': id } } },
    ],
    refuseLostRace(() => new ConflictError(CHANGED_MEANWHILE)),
  );
}

const CURSOR_TEXT = new RegExp(`^(\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}:\\d{2}\\.\\d{3}Z)#(${ULID_SOURCE})$`);

/** A page of one index partition, newest first; the cursor names only the last post's sort key. */
async function postPage(index: 'GSI1' | 'GSI2', partition: string, options: { limit: number; cursor?: string }): Promise<{ rows: BlogPostRow[]; nextCursor?: string }> {
  const page = await queryIndexPage(
    { index, partition, cursorPattern: CURSOR_TEXT, keyOf: (match) => postKey(match[2]!), newestFirst: true, pageSize: options.limit, exactLimit: true },
    options.cursor,
  );
  return { rows: page.items.map(readRow), ...(page.nextCursor ? { nextCursor: page.nextCursor } : {}) };
}

/** Every post, drafts too, newest first (the admins' list). */
export async function listAdminBlogPosts(options: { limit: number; cursor?: string }): Promise<AdminBlogPostsPage> {
  const { rows, nextCursor } = await postPage('GSI2', ALL_PARTITION, options);
  return { items: rows, ...(nextCursor ? { nextCursor } : {}) };
}

const publicSummary = (row: BlogPostRow): PublicBlogPostSummary => ({
  slug: row.slug,
  title: row.title,
  summary: row.summary,
  authorName: row.authorName,
  publishedAt: row.publishedAt!,
});

/** Published posts, newest first: the index holds only those. */
export async function listPublishedBlogPosts(options: { limit: number; cursor?: string }): Promise<PublicBlogPostsPage> {
  const { rows, nextCursor } = await postPage('GSI1', PUBLISHED_PARTITION, options);
  return { items: rows.map(publicSummary), ...(nextCursor ? { nextCursor } : {}) };
}

/** A published post by its slug, as visitors read it; undefined for a draft or a slug no post has. */
export async function publishedBlogPostBySlug(slug: string): Promise<PublicBlogPost | undefined> {
  const { Item } = await table.get({ Key: slugKey(slug) });
  if (typeof Item?.postId !== 'string') return undefined;
  const post = await readPost(Item.postId, false);
  // A slug item read just before its post moved to another slug names a post whose slug is now different.
  if (!post || post.status !== 'published' || post.slug !== slug) return undefined;
  return { ...publicSummary(post), html: post.html, updatedAt: post.updatedAt };
}
