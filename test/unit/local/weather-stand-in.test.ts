/**
 * The local National Weather Service stand-in (infra/local/weather/stand-in.ts) speaks the NWS's wire format:
 * the real client reads its points, forecast and hourly answers; periods are cut as the NWS cuts them; it
 * answers like the NWS where the NWS refuses (precision redirect, outside coverage, no User-Agent); its
 * fixture week has the hot humid day the heat advice needs; faults fail only the point they name.
 */
import { request } from 'node:http';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { addDays, todayInNewYork } from '#shared/dates';
import { heatAdvice } from '#shared/weather/heat-advice';
import { fetchForecastHours, fetchForecastPeriods, fetchGrid, NwsError, NwsForecastSchema, NwsPointSchema, type NwsSettings } from '#lib/nws';
import { raceHoursOf } from '../../../lambdas/weather/race-day.ts';
import { startWeatherStandIn, timeZoneOf, type WeatherStandIn } from '../../../infra/local/weather/stand-in.ts';

let standIn: WeatherStandIn;
let settings: NwsSettings;
// A fixed clock: 7:30 am in New York on a summer Thursday.
const NOW = Date.parse('2025-07-10T11:30:00Z');

beforeAll(async () => {
  standIn = await startWeatherStandIn({ now: () => NOW });
  settings = { baseUrl: new URL(standIn.url), userAgent: 'RaceFinder/test', timeoutMs: 1500 };
});

afterAll(() => standIn.stop());

beforeEach(() => standIn.reset());

const get = (path: string) => fetch(`${standIn.url}${path}`, { redirect: 'manual', headers: { 'user-agent': 'RaceFinder/test' } });

/** A request with no User-Agent at all (fetch always sends one). */
function statusWithoutUserAgent(path: string): Promise<number> {
  return new Promise((resolve, reject) => {
    request(`${standIn.url}${path}`, (response) => {
      response.resume();
      resolve(response.statusCode ?? 0);
    })
      .on('error', reject)
      .end();
  });
}

