/**
 * The blog through the local stack: admins write, edit, publish, unpublish and delete posts (nobody else may),
 * slugs are unique (409), drafts are invisible to visitors (the list and the post's address alike), the public
 * list is newest first with a cursor, and what visitors get is the sanitized HTML of the Markdown, with nothing
 * an admin typed able to run.
 */
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  AdminBlogPostsPageSchema,
  BlogPostSchema,
  PublicBlogPostSchema,
  PublicBlogPostsPageSchema,
  type BlogPost,
  type CreateBlogPostBody,
} from '#shared/schemas/blog-post';
import { account, api, idTokenFor, newUser } from '../support/local-api.ts';

const tokens: Record<string, string> = {};
beforeAll(async () => {
  for (const label of ['Athlete', 'Organizer', 'Admin', 'Super admin']) {
    const { email, password } = account(label);
    tokens[label] = await idTokenFor(email, password);
  }
});

const slugOf = (words: string) => `${words}-${randomUUID().slice(0, 8)}`;

function post(fields: Partial<CreateBlogPostBody> = {}): CreateBlogPostBody {
  return {
    title: 'Ten weeks to your first half marathon',
    slug: slugOf('first-half'),
    summary: 'A plan that builds you up without breaking you down.',
    body: '## Week one\n\nRun **three** times, all easy.',
    ...fields,
  };
}

async function create(body: CreateBlogPostBody, token = tokens.Admin): Promise<BlogPost> {
  const response = await api('POST', '/api/admin/blog-posts', { token, body });
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  expect(response.headers.get('cache-control')).toBe('private, no-store');
  return BlogPostSchema.parse(response.body);
}

async function patch(id: string, body: unknown, token = tokens.Admin) {
  return api('PATCH', `/api/admin/blog-posts/${id}`, { token, body });
}

async function publicPost(slug: string) {
  return api('GET', `/api/blog-posts/${slug}`);
}

/** Every published post, following the cursor as the /blog page does. */
async function allPublished(limit = 50) {
  const items: { slug: string; publishedAt: string }[] = [];
  let cursor: string | undefined;
  do {
    const response = await api('GET', '/api/blog-posts', { query: { limit: String(limit), ...(cursor ? { cursor } : {}) } });
    expect(response.status).toBe(200);
    const page = PublicBlogPostsPageSchema.parse(response.body);
    items.push(...page.items);
    cursor = page.nextCursor;
  } while (cursor);
  return items;
}

