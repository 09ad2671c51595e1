/**
 * /settings: who is signed in, "Download your data" and "Delete your account". Deleting asks what becomes of the
 * reviews and recaps and for the account's e-mail typed again, sends DELETE /api/me, signs out and goes home; a
 * refusal (a wrong address, an admin's account) is shown in the dialog in the server's words. The account menu
 * and the mobile menu lead here. The API is faked at useApi, as the other web tests do.
 */
import { screen, waitFor, within } from '@testing-library/react';
import { ADMIN_KEEPS_ACCOUNT } from '#shared/schemas/account-deletion';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import type { Role } from '../../shared/roles.ts';
import { EMAIL_MISMATCH } from '../../shared/schemas/account-deletion.ts';
import { ApiError } from '../../web/src/lib/api-error.ts';
import { createFakeApi, deferred, type FakeApi } from './events-fixtures.ts';
import { fakeAuth, renderApp, renderAppLoaded, signedInAs } from './render-app.tsx';
import { answerApiWith } from './fake-use-api.ts';

const mocked = { api: undefined as unknown as FakeApi };

beforeEach(() => {
  mocked.api = createFakeApi();
  answerApiWith(mocked.api.request);
});

async function renderSettings(role: Role = 'athlete') {
  const signedIn = signedInAs(role);
  const rendered = await renderAppLoaded({ ...signedIn, path: '/settings' });
  await screen.findByRole('heading', { level: 1, name: 'Account settings' });
  return { ...rendered, profile: signedIn.profile };
}

async function openDialog(user: ReturnType<typeof userEvent.setup>) {
  await user.click(screen.getByRole('button', { name: 'Delete my account…' }));
  return within(screen.getByRole('dialog', { name: 'Delete your account?' }));
}

