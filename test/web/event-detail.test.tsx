import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { RaceEvent } from '../../shared/schemas/event.ts';
import type { Organization } from '../../shared/schemas/organization.ts';
import { formatFee, formatLongDate } from '../../web/src/lib/event-format.ts';
import { registrationState } from '../../web/src/features/event-detail/pages/event-detail-page.tsx';
import { fakeAuth, renderApp, signedInAs } from './render-app.tsx';

const ID = '01JQ7Z5ZB2M8E7W4N6R3T9XKCD';

type EventBody = RaceEvent & { organization?: Organization };

function raceEvent(overrides: Partial<EventBody> = {}): EventBody {
  return {
    id: ID,
    title: 'Lakeshore Half Marathon',
    description: 'A flat, fast course along the lake with a finish-line festival.',
    eventDate: '2026-01-01',
    startTime: '07:30',
    timeZone: 'America/Chicago',
    registrationEndDate: '2025-12-20',
    eventType: 'road_race',
    terrainType: 'road',
    locationName: 'Zilker Park',
    city: 'Austin',
    state: 'TX',
    country: 'US',
    zipCode: '78746',
    latitude: 30.26715,
    longitude: -97.77306,
    distances: ['Half Marathon', '10K', '5K'],
    registrationFee: 45,
    maxParticipants: 1500,
    registrationUrl: 'https://register.example.org/lakeshore',
    websiteUrl: 'https://www.lakeshorehalf.example.org/',
    tags: ['boston-qualifier', 'chip_timed'],
    featured: true,
    verified: true,
    source: 'seed',
    createdAt: '2025-06-01T12:00:00.000Z',
    updatedAt: '2025-06-01T12:00:00.000Z',
    organization: {
      id: '01JQ7Z5ZB2M8E7W4N6R3T9XKCE',
      name: 'Austin Runners Club',
      description: 'Volunteer-run races since 1985.',
      websiteUrl: 'https://austinrunners.example.org',
      email: 'races@austinrunners.example.org',
    },
    ...overrides,
  };
}

function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

const notFoundBody = { error: { code: 'not_found', message: 'Event not found' } };

let fetchMock: ReturnType<typeof vi.fn<(input: RequestInfo | URL, init?: RequestInit) => Promise<Response>>>;

// The route loads the page lazily; importing it once here keeps that first load out of each test's timeouts.
beforeAll(async () => {
  await import('../../web/src/features/event-detail/pages/event-detail-page.tsx');
});

