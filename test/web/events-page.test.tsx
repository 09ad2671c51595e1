import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../web/src/lib/api-error.ts';
import { DISPLAY_STORAGE_KEY } from '../../web/src/features/events/components/use-display-mode.ts';
import { createFakeApi, deferred, makeEvents, type FakeApi } from './events-fixtures.ts';
import { renderApp } from './render-app.tsx';
import { answerApiWith } from './fake-use-api.ts';

const mocked = { api: undefined as unknown as FakeApi };

/** An IntersectionObserver whose intersections the test triggers. */
class FakeObserver {
  static instances: FakeObserver[] = [];
  readonly targets: Element[] = [];
  constructor(
    readonly callback: IntersectionObserverCallback,
    readonly options: IntersectionObserverInit = {},
  ) {
    FakeObserver.instances.push(this);
  }
  observe(target: Element) {
    this.targets.push(target);
  }
  disconnect() {
    FakeObserver.instances = FakeObserver.instances.filter((instance) => instance !== this);
  }
  unobserve() {}
  takeRecords() {
    return [];
  }
  intersect() {
    this.callback(this.targets.map((target) => ({ isIntersecting: true, target }) as IntersectionObserverEntry), this as unknown as IntersectionObserver);
  }
}

beforeEach(() => {
  mocked.api = createFakeApi();
  answerApiWith(mocked.api.request);
  mocked.api.on('searchEvents', () => ({ items: makeEvents(3) }));
  FakeObserver.instances = [];
});

afterEach(() => {
  vi.unstubAllGlobals();
});

function renderEvents(path = '/events') {
  return renderApp({ path });
}

const searchQueries = () => mocked.api.callsOf('searchEvents').map((input) => input.query);
const urlOf = (router: ReturnType<typeof renderApp>['router']) => router.state.location.search;

