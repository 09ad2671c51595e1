/**
 * The notification screens: the header's bell with the unread count, the inbox (/notifications: items that
 * link to what they are about and are marked read on the way, mark all, older pages, empty and error states),
 * the settings (/settings/notifications: a switch per kind and channel, essential kinds fixed, the site's
 * paused e-mail said), and the e-mail footer's unsubscribe page (/notifications/unsubscribe: nothing changes
 * until the person confirms).
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi, type Mock } from 'vitest';
import type { InboxItem, InboxPage, NotificationSettings } from '#shared/schemas/inbox';
import { NOTIFICATION_KINDS, NOTIFICATION_KIND_INFO, isEssentialKind, DEFAULT_CHANNELS } from '#shared/schemas/notifications';
import { ApiError } from '../../web/src/lib/api-error.ts';
import { createFakeApi, type FakeApi } from './events-fixtures.ts';
import { renderAppLoaded, signedInAs } from './render-app.tsx';
import { answerApiWith } from './fake-use-api.ts';

const mocked = { api: undefined as unknown as FakeApi };
/** The unsubscribe page calls its public route through the real client, without useApi: its fetch is this. */
let fetchMock: Mock<(input: RequestInfo | URL, init?: RequestInit) => Promise<Response>>;
const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const unsubscribeCalls = () => fetchMock.mock.calls.filter(([url]) => String(url).startsWith('/api/unsubscribe'));


function item(index: number, fields: Partial<InboxItem> = {}): InboxItem {
  return {
    id: `01J9000000000000000000000${String.fromCharCode(65 + index)}`,
    kind: 'claim-decided',
    title: `Your claim ${index} was approved`,
    summary: 'You can edit the race now.',
    path: `/events/event-${index}`,
    actionLabel: 'See the race',
    createdAt: `2027-01-${String(10 + index).padStart(2, '0')}T15:00:00.000Z`,
    read: false,
    ...fields,
  };
}

function settings(emailNotifications = true): NotificationSettings {
  return {
    emailNotifications,
    rows: NOTIFICATION_KINDS.map((kind) => ({
      kind,
      label: NOTIFICATION_KIND_INFO[kind].label,
      essential: isEssentialKind(kind),
      inApp: isEssentialKind(kind) || DEFAULT_CHANNELS[kind].inApp,
      email: isEssentialKind(kind) || DEFAULT_CHANNELS[kind].email,
    })),
  };
}

beforeEach(() => {
  mocked.api = createFakeApi();
  answerApiWith(mocked.api.request);
  fetchMock = vi.fn<(input: RequestInfo | URL, init?: RequestInit) => Promise<Response>>();
  vi.stubGlobal('fetch', fetchMock);
});

const athlete = () => {
  const { auth, profile } = signedInAs('athlete');
  return { auth, profile };
};

describe('the bell', () => {
  it('shows the unread count in the header and leads to the inbox', async () => {
    mocked.api.on('listNotifications', () => ({ items: [item(0)], unreadCount: 3 }) satisfies InboxPage);
    await renderAppLoaded({ ...athlete(), path: '/about' });
    // The header has the bell twice, in the desktop nav and beside the menu button (CSS shows one).
    const bell = await within(screen.getByRole('navigation', { name: 'Main' })).findByRole('link', { name: 'Notifications, 3 unread' });
    expect(bell).toHaveAttribute('href', '/notifications');
    expect(within(bell).getByText('3')).toBeInTheDocument();
  });

  it('is not there for a visitor', async () => {
    await renderAppLoaded({ path: '/about' });
    expect(screen.queryByRole('link', { name: /^Notifications/ })).toBeNull();
    expect(mocked.api.callsOf('listNotifications')).toEqual([]);
  });
});