beforeEach(() => {
  fetchMock = vi.fn<(input: RequestInfo | URL, init?: RequestInit) => Promise<Response>>();
  vi.stubGlobal('fetch', fetchMock);
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

/** A visitor (the event route is 'optional': no token is sent) opening /events/{id}. */
function openEvent(path = `/events/${ID}`) {
  return renderApp({ path, auth: fakeAuth({ getIdToken: vi.fn(async () => undefined) }) });
}

async function heading() {
  return screen.findByRole('heading', { level: 1, name: 'Lakeshore Half Marathon' });
}

describe('event detail page', () => {
  it('shows every field of the event', async () => {
    // Before registration closes (20 December 2025), so the page offers the Register link.
    vi.useFakeTimers({ toFake: ['Date'], now: new Date('2025-12-01T17:00:00Z') });
    fetchMock.mockImplementation(async () => json(200, raceEvent()));
    openEvent();
    await heading();
    const main = within(screen.getByRole('main'));

    expect(fetchMock).toHaveBeenCalledWith(`/api/events/${ID}`, expect.objectContaining({ method: 'GET' }));
    // Noon in New York: 1 January stays 1 January (midnight UTC would be 31 December there).
    expect(main.getAllByText('Thursday, January 1, 2026').length).toBeGreaterThan(0);
    const facts = within(screen.getByRole('complementary', { name: 'Key facts and actions' }));
    const fact = (label: string) => facts.getByText(label, { selector: 'dt' }).closest('div')!;
    expect(fact('Registration closes')).toHaveTextContent('Saturday, December 20, 2025');
    // The start on the race's own clock (Austin, Central Time in January).
    expect(fact('Start')).toHaveTextContent(/^Start7:30 AM CST$/);
    expect(document.querySelector('.event-hero__meta')).toHaveTextContent('Thursday, January 1, 2026 · 7:30 AM CST');
    expect(fact('Location')).toHaveTextContent('Zilker Park, Austin, TX 78746');
    expect(fact('Distances')).toHaveTextContent('Half Marathon, 10K, 5K');
    expect(fact('Entry fee')).toHaveTextContent('$45');
    expect(fact('Max participants')).toHaveTextContent('1,500');
    expect(fact('Event type')).toHaveTextContent('Road Race');
    expect(fact('Terrain')).toHaveTextContent('Road');
    expect(within(fact('Website')).getByRole('link')).toHaveAttribute('href', 'https://www.lakeshorehalf.example.org/');

    const tags = within(main.getByRole('list', { name: 'Event tags' }));
    for (const badge of ['Featured', 'Verified', 'Road Race', 'Road']) expect(tags.getByText(badge)).toBeInTheDocument();

    expect(main.getByText('A flat, fast course along the lake with a finish-line festival.')).toBeInTheDocument();
    expect(within(main.getByRole('list', { name: 'Tags' })).getAllByRole('listitem').map((item) => item.textContent)).toEqual(['boston qualifier', 'chip timed']);
    for (const distance of ['Half Marathon', '10K', '5K']) expect(main.getByText(distance, { selector: 'li' })).toBeInTheDocument();
    // Location and fee are stated once each (issue 7): in the key facts, the place with its map link.
    expect(main.getAllByText(/Zilker Park/)).toHaveLength(1);
    expect(main.getAllByText('$45')).toHaveLength(1);
    expect(main.queryByRole('heading', { name: 'Location' })).toBeNull();

    const organizer = within(main.getByRole('region', { name: 'Organizer' }));
    expect(organizer.getByText('Austin Runners Club')).toBeInTheDocument();
    expect(organizer.getByText('Volunteer-run races since 1985.')).toBeInTheDocument();
    expect(organizer.getByRole('link', { name: /^austinrunners\.example\.org/ })).toHaveAttribute('href', 'https://austinrunners.example.org');
    expect(organizer.getByRole('link', { name: 'races@austinrunners.example.org' })).toHaveAttribute('href', 'mailto:races@austinrunners.example.org');

    const register = main.getByRole('link', { name: /Register/ });
    expect(register).toHaveAttribute('href', 'https://register.example.org/lakeshore');
    expect(register).toHaveAttribute('target', '_blank');
    expect(register).toHaveAttribute('rel', 'noopener noreferrer');

    const map = within(fact('Location')).getByRole('link', { name: /View on map/ });
    expect(map.getAttribute('href')).toBe('https://www.openstreetmap.org/?mlat=30.26715&mlon=-97.77306#map=15/30.26715/-97.77306');
    expect(main.getByRole('button', { name: 'Save Lakeshore Half Marathon' })).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('Lakeshore Half Marathon · RaceFinder'));
  });

  it('leaves out what the event does not have and falls back where the page needs words', async () => {
    // A new response for each call: the page's analytics beacon fetches too.
    fetchMock.mockImplementation(async () =>
      json(200, raceEvent({
        description: undefined, registrationEndDate: undefined, zipCode: undefined, latitude: undefined, longitude: undefined,
        maxParticipants: undefined, registrationUrl: undefined, websiteUrl: undefined, organization: undefined,
        featured: false, registrationFee: 0, startTime: undefined, timeZone: undefined,
      })),
    );
    openEvent();
    await heading();
    const main = within(screen.getByRole('main'));
    expect(main.getByText('Join this exciting endurance event and challenge yourself!')).toBeInTheDocument();
    expect(main.queryByText('Registration closes')).toBeNull();
    expect(main.queryByText('Start')).toBeNull();
    expect(main.queryByText('Max participants')).toBeNull();
    expect(main.queryByText('Website')).toBeNull();
    expect(main.queryByRole('region', { name: 'Organizer' })).toBeNull();
    expect(main.queryByRole('link', { name: /Register/ })).toBeNull();
    expect(main.queryByText('Featured')).toBeNull();
    expect(main.getAllByText('Free').length).toBeGreaterThan(0);
    // Without coordinates the map link searches for the address.
    expect(main.getByRole('link', { name: /Find on map/ })).toHaveAttribute(
      'href',
      'https://www.openstreetmap.org/search?query=Zilker%20Park%2C%20Austin%2C%20TX',
    );
  });

  it('reads registration that closes today, or has closed, as such (New York days)', () => {
    const race = { eventDate: '2026-03-14', registrationEndDate: '2026-03-01' };
    expect(registrationState(race, '2026-02-28')).toEqual({ state: 'open' });
    expect(registrationState(race, '2026-03-01')).toEqual({ state: 'today' });
    expect(registrationState(race, '2026-03-02')).toEqual({ state: 'closed' });
    expect(registrationState({ eventDate: '2026-03-14' }, '2026-03-14')).toEqual({ state: 'open' });
    expect(registrationState({ eventDate: '2026-03-14' }, '2026-03-15')).toEqual({ state: 'closed' });
    // Sold out while registration would be open; a race already run is closed, sold out or not.
    expect(registrationState({ eventDate: '2026-03-14', soldOut: true }, '2026-03-01')).toEqual({ state: 'sold-out' });
    expect(registrationState({ eventDate: '2026-03-14', soldOut: true }, '2026-03-15')).toEqual({ state: 'closed' });
  });

  it("says 'Registration closes today' on the closing day, and 'Registration closed' without a Register link after it", async () => {
    // 20 December 2025, 23:30 in New York (already the 21st in UTC).
    vi.useFakeTimers({ toFake: ['Date'], now: new Date('2025-12-21T04:30:00Z') });
    fetchMock.mockImplementation(async () => json(200, raceEvent()));
    const first = openEvent();
    await heading();
    const aside = () => within(screen.getByRole('complementary', { name: 'Key facts and actions' }));
    expect(aside().getByText('Registration closes today')).toBeInTheDocument();
    expect(aside().getByText('Registration closes', { selector: 'dt' }).closest('div')).toHaveTextContent('Today, Saturday, December 20, 2025');
    expect(aside().getByRole('link', { name: /Register/ })).toBeInTheDocument();
    first.unmount();

    vi.setSystemTime(new Date('2025-12-21T17:00:00Z'));
    openEvent();
    await heading();
    expect(aside().getByText('Registration closed', { selector: 'p' })).toBeInTheDocument();
    expect(aside().getByText('Registration closed', { selector: 'dt' }).closest('div')).toHaveTextContent('Saturday, December 20, 2025');
    expect(aside().queryByRole('link', { name: /Register/ })).toBeNull();
    expect(aside().queryByText('Registration closes today')).toBeNull();
  });

  it('formats fees in dollars, and 0 as Free', () => {
    expect(formatFee(45)).toBe('$45');
    expect(formatFee(0)).toBe('Free');
    expect(formatFee(42.5)).toBe('$42.50');
    expect(formatFee(1250)).toBe('$1,250');
    expect(formatFee(undefined)).toBeUndefined();
  });

  it('shows dates in New York whatever the date, read at noon', () => {
    expect(formatLongDate('2026-03-08')).toBe('Sunday, March 8, 2026');
    expect(formatLongDate('2026-12-31')).toBe('Thursday, December 31, 2026');
  });

  it("says the event doesn't exist for an unknown id, with a way back to the events", async () => {
    fetchMock.mockImplementation(async () => json(404, notFoundBody));
    openEvent();
    expect(await screen.findByText("The event you're looking for doesn't exist.")).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Event not found' })).toBeInTheDocument();
    expect(within(screen.getByRole('main')).getByRole('link', { name: 'Browse events' })).toHaveAttribute('href', '/events');
  });

  it('treats an id that cannot be an event id as not found without asking the server', async () => {
    openEvent('/events/not-an-id');
    expect(await screen.findByText("The event you're looking for doesn't exist.")).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('shows a failure with its message and loads again on Try again', async () => {
    fetchMock.mockResolvedValueOnce(json(500, { error: { code: 'internal', message: 'Something broke on our side.' } }));
    fetchMock.mockResolvedValueOnce(json(200, raceEvent()));
    const user = userEvent.setup();
    openEvent();
    // The toast viewport keeps an empty alert region; the page's own alert is the one with the title.
    const alert = (await screen.findByText('Unable to load the event')).closest('[role="alert"]');
    expect(alert).not.toBeNull();
    expect(alert).toHaveTextContent('Something broke on our side.');
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    await heading();
    const eventLoads = fetchMock.mock.calls.filter(([input, init]) => String(input) === `/api/events/${ID}` && init?.method === 'GET');
    expect(eventLoads).toHaveLength(2);
    // The page, once shown, counts one view through the analytics beacon.
    await waitFor(() => {
      const beacons = fetchMock.mock.calls.filter(([input]) => String(input) === `/api/events/${ID}/beacon`);
      expect(beacons.map(([, init]) => [init?.method, init?.body])).toEqual([['POST', JSON.stringify({ kind: 'view' })]]);
    });
  });

  it('marks an unverified event (seen by its organizer or an admin) as not yet verified', async () => {
    fetchMock.mockImplementation(async () => json(200, raceEvent({ verified: false })));
    openEvent();
    await heading();
    const main = within(screen.getByRole('main'));
    expect(main.getByText('Not yet verified')).toBeInTheDocument();
    expect(main.queryByText('Verified', { selector: 'li' })).toBeNull();
  });

  it('sends the token of a signed-in user, so an organizer can see an event under review', async () => {
    fetchMock.mockImplementation(async (url) => (String(url).startsWith('/api/me/saved-events') ? json(200, { items: [] }) : json(200, raceEvent({ verified: false }))));
    renderApp({ path: `/events/${ID}`, ...signedInAs('organizer', { getIdToken: vi.fn(async () => 'organizer-token') }) });
    await heading();
    const [, init] = fetchMock.mock.calls.find(([url]) => String(url) === `/api/events/${ID}`)!;
    expect(init?.headers).toMatchObject({ authorization: 'Bearer organizer-token' });
    expect(screen.getByText('Not yet verified')).toBeInTheDocument();
  });

  it('offers an admin Edit Event and no Claim Event, and an organizer Claim Event on an unowned event', async () => {
    fetchMock.mockImplementation(async (url) => {
      const path = String(url);
      if (path.startsWith('/api/me/saved-events')) return json(200, { items: [] });
      if (path.endsWith('/claims/mine')) return json(200, { claim: null });
      return json(200, raceEvent());
    });
    const admin = renderApp({ path: `/events/${ID}`, ...signedInAs('admin', { getIdToken: vi.fn(async () => 'admin-token') }) });
    await heading();
    expect((await screen.findByRole('link', { name: /^Edit Event/ })).getAttribute('href')).toContain(`/events/${ID}/edit`);
    // Once every request has settled, as the organizer's claim state would have.
    await waitFor(() => expect(admin.queryClient.isFetching()).toBe(0));
    expect(screen.queryByRole('button', { name: /Claim Event/ })).toBeNull();
    admin.unmount();
    renderApp({ path: `/events/${ID}`, ...signedInAs('organizer', { getIdToken: vi.fn(async () => 'organizer-token') }) });
    await heading();
    expect(await screen.findByRole('button', { name: 'Claim Event' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /^Edit Event/ })).toBeNull();
  });

  it('says first that a race is cancelled, and offers no registration for it', async () => {
    fetchMock.mockImplementation(async () => json(200, raceEvent({ eventDate: '2027-06-05', registrationEndDate: undefined, status: 'cancelled' })));
    openEvent();
    await heading();
    const main = within(screen.getByRole('main'));
    expect(main.getByRole('alert')).toHaveTextContent('This race is cancelledIt will not take place. Ask the event website about refunds or moving your entry.');
    expect(main.getByText('Race cancelled')).toBeInTheDocument();
    expect(main.queryByRole('link', { name: /^Register/ })).toBeNull();
    expect(main.getByText('Cancelled', { selector: '.status-pill' })).toBeInTheDocument();
  });

  it('gives a rescheduled race its new date and the one it moved from, and a postponed one no date yet', async () => {
    fetchMock.mockImplementation(async () =>
      json(200, raceEvent({ eventDate: '2027-06-05', registrationEndDate: undefined, status: 'rescheduled', previousEventDate: '2027-05-01' })),
    );
    const first = openEvent();
    await heading();
    const main = within(screen.getByRole('main'));
    expect(main.getByText('This race has a new date').parentElement).toHaveTextContent('It is now on Saturday, June 5, 2027, moved from Saturday, May 1, 2027.');
    expect(main.getByText('Moved from', { exact: false, selector: '.event-fact__note' })).toHaveTextContent('Moved from Saturday, May 1, 2027');
    expect(main.getByRole('link', { name: /^Register/ })).toBeInTheDocument();
    first.unmount();

    fetchMock.mockImplementation(async () => json(200, raceEvent({ eventDate: '2027-06-05', registrationEndDate: undefined, status: 'postponed' })));
    openEvent();
    await heading();
    expect(screen.getByText('This race is postponed').parentElement).toHaveTextContent(
      'It will not be run on Saturday, June 5, 2027, and the new date is not announced yet. Save it to be told when it is.',
    );
  });

  it('says a sold-out race is sold out, keeps its registration page for a waitlist, and dates the last check of its details', async () => {
    fetchMock.mockImplementation(async () =>
      json(200, raceEvent({ eventDate: '2027-06-05', registrationEndDate: undefined, soldOut: true, lastCheckedAt: '2026-11-20', lastCheckedBy: 'organizer' })),
    );
    const first = openEvent();
    await heading();
    const main = within(screen.getByRole('main'));
    expect(main.getByText('Sold out: the registration page may have a waitlist or transfers')).toBeInTheDocument();
    expect(main.getByRole('link', { name: /^Registration page/ })).toHaveAttribute('href', 'https://register.example.org/lakeshore');
    expect(main.getByText('Details checked').closest('div')).toHaveTextContent('Details checkedFriday, November 20, 2026by the organizer');
    first.unmount();

    fetchMock.mockImplementation(async () => json(200, raceEvent({ source: 'runsignup', lastCheckedAt: '2026-11-21', lastCheckedBy: 'import' })));
    openEvent();
    await heading();
    expect(screen.getByText('against RunSignup')).toBeInTheDocument();
  });

  it('does not show the unverified notice on a verified event', async () => {
    fetchMock.mockImplementation(async () => json(200, raceEvent()));
    openEvent();
    await heading();
    expect(screen.queryByText('Not yet verified')).toBeNull();
  });

  it('downloads an .ics file of the event from Add to calendar', async () => {
    fetchMock.mockImplementation(async () => json(200, raceEvent({ title: 'Lakeshore Half Marathon' })));
    const blobs: Blob[] = [];
    const createObjectURL = vi.fn((blob: Blob) => {
      blobs.push(blob);
      return 'blob:racefinder/1';
    });
    // A URL of this test's own: jsdom's has no createObjectURL, and adding one to it would outlive the test.
    vi.stubGlobal('URL', class extends URL { static override createObjectURL = createObjectURL; static override revokeObjectURL = vi.fn(); });
    const clicked: HTMLAnchorElement[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push(this);
    });
    const user = userEvent.setup();
    openEvent();
    await heading();
    await user.click(screen.getByRole('button', { name: 'Add to calendar' }));

    expect(clicked).toHaveLength(1);
    expect(clicked[0]!.download).toBe('lakeshore-half-marathon.ics');
    expect(clicked[0]!.getAttribute('href')).toBe('blob:racefinder/1');
    expect(blobs[0]!.type).toBe('text/calendar;charset=utf-8');
    const text = await blobs[0]!.text();
    expect(text.startsWith('BEGIN:VCALENDAR\r\n')).toBe(true);
    const lines = text.replace(/\r\n /g, '').split('\r\n');
    expect(lines).toContain(`UID:${ID}@racefinder`);
    // It starts at the race's start: 7:30 AM in Austin is 13:30 UTC in January.
    expect(lines).toContain('DTSTART:20260101T133000Z');
    expect(lines.some((line) => line.startsWith('DTEND'))).toBe(false);
    expect(lines).toContain('SUMMARY:Lakeshore Half Marathon');
    expect(lines).toContain('LOCATION:Zilker Park\\, Austin\\, TX 78746');
    expect(lines).toContain(`URL:${window.location.origin}/events/${ID}`);
    expect(lines.find((line) => line.startsWith('DESCRIPTION:'))).toContain('Registration: https://register.example.org/lakeshore');
  });

  it('copies the link and says so when the browser cannot share', async () => {
    fetchMock.mockImplementation(async () => json(200, raceEvent()));
    const user = userEvent.setup();
    openEvent();
    await heading();
    expect(typeof navigator.share).not.toBe('function');
    await user.click(screen.getByRole('button', { name: 'Share' }));
    expect(await screen.findByText('Link copied')).toBeInTheDocument();
    await expect(navigator.clipboard.readText()).resolves.toBe(`${window.location.origin}/events/${ID}`);
  });

  it('uses the system share sheet when there is one', async () => {
    fetchMock.mockImplementation(async () => json(200, raceEvent()));
    const share = vi.fn(async () => undefined);
    Object.defineProperty(navigator, 'share', { value: share, configurable: true });
    try {
      const user = userEvent.setup();
      openEvent();
      await heading();
      await user.click(screen.getByRole('button', { name: 'Share' }));
      expect(share).toHaveBeenCalledWith({ title: 'Lakeshore Half Marathon', url: `${window.location.origin}/events/${ID}` });
      expect(screen.queryByText('Link copied')).toBeNull();
    } finally {
      delete (navigator as { share?: unknown }).share;
    }
  });
});
