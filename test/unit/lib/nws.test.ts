/**
 * The National Weather Service client (lambdas/lib/nws.ts) against a small server answering what
 * api.weather.gov answers (payloads shaped on its documented points, forecast and hourly answers): parsing and
 * normalizing, the one allowed origin, the User-Agent, and each way a request can fail.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { fetchForecastHours, fetchForecastPeriods, fetchGrid, NwsError, nwsSettingsFromEnv, pointPath, type NwsGrid, type NwsSettings } from '#lib/nws';

type Reply = { status?: number; body?: unknown; raw?: string; headers?: Record<string, string>; hold?: boolean };

let server: Server;
let origin = '';
const routes = new Map<string, Reply | Reply[]>();
const seen: { path: string; userAgent: string | undefined; accept: string | undefined }[] = [];

beforeAll(async () => {
  server = createServer((request, response) => {
    const path = request.url ?? '/';
    seen.push({ path, userAgent: request.headers['user-agent'], accept: request.headers.accept });
    const entry = routes.get(path);
    const reply = Array.isArray(entry) ? (entry.length > 1 ? entry.shift()! : entry[0]!) : entry;
    if (!reply) {
      response.writeHead(404, { 'content-type': 'application/problem+json' }).end(JSON.stringify({ title: 'Not Found', status: 404 }));
      return;
    }
    if (reply.hold) return;
    response.writeHead(reply.status ?? 200, { 'content-type': 'application/geo+json', ...reply.headers });
    response.end(reply.raw ?? JSON.stringify(reply.body));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

beforeEach(() => {
  routes.clear();
  seen.length = 0;
});

const settings = (): NwsSettings => ({ ...nwsSettingsFromEnv({ WEATHER_API_URL: origin, WEATHER_USER_AGENT: 'RaceFinder/9.9 (ops@example.org)' }), timeoutMs: 1500 });

/** GET /points/40.7127,-74.006 as the NWS documents it, with the fields RaceFinder does not read. */
function pointBody(base: string) {
  return {
    '@context': ['https://geojson.org/geojson-ld/geojson-context.jsonld', { '@version': '1.1', wx: 'https://api.weather.gov/ontology#' }],
    id: `${base}/points/40.7127,-74.006`,
    type: 'Feature',
    geometry: { type: 'Point', coordinates: [-74.006, 40.7127] },
    properties: {
      '@id': `${base}/points/40.7127,-74.006`,
      '@type': 'wx:Point',
      cwa: 'OKX',
      forecastOffice: `${base}/offices/OKX`,
      gridId: 'OKX',
      gridX: 33,
      gridY: 35,
      forecast: `${base}/gridpoints/OKX/33,35/forecast`,
      forecastHourly: `${base}/gridpoints/OKX/33,35/forecast/hourly`,
      forecastGridData: `${base}/gridpoints/OKX/33,35`,
      observationStations: `${base}/gridpoints/OKX/33,35/stations`,
      relativeLocation: {
        type: 'Feature',
        geometry: { type: 'Point', coordinates: [-74.0279259, 40.745251] },
        properties: { city: 'Hoboken', state: 'NJ', distance: { unitCode: 'wmoUnit:m', value: 4063.786934282 }, bearing: { unitCode: 'wmoUnit:degree_(angle)', value: 152 } },
      },
      forecastZone: `${base}/zones/forecast/NYZ072`,
      county: `${base}/zones/county/NYC061`,
      fireWeatherZone: `${base}/zones/fire/NYZ212`,
      timeZone: 'America/New_York',
      radarStation: 'KDIX',
    },
  };
}

/** A 12-hour forecast in today's format (v1.13 on: no humidity or dew point in these periods). */
const FORECAST = {
  '@context': ['https://geojson.org/geojson-ld/geojson-context.jsonld'],
  type: 'Feature',
  geometry: { type: 'Polygon', coordinates: [[[-74.0177, 40.7194], [-74.0217, 40.6975], [-73.9928, 40.6945], [-74.0177, 40.7194]]] },
  properties: {
    units: 'us',
    forecastGenerator: 'BaselineForecastGenerator',
    generatedAt: '2025-07-11T19:20:47+00:00',
    updateTime: '2025-07-11T18:51:32+00:00',
    validTimes: '2025-07-11T12:00:00+00:00/P7DT13H',
    elevation: { unitCode: 'wmoUnit:m', value: 2.1336 },
    periods: [
      {
        number: 1,
        name: 'Tonight',
        startTime: '2025-07-11T18:00:00-04:00',
        endTime: '2025-07-12T06:00:00-04:00',
        isDaytime: false,
        temperature: 75,
        temperatureUnit: 'F',
        temperatureTrend: '',
        probabilityOfPrecipitation: { unitCode: 'wmoUnit:percent', value: 20 },
        windSpeed: '5 mph',
        windDirection: 'SW',
        icon: 'https://api.weather.gov/icons/land/night/few?size=medium',
        shortForecast: 'Mostly Clear',
        detailedForecast: 'Mostly clear, with a low around 75. Southwest wind around 5 mph.',
      },
      {
        number: 2,
        name: 'Saturday',
        startTime: '2025-07-12T06:00:00-04:00',
        endTime: '2025-07-12T18:00:00-04:00',
        isDaytime: true,
        temperature: 93,
        temperatureUnit: 'F',
        temperatureTrend: '',
        probabilityOfPrecipitation: { unitCode: 'wmoUnit:percent', value: null },
        windSpeed: '5 to 10 mph',
        windDirection: 'S',
        icon: 'https://api.weather.gov/icons/land/day/hot?size=medium',
        shortForecast: 'Sunny',
        detailedForecast: 'Sunny and hot, with a high near 93. Heat index values as high as 101. South wind 5 to 10 mph.',
      },
    ],
  },
};

