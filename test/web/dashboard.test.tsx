import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Profile } from '../../shared/schemas/profile.ts';
import type { EventSummary } from '../../shared/schemas/search.ts';
import { splitSaved } from '../../web/src/features/dashboard/api/saved-split.ts';
import { fakeAuth, profileFor, renderApp } from './render-app.tsx';
import { withQuietBell } from './header-requests.ts';

// 03:00 UTC on 10 March is still 9 March in New York: "today" on the dashboard is 2026-03-09.
const NOW = new Date('2026-03-10T03:00:00Z');

let serial = 0;
function summary(eventDate: string, title: string): EventSummary {
  serial += 1;
  return {
    id: `01JQ7Z5ZB2M8E7W4N6R3T9XK${String(serial).padStart(2, '0')}`,
    title,
    eventDate,
    city: 'Boulder',
    state: 'CO',
    locationName: 'Boulder Reservoir',
    eventType: 'trail_race',
    terrainType: 'trail',
    distances: ['50K', '25K'],
    registrationFee: 85,
    featured: false,
    verified: true,
  };
}

const entry = (event: EventSummary, savedAt = '2026-02-01T10:00:00.000Z') => ({ savedAt, event });

const ENTRIES = [
  entry(summary('2026-04-01', 'Spring Trail 50K'), '2026-03-05T10:00:00.000Z'),
  entry(summary('2026-03-09', 'Race Today 10K'), '2026-03-04T10:00:00.000Z'),
  entry(summary('2026-03-08', 'Yesterday Half'), '2026-03-03T10:00:00.000Z'),
  entry(summary('2025-11-02', 'Autumn Marathon'), '2025-10-01T10:00:00.000Z'),
];

function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

let fetchMock: ReturnType<typeof vi.fn<(input: RequestInfo | URL, init?: RequestInit) => Promise<Response>>>;

// The route loads the page lazily; importing it once here keeps that first load out of each test's timeouts.
beforeAll(async () => {
  await import('../../web/src/features/dashboard/pages/dashboard-page.tsx');
});

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'], now: NOW });
  fetchMock = vi.fn<(input: RequestInfo | URL, init?: RequestInit) => Promise<Response>>();
  // The Training Plans tile reads the athlete's plans: none, in these tests; every other call is the test's.
  vi.stubGlobal(
    'fetch',
    withQuietBell((input: RequestInfo | URL, init?: RequestInit) =>
      String(input).startsWith('/api/me/training-plans') ? Promise.resolve(json(200, { items: [] })) : fetchMock(input, init),
    ),
  );
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

function signedIn(path = '/dashboard', changes: Partial<Profile> = {}) {
  const profile = { ...profileFor('athlete', 'jordan@example.com'), firstName: 'Jordan', ...changes };
  const auth = fakeAuth({ status: 'signedIn', user: { id: profile.id, email: profile.email }, getIdToken: vi.fn(async () => 'id-token') });
  return renderApp({ path, auth, profile });
}

const tile = (label: string) => within(screen.getByRole('list', { name: 'Summary' })).getByText(label).closest('li')!;

