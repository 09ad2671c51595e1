import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { fakeAuth, profileFor, renderApp, signedInAs } from './render-app.tsx';

const mainNav = () => screen.getByRole('navigation', { name: 'Main' });
const link = (name: string) => within(mainNav()).queryByRole('link', { name });
const viewModeSelect = () => within(mainNav()).queryByRole('combobox', { name: 'View mode' });
/** The view switch loads in a chunk of its own once the role allows it: wait for it. */
const loadedViewModeSelect = () => within(mainNav()).findByRole('combobox', { name: 'View mode' });
const optionLabels = (select: HTMLElement) => within(select).getAllByRole('option').map((option) => option.textContent);

const SECTIONS = { Races: '/events', 'Near me': '/local', Calendar: '/calendar', Training: '/training', Community: '/community' };

function expectSections(scope: ReturnType<typeof within>) {
  for (const [name, href] of Object.entries(SECTIONS)) expect(scope.getByRole('link', { name })).toHaveAttribute('href', href);
}

describe('top navigation', () => {
  it("shows a signed-out visitor the product's main sections, Log In and Sign Up", () => {
    renderApp({ auth: fakeAuth() });
    expectSections(within(mainNav()));
    expect(link('Log In')).toHaveAttribute('href', '/auth');
    expect(link('Sign Up')).toHaveAttribute('href', '/auth?mode=signup');
    expect(within(mainNav()).queryByRole('button', { name: 'Sign out' })).toBeNull();
    for (const name of ['My dashboard', 'Admin', 'Organizer dashboard', 'Super admin dashboard']) expect(link(name)).toBeNull();
    expect(viewModeSelect()).toBeNull();
  });

  it('shows neither sign-in links nor account controls while the session is being checked', () => {
    renderApp({ auth: fakeAuth({ status: 'loading' }) });
    expect(link('Races')).not.toBeNull();
    expect(link('Log In')).toBeNull();
    expect(within(mainNav()).queryByRole('button', { name: 'Sign out' })).toBeNull();
  });

  it('gives an athlete the sections, My dashboard and an account menu by their first name, without a view selector', async () => {
    const user = userEvent.setup();
    renderApp(signedInAs('athlete'));
    expectSections(within(mainNav()));
    expect(link('My dashboard')).toHaveAttribute('href', '/dashboard');
    expect(within(mainNav()).queryByText('athlete.demo')).toBeNull();
    expect(viewModeSelect()).toBeNull();
    for (const name of ['Admin', 'Organizer dashboard', 'Super admin dashboard', 'Log In', 'Sign Up']) expect(link(name)).toBeNull();
    // The account menu opens on who is signed in and Sign out, and closes on Escape with focus back on its button.
    // The account menu loads in a chunk of its own once the profile is here.
    const account = await within(mainNav()).findByRole('button', { name: 'Account menu, Sam' });
    expect(within(account).getByText('Sam')).toHaveAttribute('class', 'user-chip__name');
    expect(account).toHaveAttribute('aria-expanded', 'false');
    expect(within(mainNav()).queryByRole('button', { name: 'Sign out' })).toBeNull();
    await user.click(account);
    expect(account).toHaveAttribute('aria-expanded', 'true');
    expect(within(mainNav()).getByText('athlete.demo@example.com')).toBeInTheDocument();
    expect(within(mainNav()).getByRole('button', { name: 'Sign out' })).toBeInTheDocument();
    await user.keyboard('{Escape}');
    expect(within(mainNav()).queryByRole('button', { name: 'Sign out' })).toBeNull();
    expect(account).toHaveFocus();
    await user.click(account);
    await user.click(screen.getByRole('main'));
    expect(within(mainNav()).queryByRole('button', { name: 'Sign out' })).toBeNull();
  });

  it('labels the dashboard button by the view beside it, and gives it the full name', async () => {
    renderApp(signedInAs('organizer'));
    await loadedViewModeSelect();
    const dashboard = link('Organizer dashboard')!;
    expect(dashboard).toHaveTextContent(/^Dashboard$/);
    expect(viewModeSelect()).toHaveDisplayValue('Organizer');
  });

  it('names an account without a first name by its e-mail, and nobody while the profile loads', async () => {
    const { auth, profile } = signedInAs('athlete');
    const first = renderApp({ auth, profile: { ...profile, firstName: undefined } });
    expect(await within(mainNav()).findByRole('button', { name: 'Account menu, athlete.demo' })).toBeInTheDocument();
    first.unmount();
    renderApp({ auth });
    expect(within(mainNav()).queryByRole('button', { name: /^Account menu/ })).toBeNull();
  });

  it('starts an organizer in organizer view with one link to the organizer dashboard and a two-way view selector', async () => {
    renderApp(signedInAs('organizer'));
    await loadedViewModeSelect();
    expect(link('Organizer dashboard')).toHaveAttribute('href', '/organizer-dashboard');
    const select = viewModeSelect();
    expect(select).toHaveValue('organizer');
    expect(optionLabels(select!)).toEqual(['Athlete', 'Organizer']);
    for (const name of ['My dashboard', 'Admin', 'Super admin dashboard', 'Organizer']) expect(link(name)).toBeNull();
  });

  it('gives an admin the Admin link and organizer view, but no super admin view', async () => {
    renderApp(signedInAs('admin'));
    await loadedViewModeSelect();
    expect(link('Admin')).toHaveAttribute('href', '/admin');
    expect(link('Organizer dashboard')).not.toBeNull();
    expect(viewModeSelect()).toHaveValue('organizer');
    expect(optionLabels(viewModeSelect()!)).toEqual(['Athlete', 'Organizer']);
    expect(link('Super admin dashboard')).toBeNull();
  });

  it('starts a super admin in super admin view with Admin, the super admin dashboard and all three views', async () => {
    renderApp(signedInAs('superadmin'));
    await loadedViewModeSelect();
    expect(link('Admin')).toHaveAttribute('href', '/admin');
    expect(link('Super admin dashboard')).toHaveAttribute('href', '/superadmin');
    expect(viewModeSelect()).toHaveValue('super_admin');
    expect(optionLabels(viewModeSelect()!)).toEqual(['Athlete', 'Organizer', 'Super admin']);
    expect(link('Organizer dashboard')).toBeNull();
    expect(link('My dashboard')).toBeNull();
  });

  it('grants nothing beyond athlete while the profile is still loading', () => {
    const { auth } = signedInAs('superadmin');
    renderApp({ auth }); // no profile seeded
    expect(link('My dashboard')).not.toBeNull();
    for (const name of ['Admin', 'Super admin dashboard', 'Organizer dashboard']) expect(link(name)).toBeNull();
    expect(viewModeSelect()).toBeNull();
  });

  it("switches an admin to athlete view and opens that view's dashboard", async () => {
    const user = userEvent.setup();
    const { router } = renderApp(signedInAs('admin'));
    await user.selectOptions(await loadedViewModeSelect(), 'athlete');
    expect(link('My dashboard')).not.toBeNull();
    expect(link('Organizer dashboard')).toBeNull();
    expect(link('Admin')).not.toBeNull();
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
    await user.selectOptions(viewModeSelect()!, 'organizer');
    await waitFor(() => expect(router.state.location.pathname).toBe('/organizer-dashboard'));
  });

  it('remembers the chosen view per user across visits', async () => {
    const user = userEvent.setup();
    const first = renderApp(signedInAs('superadmin'));
    await user.selectOptions(await loadedViewModeSelect(), 'organizer');
    first.unmount();

    renderApp(signedInAs('superadmin'));
    expect(await loadedViewModeSelect()).toHaveValue('organizer');
  });

  it('ignores a remembered view the role no longer allows', async () => {
    localStorage.setItem('racefinder.viewMode.user-admin', 'super_admin');
    renderApp(signedInAs('admin'));
    expect(await loadedViewModeSelect()).toHaveValue('organizer');
  });

  it('signs out from the account menu', async () => {
    const user = userEvent.setup();
    const { auth } = renderApp(signedInAs('athlete'));
    await user.click(await within(mainNav()).findByRole('button', { name: 'Account menu, Sam' }));
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
  // The menu's code loads on its first opening (top-nav.tsx).
  const mobileNav = () => screen.findByRole('navigation', { name: 'Mobile' });

  it('opens from the menu button and lists the sections, the super admin entries, the name, e-mail and tag', async () => {
    const user = userEvent.setup();
    renderApp(signedInAs('superadmin'));
    expect(toggle()).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('navigation', { name: 'Mobile' })).toBeNull();

    await user.click(toggle());
    expect(toggle()).toHaveAttribute('aria-expanded', 'true');
    const menu = within(await mobileNav());
    expectSections(menu);
    expect(menu.getByRole('link', { name: 'Admin' })).toHaveAttribute('href', '/admin');
    expect(menu.getByRole('link', { name: 'Super admin dashboard' })).toHaveAttribute('href', '/superadmin');
    expect(menu.queryByRole('link', { name: 'Organizer dashboard' })).toBeNull();
    expect(await menu.findByRole('combobox', { name: 'View mode' })).toBeInTheDocument();
    expect(menu.getByRole('button', { name: 'Sign Out' })).toBeInTheDocument();
    expect(menu.getByText('Sam')).toBeInTheDocument();
    expect(menu.getByText('superadmin.demo@example.com')).toBeInTheDocument();
    expect(menu.getByText('Super admin', { selector: '.role-tag' })).toBeInTheDocument();
  });

  it('tags an admin as Admin and leaves out the Super Admin entry', async () => {
    const user = userEvent.setup();
    renderApp(signedInAs('admin'));
    await user.click(toggle());
    const menu = within(await mobileNav());
    expect(menu.getByText('Admin', { selector: '.role-tag' })).toBeInTheDocument();
    expect(menu.queryByRole('link', { name: 'Super admin dashboard' })).toBeNull();
    expect(menu.getByRole('link', { name: 'Admin' })).toHaveAttribute('href', '/admin');
    expect(menu.getByRole('link', { name: 'Organizer dashboard' })).toHaveAttribute('href', '/organizer-dashboard');
  });

  it('gives an athlete no admin, organizer or view entries', async () => {
    const user = userEvent.setup();
    renderApp(signedInAs('athlete'));
    await user.click(toggle());
    const menu = within(await mobileNav());
    expect(menu.getByRole('link', { name: 'My dashboard' })).toHaveAttribute('href', '/dashboard');
    for (const name of ['Admin', 'Super admin dashboard', 'Organizer dashboard']) expect(menu.queryByRole('link', { name })).toBeNull();
    expect(menu.queryByRole('combobox', { name: 'View mode' })).toBeNull();
  });

  it('offers a visitor the main sections, Log In and Sign Up', async () => {
    const user = userEvent.setup();
    renderApp();
    await user.click(toggle());
    const menu = within(await mobileNav());
    expectSections(menu);
    expect(menu.getByRole('link', { name: 'Log In' })).toHaveAttribute('href', '/auth');
    expect(menu.getByRole('link', { name: 'Sign Up' })).toHaveAttribute('href', '/auth?mode=signup');
  });

  it('closes on Escape and returns focus to the menu button', async () => {
    const user = userEvent.setup();
    renderApp(signedInAs('athlete'));
    await user.click(toggle());
    await mobileNav();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('navigation', { name: 'Mobile' })).toBeNull();
    expect(toggle()).toHaveAttribute('aria-expanded', 'false');
    expect(toggle()).toHaveFocus();
  });

  it('closes after following one of its links', async () => {
    const user = userEvent.setup();
    const { router } = renderApp(signedInAs('athlete'));
    await user.click(toggle());
    await user.click(within(await mobileNav()).getByRole('link', { name: 'My dashboard' }));
    // Closed at once, while the dashboard's code may still be loading.
    expect(screen.queryByRole('navigation', { name: 'Mobile' })).toBeNull();
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
  });

  it('signs out from the menu', async () => {
    const user = userEvent.setup();
    const signOut = vi.fn(async () => undefined);
    renderApp(signedInAs('organizer', { signOut }));
    await user.click(toggle());
    await user.click(within(await mobileNav()).getByRole('button', { name: 'Sign Out' }));
    expect(signOut).toHaveBeenCalledTimes(1);
  });
});