describe('the inbox', () => {
  it('lists the items, marks one read on the way to what it is about, and marks all read', async () => {
    const user = userEvent.setup();
    const items = [item(0), item(1, { read: true, kind: 'promotion-paid', title: 'Receipt for your promotion' })];
    mocked.api.on('listNotifications', () => ({ items, unreadCount: 1 }));
    mocked.api.on('markNotificationsRead', () => ({ unreadCount: 0 }));
    const { router } = await renderAppLoaded({ ...athlete(), path: '/notifications' });

    const list = await screen.findByRole('list', { name: 'Notifications, newest first' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(2);
    expect(within(list).getAllByRole('img', { name: 'Unread' })).toHaveLength(1);
    expect(screen.getByText('1 unread')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Mark all as read' }));
    await waitFor(() => expect(mocked.api.callsOf('markNotificationsRead')).toEqual([{ body: { all: true } }]));

    await user.click(within(list).getByRole('link', { name: /Your claim 0 was approved/ }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/events/event-0'));
    expect(mocked.api.callsOf('markNotificationsRead')).toContainEqual({ body: { ids: [items[0]!.id] } });
  });

  it('loads older items on demand', async () => {
    const user = userEvent.setup();
    mocked.api.on('listNotifications', ({ query }) =>
      query?.cursor === 'page-2' ? { items: [item(5, { title: 'An older one' })], unreadCount: 1 } : { items: [item(0)], unreadCount: 1, nextCursor: 'page-2' },
    );
    await renderAppLoaded({ ...athlete(), path: '/notifications' });
    await user.click(await screen.findByRole('button', { name: 'Show older notifications' }));
    expect(await screen.findByText('An older one')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Show older notifications' })).toBeNull();
  });

  it('says what arrives here while it is empty, and offers a retry when it cannot load', async () => {
    const user = userEvent.setup();
    mocked.api.on('listNotifications', () => ({ items: [], unreadCount: 0 }));
    const { unmount } = await renderAppLoaded({ ...athlete(), path: '/notifications' });
    expect(await screen.findByText('No notifications yet')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Notification settings' })).toHaveAttribute('href', '/settings/notifications');
    unmount();

    let fail = true;
    mocked.api.on('listNotifications', () => {
      if (fail) throw new ApiError(503, 'The service is busy.', 'service_unavailable');
      return { items: [item(0)], unreadCount: 1 };
    });
    await renderAppLoaded({ ...athlete(), path: '/notifications' });
    expect(await screen.findByText('Your notifications could not load')).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Your claim 0 was approved')).toBeInTheDocument();
  });
});

describe('notification settings', () => {
  it('shows a switch per kind and channel, fixes the essential ones, and saves the changed optional switches', async () => {
    const user = userEvent.setup();
    mocked.api.on('getNotificationPreferences', () => settings());
    mocked.api.on('putNotificationPreferences', (input) => {
      const preferences = ((input as { body?: unknown }).body as { preferences: Record<string, { inApp: boolean; email: boolean }> }).preferences;
      const base = settings();
      return { ...base, rows: base.rows.map((row) => ({ ...row, ...preferences[row.kind] })) };
    });
    await renderAppLoaded({ ...athlete(), path: '/settings/notifications' });

    const claimEmail = await screen.findByRole('checkbox', { name: 'Event claim decisions: by e-mail' });
    expect(claimEmail).toBeChecked();
    expect(claimEmail).toBeDisabled();
    expect(screen.getAllByText('Always sent')).toHaveLength(7);
    const save = screen.getByRole('button', { name: 'Save' });
    expect(save).toBeDisabled();

    const digestEmail = screen.getByRole('checkbox', { name: 'New races for your saved searches (daily): by e-mail' });
    await user.click(digestEmail);
    expect(digestEmail).not.toBeChecked();
    expect(screen.getByText('You have unsaved changes.')).toBeInTheDocument();
    await user.click(save);

    await waitFor(() => expect(mocked.api.callsOf('putNotificationPreferences')).toHaveLength(1));
    const sent = ((mocked.api.callsOf('putNotificationPreferences')[0] as { body?: unknown }).body as { preferences: Record<string, unknown> }).preferences;
    expect(sent['saved-search-matches']).toEqual({ inApp: true, email: false });
    expect(sent['claim-decided']).toBeUndefined();
    expect(Object.keys(sent).sort()).toEqual(['registration-closing', 'saved-race-changed', 'saved-search-matches', 'weekly-training-summary']);
    expect(await screen.findByText('Saved.')).toBeInTheDocument();
  });

  it('says when the site has paused optional e-mail, and keeps the changes when saving fails', async () => {
    const user = userEvent.setup();
    mocked.api.on('getNotificationPreferences', () => settings(false));
    mocked.api.on('putNotificationPreferences', () => {
      throw new ApiError(503, 'The service is busy.', 'service_unavailable');
    });
    await renderAppLoaded({ ...athlete(), path: '/settings/notifications' });
    expect(await screen.findByText('Optional e-mail is paused')).toBeInTheDocument();

    const summary = screen.getByRole('checkbox', { name: `${NOTIFICATION_KIND_INFO['weekly-training-summary'].label}: in the app` });
    await user.click(summary);
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Your settings were not saved')).toBeInTheDocument();
    expect(summary).toBeChecked();
  });
});

describe('the unsubscribe page', () => {
  const tokenFor = (kind: string) => `u1.${btoa(JSON.stringify({ sub: 'someone', kind, iat: 1, exp: 2 })).replace(/=+$/, '')}.${'m'.repeat(43)}`;

  it('changes nothing until the person confirms, then says what stopped', async () => {
    const user = userEvent.setup();
    const token = tokenFor('registration-closing');
    fetchMock.mockImplementation(async () => json(200, { scope: 'registration-closing', label: 'Registration closing for races you saved' }));
    await renderAppLoaded({ path: `/notifications/unsubscribe?token=${encodeURIComponent(token)}` });

    expect(await screen.findByRole('heading', { name: 'Stop these e-mails?' })).toBeInTheDocument();
    expect(screen.getByText(/registration closing for races you saved/)).toBeInTheDocument();
    expect(unsubscribeCalls()).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Unsubscribe' }));
    expect(await screen.findByRole('heading', { name: "You're unsubscribed" })).toBeInTheDocument();
    expect(unsubscribeCalls()).toHaveLength(1);
    const [url, init] = unsubscribeCalls()[0]!;
    expect(new URL(String(url), window.location.origin).searchParams.get('token')).toBe(token);
    expect(init).toMatchObject({ method: 'POST', body: '{}' });
  });

  it("says a used link was used, in the server's words, and a cut link is not complete", async () => {
    const user = userEvent.setup();
    fetchMock.mockImplementation(async () => json(409, { error: { code: 'conflict', message: 'This unsubscribe link was used already.' } }));
    const { unmount } = await renderAppLoaded({ path: `/notifications/unsubscribe?token=${encodeURIComponent(tokenFor('all'))}` });
    expect(await screen.findByText(/all optional e-mail/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Unsubscribe' }));
    expect(await screen.findByRole('heading', { name: 'This link was used already' })).toBeInTheDocument();
    expect(screen.getByText('This unsubscribe link was used already.')).toBeInTheDocument();
    unmount();

    await renderAppLoaded({ path: '/notifications/unsubscribe?token=u1.broken' });
    expect(await screen.findByRole('heading', { name: 'This unsubscribe link is not complete' })).toBeInTheDocument();
  });
});