describe('athlete dashboard', () => {
  it('asks a visitor to sign in', async () => {
    renderApp({ path: '/dashboard' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Please Sign In' })).toBeInTheDocument();
    expect(within(screen.getByRole('main')).getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/auth?returnTo=%2Fdashboard'); // and back here after (issue 7)
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('welcomes the athlete back by their first name', async () => {
    fetchMock.mockImplementation(async () => json(200, { items: [] }));
    signedIn();
    expect(await screen.findByRole('heading', { level: 1, name: 'Welcome back, Jordan' })).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('My Dashboard · RaceFinder'));
  });

  it('welcomes a new account on its first day, not back', async () => {
    fetchMock.mockImplementation(async () => json(200, { items: [] }));
    signedIn('/dashboard', { firstName: 'Nia', createdAt: new Date(NOW.getTime() - 3 * 3_600_000).toISOString() });
    expect(await screen.findByRole('heading', { level: 1, name: 'Welcome, Nia' })).toBeInTheDocument();
  });

  it('counts saved, upcoming and completed events by race day against today in New York', async () => {
    fetchMock.mockImplementation(async () => json(200, { items: ENTRIES }));
    signedIn();
    await screen.findByRole('tablist', { name: 'My races' });
    expect(tile('Saved Events')).toHaveTextContent('4');
    expect(fetchMock).toHaveBeenCalledWith('/api/me/saved-events', expect.objectContaining({ headers: expect.objectContaining({ authorization: 'Bearer id-token' }) }));
    // The race on 9 March is today in New York (already 10 March in UTC): upcoming, not completed.
    expect(tile('Upcoming')).toHaveTextContent('2');
    expect(tile('Completed')).toHaveTextContent('2');
    // The athlete's plans, counted (none here); no longer a promise of features to come.
    await waitFor(() => expect(tile('Training Plans')).toHaveTextContent('0'));
    expect(tile('Training Plans')).not.toHaveTextContent('arrive');
  });

  it('splits entries at today, soonest upcoming first and latest completed first', () => {
    const split = splitSaved(ENTRIES, '2026-03-09');
    expect(split.saved.map((item) => item.event.title)).toEqual(['Spring Trail 50K', 'Race Today 10K', 'Yesterday Half', 'Autumn Marathon']);
    expect(split.upcoming.map((item) => item.event.title)).toEqual(['Race Today 10K', 'Spring Trail 50K']);
    expect(split.completed.map((item) => item.event.title)).toEqual(['Yesterday Half', 'Autumn Marathon']);
  });

  it('moves between tabs with the arrow, Home and End keys', async () => {
    fetchMock.mockImplementation(async () => json(200, { items: ENTRIES }));
    const user = userEvent.setup();
    signedIn();
    const tablist = await screen.findByRole('tablist', { name: 'My races' });
    const tab = (name: RegExp) => within(tablist).getByRole('tab', { name });
    expect(tab(/^Saved/)).toHaveAttribute('aria-selected', 'true');
    expect(tab(/^Saved/)).toHaveTextContent('4');
    expect(tab(/^Upcoming/)).toHaveAttribute('tabindex', '-1');

    tab(/^Saved/).focus();
    await user.keyboard('{ArrowRight}');
    expect(tab(/^Upcoming/)).toHaveAttribute('aria-selected', 'true');
    expect(tab(/^Upcoming/)).toHaveFocus();
    const panel = () => within(screen.getByRole('tabpanel'));
    expect(screen.getByRole('tabpanel')).toHaveAccessibleName(/^Upcoming/);
    expect(panel().getAllByRole('heading', { level: 3 }).map((heading) => heading.textContent)).toEqual(['Race Today 10K', 'Spring Trail 50K']);

    await user.keyboard('{End}');
    expect(tab(/^Training/)).toHaveFocus();
    expect(panel().getByRole('link', { name: /Go to Training/ })).toHaveAttribute('href', '/training');

    await user.keyboard('{ArrowRight}');
    expect(tab(/^Saved/)).toHaveFocus();
    await user.keyboard('{ArrowLeft}');
    expect(tab(/^Training/)).toHaveAttribute('aria-selected', 'true');
    await user.keyboard('{Home}');
    expect(tab(/^Saved/)).toHaveAttribute('aria-selected', 'true');
    expect(panel().getAllByRole('heading', { level: 3 })).toHaveLength(4);
  });

  it("marks each past event 'Completed', and no upcoming one", async () => {
    fetchMock.mockImplementation(async () => json(200, { items: ENTRIES }));
    const user = userEvent.setup();
    signedIn();
    await user.click(await screen.findByRole('tab', { name: /^Completed/ }));
    const rows = within(screen.getByRole('list', { name: 'Completed races' })).getAllByRole('listitem').filter((item) => item.classList.contains('saved-item'));
    expect(rows).toHaveLength(2);
    for (const row of rows) expect(within(row).getByText('Completed')).toBeInTheDocument();
    // Each row is the event card, linking to the event and with the heart to remove it.
    expect(within(rows[0]!).getByRole('link', { name: 'Yesterday Half' }).getAttribute('href')).toMatch(/^\/events\/01JQ7Z5ZB2M8E7W4N6R3T9XK/);
    expect(within(rows[0]!).getByRole('button', { name: 'Remove Yesterday Half from saved' })).toHaveAttribute('aria-pressed', 'true');
    // A race that has been run can be reviewed: the link opens the event page's review form.
    expect(within(rows[0]!).getByRole('link', { name: /^Write Review\s*of Yesterday Half$/ }).getAttribute('href')).toMatch(/^\/events\/01JQ7Z5ZB2M8E7W4N6R3T9XK\w*\?review=write#reviews$/);

    await user.click(screen.getByRole('tab', { name: /^Upcoming/ }));
    expect(within(screen.getByRole('tabpanel')).queryByText('Completed')).toBeNull();

    await user.click(screen.getByRole('tab', { name: /^Saved/ }));
    expect(within(screen.getByRole('tabpanel')).getAllByText('Completed')).toHaveLength(2);
  });

  it('shows an empty state with a way to find events on each tab', async () => {
    fetchMock.mockImplementation(async () => json(200, { items: [] }));
    const user = userEvent.setup();
    signedIn();
    const expected: [RegExp, string][] = [
      [/^Saved/, 'No saved events yet'],
      [/^Upcoming/, 'No upcoming races'],
      [/^Completed/, 'No completed races yet'],
    ];
    for (const [name, heading] of expected) {
      await user.click(await screen.findByRole('tab', { name }));
      const panel = within(screen.getByRole('tabpanel'));
      expect(panel.getByRole('heading', { name: heading })).toBeInTheDocument();
      expect(panel.getByRole('link', { name: /Browse events/ })).toHaveAttribute('href', '/events');
    }
    expect(tile('Saved Events')).toHaveTextContent('0');
    await waitFor(() => expect(tile('Training Plans')).toHaveTextContent('0'));
  });

  it('opens the tab named in the address', async () => {
    fetchMock.mockImplementation(async () => json(200, { items: ENTRIES }));
    signedIn('/dashboard?tab=completed');
    expect(await screen.findByRole('tab', { name: /^Completed/ })).toHaveAttribute('aria-selected', 'true');
  });

  it('shows a failure and loads again on Try again', async () => {
    fetchMock.mockResolvedValueOnce(json(500, { error: { code: 'internal', message: 'The saved list is unavailable.' } }));
    fetchMock.mockResolvedValueOnce(json(200, { items: ENTRIES }));
    const user = userEvent.setup();
    signedIn();
    expect(await screen.findByText('Failed to load dashboard data')).toBeInTheDocument();
    expect(screen.getByText('The saved list is unavailable.')).toBeInTheDocument();
    expect(tile('Saved Events')).toHaveTextContent('–');
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    await screen.findByRole('tablist', { name: 'My races' });
    expect(tile('Saved Events')).toHaveTextContent('4');
    expect(screen.getByRole('tablist', { name: 'My races' })).toBeInTheDocument();
  });

  it('shows that it is loading while the saved events are on their way', async () => {
    fetchMock.mockReturnValue(new Promise<Response>(() => {}));
    signedIn();
    expect(await screen.findByText('Loading your saved events…')).toBeInTheDocument();
    expect(screen.queryByRole('tablist')).toBeNull();
  });
});
