import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { fakeAuth, profileFor, renderApp, signedInAs } from './render-app.tsx';

const mainNav = () => screen.getByRole('navigation', { name: 'Main' });
const link = (name: string) => within(mainNav()).queryByRole('link', { name });
const viewModeSelect = () => within(mainNav()).queryByRole('combobox', { name: 'View mode' });
const optionLabels = (select: HTMLElement) => within(select).getAllByRole('option').map((option) => option.textContent);

describe('top navigation', () => {
  it('shows Events, Log In and Sign Up to a signed-out visitor', () => {
    renderApp({ auth: fakeAuth() });
    expect(link('Events')).toHaveAttribute('href', '/events');
    expect(link('Log In')).toHaveAttribute('href', '/auth');
    expect(link('Sign Up')).toHaveAttribute('href', '/auth?mode=signup');
    expect(within(mainNav()).queryByRole('button', { name: 'Sign out' })).toBeNull();
    for (const name of ['Training', 'Dashboard', 'Admin', 'Organizer', 'Super Admin']) expect(link(name)).toBeNull();
    expect(viewModeSelect()).toBeNull();
  });

  it('shows neither sign-in links nor account controls while the session is being checked', () => {
    renderApp({ auth: fakeAuth({ status: 'loading' }) });
    expect(link('Events')).not.toBeNull();
    expect(link('Log In')).toBeNull();
    expect(within(mainNav()).queryByRole('button', { name: 'Sign out' })).toBeNull();
  });

  it('gives an athlete Training, Dashboard, the e-mail name and Sign out, without a view selector', () => {
    renderApp(signedInAs('athlete'));
    expect(link('Events')).not.toBeNull();
    expect(link('Training')).toHaveAttribute('href', '/ai-coach');
    expect(link('Dashboard')).toHaveAttribute('href', '/dashboard');
    expect(within(mainNav()).getByText('athlete.demo')).toBeInTheDocument();
    expect(within(mainNav()).getByRole('button', { name: 'Sign out' })).toBeInTheDocument();
    expect(viewModeSelect()).toBeNull();
    for (const name of ['Admin', 'Organizer', 'Super Admin', 'Log In', 'Sign Up']) expect(link(name)).toBeNull();
  });

  it('starts an organizer in organizer view with the Organizer button and a two-way view selector', () => {
    renderApp(signedInAs('organizer'));
    expect(link('Organizer')).toHaveAttribute('href', '/organizer-dashboard');
    const select = viewModeSelect();
    expect(select).toHaveValue('organizer');
    expect(optionLabels(select!)).toEqual(['Athlete', 'Organizer']);
    for (const name of ['Training', 'Admin', 'Super Admin']) expect(link(name)).toBeNull();
  });

  it('gives an admin the Admin link and organizer view, but no super admin view', () => {
    renderApp(signedInAs('admin'));
    expect(link('Admin')).toHaveAttribute('href', '/admin');
    expect(link('Organizer')).not.toBeNull();
    expect(viewModeSelect()).toHaveValue('organizer');
    expect(optionLabels(viewModeSelect()!)).toEqual(['Athlete', 'Organizer']);
    expect(link('Super Admin')).toBeNull();
    expect(link('Training')).toBeNull();
  });

  it('starts a super admin in super admin view with Admin and Super Admin and all three views', () => {
    renderApp(signedInAs('superadmin'));
    expect(link('Admin')).toHaveAttribute('href', '/admin');
    expect(link('Super Admin')).toHaveAttribute('href', '/superadmin');
    expect(viewModeSelect()).toHaveValue('super_admin');
    expect(optionLabels(viewModeSelect()!)).toEqual(['Athlete', 'Organizer', 'Super Admin']);
    expect(link('Organizer')).toBeNull();
    expect(link('Training')).toBeNull();
  });

  it('grants nothing beyond athlete while the profile is still loading', () => {
    const { auth } = signedInAs('superadmin');
    renderApp({ auth }); // no profile seeded
    expect(link('Training')).not.toBeNull();
    for (const name of ['Admin', 'Super Admin', 'Organizer']) expect(link(name)).toBeNull();
    expect(viewModeSelect()).toBeNull();
  });

  it('switches an admin to athlete view, which shows Training instead of Organizer', async () => {
    const user = userEvent.setup();
    renderApp(signedInAs('admin'));
    await user.selectOptions(viewModeSelect()!, 'athlete');
    expect(link('Training')).not.toBeNull();
    expect(link('Organizer')).toBeNull();
    expect(link('Admin')).not.toBeNull();
  });

  it('remembers the chosen view per user across visits', async () => {
    const user = userEvent.setup();
    const first = renderApp(signedInAs('superadmin'));
    await user.selectOptions(viewModeSelect()!, 'organizer');
    first.unmount();

    renderApp(signedInAs('superadmin'));
    expect(viewModeSelect()).toHaveValue('organizer');
  });

  it('ignores a remembered view the role no longer allows', () => {
    localStorage.setItem('racefinder.viewMode.user-admin', 'super_admin');
    renderApp(signedInAs('admin'));
    expect(viewModeSelect()).toHaveValue('organizer');
  });

  it('signs out from the Sign out button', async () => {
    const user = userEvent.setup();
    const { auth } = renderApp(signedInAs('athlete'));
    await user.click(within(mainNav()).getByRole('button', { name: 'Sign out' }));
    expect(auth.signOut).toHaveBeenCalledTimes(1);
  });

  it('takes the role from the profile, never from the e-mail address', () => {
    const { auth } = signedInAs('athlete');
    renderApp({ auth: { ...auth, user: { id: 'user-athlete', email: 'admin@racefinder.example' } }, profile: profileFor('athlete', 'admin@racefinder.example') });
    expect(link('Admin')).toBeNull();
    expect(viewModeSelect()).toBeNull();
  });
});