/** An hourly forecast: dew point in °C and relative humidity per hour. */
const HOURLY = {
  type: 'Feature',
  properties: {
    units: 'us',
    forecastGenerator: 'HourlyForecastGenerator',
    updateTime: '2025-07-11T18:51:32+00:00',
    periods: [
      {
        number: 1,
        name: '',
        startTime: '2025-07-12T06:00:00-04:00',
        endTime: '2025-07-12T07:00:00-04:00',
        isDaytime: true,
        temperature: 78,
        temperatureUnit: 'F',
        temperatureTrend: '',
        probabilityOfPrecipitation: { unitCode: 'wmoUnit:percent', value: 2 },
        dewpoint: { unitCode: 'wmoUnit:degC', value: 22.77777777777778 },
        relativeHumidity: { unitCode: 'wmoUnit:percent', value: 79 },
        windSpeed: '5 mph',
        windDirection: 'SW',
        icon: 'https://api.weather.gov/icons/land/day/few?size=small',
        shortForecast: 'Sunny',
        detailedForecast: '',
      },
      {
        number: 2,
        name: '',
        startTime: '2025-07-12T07:00:00-04:00',
        endTime: '2025-07-12T08:00:00-04:00',
        isDaytime: true,
        temperature: 27,
        temperatureUnit: 'C',
        temperatureTrend: '',
        probabilityOfPrecipitation: { unitCode: 'wmoUnit:percent', value: 2 },
        dewpoint: { unitCode: 'wmoUnit:degC', value: 21 },
        relativeHumidity: null,
        windSpeed: '5 mph',
        windDirection: 'SW',
        icon: 'https://api.weather.gov/icons/land/day/few?size=small',
        shortForecast: 'Sunny',
        detailedForecast: '',
      },
    ],
  },
};

const grid = (): NwsGrid => ({
  gridId: 'OKX',
  gridX: 33,
  gridY: 35,
  forecastUrl: `${origin}/gridpoints/OKX/33,35/forecast`,
  forecastHourlyUrl: `${origin}/gridpoints/OKX/33,35/forecast/hourly`,
  timeZone: 'America/New_York',
});

async function failure(promise: Promise<unknown>): Promise<NwsError> {
  const error = await promise.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(NwsError);
  return error as NwsError;
}

