import { act, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp, renderAppLoaded } from './render-app.tsx';

/**
 * The route table of the product spec (000, section 2), except / and /auth which have their own tests, and the
 * pages built on data that have theirs (/events/{id}: event-detail.test.tsx, /dashboard: dashboard.test.tsx).
 */
const SPEC_ROUTES = [
  '/events',
  '/training',
  '/ai-coach',
  '/training-dashboard',
  '/local',
  '/organizers',
  '/organizer-dashboard',
  '/create-event',
  '/apply-organizer',
  '/admin',
  '/superadmin',
  '/admin/events',
  '/admin/users',
  '/admin/data',
  '/admin/import',
  '/admin/system',
  '/calendar',
  '/blog',
  '/reviews',
  '/claim-event',
  '/promote-event',
  '/submit-event',
  '/sponsorship',
  '/training-journal',
  '/race-checklist',
  '/pacing-calculator',
  '/weather-tracker',
  '/faq',
  '/community',
  '/athlete-spotlights',
  '/ambassador-program',
  '/volunteer',
  '/submit-race-recap',
  '/about',
  '/contact',
  '/terms',
  '/privacy',
  '/partners',
  '/leaderboard',
  '/charity-races',
  '/corporate',
];

describe('pages', () => {
  it.each(SPEC_ROUTES)('%s has its own page with a title and one line', { timeout: 60_000 }, async (path) => {
    renderApp({ path });
    // Lazily loaded pages import their chunk on first render; a cold import in jsdom can take a few seconds,
    // and the admin area's (Cloudscape) more than five on a busy machine.
    const heading = await screen.findByRole('heading', { level: 1 });
    expect(heading.textContent).not.toBe('404');
    expect(heading.nextElementSibling?.textContent?.length).toBeGreaterThan(20);
    await waitFor(() => expect(document.title).toBe(`${heading.textContent} · RaceFinder`));
  });

  it('shows the race calendar at /calendar, no longer a placeholder', async () => {
    // The page loads with its chunk (found by lazy route discovery), not with the entry.
    await renderAppLoaded({ path: '/calendar?month=2030-05' });
    expect(screen.getByRole('heading', { level: 1, name: 'Race Calendar' })).toBeInTheDocument();
    expect(screen.queryByText(/Coming Soon/)).not.toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'All races', selected: true })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'My races' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'May 2030' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'Subscribe to this calendar' })).toBeInTheDocument();
  });

  it('shows the 404 page with a link home for an unknown path', async () => {
    renderApp({ path: '/nope/not-here' });
    // The 404 page loads in a chunk of its own, not with the entry.
    expect(await screen.findByRole('heading', { level: 1, name: '404' })).toBeInTheDocument();
    expect(screen.getByText('Oops! Page not found')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Return to Home' })).toHaveAttribute('href', '/');
    await waitFor(() => expect(document.title).toBe('Page not found · RaceFinder'));
  });

  it('finds the pages the router discovers on a client-side visit, after a 404 and before another', async () => {
    const { router } = renderApp({ path: '/nope/not-here' });
    expect(await screen.findByRole('heading', { level: 1, name: '404' })).toBeInTheDocument();
    await act(() => router.navigate('/pacing-calculator-nope'));
    await act(() => router.navigate('/training-journal'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/training-journal'));
    const heading = await screen.findByRole('heading', { level: 1 });
    expect(heading.textContent).not.toBe('404');
    await act(() => router.navigate('/still-not-a-page'));
    expect(await screen.findByRole('heading', { level: 1, name: '404' })).toBeInTheDocument();
    // Asked three times, patched in once: the pages group holds each discovered path once.
    const paths = router.routes[0]!.children![0]!.children!.map((route) => route.path);
    expect(paths.filter((path) => path === 'training-journal')).toHaveLength(1);
  });

  it('shows the 404 page for an unknown admin path too', async () => {
    renderApp({ path: '/admin/nope' });
    expect(await screen.findByRole('heading', { level: 1, name: '404' })).toBeInTheDocument();
  });

  it('offers a skip link to the main content and the page landmarks', async () => {
    await renderAppLoaded({ path: '/about' });
    expect(screen.getByRole('link', { name: 'Skip to content' })).toHaveAttribute('href', '#main');
    expect(screen.getByRole('main')).toHaveAttribute('id', 'main');
    expect(screen.getByRole('banner')).toBeInTheDocument();
    expect(screen.getByRole('contentinfo')).toBeInTheDocument();
  });
});
