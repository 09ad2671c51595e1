/**
 * /calendar in the app's real router and providers, with the typed API client faked at its module boundary:
 * the month's races from the /events search (paged, filtered, held in the URL), the grid's keyboard, the
 * agenda, the empty and error states, the public feed's address, and My races with the saved-races feed.
 */
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { AUTO_PAGES } from '../../web/src/features/calendar/api/use-month-races.ts';
import { ApiError } from '../../web/src/lib/api-error.ts';
import { createFakeApi, makeEvent, makeEvents, type FakeApi } from './events-fixtures.ts';
import { renderApp, signedInAs } from './render-app.tsx';
import { answerApiWith } from './fake-use-api.ts';

const mocked = { api: undefined as unknown as FakeApi };

const MAY = '/calendar?month=2030-05';

beforeEach(() => {
  mocked.api = createFakeApi();
  answerApiWith(mocked.api.request);
  mocked.api.on('searchEvents', () => ({ items: [], complete: true }));
  mocked.api.on('getCalendarFeed', () => ({ kind: 'saved-races', path: null, createdAt: null }));
});

const searchQueries = () => mocked.api.callsOf('searchEvents').map((input) => input.query);
const urlOf = (router: ReturnType<typeof renderApp>['router']) => router.state.location.search;
const grid = () => screen.findByRole('grid', { name: 'May 2030' });
const day = (name: RegExp) => within(screen.getByRole('grid')).getByRole('button', { name });

