/**
 * /weather-tracker in jsdom with the API answered by a fetch stub: sign-in prompt, loading, empty (a way to
 * /events), error with Try again, and each kind of race forecast (ready with heat advice, later, no location,
 * unavailable right now, outside coverage).
 */
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { RaceForecastEntry, RaceForecasts } from '../../shared/schemas/race-forecast.ts';
import { heatAdvice } from '../../shared/weather/heat-advice.ts';
import { fakeAuth, profileFor, renderApp } from './render-app.tsx';
import { withQuietBell } from './header-requests.ts';

beforeAll(async () => {
  await import('../../web/src/features/weather/pages/weather-tracker-page.tsx');
});

let fetchMock: ReturnType<typeof vi.fn<(input: RequestInfo | URL, init?: RequestInit) => Promise<Response>>>;

beforeEach(() => {
  fetchMock = vi.fn<(input: RequestInfo | URL, init?: RequestInit) => Promise<Response>>();
  vi.stubGlobal('fetch', withQuietBell(fetchMock));
});

afterEach(() => {
  vi.unstubAllGlobals();
});

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

let serial = 0;
function entry(title: string, eventDate: string, forecast: RaceForecastEntry['forecast']): RaceForecastEntry {
  serial += 1;
  return {
    event: { id: `01JQ7Z5ZB2M8E7W4N6R3T9XK${String(serial).padStart(2, '0')}`, title, eventDate, city: 'Savannah', state: 'GA', locationName: 'Forsyth Park', eventType: 'road_race', distances: ['Half', '10K'] },
    forecast,
  };
}

const HOT = heatAdvice([
  { time: '2026-07-12T06:00:00-04:00', temperatureF: 77, relativeHumidity: 94 },
  { time: '2026-07-12T12:00:00-04:00', temperatureF: 93, relativeHumidity: 56 },
]);

const ANSWER: RaceForecasts = {
  today: '2026-07-10',
  more: 2,
  items: [
    entry('Peachtree Heat 10K', '2026-07-12', {
      status: 'ready',
      updatedAt: '2026-07-10T14:51:32+00:00',
      heat: HOT,
      periods: [
        {
          name: 'Sunday',
          startTime: '2026-07-12T06:00:00-04:00',
          endTime: '2026-07-12T18:00:00-04:00',
          isDaytime: true,
          temperatureF: 96,
          temperatureC: 36,
          precipitationChance: 20,
          windSpeed: '5 mph',
          windDirection: 'SW',
          shortForecast: 'Mostly Sunny',
          detailedForecast: 'Mostly sunny, hot and humid, with a high near 96.',
        },
        {
          name: 'Sunday Night',
          startTime: '2026-07-12T18:00:00-04:00',
          endTime: '2026-07-13T06:00:00-04:00',
          isDaytime: false,
          temperatureF: 75,
          temperatureC: 24,
          precipitationChance: null,
          windSpeed: '5 mph',
          windDirection: 'S',
          shortForecast: 'Mostly Clear',
          detailedForecast: 'Mostly clear and muggy, with a low around 75.',
        },
      ],
    }),
    entry('Unmapped Trail Run', '2026-07-13', { status: 'needs-location' }),
    entry('Stormy Half', '2026-07-14', { status: 'unavailable', reason: 'service' }),
    entry('London Marathon', '2026-07-15', { status: 'unavailable', reason: 'outside-coverage' }),
    entry('Autumn Marathon', '2026-10-04', { status: 'later', availableFrom: '2026-09-28' }),
  ],
};

function signedIn() {
  const profile = profileFor('athlete', 'jordan@example.com');
  const auth = fakeAuth({ status: 'signedIn', user: { id: profile.id, email: profile.email }, getIdToken: vi.fn(async () => 'id-token') });
  return renderApp({ path: '/weather-tracker', auth, profile });
}

const card = (title: string) => screen.getByRole('article', { name: title });