describe('weather stand-in', () => {
  it('answers points with the documented GeoJSON: grid square, forecast URLs on itself, time zone', async () => {
    const response = await get('/points/40.7128,-74.006');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/geo+json');
    const body = (await response.json()) as { type: string; properties: Record<string, unknown> };
    expect(body.type).toBe('Feature');
    const { properties } = NwsPointSchema.parse(body);
    expect(properties.forecast).toBe(`${standIn.url}/gridpoints/${properties.gridId}/${properties.gridX},${properties.gridY}/forecast`);
    expect(properties.forecastHourly).toBe(`${properties.forecast}/hourly`);
    expect(properties.timeZone).toBe('America/New_York');
    expect(body.properties).toHaveProperty('forecastZone');
    expect(body.properties).toHaveProperty('relativeLocation');
  });

  it('gives nearby places one grid square and places apart different ones', async () => {
    const a = await fetchGrid(40.7128, -74.006, settings);
    const b = await fetchGrid(40.713, -74.0065, settings);
    const c = await fetchGrid(41.8781, -87.6298, settings);
    expect([b.gridId, b.gridX, b.gridY]).toEqual([a.gridId, a.gridX, a.gridY]);
    expect([c.gridId, c.gridX, c.gridY]).not.toEqual([a.gridId, a.gridX, a.gridY]);
    expect(c.timeZone).toBe('America/Chicago');
  });

  it('answers like the NWS where it refuses: precision redirect, outside coverage, no User-Agent', async () => {
    const precise = await get('/points/40.71284,-74.006');
    expect(precise.status).toBe(301);
    expect(precise.headers.get('location')).toBe('/points/40.7128,-74.006');
    const outside = await get('/points/51.5074,-0.1278');
    expect(outside.status).toBe(404);
    expect(outside.headers.get('content-type')).toBe('application/problem+json');
    expect(await outside.json()).toMatchObject({ title: 'Data Unavailable For Requested Point', status: 404 });
    expect(await statusWithoutUserAgent('/points/40.7128,-74.006')).toBe(403);
    expect(standIn.requests.map((request) => request.userAgent)).toContain('RaceFinder/test');
  });

  it('forecasts 14 periods cut at 6 am and 6 pm local time, and 156 hours with dew point and humidity', async () => {
    const grid = await fetchGrid(40.7128, -74.006, settings);
    const raw = NwsForecastSchema.parse(await (await get(new URL(grid.forecastUrl).pathname)).json());
    expect(raw.properties.periods).toHaveLength(14);
    expect(raw.properties.periods.map((period) => period.name).slice(0, 4)).toEqual(['Today', 'Tonight', 'Friday', 'Friday Night']);
    expect(raw.properties.periods[0]).toMatchObject({ startTime: '2025-07-10T07:00:00-04:00', endTime: '2025-07-10T18:00:00-04:00', isDaytime: true });
    for (const period of raw.properties.periods.slice(1)) expect(['06', '18']).toContain(period.startTime.slice(11, 13));
    const hourly = NwsForecastSchema.parse(await (await get(new URL(grid.forecastHourlyUrl).pathname)).json());
    expect(hourly.properties.periods).toHaveLength(156);
    expect(hourly.properties.periods[0]).toMatchObject({ startTime: '2025-07-10T07:00:00-04:00', relativeHumidity: { unitCode: 'wmoUnit:percent' }, dewpoint: { unitCode: 'wmoUnit:degC' } });
  });

  it('writes times in the place’s own offset', async () => {
    expect(timeZoneOf(34.05, -118.24)).toBe('America/Los_Angeles');
    expect(timeZoneOf(21.3, -157.85)).toBe('Pacific/Honolulu');
    const grid = await fetchGrid(34.05, -118.24, settings);
    const { periods } = await fetchForecastPeriods(grid, settings);
    expect(periods[0]!.startTime).toMatch(/-07:00$/);
  });

  it('has a hot, humid day two days on (extreme heat advice) and a mild one today (New York days)', async () => {
    const today = todayInNewYork(new Date(NOW));
    const grid = await fetchGrid(38.9072, -77.0369, settings);
    const hours = raceHoursOf(await fetchForecastHours(grid, settings));
    const adviceOn = (date: string) => heatAdvice(hours.filter((hour) => hour.time.startsWith(date)));
    expect(adviceOn(addDays(today, 2))).toMatchObject({ level: 'extreme', basis: 'humidity' });
    expect(adviceOn(addDays(today, 2)).tips.some((tip) => tip.startsWith('Start as early as you can'))).toBe(true);
    expect(adviceOn(addDays(today, 4)).level).toBe('caution');
    expect(adviceOn(today).level).toBe('good');
    const { periods } = await fetchForecastPeriods(grid, settings);
    expect(periods.find((period) => period.startTime.startsWith(`${addDays(today, 2)}T06`))).toMatchObject({ temperatureF: 96, shortForecast: 'Mostly Sunny' });
  });

  it('fails only what a fault names: the point, or its grid square’s forecast', async () => {
    await fetch(`${standIn.url}/_local/faults`, { method: 'POST', body: JSON.stringify({ point: '35.1,-90.1', kind: 'server_error', on: 'forecast' }) });
    const grid = await fetchGrid(35.1, -90.1, settings);
    const error = await fetchForecastPeriods(grid, settings).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(NwsError);
    expect((error as NwsError).status).toBe(500);
    expect((await fetchForecastHours(grid, settings)).length).toBe(156);
    expect((await fetchForecastPeriods(await fetchGrid(36.1, -90.1, settings), settings)).periods).toHaveLength(14);
    const refused = await fetch(`${standIn.url}/_local/faults`, { method: 'POST', body: JSON.stringify({ point: 'here', kind: 'server_error' }) });
    expect(refused.status).toBe(400);
    expect((await fetch(`${standIn.url}/_local/faults`, { method: 'DELETE' })).status).toBe(204);
    expect((await fetchForecastPeriods(grid, settings)).periods).toHaveLength(14);
  });
});