describe('settings page', () => {
  it('shows who is signed in, Download your data and what deleting the account does', async () => {
    await renderSettings();
    expect(document.title).toBe('Account settings · RaceFinder');
    const account = within(screen.getByRole('region', { name: 'Signed in as' }));
    expect(account.getByText('Sam Rivera')).toBeInTheDocument();
    expect(account.getByText('athlete.demo@example.com')).toBeInTheDocument();
    expect(account.getByText('Athlete')).toBeInTheDocument();

    expect(screen.getByRole('heading', { name: 'Download your data' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Download my data' })).toBeInTheDocument();

    const deletion = screen.getByRole('region', { name: 'Delete your account' });
    for (const words of [
      /training logs, training plans, goals, coach chat, saved races, saved searches, race checklists, calendar feeds, notifications and data exports/,
      /signed “Former member”/,
      /stay listed without you as their organizer; those still in review go back to the RaceFinder team/,
      /kept for accounting, without your name or e-mail/,
      /This cannot be undone\. Download your data first/,
    ])
      expect(deletion).toHaveTextContent(words);
    // Nothing is asked until the person chooses to (the header's bell asks for the inbox on every page).
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(mocked.api.request.mock.calls.filter(([id]) => id !== 'listNotifications')).toEqual([]);
  });

  it('asks a signed-out visitor to sign in', async () => {
    renderApp({ auth: fakeAuth(), path: '/settings' });
    expect(await screen.findByRole('heading', { name: 'Please Sign In' })).toBeInTheDocument();
    expect(screen.getByText(/Sign in to see your account/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Delete my account…' })).toBeNull();
  });

  it('keeps Delete disabled until the typed address is the account’s (trimmed, any case); Cancel closes and returns focus', async () => {
    const user = userEvent.setup();
    await renderSettings();
    const dialog = await openDialog(user);
    const confirm = dialog.getByRole('button', { name: 'Delete my account' });
    const radios = dialog.getAllByRole('radio');
    expect(radios).toHaveLength(2);
    for (const radio of radios) expect(radio).not.toBeChecked();
    expect(confirm).toBeDisabled();

    const field = dialog.getByLabelText('Type your e-mail address to confirm');
    await user.type(field, 'athlete.demo@example.co');
    expect(confirm).toBeDisabled();
    await user.clear(field);
    await user.type(field, '  Athlete.Demo@Example.com ');
    expect(confirm).toBeEnabled();

    await user.click(dialog.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.getByRole('button', { name: 'Delete my account…' })).toHaveFocus();
    expect(mocked.api.callsOf('deleteMe')).toHaveLength(0);
  });

  it('says the reviews-and-recaps choice is needed, in the server’s words, without sending anything', async () => {
    const user = userEvent.setup();
    await renderSettings();
    const dialog = await openDialog(user);
    await user.type(dialog.getByLabelText('Type your e-mail address to confirm'), 'athlete.demo@example.com');
    await user.click(dialog.getByRole('button', { name: 'Delete my account' }));
    expect(dialog.getByText('Choose whether to delete or keep your reviews and recaps')).toBeInTheDocument();
    expect(mocked.api.callsOf('deleteMe')).toHaveLength(0);
  });

  it('sends DELETE /api/me with the address and the choice, shows it is sending, then signs out and goes home saying so', async () => {
    const user = userEvent.setup();
    const answer = deferred<{ status: 'deleting'; writing: 'keep'; requestedAt: string }>();
    mocked.api.on('deleteMe', () => answer.promise);
    const { auth, router } = await renderSettings();
    const dialog = await openDialog(user);
    await user.click(dialog.getByRole('radio', { name: /Keep them/ }));
    await user.type(dialog.getByLabelText('Type your e-mail address to confirm'), ' ATHLETE.demo@example.com ');
    await user.click(dialog.getByRole('button', { name: 'Delete my account' }));

    expect(mocked.api.callsOf('deleteMe')).toEqual([{ body: { email: 'ATHLETE.demo@example.com', writing: 'keep' } }]);
    expect(dialog.getByRole('button', { name: 'Deleting your account…' })).toBeDisabled();
    expect(dialog.getByRole('button', { name: 'Cancel' })).toBeDisabled();
    expect(auth.signOut).not.toHaveBeenCalled();

    answer.resolve({ status: 'deleting', writing: 'keep', requestedAt: '2026-11-23T15:00:00.000Z' });
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(auth.signOut).toHaveBeenCalledTimes(1);
    expect(await screen.findByText('Your account is being deleted')).toBeInTheDocument();
    expect(screen.getByText(/You have been signed out/)).toBeInTheDocument();
  });

  it('shows the server’s 400 beside the address, keeping what was typed and chosen', async () => {
    const user = userEvent.setup();
    mocked.api.on('deleteMe', () => {
      throw new ApiError(400, EMAIL_MISMATCH, 'bad_request', { email: [EMAIL_MISMATCH] });
    });
    const { auth } = await renderSettings();
    const dialog = await openDialog(user);
    await user.click(dialog.getByRole('radio', { name: /Delete them/ }));
    const field = dialog.getByLabelText('Type your e-mail address to confirm');
    await user.type(field, 'athlete.demo@example.com');
    await user.click(dialog.getByRole('button', { name: 'Delete my account' }));

    expect(await dialog.findByText(EMAIL_MISMATCH)).toBeInTheDocument();
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(field).toHaveValue('athlete.demo@example.com');
    expect(dialog.getByRole('radio', { name: /Delete them/ })).toBeChecked();
    expect(dialog.getByRole('button', { name: 'Delete my account' })).toBeEnabled();
    expect(auth.signOut).not.toHaveBeenCalled();
  });

  it('tells an admin up front that the account stays while they hold the role, with no button to try', async () => {
    await renderSettings('admin');
    expect(within(screen.getByRole('region', { name: 'Signed in as' })).getByText('Admin')).toBeInTheDocument();
    expect(await screen.findByText(ADMIN_KEEPS_ACCOUNT)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Delete my account…' })).not.toBeInTheDocument();
  });

  it('shows the server’s 409 in the dialog', async () => {
    const user = userEvent.setup();
    mocked.api.on('deleteMe', () => {
      throw new ApiError(409, 'This account is already being deleted.', 'conflict');
    });
    const { auth } = await renderSettings();
    const dialog = await openDialog(user);
    await user.click(dialog.getByRole('radio', { name: /Keep them/ }));
    await user.type(dialog.getByLabelText('Type your e-mail address to confirm'), 'athlete.demo@example.com');
    await user.click(dialog.getByRole('button', { name: 'Delete my account' }));

    const alert = await dialog.findByRole('alert');
    expect(alert).toHaveTextContent('Your account was not deleted');
    expect(alert).toHaveTextContent('This account is already being deleted.');
    expect(screen.getByRole('dialog')).toBeInTheDocument();
    expect(auth.signOut).not.toHaveBeenCalled();
  });
});

describe('the way to the settings page', () => {
  it('is in the account menu, above Sign out, and leads to /settings', async () => {
    const user = userEvent.setup();
    const { router } = renderApp(signedInAs('athlete'));
    const mainNav = screen.getByRole('navigation', { name: 'Main' });
    await user.click(await within(mainNav).findByRole('button', { name: 'Account menu, Sam' }));
    const settings = within(mainNav).getByRole('link', { name: 'Account settings' });
    expect(settings).toHaveAttribute('href', '/settings');
    const signOut = within(mainNav).getByRole('button', { name: 'Sign out' });
    expect(settings.compareDocumentPosition(signOut) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();

    await user.click(settings);
    await waitFor(() => expect(router.state.location.pathname).toBe('/settings'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Account settings' })).toBeInTheDocument();
    // The menu closed on the way.
    expect(within(mainNav).queryByRole('button', { name: 'Sign out' })).toBeNull();
  });

  it('is in the mobile menu of a signed-in person, not of a visitor', async () => {
    const user = userEvent.setup();
    const { unmount } = renderApp(signedInAs('athlete'));
    await user.click(screen.getByRole('button', { name: 'Menu' }));
    expect(within(await screen.findByRole('navigation', { name: 'Mobile' })).getByRole('link', { name: 'Account settings' })).toHaveAttribute('href', '/settings');
    unmount();

    renderApp();
    await user.click(screen.getByRole('button', { name: 'Menu' }));
    expect(within(await screen.findByRole('navigation', { name: 'Mobile' })).queryByRole('link', { name: 'Account settings' })).toBeNull();
  });
});