describe('weather tracker', () => {
  it('asks a visitor to sign in, and asks the API nothing', async () => {
    renderApp({ path: '/weather-tracker' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Weather Tracker' })).toBeInTheDocument();
    expect(screen.getByText(/Sign in to see the race-day forecast/)).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('shows each race with its forecast, heat advice, or why there is none yet, in one request', async () => {
    fetchMock.mockResolvedValue(json(200, ANSWER));
    signedIn();
    const hot = await screen.findByRole('article', { name: 'Peachtree Heat 10K' });
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(String(fetchMock.mock.calls[0]![0])).toMatch(/\/api\/me\/race-forecasts$/);
    expect(within(hot).getByRole('link', { name: 'Peachtree Heat 10K' })).toHaveAttribute('href', `/events/${ANSWER.items[0]!.event.id}`);
    expect(within(hot).getByText('In 2 days')).toBeInTheDocument();
    const periods = within(hot).getByRole('list', { name: 'Race-day forecast' });
    expect(within(periods).getByText('96°F')).toBeInTheDocument();
    expect(within(periods).getByText('36°C')).toBeInTheDocument();
    expect(within(periods).getByText('Sunday Night')).toBeInTheDocument();
    expect(within(periods).getByText('20%')).toBeInTheDocument();
    expect(within(periods).getByText('No chance given')).toBeInTheDocument();
    expect(within(periods).getByText('SW 5 mph')).toBeInTheDocument();
    const advice = within(hot).getByRole('region', { name: 'Extreme heat risk' });
    expect(within(advice).getByText(`Feels like ${HOT.heatIndexF}°F (${HOT.heatIndexC}°C) at noon, 93°F air and 56% humidity`)).toBeInTheDocument();
    expect(within(advice).getByText('Goal pace: more than 10% slower')).toBeInTheDocument();
    expect(within(advice).getByText(/Start as early as you can/)).toBeInTheDocument();
    expect(within(hot).getByText(/Forecast by the US National Weather Service, updated Jul 10, 10:51 AM EDT/)).toBeInTheDocument();

    expect(within(card('Unmapped Trail Run')).getByText("The forecast needs the race's location")).toBeInTheDocument();
    expect(within(card('London Marathon')).getByText('No forecast for this location')).toBeInTheDocument();
    expect(within(card('Autumn Marathon')).getByText('Forecast available from Monday, September 28, 2026')).toBeInTheDocument();
    expect(screen.getByText(/And 2 later saved races/)).toBeInTheDocument();

    // The race whose forecast failed offers to ask again: one more request for the whole list.
    const stormy = card('Stormy Half');
    expect(within(stormy).getByText('Forecast unavailable right now')).toBeInTheDocument();
    await userEvent.click(within(stormy).getByRole('button', { name: 'Try again' }));
    await vi.waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(2));
  });

  it('says there are no upcoming saved races and leads to the events', async () => {
    fetchMock.mockResolvedValue(json(200, { today: '2026-07-10', items: [], more: 0 }));
    signedIn();
    expect(await screen.findByRole('heading', { name: 'No upcoming saved races' })).toBeInTheDocument();
    expect(within(screen.getByRole('main')).getByRole('link', { name: /Browse events/ })).toHaveAttribute('href', '/events');
  });

  it('says the forecasts could not be loaded, with the reason and Try again', async () => {
    fetchMock.mockResolvedValueOnce(json(500, { error: { code: 'internal', message: 'Something went wrong on our side' } }));
    signedIn();
    expect(await screen.findByText('Your race forecasts could not be loaded')).toBeInTheDocument();
    fetchMock.mockResolvedValueOnce(json(200, ANSWER));
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('article', { name: 'Peachtree Heat 10K' })).toBeInTheDocument();
  });

  it('shows that it is loading', async () => {
    fetchMock.mockReturnValue(new Promise(() => {}));
    signedIn();
    expect(await screen.findByText('Loading your race forecasts…')).toBeInTheDocument();
  });
});