describe('/calendar month view', () => {
  it("asks the search for the month's days with the filters and puts each race on its day, '+N more' past three", async () => {
    mocked.api.on('searchEvents', () => ({
      items: [
        makeEvent({ title: 'Cherry Creek 10K', eventDate: '2030-05-04' }),
        ...['A', 'B', 'C', 'D', 'E'].map((letter) => makeEvent({ title: `Saturday race ${letter}`, eventDate: '2030-05-18' })),
      ],
      complete: true,
    }));
    const { router } = renderApp({ path: '/calendar?month=2030-05&state=co&distance=HALF&type=nope' });
    const table = await grid();
    // The URL is rewritten in the page's own form: the month first, then only valid filters.
    await waitFor(() => expect(urlOf(router)).toBe('?month=2030-05&state=CO&distance=half'));
    expect(searchQueries()).toContainEqual({ state: 'CO', distance: 'half', from: '2030-05-01', to: '2030-05-31' });

    expect(within(table).getAllByRole('columnheader').map((header) => header.textContent)).toEqual(['SunSunday', 'MonMonday', 'TueTuesday', 'WedWednesday', 'ThuThursday', 'FriFriday', 'SatSaturday']);
    // May 2030 starts on a Wednesday: the grid runs from Sunday April 28 to Saturday June 1, five weeks.
    expect(within(table).getAllByRole('row')).toHaveLength(6);
    // The grid shows before the search answers: the days fill in when it does (under load, after the checks above).
    expect(await within(table).findByRole('button', { name: /^Saturday, May 4: 1 race$/ })).toBeInTheDocument();
    expect(within(table).getByRole('link', { name: 'Cherry Creek 10K' })).toHaveAttribute('href', expect.stringMatching(/^\/events\/01J/));
    const saturday = day(/^Saturday, May 18: 5 races$/).closest('td')!;
    expect(within(saturday).getAllByRole('link').map((link) => link.textContent)).toEqual(['Saturday race A', 'Saturday race B']);
    expect(within(saturday).getByRole('button', { name: '+3 more' })).toBeInTheDocument();
    expect(await screen.findByText('6 races in May 2030')).toBeInTheDocument();
  });

  it('lists every race of a day below the grid when the day or its +N more is chosen', async () => {
    const user = userEvent.setup();
    mocked.api.on('searchEvents', () => ({ items: makeEvents(5, { eventDate: '2030-05-18', city: 'Denver' }), complete: true }));
    renderApp({ path: MAY });
    await grid();
    await user.click(await screen.findByRole('button', { name: '+3 more' }));
    const list = screen.getByRole('region', { name: 'Saturday, May 18, 2030' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(5);
    expect(within(list).getByRole('heading', { level: 3 })).toHaveFocus();
    expect(within(list).getAllByText('Denver, CO · Road Race · 10K')).toHaveLength(5);
  });

  it('moves between days with the arrow, Home, End and Page keys, into the next month, with one tab stop', async () => {
    const user = userEvent.setup();
    const { router } = renderApp({ path: MAY });
    await grid();
    // The one tab stop is the 1st (not this month, so not today).
    const first = day(/^Wednesday, May 1: no races$/);
    expect(first).toHaveAttribute('tabindex', '0');
    expect(within(screen.getByRole('grid')).getAllByRole('button').filter((button) => button.getAttribute('tabindex') === '0')).toHaveLength(1);
    first.focus();
    await user.keyboard('{ArrowRight}');
    expect(day(/^Thursday, May 2:/)).toHaveFocus();
    await user.keyboard('{ArrowDown}');
    expect(day(/^Thursday, May 9:/)).toHaveFocus();
    await user.keyboard('{End}');
    expect(day(/^Saturday, May 11:/)).toHaveFocus();
    await user.keyboard('{Home}');
    expect(day(/^Sunday, May 5:/)).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(screen.getByRole('region', { name: 'Sunday, May 5, 2030' })).toHaveTextContent('No races on this day.');
    day(/^Sunday, May 5:/).focus();
    await user.keyboard('{PageDown}');
    await waitFor(() => expect(urlOf(router)).toBe('?month=2030-06'));
    await screen.findByRole('grid', { name: 'June 2030' });
    await waitFor(() => expect(day(/^Wednesday, June 5:/)).toHaveFocus());
    expect(searchQueries()).toContainEqual({ from: '2030-06-01', to: '2030-06-30' });
  });

  it('changes month with Previous, Next and Today, and filters by state at once, all in the URL', async () => {
    const user = userEvent.setup();
    const { router } = renderApp({ path: MAY });
    await grid();
    await user.click(screen.getByRole('button', { name: 'Next month' }));
    await waitFor(() => expect(urlOf(router)).toBe('?month=2030-06'));
    await user.click(screen.getByRole('button', { name: 'Previous month' }));
    await user.click(screen.getByRole('button', { name: 'Previous month' }));
    await waitFor(() => expect(urlOf(router)).toBe('?month=2030-04'));
    await user.selectOptions(screen.getByRole('combobox', { name: 'State' }), 'VT');
    await waitFor(() => expect(urlOf(router)).toBe('?month=2030-04&state=VT'));
    expect(searchQueries()).toContainEqual({ state: 'VT', from: '2030-04-01', to: '2030-04-30' });
    await user.selectOptions(screen.getByRole('combobox', { name: 'Type' }), 'trail_race');
    await waitFor(() => expect(urlOf(router)).toBe('?month=2030-04&state=VT&type=trail_race'));
    await user.click(within(screen.getByRole('group', { name: 'Filters' })).getByRole('button', { name: 'Clear filters' }));
    await waitFor(() => expect(urlOf(router)).toBe('?month=2030-04'));

    await user.click(screen.getByRole('button', { name: 'Today' }));
    const thisMonth = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/New_York', year: 'numeric', month: '2-digit' }).format(new Date());
    await waitFor(() => expect(urlOf(router)).toBe(`?month=${thisMonth}`));
    // The public calendar lists races from today on: there is no month before this one.
    expect(screen.getByRole('button', { name: 'Previous month' })).toBeDisabled();
  });

  it('fetches the following pages of a month by itself until the last', async () => {
    mocked.api.on('searchEvents', ({ query }) => {
      if (!query?.cursor) return { items: makeEvents(2, { eventDate: '2030-05-04' }), nextCursor: 'page-2', complete: false };
      if (query.cursor === 'page-2') return { items: [], nextCursor: 'page-3', complete: false };
      return { items: makeEvents(1, { eventDate: '2030-05-25' }), complete: true };
    });
    renderApp({ path: MAY });
    expect(await screen.findByText('3 races in May 2030')).toBeInTheDocument();
    expect(searchQueries().map((query) => query?.cursor)).toEqual([undefined, 'page-2', 'page-3']);
    expect(day(/^Saturday, May 25: 1 race$/)).toBeInTheDocument();
  });

  it('stops after AUTO_PAGES pages, says how far the races reach, and loads as many more when asked', async () => {
    const user = userEvent.setup();
    // Every page has one race, a day later than the last, and says more follow.
    mocked.api.on('searchEvents', ({ query }) => {
      const page = query?.cursor ? Number(String(query.cursor).slice(5)) : 1;
      return { items: makeEvents(1, { eventDate: `2030-05-${String(page).padStart(2, '0')}` }), nextCursor: `page-${page + 1}`, complete: false };
    });
    renderApp({ path: MAY });
    expect(await screen.findByText('Showing races through Sun, May 12')).toBeInTheDocument();
    expect(searchQueries()).toHaveLength(AUTO_PAGES);
    expect(screen.getByText('12+ races')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Load more races' }));
    expect(await screen.findByText('Showing races through Fri, May 24')).toBeInTheDocument();
    expect(searchQueries()).toHaveLength(2 * AUTO_PAGES);
  });

  it('asks again for the later page that failed alone, keeping the races so far', async () => {
    const user = userEvent.setup();
    let fail = true;
    mocked.api.on('searchEvents', ({ query }) => {
      if (!query?.cursor) return { items: makeEvents(2, { eventDate: '2030-05-04' }), nextCursor: 'page-2', complete: false };
      if (fail) throw new ApiError(500, 'RaceFinder is having trouble right now.');
      return { items: makeEvents(1, { eventDate: '2030-05-25' }), complete: true };
    });
    renderApp({ path: MAY });
    expect(await screen.findByText('Some races could not load')).toBeInTheDocument();
    expect(day(/^Saturday, May 4: 2 races$/)).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('3 races in May 2030')).toBeInTheDocument();
    expect(searchQueries().map((query) => query?.cursor)).toEqual([undefined, 'page-2', 'page-2']);
  });

  it('says when a month has no races, and offers to clear the filters or go on', async () => {
    const user = userEvent.setup();
    const { router } = renderApp({ path: `${MAY}&type=duathlon` });
    expect(await screen.findByText('No races in May 2030')).toBeInTheDocument();
    expect(screen.getByText('No upcoming race this month matches these filters.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Go to June 2030' }));
    await waitFor(() => expect(urlOf(router)).toBe('?month=2030-06&type=duathlon'));
  });

  it('shows the error with the message and tries again', async () => {
    const user = userEvent.setup();
    let fail = true;
    mocked.api.on('searchEvents', () => {
      if (fail) throw new ApiError(500, 'RaceFinder is having trouble right now.');
      return { items: makeEvents(1, { eventDate: '2030-05-04' }), complete: true };
    });
    renderApp({ path: MAY });
    expect(await screen.findByText('Unable to load races')).toBeInTheDocument();
    expect(screen.getByText('RaceFinder is having trouble right now.')).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('1 race in May 2030')).toBeInTheDocument();
  });

  it('offers the public feed of the filters shown, to copy or open in a calendar app', async () => {
    renderApp({ path: `${MAY}&state=CO&type=trail_race` });
    const panel = await screen.findByRole('region', { name: 'Subscribe to this calendar' });
    expect(panel).toHaveTextContent('RaceFinder races: Colorado · Trail Race');
    const url = `${window.location.origin}/api/calendar/events.ics?state=CO&type=trail_race`;
    expect(within(panel).getByLabelText('Feed address')).toHaveValue(url);
    expect(within(panel).getByRole('link', { name: 'Open in calendar app' })).toHaveAttribute('href', url.replace(/^http:/, 'webcal:'));
  });
});