describe('NWS client', () => {
  it('reads the grid square of a point at the canonical four decimals, sending the configured User-Agent', async () => {
    routes.set('/points/40.7127,-74.006', { body: pointBody(origin) });
    const found = await fetchGrid(40.712_75, -74.006_04, settings());
    expect(found).toEqual(grid());
    expect(seen).toEqual([{ path: '/points/40.7127,-74.006', userAgent: 'RaceFinder/9.9 (ops@example.org)', accept: 'application/geo+json' }]);
    expect(pointPath(38.9, -77)).toBe('/points/38.9,-77');
  });

  it('normalizes the 12-hour periods: °F, precipitation chance (null when the NWS gives none), wind and words', async () => {
    routes.set('/gridpoints/OKX/33,35/forecast', { body: FORECAST });
    const { updatedAt, periods } = await fetchForecastPeriods(grid(), settings());
    expect(updatedAt).toBe('2025-07-11T18:51:32+00:00');
    expect(periods).toEqual([
      {
        name: 'Tonight',
        startTime: '2025-07-11T18:00:00-04:00',
        endTime: '2025-07-12T06:00:00-04:00',
        isDaytime: false,
        temperatureF: 75,
        precipitationChance: 20,
        relativeHumidity: null,
        windSpeed: '5 mph',
        windDirection: 'SW',
        shortForecast: 'Mostly Clear',
        detailedForecast: 'Mostly clear, with a low around 75. Southwest wind around 5 mph.',
      },
      expect.objectContaining({ name: 'Saturday', isDaytime: true, temperatureF: 93, precipitationChance: null, windSpeed: '5 to 10 mph' }),
    ]);
  });

  it('reads hourly temperature and humidity, converting °C and working humidity out of the dew point when it is missing', async () => {
    routes.set('/gridpoints/OKX/33,35/forecast/hourly', { body: HOURLY });
    const hours = await fetchForecastHours(grid(), settings());
    expect(hours[0]).toEqual({ time: '2025-07-12T06:00:00-04:00', temperatureF: 78, relativeHumidity: 79 });
    expect(hours[1]!.temperatureF).toBeCloseTo(80.6, 6);
    // 27 °C with a 21 °C dew point: 70 %.
    expect(hours[1]!.relativeHumidity).toBe(70);
  });

  it("says 'outside-coverage' for the NWS's 404 Data Unavailable For Requested Point", async () => {
    routes.set('/points/51.5074,-0.1278', {
      status: 404,
      headers: { 'content-type': 'application/problem+json' },
      body: { correlationId: 'abc', title: 'Data Unavailable For Requested Point', type: 'https://api.weather.gov/problems/InvalidPoint', status: 404, detail: 'Unable to provide data for requested point 51.5074,-0.1278' },
    });
    expect((await failure(fetchGrid(51.5074, -0.1278, settings()))).kind).toBe('outside-coverage');
  });

  it('asks once more after a quick 500, and gives up after the second', async () => {
    routes.set('/gridpoints/OKX/33,35/forecast', [{ status: 500, body: { title: 'Unexpected Problem', status: 500 } }, { body: FORECAST }]);
    expect((await fetchForecastPeriods(grid(), settings())).periods).toHaveLength(2);
    routes.set('/gridpoints/OKX/33,35/forecast', { status: 500, body: { title: 'Unexpected Problem', status: 500 } });
    const error = await failure(fetchForecastPeriods(grid(), settings()));
    expect([error.kind, error.status]).toEqual(['http', 500]);
    expect(seen.filter((request) => request.path === '/gridpoints/OKX/33,35/forecast')).toHaveLength(4);
  });

  it('does not ask again after a 4xx other than the points 404', async () => {
    routes.set('/gridpoints/OKX/33,35/forecast', { status: 403, body: { title: 'Forbidden', status: 403 } });
    expect((await failure(fetchForecastPeriods(grid(), settings()))).status).toBe(403);
    expect(seen).toHaveLength(1);
  });

  it('fetches only the configured origin, even when an answer names another host', async () => {
    routes.set('/points/40.7127,-74.006', { body: pointBody('https://weather.example.net') });
    const elsewhere = await fetchGrid(40.7127, -74.006, settings());
    expect((await failure(fetchForecastPeriods(elsewhere, settings()))).kind).toBe('host-not-allowed');
    expect(seen).toHaveLength(1);
  });

  it('follows no redirect', async () => {
    routes.set('/points/40.7127,-74.006', { status: 301, headers: { location: '/points/40.7,-74' }, body: { title: 'Adjusting Precision Of Point Coordinate' } });
    expect((await failure(fetchGrid(40.7127, -74.006, settings()))).kind).toBe('network');
    expect(seen.map((request) => request.path)).not.toContain('/points/40.7,-74');
  });

  it('times out a request that gets no answer', async () => {
    routes.set('/gridpoints/OKX/33,35/forecast', { hold: true });
    const started = performance.now();
    expect((await failure(fetchForecastPeriods(grid(), settings()))).kind).toBe('timeout');
    expect(performance.now() - started).toBeLessThan(3000);
  });

  it('refuses an answer that is not JSON, or not shaped like a forecast', async () => {
    routes.set('/gridpoints/OKX/33,35/forecast', { raw: '<html>Service Unavailable</html>' });
    expect((await failure(fetchForecastPeriods(grid(), settings()))).kind).toBe('bad-json');
    routes.set('/gridpoints/OKX/33,35/forecast', { body: { type: 'Feature', properties: { periods: [{ name: 'Tonight' }] } } });
    expect((await failure(fetchForecastPeriods(grid(), settings()))).kind).toBe('bad-shape');
    routes.set('/points/40.7127,-74.006', { body: { properties: { gridId: 'OKX' } } });
    expect((await failure(fetchGrid(40.7127, -74.006, settings()))).kind).toBe('bad-shape');
  });

  it('refuses an answer over 2 MB', async () => {
    routes.set('/gridpoints/OKX/33,35/forecast', { raw: `{"padding":"${'x'.repeat(2 * 1024 * 1024)}"}` });
    expect((await failure(fetchForecastPeriods(grid(), settings()))).kind).toBe('too-large');
  });

  it('reads its settings: the NWS by default, https only but for the loopback, a User-Agent naming the version', () => {
    expect(nwsSettingsFromEnv({ APP_VERSION: '1.2.3' })).toMatchObject({ userAgent: 'RaceFinder/1.2.3', timeoutMs: 5000 });
    expect(nwsSettingsFromEnv({}).baseUrl.origin).toBe('https://api.weather.gov');
    expect(() => nwsSettingsFromEnv({ WEATHER_API_URL: 'http://api.weather.gov' })).toThrow(/https/);
    expect(nwsSettingsFromEnv({ WEATHER_API_URL: 'http://127.0.0.1:4000' }).baseUrl.origin).toBe('http://127.0.0.1:4000');
  });
});