describe('/events filters and the URL', () => {
  it('reads the home hero names, searches with them and rewrites the URL in its own names', async () => {
    const { router } = renderEvents('/events?location=%20Boston%20&startDate=2030-01-01&endDate=2030-02-01');
    expect(await screen.findByRole('heading', { level: 1, name: 'Discover Events' })).toBeInTheDocument();
    await waitFor(() => expect(urlOf(router)).toBe('?q=Boston&from=2030-01-01&to=2030-02-01'));
    expect(searchQueries()).toEqual([{ q: 'Boston', from: '2030-01-01', to: '2030-02-01' }]);
    expect(screen.getByRole('searchbox', { name: 'Search events' })).toHaveValue('Boston');
  });

  it('leaves out empty and invalid values', async () => {
    const { router } = renderEvents('/events?q=%20%20&state=ZZ&type=road_race&from=2030-02-30&distance=HALF');
    await waitFor(() => expect(urlOf(router)).toBe('?type=road_race&distance=half'));
    expect(searchQueries()).toEqual([{ type: 'road_race', distance: 'half' }]);
  });

  it('searches the trimmed text when Enter is pressed, from the first page', async () => {
    const user = userEvent.setup();
    const { router } = renderEvents();
    const box = await screen.findByRole('searchbox', { name: 'Search events' });
    await user.type(box, '  trail 50k ');
    expect(searchQueries()).toEqual([{}]);
    await user.keyboard('{Enter}');
    await waitFor(() => expect(urlOf(router)).toBe('?q=trail+50k'));
    await waitFor(() => expect(searchQueries()).toEqual([{}, { q: 'trail 50k' }]));
  });

  it("filters by state at once, with 'Any State' and the 50 states and DC to choose from", async () => {
    const user = userEvent.setup();
    const { router } = renderEvents();
    const state = await screen.findByRole('combobox', { name: 'State' });
    const options = within(state).getAllByRole('option');
    expect(options).toHaveLength(52);
    expect(options[0]).toHaveTextContent('Any State');
    expect(options.map((option) => option.getAttribute('value'))).toContain('DC');

    await user.selectOptions(state, 'CO');
    await waitFor(() => expect(urlOf(router)).toBe('?state=CO'));
    expect(screen.getByRole('group', { name: 'Active filters' })).toHaveTextContent('State: Colorado');
    await user.selectOptions(state, 'all');
    await waitFor(() => expect(urlOf(router)).toBe(''));
  });

  it('removes one filter with its chip and all with Clear all', async () => {
    const user = userEvent.setup();
    const { router } = renderEvents('/events?q=boston&state=MA&type=road_race');
    const chips = await screen.findByRole('group', { name: 'Active filters' });
    expect(within(chips).getAllByRole('listitem').map((chip) => chip.textContent)).toEqual(['Search: “boston”', 'State: Massachusetts', 'Type: Road Race']);

    await user.click(within(chips).getByRole('button', { name: 'Remove filter State: Massachusetts' }));
    await waitFor(() => expect(urlOf(router)).toBe('?q=boston&type=road_race'));
    expect(screen.getByRole('combobox', { name: 'State' })).toHaveValue('all');
    // Focus moves on to the next chip instead of being lost with the removed one.
    expect(screen.getByRole('button', { name: 'Remove filter Type: Road Race' })).toHaveFocus();

    await user.click(screen.getByRole('button', { name: 'Clear all' }));
    await waitFor(() => expect(urlOf(router)).toBe(''));
    expect(screen.queryByRole('group', { name: 'Active filters' })).toBeNull();
    expect(screen.getByRole('searchbox', { name: 'Search events' })).toHaveValue('');
    expect(screen.getByRole('searchbox', { name: 'Search events' })).toHaveFocus();
  });

  it('sorts by price from the Filters panel, keeps the order when a filter changes, and shows it on the badge, not as a chip', async () => {
    const user = userEvent.setup();
    const { router } = renderEvents('/events?state=CO');
    await user.click(await screen.findByRole('button', { name: 'Filters' }));
    const panel = screen.getByRole('dialog', { name: 'Filters' });
    const sort = await within(panel).findByLabelText('Sort by');
    expect(within(sort).getAllByRole('option').map((option) => option.textContent)).toEqual(['Date', 'Price: lowest first']);
    await user.selectOptions(sort, 'price');
    await user.click(within(panel).getByRole('button', { name: 'Apply filters' }));
    await waitFor(() => expect(urlOf(router)).toBe('?state=CO&sort=price'));
    await waitFor(() => expect(searchQueries()).toContainEqual({ state: 'CO', sort: 'price' }));
    expect(screen.getByRole('button', { name: 'Filters, 1 active' })).toBeInTheDocument();
    expect(within(screen.getByRole('group', { name: 'Active filters' })).getAllByRole('listitem').map((chip) => chip.textContent)).toEqual(['State: Colorado']);
    await user.selectOptions(screen.getByRole('combobox', { name: 'State' }), 'all');
    await waitFor(() => expect(urlOf(router)).toBe('?sort=price'));
    await waitFor(() => expect(searchQueries().at(-1)).toEqual({ sort: 'price' }));
  });

  it('offers distance, not price, with a place, and drops it with the place', async () => {
    const user = userEvent.setup();
    const { router } = renderEvents('/events?near=Boston%2C%20MA&sort=distance');
    await waitFor(() => expect(searchQueries()).toContainEqual({ near: 'Boston, MA', sort: 'distance' }));
    await user.click(await screen.findByRole('button', { name: 'Filters, 1 active' }));
    const sort = await within(screen.getByRole('dialog', { name: 'Filters' })).findByLabelText('Sort by');
    expect(sort).toHaveValue('distance');
    // A radius search is not read in price order (the API refuses sort=price with near).
    expect(within(sort).getAllByRole('option').map((option) => option.textContent)).toEqual(['Date', 'Distance: nearest first']);
    await user.keyboard('{Escape}');
    await user.click(screen.getByRole('button', { name: /^Remove filter Near/ }));
    await waitFor(() => expect(urlOf(router)).toBe(''));
  });

  it('counts the popover filters in effect on the Filters badge', async () => {
    renderEvents('/events?q=x&state=CO&from=2030-01-01&type=trail_race&terrain=trail');
    const button = await screen.findByRole('button', { name: 'Filters, 3 active' });
    expect(within(button).getByTestId('filter-badge')).toHaveTextContent('3');
  });

  it('opens the Filters popover into its first field, closes on Escape back to the button, and applies', async () => {
    const user = userEvent.setup();
    const { router } = renderEvents();
    const button = await screen.findByRole('button', { name: 'Filters' });
    expect(button).toHaveAttribute('aria-expanded', 'false');

    await user.click(button);
    expect(button).toHaveAttribute('aria-expanded', 'true');
    const dialog = screen.getByRole('dialog', { name: 'Filters' });
    // The fields are a chunk of their own: the first takes the focus as it arrives.
    expect(await within(dialog).findByLabelText('From')).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(button).toHaveAttribute('aria-expanded', 'false');
    expect(button).toHaveFocus();

    await user.click(button);
    const panel = screen.getByRole('dialog', { name: 'Filters' });
    await user.type(await within(panel).findByLabelText('From'), '2030-03-01');
    await user.type(within(panel).getByLabelText('To'), '2030-04-01');
    await user.selectOptions(within(panel).getByLabelText('Event type'), 'triathlon');
    await user.selectOptions(within(panel).getByLabelText('Distance'), 'half');
    await user.selectOptions(within(panel).getByLabelText('Rating'), '4');
    await user.click(within(panel).getByRole('button', { name: 'Apply filters' }));
    await waitFor(() => expect(urlOf(router)).toBe('?type=triathlon&distance=half&rating=4&from=2030-03-01&to=2030-04-01'));
    expect(screen.getByRole('button', { name: 'Filters, 5 active' })).toHaveFocus();
    expect(screen.getByRole('button', { name: 'Remove filter Rating: 4 stars & up' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Filters, 5 active' }));
    await user.click(within(screen.getByRole('dialog', { name: 'Filters' })).getByRole('button', { name: 'Clear' }));
    await waitFor(() => expect(urlOf(router)).toBe(''));
  });

  it('refuses an end date before the start date', async () => {
    const user = userEvent.setup();
    const { router } = renderEvents();
    await user.click(await screen.findByRole('button', { name: 'Filters' }));
    const panel = screen.getByRole('dialog', { name: 'Filters' });
    await user.type(await within(panel).findByLabelText('From'), '2030-05-01');
    await user.type(within(panel).getByLabelText('To'), '2030-04-01');
    expect(within(panel).getByText('The end date must be on or after the start date.')).toBeInTheDocument();
    await user.click(within(panel).getByRole('button', { name: 'Apply filters' }));
    expect(urlOf(router)).toBe('');
    expect(searchQueries()).toEqual([{}]);
  });
});

describe('/events list states', () => {
  it("shows 'Loading...' and 'Finding events for you...' until the first page arrives", async () => {
    const page = deferred<{ items: ReturnType<typeof makeEvents> }>();
    mocked.api.on('searchEvents', () => page.promise);
    renderEvents();
    expect(await screen.findByText('Finding events for you...')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'Loading...' })).toBeInTheDocument();
    await act(async () => page.resolve({ items: makeEvents(2) }));
    expect(await screen.findByRole('heading', { level: 2, name: '2 events' })).toBeInTheDocument();
    // The cards render just after the count, in the background.
    expect(await screen.findByText("You've seen all available events")).toBeInTheDocument();
  });

  it('says when nothing matches', async () => {
    mocked.api.on('searchEvents', () => ({ items: [] }));
    renderEvents('/events?q=zzzz');
    expect(await screen.findByText('No events found')).toBeInTheDocument();
    expect(
      screen.getByText("We couldn't find any events matching your criteria. Try adjusting your filters or check back later for new events."),
    ).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: '0 events' })).toBeInTheDocument();
  });

  it('shows the error with its message and tries again on Retry', async () => {
    const user = userEvent.setup();
    let fail = true;
    mocked.api.on('searchEvents', () => {
      if (fail) throw new ApiError(500, 'RaceFinder is having trouble right now.');
      return { items: makeEvents(1) };
    });
    renderEvents();
    const alert = (await screen.findByText('Unable to load events')).closest<HTMLElement>('[role="alert"]')!;
    expect(alert).toHaveTextContent('RaceFinder is having trouble right now.');
    fail = false;
    await user.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('heading', { level: 2, name: '1 event' })).toBeInTheDocument();
  });

  it("falls back to 'Failed to fetch events' when the failure has no message", async () => {
    mocked.api.on('searchEvents', () => Promise.reject(new Error('')));
    renderEvents();
    const alert = (await screen.findByText('Unable to load events')).closest('[role="alert"]');
    expect(alert).toHaveTextContent('Unable to load eventsFailed to fetch events');
  });

  it('loads the next page when the end marker nears the viewport, then says the list is complete', async () => {
    vi.stubGlobal('IntersectionObserver', FakeObserver);
    const second = deferred<{ items: ReturnType<typeof makeEvents> }>();
    mocked.api.on('searchEvents', ({ query }) => (query?.cursor === 'c2' ? second.promise : { items: makeEvents(50), nextCursor: 'c2' }));
    renderEvents();
    expect(await screen.findByRole('heading', { level: 2, name: '50+ events' })).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Load more events' })).toBeInTheDocument();
    await waitFor(() => expect(FakeObserver.instances).toHaveLength(1));
    expect(FakeObserver.instances[0]!.options.rootMargin).toBe('100px');

    act(() => FakeObserver.instances[0]!.intersect());
    expect(await screen.findByText('Loading more events...')).toBeInTheDocument();
    // No second observer (and no second request) while the page is loading.
    expect(FakeObserver.instances).toHaveLength(0);
    await act(async () => second.resolve({ items: makeEvents(10) }));
    expect(await screen.findByRole('heading', { level: 2, name: '60 events' })).toBeInTheDocument();
    expect(await screen.findByText("You've seen all available events")).toBeInTheDocument();
    await waitFor(() => expect(screen.getAllByRole('article')).toHaveLength(60));
    expect(searchQueries()).toEqual([{}, { cursor: 'c2' }]);
    expect(FakeObserver.instances).toHaveLength(0);
  });

  it('asks for one page per approach: a marker that stays in view waits until the page it asked for has rendered', async () => {
    vi.stubGlobal('IntersectionObserver', FakeObserver);
    const pages = new Map([
      [undefined, { items: makeEvents(50), nextCursor: 'c2', complete: false }],
      ['c2', { items: makeEvents(50), nextCursor: 'c3', complete: false }],
      ['c3', { items: makeEvents(7), complete: true }],
    ]);
    mocked.api.on('searchEvents', ({ query }) => pages.get(query?.cursor as string | undefined));
    renderEvents();
    await waitFor(() => expect(FakeObserver.instances).toHaveLength(1));
    const first = FakeObserver.instances[0]!;
    // The marker reports 'in view' again and again (it never left): one request, not one per report.
    act(() => {
      first.intersect();
      first.intersect();
      first.intersect();
    });
    expect(await screen.findByRole('heading', { level: 2, name: '100+ events' })).toBeInTheDocument();
    expect(searchQueries()).toEqual([{}, { cursor: 'c2' }]);
    // Re-armed only once the second page is on screen (a fast flick may leave the marker in view).
    await waitFor(() => expect(screen.getAllByRole('article')).toHaveLength(100));
    await waitFor(() => expect(FakeObserver.instances).toHaveLength(1));
    expect(FakeObserver.instances[0]).not.toBe(first);
    act(() => FakeObserver.instances[0]!.intersect());
    expect(await screen.findByRole('heading', { level: 2, name: '107 events' })).toBeInTheDocument();
    expect(searchQueries()).toEqual([{}, { cursor: 'c2' }, { cursor: 'c3' }]);
  });

  it('keeps searching when a first page comes back empty with more to read, instead of saying nothing matched', async () => {
    mocked.api.on('searchEvents', ({ query }) =>
      query?.cursor === 'c2' ? { items: makeEvents(4), complete: true } : { items: [], nextCursor: 'c2', complete: false },
    );
    renderEvents('/events?q=rare');
    expect(await screen.findByRole('heading', { level: 2, name: '4 events' })).toBeInTheDocument();
    expect(screen.queryByText('No events found')).toBeNull();
    expect(searchQueries()).toEqual([{ q: 'rare' }, { q: 'rare', cursor: 'c2' }]);
  });

  it('offers a Load more button that fetches the next page', async () => {
    const user = userEvent.setup();
    mocked.api.on('searchEvents', ({ query }) => (query?.cursor === 'c2' ? { items: makeEvents(5) } : { items: makeEvents(50), nextCursor: 'c2' }));
    renderEvents('/events?state=CO');
    await user.click(await screen.findByRole('button', { name: 'Load more events' }));
    expect(await screen.findByRole('heading', { level: 2, name: '55 events' })).toBeInTheDocument();
    expect(searchQueries()).toEqual([{ state: 'CO' }, { state: 'CO', cursor: 'c2' }]);
  });

  it('starts from the first page again when the filters change', async () => {
    const user = userEvent.setup();
    mocked.api.on('searchEvents', ({ query }) => (query?.cursor ? { items: makeEvents(5) } : { items: makeEvents(50), nextCursor: 'c2' }));
    renderEvents();
    await user.click(await screen.findByRole('button', { name: 'Load more events' }));
    await screen.findByRole('heading', { level: 2, name: '55 events' });
    await user.selectOptions(screen.getByRole('combobox', { name: 'State' }), 'TX');
    expect(await screen.findByRole('heading', { level: 2, name: '50+ events' })).toBeInTheDocument();
    expect(searchQueries().at(-1)).toEqual({ state: 'TX' });
  });
});

describe('/events display switch', () => {
  it('shows list rows by default and remembers the chosen layout', async () => {
    const user = userEvent.setup();
    const first = renderEvents();
    const group = await screen.findByRole('group', { name: 'Display' });
    expect(within(group).getByRole('button', { name: 'List' })).toHaveAttribute('aria-pressed', 'true');
    await screen.findAllByRole('article');
    expect(screen.getAllByRole('article')[0]).toHaveClass('event-card--list');

    await user.click(within(group).getByRole('button', { name: 'Cards' }));
    expect(within(group).getByRole('button', { name: 'Cards' })).toHaveAttribute('aria-pressed', 'true');
    expect(within(group).getByRole('button', { name: 'List' })).toHaveAttribute('aria-pressed', 'false');
    expect(screen.getAllByRole('article')[0]).toHaveClass('event-card--cards');
    await user.click(within(group).getByRole('button', { name: 'Grid' }));
    expect(screen.getAllByRole('article')[0]).toHaveClass('event-card--compact');
    expect(localStorage.getItem(DISPLAY_STORAGE_KEY)).toBe('compact');
    first.unmount();

    renderEvents();
    expect(await screen.findByRole('button', { name: 'Grid' })).toHaveAttribute('aria-pressed', 'true');
  });
});
