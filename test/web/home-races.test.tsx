/**
 * The home page's races (GET /api/home-feed through the typed client, faked at its module boundary): real
 * cards below the hero for visitors, and for a signed-in athlete their next saved race first (with its
 * countdown), races near their profile location, then the rest, the organizer invitation last.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { addDays, todayInNewYork } from '#shared/dates';
import type { HomeFeed } from '#shared/schemas/home-feed';
import { ApiError } from '../../web/src/lib/api-error.ts';
import { countdown } from '../../web/src/features/home/components/home-races.tsx';
import { createFakeApi, makeEvent, type FakeApi } from './events-fixtures.ts';
import { renderApp, signedInAs } from './render-app.tsx';
import { answerApiWith } from './fake-use-api.ts';

const mocked = { api: undefined as unknown as FakeApi };

const today = todayInNewYork();
const promoted = makeEvent({ title: 'Spotlight Marathon', eventDate: addDays(today, 40), promotion: { tier: 'spotlight' } });
const featured = makeEvent({ title: 'Featured Trail 50K', eventDate: addDays(today, 9), featured: true });
const soon = makeEvent({ title: 'Tomorrow Turkey Trot', eventDate: addDays(today, 1) });
const nearby = makeEvent({ title: 'Charles River 10K', city: 'Cambridge', state: 'MA', eventDate: addDays(today, 5), distanceMiles: 3.2 });
const feed: HomeFeed = { featured: [promoted, featured], upcoming: [soon] };

const main = () => within(screen.getByRole('main'));

beforeEach(() => {
  mocked.api = createFakeApi();
  answerApiWith(mocked.api.request);
  mocked.api.on('homeFeed', ({ query }) =>
    query?.near ? { ...feed, near: { radius: 50, origin: { latitude: 42.36, longitude: -71.06, label: 'Boston, MA' }, items: [nearby] } } : feed,
  );
});

afterEach(() => {
  vi.restoreAllMocks();
});

describe('home races for a visitor', () => {
  it('shows featured races (promoted first, as the server orders them) and upcoming races, from one call', async () => {
    renderApp();
    const featuredSection = within(await main().findByRole('region', { name: 'Featured races' }));
    const titles = (await featuredSection.findAllByRole('article')).map((card) => within(card).getByRole('heading').textContent);
    expect(titles).toEqual(['Spotlight Marathon', 'Featured Trail 50K']);
    expect(featuredSection.getByRole('link', { name: /See all races/ })).toHaveAttribute('href', '/events');
    const upcoming = within(main().getByRole('region', { name: 'Upcoming races' }));
    expect(upcoming.getByRole('link', { name: 'Tomorrow Turkey Trot' })).toHaveAttribute('href', `/events/${soon.id}`);
    expect(mocked.api.callsOf('homeFeed')).toEqual([{ query: {} }]);
    // Visitors still get the invitation below the races.
    expect(main().getByRole('heading', { name: 'Ready to Start Your Journey?' })).toBeInTheDocument();
    expect(main().queryByRole('heading', { name: 'Your next race' })).toBeNull();
  });

  it('says so when there are no featured races', async () => {
    mocked.api.on('homeFeed', () => ({ featured: [], upcoming: [soon] }));
    renderApp();
    expect(await main().findByText('No featured races right now. Browse every upcoming race instead.')).toBeInTheDocument();
  });

  it('shows the error and tries again', async () => {
    let fail = true;
    mocked.api.on('homeFeed', () => {
      if (fail) throw new ApiError(503, 'The race list is resting.');
      return feed;
    });
    renderApp();
    const featuredSection = within(await main().findByRole('region', { name: 'Featured races' }));
    expect(await featuredSection.findByText(/The race list is resting\./)).toBeInTheDocument();
    fail = false;
    await userEvent.setup().click(featuredSection.getByRole('button', { name: 'Try again' }));
    expect(await featuredSection.findByRole('link', { name: 'Spotlight Marathon' })).toBeInTheDocument();
  });
});

describe('home races for a signed-in athlete', () => {
  const athlete = () => {
    const { auth, profile } = signedInAs('athlete');
    return { auth, profile: { ...profile, location: 'Boston, MA' } };
  };

  it('leads with the next saved race and its countdown, then races near the profile location', async () => {
    const later = makeEvent({ title: 'Autumn Half', eventDate: addDays(today, 30) });
    const next = makeEvent({ title: 'Harbor 5K', eventDate: addDays(today, 12) });
    const past = makeEvent({ title: 'Last Year Dash', eventDate: addDays(today, -20) });
    for (const event of [later, next, past]) mocked.api.saved.set(event.id, { savedAt: new Date().toISOString(), event });
    renderApp(athlete());

    const lead = within(await main().findByRole('region', { name: 'Your next race' }));
    expect(await lead.findByRole('link', { name: 'Harbor 5K' })).toHaveAttribute('href', `/events/${next.id}`);
    expect(lead.getByText('In 12 days')).toBeInTheDocument();
    expect(lead.getByText('Welcome back, Sam')).toBeInTheDocument();

    const near = within(await main().findByRole('region', { name: 'Races near Boston, MA' }));
    expect(near.getByText(/3\.2 mi away/)).toBeInTheDocument();
    expect(near.getByRole('link', { name: /See races near you/ })).toHaveAttribute('href', '/local?near=Boston%2C+MA&radius=50');
    expect(mocked.api.callsOf('homeFeed')).toEqual([{ query: { near: 'Boston, MA' } }]);

    // The race sections come before the organizer invitation, which is last.
    const headings = main()
      .getAllByRole('heading', { level: 2 })
      .map((heading) => heading.textContent);
    expect(headings.indexOf('Your next race')).toBe(0);
    await waitFor(() => expect(main().getByRole('heading', { name: 'Become an Event Organizer' })).toBeInTheDocument());
    const order = main()
      .getAllByRole('heading', { level: 2 })
      .map((heading) => heading.textContent);
    expect(order.indexOf('Become an Event Organizer')).toBeGreaterThan(order.indexOf('Races near Boston, MA'));
  });

  it('invites an athlete with no upcoming saved race to find one', async () => {
    renderApp(athlete());
    const lead = within(await main().findByRole('region', { name: 'Your next race' }));
    expect(await lead.findByText('No upcoming race saved yet. Save one and its countdown shows here.')).toBeInTheDocument();
    expect(lead.getByRole('link', { name: /Find races near you/ })).toHaveAttribute('href', '/local');
  });

  it('asks for no nearby races when the profile location is not a place the search can read', async () => {
    const { auth, profile } = signedInAs('athlete');
    renderApp({ auth, profile: { ...profile, location: 'somewhere sunny' } });
    await main().findByRole('region', { name: 'Upcoming races' });
    expect(mocked.api.callsOf('homeFeed')).toEqual([{ query: {} }]);
    expect(main().queryByRole('region', { name: /Races near/ })).toBeNull();
  });

  it('counts down in race days', () => {
    expect(countdown('2030-05-17', '2030-05-17')).toBe('Today');
    expect(countdown('2030-05-18', '2030-05-17')).toBe('Tomorrow');
    expect(countdown('2030-06-01', '2030-05-17')).toBe('In 15 days');
  });
});