describe('writing blog posts', () => {
  it('creates a draft by the calling admin, named from their profile, and reads it back with its Markdown', async () => {
    const body = post();
    const created = await create(body);
    expect(created).toMatchObject({ slug: body.slug, title: body.title, summary: body.summary, body: body.body, status: 'draft' });
    expect(created.publishedAt).toBeUndefined();
    expect(created.authorName).not.toContain('@');
    expect(created.authorName.length).toBeGreaterThan(0);
    const read = await api('GET', `/api/admin/blog-posts/${created.id}`, { token: tokens.Admin });
    expect(read.status).toBe(200);
    expect(BlogPostSchema.parse(read.body)).toEqual(created);
    const listed = AdminBlogPostsPageSchema.parse((await api('GET', '/api/admin/blog-posts', { token: tokens.Admin })).body);
    expect(listed.items[0]).toMatchObject({ id: created.id, status: 'draft' });
    expect(listed.items[0]).not.toHaveProperty('body');
  });

  it('names the author from the admin profile', async () => {
    const me = (await api('GET', '/api/me', { token: tokens['Super admin'] })).body as { firstName?: string; lastName?: string };
    const created = await create(post(), tokens['Super admin']);
    const expected = [me.firstName, me.lastName].filter(Boolean).join(' ') || 'The RaceFinder team';
    expect(created.authorName).toBe(expected);
  });

  it('lets only admins write, read drafts or preview', async () => {
    const created = await create(post());
    const { token: fresh } = await newUser('blog-athlete');
    for (const [who, token, status] of [['anonymous', undefined, 401], ['athlete', tokens.Athlete, 403], ['organizer', tokens.Organizer, 403], ['new user', fresh, 403]] as const) {
      expect((await api('POST', '/api/admin/blog-posts', { token, body: post() })).status, who).toBe(status);
      expect((await api('PATCH', `/api/admin/blog-posts/${created.id}`, { token, body: { status: 'published' } })).status, who).toBe(status);
      expect((await api('DELETE', `/api/admin/blog-posts/${created.id}`, { token })).status, who).toBe(status);
      expect((await api('GET', `/api/admin/blog-posts/${created.id}`, { token })).status, who).toBe(status);
      expect((await api('GET', '/api/admin/blog-posts', { token })).status, who).toBe(status);
      expect((await api('POST', '/api/admin/blog-posts/preview', { token, body: { body: '# x' } })).status, who).toBe(status);
    }
    const still = BlogPostSchema.parse((await api('GET', `/api/admin/blog-posts/${created.id}`, { token: tokens.Admin })).body);
    expect(still.status).toBe('draft');
  });

  it('refuses a slug another post has with a 409, on create and on edit', async () => {
    const first = await create(post());
    const taken = await api('POST', '/api/admin/blog-posts', { token: tokens.Admin, body: post({ slug: first.slug }) });
    expect(taken.status).toBe(409);
    expect((taken.body as { error: { message: string } }).error.message).toBe(`Another post already has the slug '${first.slug}'. Choose another one.`);

    const second = await create(post());
    expect((await patch(second.id, { slug: first.slug })).status).toBe(409);
    expect(BlogPostSchema.parse((await api('GET', `/api/admin/blog-posts/${second.id}`, { token: tokens.Admin })).body).slug).toBe(second.slug);

    // A changed slug frees the old one.
    const moved = slugOf('moved');
    expect((await patch(first.id, { slug: moved })).status).toBe(200);
    await create(post({ slug: first.slug }));
  });

  it('checks every field and names the bad ones', async () => {
    const response = await api('POST', '/api/admin/blog-posts', {
      token: tokens.Admin,
      body: { title: ' ', slug: 'Not A Slug', summary: 'x'.repeat(301), body: '   ', status: 'live' },
    });
    expect(response.status).toBe(400);
    const fields = (response.body as { error: { fields: Record<string, string[]> } }).error.fields;
    expect(Object.keys(fields).sort()).toEqual(['body.body', 'body.slug', 'body.status', 'body.summary', 'body.title']);
    expect(fields['body.slug']).toEqual(['Use lower-case letters, digits and single hyphens, like spring-marathon-tips']);
    expect((await api('POST', '/api/admin/blog-posts', { token: tokens.Admin, body: { ...post(), authorName: 'Someone else' } })).status).toBe(400);
    expect((await patch('01HZZZZZZZZZZZZZZZZZZZZZZZ', { title: 'x' })).status).toBe(404);
    expect((await patch((await create(post())).id, {})).status).toBe(400);
  });

  it('deletes a post with its address, after which its slug is free', async () => {
    const created = await create(post({ status: 'published' }));
    expect((await publicPost(created.slug)).status).toBe(200);
    expect((await api('DELETE', `/api/admin/blog-posts/${created.id}`, { token: tokens.Admin })).status).toBe(204);
    expect((await api('GET', `/api/admin/blog-posts/${created.id}`, { token: tokens.Admin })).status).toBe(404);
    expect((await publicPost(created.slug)).status).toBe(404);
    expect((await api('DELETE', `/api/admin/blog-posts/${created.id}`, { token: tokens.Admin })).status).toBe(404);
    await create(post({ slug: created.slug }));
  });
});

