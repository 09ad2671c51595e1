/**
 * The admin area (/admin/*): its Cloudscape shell is shown only to admins, by the role in the server's profile
 * (GET /api/me); visitors are asked to sign in and everyone else is denied, and neither sees any admin screen.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import { SCREENS } from '../../web/src/admin/admin-area.tsx';
import { ADMIN_SECTIONS } from '../../web/src/admin/admin-sections.ts';
import { fakeAuth, profileFor, renderAppLoaded, signedInAs } from './render-app.tsx';

const DENIED = 'You need admin privileges to access this page.';

const adminNav = () => screen.queryByRole('navigation', { name: 'Admin sections' });

/** The admin area's chunk (Cloudscape) loads on first render; a cold import in jsdom can take a few seconds. */
async function heading(name: string) {
  return screen.findByRole('heading', { level: 1, name });
}

// The area's chunk (Cloudscape) is imported once up front: a cold import in jsdom takes seconds.
beforeAll(async () => {
  await import('../../web/src/admin/admin-area.tsx');
});

describe('admin area', () => {
  it('asks a visitor to sign in and shows no admin screen', async () => {
    await renderAppLoaded({ path: '/admin/users' });
    expect(await heading('Please Sign In')).toBeInTheDocument();
    expect(screen.getByText('Sign in with an admin account to manage events, users, data and imports.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/auth?returnTo=%2Fadmin%2Fusers');
    expect(adminNav()).toBeNull();
    expect(screen.queryByText('User Management')).toBeNull();
  });

  it.each(['athlete', 'organizer'] as const)('denies a signed-in %s, whatever the browser knows of them', async (role) => {
    // An address that looks like an admin's changes nothing: only the server's profile grants the role.
    const auth = fakeAuth({ status: 'signedIn', user: { id: `user-${role}`, email: 'admin@racefinder.example' } });
    await renderAppLoaded({ path: '/admin', auth, profile: profileFor(role, 'admin@racefinder.example') });
    expect(await heading('Access Denied')).toBeInTheDocument();
    expect(screen.getByText(DENIED)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Return to Home' })).toHaveAttribute('href', '/');
    expect(adminNav()).toBeNull();
    expect(screen.queryByText('Admin Panel')).toBeNull();
  });

  it('shows nothing of the area while the profile loads', async () => {
    // Signed in, profile not seeded: it stays loading.
    await renderAppLoaded({ path: '/admin', auth: fakeAuth({ status: 'signedIn', user: { id: 'user-admin', email: 'admin@racefinder.example' } }) });
    expect((await screen.findAllByText(/Loading the admin area/)).length).toBeGreaterThan(0);
    expect(screen.queryByRole('heading', { level: 1 })).toBeNull();
    expect(adminNav()).toBeNull();
    expect(screen.queryByText('Access Denied')).toBeNull();
  });

  it('gives an admin the shell: side navigation of every section, breadcrumbs and the overview', async () => {
    await renderAppLoaded({ path: '/admin', ...signedInAs('admin') });
    expect(await heading('Admin Panel')).toBeInTheDocument();
    const nav = within(adminNav()!);
    for (const section of ADMIN_SECTIONS) {
      expect(nav.getByRole('link', { name: section.navText })).toHaveAttribute('href', section.path ? `/admin/${section.path}` : '/admin');
    }
    expect(nav.queryByRole('link', { name: 'Super admin' })).toBeNull();
    const crumbs = within(screen.getByRole('navigation', { name: 'Breadcrumbs' }));
    expect(crumbs.getByRole('link', { name: 'Admin' })).toHaveAttribute('aria-current', 'page');
    // The overview is built (its own tests are admin-overview.test.tsx): its figures and the JSON import.
    expect(screen.getByRole('heading', { level: 2, name: 'Overview' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'JSON import' })).toBeInTheDocument();
    expect(screen.getByText('See the state of the catalogue, recent imports and what waits for review.')).toBeInTheDocument();
    expect(document.body.textContent).not.toMatch(/lorem|ipsum/i);
    await waitFor(() => expect(document.title).toBe('Admin Panel · RaceFinder'));
  });

  // The reviews screen's Cloudscape table renders slowly in jsdom.
  it('moves between sections from the side navigation, inside the app', async () => {
    const user = userEvent.setup();
    const { router } = await renderAppLoaded({ path: '/admin', ...signedInAs('admin') });
    await heading('Admin Panel');
    // The last section built (issue 11): its own tests are admin-reviews.test.tsx.
    await user.click(within(adminNav()!).getByRole('link', { name: 'Reviews' }));
    expect(await heading('Review Moderation')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/admin/reviews');
    expect((await screen.findAllByText('Reported reviews')).length).toBeGreaterThan(0);
    expect(screen.queryByText('Reviews is not built yet')).toBeNull();
    const crumbs = within(screen.getByRole('navigation', { name: 'Breadcrumbs' }));
    expect(crumbs.getByRole('link', { name: 'Admin' })).toHaveAttribute('href', '/admin');
    expect(crumbs.getByRole('link', { name: 'Reviews' })).toHaveAttribute('aria-current', 'page');
    await waitFor(() => expect(document.title).toBe('Review Moderation · RaceFinder'));
  });

  // Every section has its screen now, each with tests of its own (admin-overview, admin-import, admin-data,
  // admin-system, admin-events, admin-reviews...); a new section without one would show its empty state.
  it('has a screen for every section', () => {
    expect(ADMIN_SECTIONS.filter((section) => !Object.hasOwn(SCREENS, section.path)).map((section) => section.path)).toEqual([]);
  });

  it('lets a super admin in, with the super admin dashboard in the navigation', async () => {
    await renderAppLoaded({ path: '/admin/events', ...signedInAs('superadmin') });
    expect(await heading('Event Management')).toBeInTheDocument();
    expect(within(adminNav()!).getByRole('link', { name: 'Super admin' })).toHaveAttribute('href', '/superadmin');
  });

  it('keeps /superadmin to the super admin', async () => {
    await renderAppLoaded({ path: '/superadmin', ...signedInAs('admin') });
    expect(await heading('Access Denied')).toBeInTheDocument();
    expect(screen.getByText('You need super admin privileges to access this page.')).toBeInTheDocument();
  });

  it('shows the super admin dashboard in the same shell', async () => {
    await renderAppLoaded({ path: '/superadmin', ...signedInAs('superadmin') });
    expect(await heading('Super Admin Dashboard')).toBeInTheDocument();
    expect(adminNav()).not.toBeNull();
    // Built now: the pending organizer applications, decided in place, replace the section's empty state.
    expect(screen.getByRole('heading', { level: 2, name: /Pending organizer applications/ })).toBeInTheDocument();
    expect(screen.queryByText('Super admin is not built yet')).toBeNull();
  });
});