describe('mobile menu', () => {
  const toggle = () => screen.getByRole('button', { name: 'Menu' });
  const mobileNav = () => screen.getByRole('navigation', { name: 'Mobile' });

  it('opens from the menu button and lists the super admin entries with the e-mail and tag', async () => {
    const user = userEvent.setup();
    renderApp(signedInAs('superadmin'));
    expect(toggle()).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('navigation', { name: 'Mobile' })).toBeNull();

    await user.click(toggle());
    expect(toggle()).toHaveAttribute('aria-expanded', 'true');
    const menu = within(mobileNav());
    expect(menu.getByRole('link', { name: 'My Dashboard' })).toHaveAttribute('href', '/dashboard');
    expect(menu.getByRole('link', { name: 'Admin Panel' })).toHaveAttribute('href', '/admin');
    expect(menu.getByRole('link', { name: 'Super Admin' })).toHaveAttribute('href', '/superadmin');
    expect(menu.getByRole('link', { name: 'Organizer Dashboard' })).toHaveAttribute('href', '/organizer-dashboard');
    expect(menu.getByRole('combobox', { name: 'View mode' })).toBeInTheDocument();
    expect(menu.getByRole('button', { name: 'Sign Out' })).toBeInTheDocument();
    expect(menu.getByText('superadmin.demo@example.com')).toBeInTheDocument();
    expect(menu.getByText('SuperAdmin')).toBeInTheDocument();
  });

  it('tags an admin as Admin and leaves out the Super Admin entry', async () => {
    const user = userEvent.setup();
    renderApp(signedInAs('admin'));
    await user.click(toggle());
    const menu = within(mobileNav());
    expect(menu.getByText('Admin')).toBeInTheDocument();
    expect(menu.queryByRole('link', { name: 'Super Admin' })).toBeNull();
    expect(menu.getByRole('link', { name: 'Admin Panel' })).toBeInTheDocument();
  });

  it('gives an athlete no admin, organizer or view entries', async () => {
    const user = userEvent.setup();
    renderApp(signedInAs('athlete'));
    await user.click(toggle());
    const menu = within(mobileNav());
    expect(menu.getByRole('link', { name: 'Training' })).toBeInTheDocument();
    for (const name of ['Admin Panel', 'Super Admin', 'Organizer Dashboard']) expect(menu.queryByRole('link', { name })).toBeNull();
    expect(menu.queryByRole('combobox', { name: 'View mode' })).toBeNull();
  });

  it('offers Log In and Sign Up when signed out', async () => {
    const user = userEvent.setup();
    renderApp();
    await user.click(toggle());
    const menu = within(mobileNav());
    expect(menu.getByRole('link', { name: 'Log In' })).toHaveAttribute('href', '/auth');
    expect(menu.getByRole('link', { name: 'Sign Up' })).toHaveAttribute('href', '/auth?mode=signup');
  });

  it('closes on Escape and returns focus to the menu button', async () => {
    const user = userEvent.setup();
    renderApp(signedInAs('athlete'));
    await user.click(toggle());
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('navigation', { name: 'Mobile' })).toBeNull();
    expect(toggle()).toHaveAttribute('aria-expanded', 'false');
    expect(toggle()).toHaveFocus();
  });

  it('closes after following one of its links', async () => {
    const user = userEvent.setup();
    const { router } = renderApp(signedInAs('athlete'));
    await user.click(toggle());
    await user.click(within(mobileNav()).getByRole('link', { name: 'My Dashboard' }));
    // Closed at once, while the dashboard's code may still be loading.
    expect(screen.queryByRole('navigation', { name: 'Mobile' })).toBeNull();
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
  });

  it('signs out from the menu', async () => {
    const user = userEvent.setup();
    const signOut = vi.fn(async () => undefined);
    renderApp(signedInAs('organizer', { signOut }));
    await user.click(toggle());
    await user.click(within(mobileNav()).getByRole('button', { name: 'Sign Out' }));
    expect(signOut).toHaveBeenCalledTimes(1);
  });
});
