/**
 * /admin/blog: the posts list (status, publish and unpublish in place, delete only after confirming) and the
 * editor (slug suggested from the title, field errors under their fields with nothing typed lost, a taken slug
 * from the server under Slug, the Preview tab showing the server's HTML, Publish and Save draft).
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, beforeEach, describe, expect, it, vi, type Mock } from 'vitest';
import type { BlogPost, BlogPostRow } from '../../shared/schemas/blog-post.ts';
import { ApiError } from '../../web/src/lib/api-error.ts';
import { renderAppLoaded, signedInAs } from './render-app.tsx';
import { answerApiWith } from './fake-use-api.ts';

type Handler = (input: { path?: Record<string, string>; query?: Record<string, unknown>; body?: unknown }) => unknown;

const mocked = {
  handlers: new Map<string, Handler>(),
  request: undefined as unknown as Mock<(route: string, input?: Parameters<Handler>[0]) => Promise<unknown>>,
};

const calls = (route: string) => mocked.request.mock.calls.filter(([id]) => id === route).map(([, input]) => input as Parameters<Handler>[0]);
const on = (route: string, handler: Handler) => mocked.handlers.set(route, handler);

function postRow(fields: Partial<BlogPost> = {}): BlogPost {
  return {
    id: '01JBL0G00000000000000000AA',
    slug: 'taper-week',
    title: 'Taper week, explained',
    summary: 'Why less running makes you faster.',
    body: '## Why taper\n\nRest.',
    status: 'draft',
    authorName: 'Sam Rivera',
    authorId: 'user-admin',
    createdAt: '2026-11-20T15:00:00.000Z',
    updatedAt: '2026-11-21T15:00:00.000Z',
    ...fields,
  };
}
const listed = (post: BlogPost): BlogPostRow => {
  const { body: _body, ...row } = post;
  return row;
};

beforeAll(async () => {
  await import('../../web/src/admin/admin-area.tsx');
});

beforeEach(() => {
  mocked.handlers.clear();
  mocked.request = vi.fn(async (route: string, input: Parameters<Handler>[0] = {}) => {
    const handler = mocked.handlers.get(route);
    if (!handler) throw new Error(`Unexpected API call ${route}`);
    return handler(input);
  });
  answerApiWith(mocked.request);
});


const open = async (path = '/admin/blog') => {
  await renderAppLoaded({ path, ...signedInAs('admin') });
};

describe('/admin/blog', () => {
  it('lists posts, drafts too, and publishes one in place', async () => {
    const draft = postRow();
    const live = postRow({ id: '01JBL0G00000000000000000AB', slug: 'race-day', title: 'Race day checklist', status: 'published', publishedAt: '2026-11-19T15:00:00.000Z' });
    on('listAdminBlogPosts', () => ({ items: [listed(draft), listed(live)] }));
    on('updateBlogPost', ({ body }) => ({ ...draft, ...(body as object), publishedAt: '2026-11-22T15:00:00.000Z' }));
    const user = userEvent.setup();
    await open();
    expect(await screen.findByRole('heading', { level: 1, name: 'Blog Posts' })).toBeInTheDocument();
    const table = within(await screen.findByRole('table', { name: 'Blog posts' }));
    expect(await table.findByText('Taper week, explained')).toBeInTheDocument();
    const rowOf = (title: string) => within(table.getByText(title).closest('tr')!);
    expect(rowOf('Taper week, explained').getByText('Draft')).toBeInTheDocument();
    expect(rowOf('Race day checklist').getByText('Published')).toBeInTheDocument();
    expect(table.getByRole('link', { name: /\/blog\/race-day/ })).toHaveAttribute('href', '/blog/race-day');

    await user.click(table.getByRole('button', { name: 'Publish Taper week, explained' }));
    await waitFor(() => expect(calls('updateBlogPost')).toEqual([{ path: { id: draft.id }, body: { status: 'published' } }]));
    expect(await screen.findByText('Post published')).toBeInTheDocument();
  });

  it('deletes a post only after the admin confirms', async () => {
    const post = postRow();
    on('listAdminBlogPosts', () => ({ items: [listed(post)] }));
    on('deleteBlogPost', () => undefined);
    const user = userEvent.setup();
    await open();
    const table = within(await screen.findByRole('table', { name: 'Blog posts' }));
    await user.click(await table.findByRole('button', { name: 'Delete Taper week, explained' }));
    const dialog = within(await screen.findByRole('dialog'));
    expect(dialog.getByText(/deleted for good, and its address \/blog\/taper-week stops working/)).toBeInTheDocument();
    await user.click(dialog.getByRole('button', { name: 'Cancel' }));
    expect(calls('deleteBlogPost')).toEqual([]);

    await user.click(table.getByRole('button', { name: 'Delete Taper week, explained' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(calls('deleteBlogPost')).toEqual([{ path: { id: post.id } }]));
    expect(await screen.findByText('Post deleted')).toBeInTheDocument();
  });

  it("says 'No posts yet' with a way to write the first", async () => {
    on('listAdminBlogPosts', () => ({ items: [] }));
    await open();
    expect(await screen.findByText('No posts yet')).toBeInTheDocument();
    expect(screen.getAllByRole('button', { name: 'New post' }).length).toBeGreaterThan(0);
  });
});

describe('the blog post editor', () => {
  it('suggests the slug from the title, checks the fields, and publishes', async () => {
    on('listAdminBlogPosts', () => ({ items: [] }));
    on('createBlogPost', ({ body }) => ({ ...postRow(), ...(body as object) }));
    const user = userEvent.setup();
    await open('/admin/blog?post=new');
    expect(await screen.findByRole('heading', { level: 1, name: 'New blog post' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Publish' }));
    expect(await screen.findByText('Title is required')).toBeInTheDocument();
    expect(screen.getByText('Summary is required')).toBeInTheDocument();
    expect(screen.getByText('Body is required')).toBeInTheDocument();
    expect(calls('createBlogPost')).toEqual([]);

    await user.type(screen.getByLabelText('Title'), 'Spring Marathon: 5 Tips!');
    expect(screen.getByLabelText('Slug')).toHaveValue('spring-marathon-5-tips');
    await user.type(screen.getByLabelText('Summary'), 'Five things to do before race day.');
    await user.type(screen.getByLabelText('Body (Markdown)'), '## Sleep{enter}{enter}Go to bed **early**.');
    await user.click(screen.getByRole('button', { name: 'Publish' }));
    await waitFor(() =>
      expect(calls('createBlogPost')).toEqual([
        { body: { title: 'Spring Marathon: 5 Tips!', slug: 'spring-marathon-5-tips', summary: 'Five things to do before race day.', body: '## Sleep\n\nGo to bed **early**.', status: 'published' } },
      ]),
    );
    expect(await screen.findByText('Post published')).toBeInTheDocument();
  });

  it('puts a taken slug under Slug and keeps everything typed', async () => {
    on('listAdminBlogPosts', () => ({ items: [] }));
    on('createBlogPost', () => {
      throw new ApiError(409, "Another post already has the slug 'taper'. Choose another one.", 'conflict');
    });
    const user = userEvent.setup();
    await open('/admin/blog?post=new');
    await user.type(await screen.findByLabelText('Title'), 'Taper');
    await user.type(screen.getByLabelText('Summary'), 'Rest up.');
    await user.type(screen.getByLabelText('Body (Markdown)'), 'Rest.');
    await user.click(screen.getByRole('button', { name: 'Save draft' }));
    expect(await screen.findByText("Another post already has the slug 'taper'. Choose another one.")).toBeInTheDocument();
    expect(calls('createBlogPost')[0]?.body).toMatchObject({ status: 'draft' });
    expect(screen.getByLabelText('Title')).toHaveValue('Taper');
    expect(screen.getByLabelText('Body (Markdown)')).toHaveValue('Rest.');
  });

  it("previews the body with the server's HTML and edits an existing post", async () => {
    const post = postRow({ status: 'published', publishedAt: '2026-11-19T15:00:00.000Z' });
    on('listAdminBlogPosts', () => ({ items: [listed(post)] }));
    on('getAdminBlogPost', () => post);
    on('previewBlogPost', () => ({ html: '<h2>Why taper</h2>\n<p>Rest.</p>' }));
    on('updateBlogPost', ({ body }) => ({ ...post, ...(body as object) }));
    const user = userEvent.setup();
    await open(`/admin/blog?post=${post.id}`);
    // The heading shows while the post loads too: wait for the form itself.
    expect(await screen.findByLabelText('Title')).toHaveValue('Taper week, explained');
    expect(screen.getByRole('heading', { level: 1, name: 'Edit blog post' })).toBeInTheDocument();
    await user.click(screen.getByRole('tab', { name: 'Preview' }));
    expect(await screen.findByRole('heading', { level: 2, name: 'Why taper' })).toBeInTheDocument();
    expect(calls('previewBlogPost')).toEqual([{ body: { body: '## Why taper\n\nRest.' } }]);

    await user.click(screen.getByRole('button', { name: 'Unpublish' }));
    await waitFor(() => expect(calls('updateBlogPost')[0]).toEqual({ path: { id: post.id }, body: expect.objectContaining({ status: 'draft', slug: 'taper-week' }) }));
    expect(await screen.findByText('Post unpublished')).toBeInTheDocument();
  });

  it('asks before discarding unsaved changes', async () => {
    on('listAdminBlogPosts', () => ({ items: [] }));
    const user = userEvent.setup();
    await open('/admin/blog?post=new');
    await user.type(await screen.findByLabelText('Title'), 'Half-written');
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    const dialog = within(await screen.findByRole('dialog'));
    await user.click(dialog.getByRole('button', { name: 'Keep editing' }));
    expect(screen.getByLabelText('Title')).toHaveValue('Half-written');
  });
});
