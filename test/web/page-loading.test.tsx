/**
 * Pages in chunks of their own (route `lazy`): while one downloads the current page stays and the shell shows
 * a progress bar; one that cannot be downloaded shows a way out inside the shell.
 */
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderApp, renderAppLoaded, signedInAs } from './render-app.tsx';

const chunks = vi.hoisted(() => {
  let release!: () => void;
  const arrived = new Promise<void>((resolve) => (release = resolve));
  return { arrived, release };
});

// The dashboard's chunk arrives when the test says; the event page's never does (a deploy removed it).
vi.mock('../../web/src/app/pages/dashboard-route.tsx', async () => {
  await chunks.arrived;
  return { default: () => <h1>Dashboard arrived</h1>, gate: { signInText: 'Sign in to see your dashboard.' } };
});
vi.mock('../../web/src/app/pages/event-detail-route.tsx', () => {
  throw new TypeError('Failed to fetch dynamically imported module');
});

afterEach(() => vi.restoreAllMocks());

describe('page chunks', () => {
  it('keeps the current page and shows a progress bar until the next page has loaded', async () => {
    const user = userEvent.setup();
    // Signed in: /dashboard is behind the role gate, which would show a visitor the sign-in prompt instead.
    const { router } = renderApp({ path: '/about', ...signedInAs('athlete') });
    await screen.findByRole('heading', { level: 1 });
    expect(screen.queryByRole('progressbar')).toBeNull();

    void router.navigate('/dashboard');
    expect(await screen.findByRole('progressbar', { name: 'Loading page' })).toBeInTheDocument();
    expect(screen.getByRole('main')).toHaveAttribute('aria-busy', 'true');
    expect(router.state.location.pathname).toBe('/about');

    chunks.release();
    expect(await screen.findByRole('heading', { name: 'Dashboard arrived' })).toBeInTheDocument();
    expect(screen.queryByRole('progressbar')).toBeNull();
    expect(screen.getByRole('main')).not.toHaveAttribute('aria-busy');
    await user.click(screen.getByRole('link', { name: 'Races' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/events'));
  });

  it('offers a reload, inside the shell, when a page cannot be loaded', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    await renderAppLoaded({ path: '/events/01JABCDEFGHJKMNPQRSTVWXYZ0' });
    expect(screen.getByRole('heading', { level: 1, name: 'This page could not be loaded' })).toBeInTheDocument();
    expect(screen.getByText('RaceFinder may have been updated since you opened it. Reloading gets the latest version.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Reload the page' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Return to Home' })).toHaveAttribute('href', '/');
    expect(screen.getByRole('banner')).toBeInTheDocument();
    expect(document.title).toContain('Something went wrong');
    expect(logged).toHaveBeenCalledWith('Page failed to load', expect.any(Error));
  });
});
