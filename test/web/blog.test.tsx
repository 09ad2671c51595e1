/**
 * The public blog pages with the real router and API client, the server answered by a fetch stub: the list
 * (newest first as the server sends them, summaries, "Show more posts" with the cursor, empty and error
 * states) and a post (its sanitized HTML set as it comes, a 404 as "Post not found"). And /unsubscribe, which
 * asks before it changes anything.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { PublicBlogPost, PublicBlogPostSummary } from '#shared/schemas/blog-post';
import { renderApp } from './render-app.tsx';


const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
let fetchMock: ReturnType<typeof vi.fn<(input: RequestInfo | URL, init?: RequestInit) => Promise<Response>>>;
beforeEach(() => {
  fetchMock = vi.fn<(input: RequestInfo | URL, init?: RequestInit) => Promise<Response>>();
  vi.stubGlobal('fetch', fetchMock);
});
const callsTo = (path: string) => fetchMock.mock.calls.filter(([url]) => String(url).startsWith(path));

const summary = (n: number): PublicBlogPostSummary => ({
  slug: `post-${n}`,
  title: `Post number ${n}`,
  summary: `What post ${n} is about, in a sentence.`,
  authorName: 'Ada Lovelace',
  publishedAt: `2026-11-${String(10 + n).padStart(2, '0')}T15:00:00.000Z`,
});

describe('/blog', () => {
  it('lists posts with summaries, dates and authors, and loads more with the cursor', async () => {
    fetchMock.mockImplementation(async (url) =>
      String(url).includes('cursor=') ? json(200, { items: [summary(1)] }) : json(200, { items: [summary(3), summary(2)], nextCursor: 'c2' }),
    );
    const user = userEvent.setup();
    renderApp({ path: '/blog' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Blog' })).toBeInTheDocument();
    const first = await screen.findByRole('link', { name: 'Post number 3' });
    expect(first).toHaveAttribute('href', '/blog/post-3');
    expect(screen.getByText('What post 3 is about, in a sentence.')).toBeInTheDocument();
    expect(screen.getAllByText(/Ada Lovelace/)).toHaveLength(2);
    expect(screen.getByText('November 13, 2026')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Show more posts' }));
    expect(await screen.findByRole('link', { name: 'Post number 1' })).toBeInTheDocument();
    expect(String(callsTo('/api/blog-posts').at(-1)![0])).toBe('/api/blog-posts?cursor=c2');
    expect(screen.queryByRole('button', { name: 'Show more posts' })).toBeNull();
    const titles = screen.getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent);
    expect(titles.filter((title) => title?.startsWith('Post number'))).toEqual(['Post number 3', 'Post number 2', 'Post number 1']);
  });

  it("says 'No posts yet' when nothing is published", async () => {
    fetchMock.mockImplementation(async () => json(200, { items: [] }));
    renderApp({ path: '/blog' });
    expect(await screen.findByText('No posts yet')).toBeInTheDocument();
  });

  it('shows the error with Try again, which loads the list', async () => {
    fetchMock.mockResolvedValueOnce(json(500, { error: { code: 'internal', message: 'Something went wrong on our side. Please try again.' } }));
    fetchMock.mockResolvedValue(json(200, { items: [summary(1)] }));
    const user = userEvent.setup();
    renderApp({ path: '/blog' });
    expect(await screen.findByText('Unable to load the blog')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('link', { name: 'Post number 1' })).toBeInTheDocument();
  });
});

describe('/blog/:slug', () => {
  it("shows the post's title, summary, date, author and HTML body", async () => {
    const post: PublicBlogPost = { ...summary(4), html: '<h2>Week one</h2>\n<p>Run <strong>three</strong> times.</p>', updatedAt: '2026-11-14T16:00:00.000Z' };
    fetchMock.mockImplementation(async () => json(200, post));
    renderApp({ path: '/blog/post-4' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Post number 4' })).toBeInTheDocument();
    expect(String(callsTo('/api/blog-posts/')[0]![0])).toBe('/api/blog-posts/post-4');
    const article = within(screen.getByRole('article'));
    expect(article.getByRole('heading', { level: 2, name: 'Week one' })).toBeInTheDocument();
    expect(article.getByText('three').tagName).toBe('STRONG');
    expect(article.getByText(/Ada Lovelace/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '← All posts' })).toHaveAttribute('href', '/blog');
    await waitFor(() => expect(document.title).toBe('Post number 4 · RaceFinder'));
  });

  it("says 'Post not found' for a draft or an unknown slug, once", async () => {
    fetchMock.mockImplementation(async () => json(404, { error: { code: 'not_found', message: 'There is no post at this address.' } }));
    renderApp({ path: '/blog/not-there' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Post not found' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'See all posts' })).toHaveAttribute('href', '/blog');
    expect(callsTo('/api/blog-posts/')).toHaveLength(1);
  });
});

describe('/unsubscribe', () => {
  const TOKEN = 'A'.repeat(43);

  it('changes nothing until the person confirms, then says they are unsubscribed', async () => {
    fetchMock.mockImplementation(async () => json(200, { unsubscribed: true }));
    const user = userEvent.setup();
    renderApp({ path: `/unsubscribe?token=${TOKEN}` });
    expect(await screen.findByRole('heading', { level: 1, name: 'Unsubscribe from the newsletter' })).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: 'Unsubscribe' }));
    expect(await screen.findByRole('heading', { level: 1, name: "You're unsubscribed" })).toBeInTheDocument();
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(String(url)).toBe('/api/newsletter-subscriptions/unsubscribe');
    expect(init?.method).toBe('POST');
    expect(JSON.parse(String(init?.body))).toEqual({ token: TOKEN });
  });

  it('says a link the server does not know is not valid', async () => {
    fetchMock.mockImplementation(async () => json(404, { error: { code: 'not_found', message: 'This unsubscribe link is not valid.' } }));
    const user = userEvent.setup();
    renderApp({ path: `/unsubscribe?token=${TOKEN}` });
    await user.click(await screen.findByRole('button', { name: 'Unsubscribe' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'This unsubscribe link is not valid' })).toBeInTheDocument();
  });

  it('keeps the button and says why when the request fails', async () => {
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    const user = userEvent.setup();
    renderApp({ path: `/unsubscribe?token=${TOKEN}` });
    await user.click(await screen.findByRole('button', { name: 'Unsubscribe' }));
    expect(await screen.findByText(/Can't reach RaceFinder/)).toBeInTheDocument();
    expect(screen.getByText('Your request did not go through')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Unsubscribe' })).toBeEnabled();
  });

  it('says a cut-short link is not complete, without calling the server', async () => {
    renderApp({ path: '/unsubscribe?token=abc' });
    expect(await screen.findByRole('heading', { level: 1, name: 'This unsubscribe link is not complete' })).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