describe('reading the blog', () => {
  it('shows visitors published posts only: a draft is as unknown as a slug no post has', async () => {
    const draft = await create(post({ title: 'Draft: secret race plans' }));
    const unknown = await publicPost(slugOf('never-written'));
    expect(unknown.status).toBe(404);
    const hidden = await publicPost(draft.slug);
    expect(hidden.status).toBe(404);
    expect(hidden.body).toEqual(unknown.body);
    expect((await allPublished()).map((item) => item.slug)).not.toContain(draft.slug);

    const published = BlogPostSchema.parse((await patch(draft.id, { status: 'published' })).body);
    expect(published.status).toBe('published');
    expect(published.publishedAt).toBeDefined();
    const shown = await publicPost(draft.slug);
    expect(shown.status).toBe(200);
    expect(shown.headers.get('cache-control')).toBe('public, max-age=60');
    const page = PublicBlogPostSchema.parse(shown.body);
    expect(page).toMatchObject({ slug: draft.slug, title: draft.title, summary: draft.summary, authorName: draft.authorName, publishedAt: published.publishedAt });
    expect(shown.body).not.toHaveProperty('body');
    expect(page.html).toBe('<h2>Week one</h2>\n<p>Run <strong>three</strong> times, all easy.</p>');
    expect((await allPublished()).map((item) => item.slug)).toContain(draft.slug);

    // Unpublishing hides it again; publishing once more keeps its first date.
    expect((await patch(draft.id, { status: 'draft' })).status).toBe(200);
    expect((await publicPost(draft.slug)).status).toBe(404);
    expect((await allPublished()).map((item) => item.slug)).not.toContain(draft.slug);
    const again = BlogPostSchema.parse((await patch(draft.id, { status: 'published' })).body);
    expect(again.publishedAt).toBe(published.publishedAt);
  });

  it('lists published posts newest first, page by page with a cursor that resumes exactly', async () => {
    const mine: string[] = [];
    for (let i = 0; i < 3; i += 1) {
      mine.push((await create(post({ status: 'published', title: `Post ${i}` }))).slug);
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    const all = await allPublished(2);
    const order = all.map((item) => item.slug);
    expect(new Set(order).size).toBe(order.length);
    expect(order.filter((slug) => mine.includes(slug))).toEqual([...mine].reverse());
    const dates = all.map((item) => item.publishedAt);
    expect([...dates].sort().reverse()).toEqual(dates);
    expect((await allPublished(50)).map((item) => item.slug)).toEqual(order);
    expect((await api('GET', '/api/blog-posts', { query: { cursor: 'not-a-cursor!' } })).status).toBe(400);
  });

  it('answers 404 for an unknown slug and 400 for a path that cannot be a slug', async () => {
    expect((await publicPost('no-such-post-anywhere')).status).toBe(404);
    expect((await publicPost('Not_A_Slug')).status).toBe(400);
  });

  it('gives visitors HTML in which nothing an admin typed can run: scripts, event handlers and javascript: links are gone', async () => {
    const body = [
      'Intro',
      '<script>window.pwned = true</script>',
      '<img src="/images/x.png" onerror="window.pwned = true">',
      '[Win a prize](javascript:window.pwned=true)',
      '<a href="JAVASCRIPT:alert(1)" onclick="alert(2)">shout</a>',
      '<iframe src="https://evil.example"></iframe>',
      '[Races](/events)',
    ].join('\n\n');
    const preview = await api('POST', '/api/admin/blog-posts/preview', { token: tokens.Admin, body: { body } });
    expect(preview.status).toBe(200);
    const created = await create(post({ body, status: 'published' }));
    expect(created.body).toBe(body);
    const { html } = PublicBlogPostSchema.parse((await publicPost(created.slug)).body);
    expect(html).toBe((preview.body as { html: string }).html);
    expect(html).not.toMatch(/<script|<iframe|onerror|onclick|javascript:/i);
    expect(html).not.toContain('pwned');
    expect(html).toContain('<img src="/images/x.png" alt="" loading="lazy" />');
    expect(html).toContain('<a>Win a prize</a>');
    expect(html).toContain('<a href="/events">Races</a>');
  });

});
