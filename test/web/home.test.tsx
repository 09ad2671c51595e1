import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useLocation, type RouteObject } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { appRoutes } from '../../web/src/app/routes.tsx';
import { eventsSearchUrl } from '../../web/src/features/home/components/search-url.ts';
import { todayInNewYork as todayInProductZone } from '#shared/dates';
import { fakeAuth, renderApp, signedInAs } from './render-app.tsx';

function EventsProbe() {
  const location = useLocation();
  return <p data-testid="events-url">{location.pathname + location.search}</p>;
}

/** The app's routes with /events replaced by a probe that shows the URL the search went to. */
const routesWithProbe: RouteObject[] = [
  { path: '/', element: appRoutes[0]!.element, children: [{ path: 'events', element: <EventsProbe /> }, ...(appRoutes[0]!.children ?? [])] },
];

afterEach(() => {
  vi.useRealTimers();
});

describe('home search', () => {
  it('builds /events with only the filled, trimmed values', () => {
    expect(eventsSearchUrl({ location: '  Boulder, CO ', startDate: '2025-06-01', endDate: '' })).toBe('/events?location=Boulder%2C+CO&startDate=2025-06-01');
    expect(eventsSearchUrl({ location: '   ', startDate: '', endDate: '2025-07-01' })).toBe('/events?endDate=2025-07-01');
    expect(eventsSearchUrl({ location: '', startDate: '', endDate: '' })).toBe('/events');
  });

  it('takes today in US Eastern time, not UTC, as the default start date', () => {
    // 03:00 UTC on 10 March is still 9 March in New York.
    expect(todayInProductZone(new Date('2025-03-10T03:00:00Z'))).toBe('2025-03-09');
    expect(todayInProductZone(new Date('2025-03-10T16:00:00Z'))).toBe('2025-03-10');
  });

  it('starts with no dates: the search adds none the visitor did not pick (issue 7)', async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: new Date('2025-03-10T03:00:00Z') });
    renderApp({ routes: routesWithProbe });
    expect(screen.getByLabelText('Start date')).toHaveValue('');
    expect(screen.getByLabelText('End date')).toHaveValue('');
    vi.useRealTimers();
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Location'), 'Boulder');
    await user.click(screen.getByRole('button', { name: 'Search races' }));
    expect(screen.getByTestId('events-url').textContent).toBe('/events?location=Boulder');
  });

  it('searches with the trimmed location and the dates given', async () => {
    const user = userEvent.setup();
    renderApp({ routes: routesWithProbe });
    await user.type(screen.getByLabelText('Location'), '  Austin  ');
    await user.clear(screen.getByLabelText('Start date'));
    await user.type(screen.getByLabelText('Start date'), '2030-04-01');
    await user.type(screen.getByLabelText('End date'), '2030-05-01');
    await user.click(screen.getByRole('button', { name: 'Search races' }));
    expect(screen.getByTestId('events-url')).toHaveTextContent('/events?location=Austin&startDate=2030-04-01&endDate=2030-05-01');
  });

  it('leaves out what is empty', async () => {
    const user = userEvent.setup();
    renderApp({ routes: routesWithProbe });
    await user.clear(screen.getByLabelText('Start date'));
    await user.click(screen.getByRole('button', { name: 'Search races' }));
    expect(screen.getByTestId('events-url').textContent).toBe('/events');
  });
});

describe('home sections by role', () => {
  const main = () => within(screen.getByRole('main'));

  it('shows the tagline', () => {
    renderApp();
    expect(main().getByText('Find races, get AI-powered coaching, and share your experiences.')).toBeInTheDocument();
  });

  it('invites a signed-out visitor to sign up', () => {
    renderApp({ auth: fakeAuth() });
    expect(main().getByRole('heading', { name: 'Everything You Need to Succeed' })).toBeInTheDocument();
    expect(main().getByRole('heading', { name: 'Ready to Start Your Journey?' })).toBeInTheDocument();
    expect(main().getByRole('link', { name: 'Get Started Free' })).toHaveAttribute('href', '/auth?mode=signup');
    expect(main().getByRole('link', { name: 'Sign Up to Train' })).toHaveAttribute('href', '/auth?mode=signup');
    expect(main().getByRole('link', { name: 'Sign Up to Review' })).toHaveAttribute('href', '/auth?mode=signup');
    expect(main().getAllByRole('link', { name: 'Browse Events' })[0]).toHaveAttribute('href', '/events');
  });

  it('offers a signed-in athlete organizer access and the training entry points', async () => {
    renderApp(signedInAs('athlete'));
    // The signed-in sections are a chunk of their own.
    expect(await main().findByRole('heading', { name: 'Become an Event Organizer' })).toBeInTheDocument();
    expect(main().getByRole('link', { name: /Apply now/ })).toHaveAttribute('href', '/apply-organizer');
    expect(main().getByRole('link', { name: /Start Training/ })).toHaveAttribute('href', '/ai-coach');
    expect(main().getByRole('link', { name: /Write Review/ })).toHaveAttribute('href', '/events');
    expect(main().queryByRole('heading', { name: 'Ready to Start Your Journey?' })).toBeNull();
  });

  it('gives an admin the organizer portal and no feature cards', async () => {
    renderApp(signedInAs('admin'));
    // The signed-in sections are a chunk of their own.
    expect(await main().findByRole('heading', { name: 'Event Organizer Portal' })).toBeInTheDocument();
    expect(main().getByRole('link', { name: /Open dashboard/ })).toHaveAttribute('href', '/organizer-dashboard');
    expect(main().getByRole('link', { name: /Create event/ })).toHaveAttribute('href', '/create-event');
    expect(main().queryByRole('heading', { name: 'Discover Events' })).toBeNull();
    expect(main().queryByRole('heading', { name: 'Become an Event Organizer' })).toBeNull();
  });

  it('gives a super admin the three management cards', async () => {
    renderApp(signedInAs('superadmin'));
    // The signed-in sections are a chunk of their own.
    expect(await main().findByRole('heading', { name: 'System Management' })).toBeInTheDocument();
    expect(main().getByRole('link', { name: /Open Super Admin/ })).toHaveAttribute('href', '/superadmin');
    expect(main().getByRole('link', { name: /Open Admin Panel/ })).toHaveAttribute('href', '/admin');
    expect(main().getByRole('heading', { name: 'Platform Overview' })).toBeInTheDocument();
    expect(main().queryByRole('heading', { name: 'Event Organizer Portal' })).toBeNull();
  });

  it('shows a loading state while the profile loads', () => {
    renderApp({ auth: signedInAs('athlete').auth });
    expect(main().getByRole('status')).toHaveTextContent('Loading your profile');
  });

  it('shows the error and a retry when the profile cannot be loaded', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const { auth } = signedInAs('athlete', { getIdToken: vi.fn(async () => undefined) });
    renderApp({ auth });
    expect(await main().findByText("We couldn't load your profile")).toBeInTheDocument();
    expect(main().getByText('Please sign in to continue.')).toBeInTheDocument();
    expect(main().getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});