describe('/calendar agenda view', () => {
  it('lists the days with races in order, each race with its place, type and distances', async () => {
    mocked.api.on('searchEvents', () => ({
      items: [makeEvent({ title: 'Late race', eventDate: '2030-05-25', distances: ['Half', '10K'] }), makeEvent({ title: 'Early race', eventDate: '2030-05-04' })],
      complete: true,
    }));
    renderApp({ path: `${MAY}&view=agenda` });
    const agenda = await screen.findByRole('list', { name: 'May 2030' });
    expect(within(agenda).getAllByRole('heading', { level: 3 }).map((heading) => heading.textContent)).toEqual(['Saturday, May 4, 2030', 'Saturday, May 25, 2030']);
    expect(within(agenda).getByRole('link', { name: 'Late race' })).toBeInTheDocument();
    expect(within(agenda).getByText('Boulder, CO · Road Race · Half +1')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Agenda' })).toHaveAttribute('aria-pressed', 'true');
  });

  it('is the default on a phone-narrow screen', async () => {
    vi.stubGlobal('matchMedia', (query: string) => ({ matches: query.includes('max-width'), addEventListener() {}, removeEventListener() {} }));
    try {
      mocked.api.on('searchEvents', () => ({ items: makeEvents(1, { eventDate: '2030-05-04' }), complete: true }));
      renderApp({ path: MAY });
      expect(await screen.findByRole('list', { name: 'May 2030' })).toBeInTheDocument();
      expect(screen.queryByRole('grid')).toBeNull();
    } finally {
      vi.unstubAllGlobals();
    }
  });
});

describe('/calendar My races', () => {
  it('asks a visitor to sign in', async () => {
    const user = userEvent.setup();
    renderApp({ path: MAY });
    await user.click(await screen.findByRole('tab', { name: 'My races' }));
    expect(screen.getByText('Sign in to see the races you saved on the calendar and subscribe to them from your calendar app.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', expect.stringContaining('/auth?returnTo='));
  });

  it("shows the athlete's saved races of the month and their private feed", async () => {
    const user = userEvent.setup();
    const { auth, profile } = signedInAs('athlete');
    const race = makeEvent({ title: 'Saved Spring Half', eventDate: '2030-05-12' });
    const later = makeEvent({ title: 'Saved Autumn Marathon', eventDate: '2030-10-06' });
    mocked.api.saved.set(later.id, { savedAt: '2030-01-02T00:00:00.000Z', event: later });
    mocked.api.saved.set(race.id, { savedAt: '2030-01-03T00:00:00.000Z', event: race });
    const { router } = renderApp({ path: `${MAY}&tab=mine`, auth, profile });
    expect(await screen.findByRole('tab', { name: 'My races', selected: true })).toBeInTheDocument();
    expect(await within(await grid()).findByRole('link', { name: 'Saved Spring Half' })).toBeInTheDocument();
    expect(screen.getByText('1 saved race in May 2030')).toBeInTheDocument();
    const feed = screen.getByRole('region', { name: 'Calendar feed' });
    expect(within(feed).getByRole('button', { name: 'Turn on calendar feed' })).toBeInTheDocument();
    expect(within(feed).getByText(/Subscribe to your saved races/)).toBeInTheDocument();
    expect(mocked.api.callsOf('getCalendarFeed')).toEqual([{ path: { kind: 'saved-races' } }]);

    // A month without saved races points to the next one.
    await user.click(screen.getByRole('button', { name: 'Next month' }));
    expect(await screen.findByText('Your next saved race is Saved Autumn Marathon on Sun, Oct 6, 2030.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Go to October 2030' }));
    await waitFor(() => expect(urlOf(router)).toBe('?month=2030-10&tab=mine'));
    expect(await screen.findByRole('link', { name: 'Saved Autumn Marathon' })).toBeInTheDocument();
  });

  it('turns the saved-races feed on and shows its private address', async () => {
    const user = userEvent.setup();
    const { auth, profile } = signedInAs('athlete');
    mocked.api.on('createCalendarFeed', () => ({ kind: 'saved-races', path: `/api/calendar-feeds/${'x'.repeat(43)}/saved-races.ics`, createdAt: '2030-04-01T10:00:00.000Z' }));
    renderApp({ path: `${MAY}&tab=mine`, auth, profile });
    const feed = await screen.findByRole('region', { name: 'Calendar feed' });
    await user.click(await within(feed).findByRole('button', { name: 'Turn on calendar feed' }));
    await act(async () => undefined);
    expect(await within(feed).findByLabelText('Private feed address')).toHaveValue(`${window.location.origin}/api/calendar-feeds/${'x'.repeat(43)}/saved-races.ics`);
    expect(within(feed).getByText(/Anyone with this address can see your saved races/)).toBeInTheDocument();
    expect(mocked.api.callsOf('createCalendarFeed')).toEqual([{ path: { kind: 'saved-races' } }]);
  });
});
