/**
 * GET /api/me/race-forecasts through the local stack and its National Weather Service stand-in: the caller's
 * own upcoming saved races only, soonest first; a race within 7 days gets race day's forecast and heat advice,
 * a later one the date its forecast comes; a race without coordinates, or where the NWS forecasts nothing, says
 * so; a failing or silent NWS costs that race its forecast and nothing else; forecasts are cached per grid square.
 */
import { randomUUID } from 'node:crypto';
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, inject, it } from 'vitest';
import { addDays, todayInNewYork } from '#shared/dates';
import { RACE_FORECASTS_LIMIT, RaceForecastsSchema, type RaceForecasts } from '#shared/schemas/race-forecast';
import type { RaceEvent } from '#shared/schemas/event';
import { TTL_ATTRIBUTE } from '#shared/table';
import { db, tableName } from '#lib/dynamo';
import { createEvent, createEventsInBulk } from '#data/event';
import { gridForecastKey, gridIdOf, pointIdOf, weatherPointKey } from '#data/weather-cache';
import { NwsGridSchema } from '#lib/nws';
import { testRaceEvent } from '../support/race-event.ts';
import { api, newUser } from '../support/local-api.ts';

const weather = inject('localStack').weather;
const today = todayInNewYork();

/** A place of its own for each test (so the cache and faults of one never meet another's): eastern US. */
function place(): { latitude: number; longitude: number } {
  return { latitude: 33 + Math.round(Math.random() * 90_000) / 10_000, longitude: -84 + Math.round(Math.random() * 80_000) / 10_000 };
}

function race(fields: Partial<RaceEvent> & Pick<RaceEvent, 'eventDate'>): RaceEvent {
  return testRaceEvent({ title: `Forecast test ${randomUUID()}`, city: 'Raleigh', state: 'NC', ...place(), ...fields });
}

/** The NWS point of a race with coordinates, as the cache and the stand-in name it. */
const pointOf = (event: RaceEvent) => pointIdOf({ latitude: event.latitude!, longitude: event.longitude! });

async function savedBy(token: string, ...events: RaceEvent[]): Promise<void> {
  for (const event of events) {
    await createEvent(event);
    const saved = await api('PUT', `/api/me/saved-events/${event.id}`, { token });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
  }
}

async function forecasts(token: string): Promise<RaceForecasts> {
  const response = await api('GET', '/api/me/race-forecasts', { token });
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  expect(response.headers.get('cache-control')).toBe('private, no-store');
  return RaceForecastsSchema.parse(response.body);
}

const entryOf = (answer: RaceForecasts, event: RaceEvent) => {
  const entry = answer.items.find((item) => item.event.id === event.id);
  expect(entry, `${event.title} is listed`).toBeDefined();
  return entry!;
};

async function standInRequests(): Promise<{ path: string; userAgent: string | undefined }[]> {
  return ((await (await fetch(`${weather.url}/_local/requests`)).json()) as { requests: { path: string; userAgent: string | undefined }[] }).requests;
}

async function fault(event: RaceEvent, kind: 'server_error' | 'bad_shape' | 'timeout', on?: 'points' | 'forecast' | 'hourly') {
  const response = await fetch(`${weather.url}/_local/faults`, { method: 'POST', body: JSON.stringify({ point: pointOf(event), kind, ...(on ? { on } : {}) }) });
  expect(response.status).toBe(200);
}

describe('race-day forecasts', () => {
  it('needs a signed-in athlete', async () => {
    expect((await api('GET', '/api/me/race-forecasts')).status).toBe(401);
  });

  it("lists the caller's own upcoming saved races, soonest first, and nobody else's", async () => {
    const { token } = await newUser('forecast-owner');
    const other = await newUser('forecast-other');
    const later = race({ eventDate: addDays(today, 40) });
    const soon = race({ eventDate: addDays(today, 1) });
    const past = race({ eventDate: addDays(today, -3) });
    await savedBy(token, later, soon, past);
    const theirs = race({ eventDate: addDays(today, 2) });
    await savedBy(other.token, theirs);

    const answer = await forecasts(token);
    expect(answer.today).toBe(today);
    expect(answer.items.map((item) => item.event.id)).toEqual([soon.id, later.id]);
    expect(answer.more).toBe(0);
    expect(entryOf(answer, soon).event).toEqual({
      id: soon.id,
      title: soon.title,
      eventDate: soon.eventDate,
      city: 'Raleigh',
      state: 'NC',
      locationName: soon.locationName,
      eventType: soon.eventType,
      distances: soon.distances,
    });
    expect((await forecasts(other.token)).items.map((item) => item.event.id)).toEqual([theirs.id]);
    expect((await forecasts((await newUser('forecast-none')).token)).items).toEqual([]);
  });

  it('gives a race within 7 days its race-day forecast and heat advice: the hot humid day is extreme', async () => {
    const { token } = await newUser('forecast-hot');
    const hot = race({ eventDate: addDays(today, 2) });
    const mild = race({ eventDate: today });
    const lastDay = race({ eventDate: addDays(today, 6) });
    await savedBy(token, hot, mild, lastDay);

    const answer = await forecasts(token);
    const forecast = entryOf(answer, hot).forecast;
    expect(forecast.status).toBe('ready');
    if (forecast.status !== 'ready') return;
    const [day, night] = forecast.periods;
    expect(day).toMatchObject({ isDaytime: true, temperatureF: 96, temperatureC: 36, precipitationChance: 20, windSpeed: '5 mph', windDirection: 'SW', shortForecast: 'Mostly Sunny' });
    expect(day!.startTime.slice(0, 10)).toBe(hot.eventDate);
    expect(day!.detailedForecast).toMatch(/high near 96/);
    expect(night).toMatchObject({ isDaytime: false, name: expect.stringMatching(/Night$/) });
    expect(forecast.heat).toMatchObject({ level: 'extreme', basis: 'humidity', paceSlowdownPercent: { min: 10 } });
    expect(forecast.heat.heatIndexF).toBeGreaterThanOrEqual(103);
    expect(forecast.heat.at.slice(0, 10)).toBe(hot.eventDate);
    expect(forecast.heat.tips.join(' ')).toMatch(/Start as early as you can/);
    expect(forecast.updatedAt).toEqual(expect.any(String));

    for (const event of [mild, lastDay]) expect(entryOf(answer, event).forecast.status).toBe('ready');
    const mildForecast = entryOf(answer, mild).forecast;
    if (mildForecast.status === 'ready') expect(mildForecast.heat.level).toBe('good');

    // Every request named the app, as the NWS asks.
    const requests = (await standInRequests()).filter((request) => request.path === `/points/${pointOf(hot)}`);
    expect(requests).toHaveLength(1);
    expect(requests[0]!.userAgent).toMatch(/^RaceFinder\/\S+ \(local development\)$/);
  });

  it('says when the forecast of a later race becomes available: six days before race day', async () => {
    const { token } = await newUser('forecast-later');
    const inAWeek = race({ eventDate: addDays(today, 7) });
    const inAMonth = race({ eventDate: addDays(today, 30) });
    await savedBy(token, inAWeek, inAMonth);
    const answer = await forecasts(token);
    expect(entryOf(answer, inAWeek).forecast).toEqual({ status: 'later', availableFrom: addDays(today, 1) });
    expect(entryOf(answer, inAMonth).forecast).toEqual({ status: 'later', availableFrom: addDays(today, 24) });
  });

  it('says a race without coordinates needs a location, and a place the NWS does not forecast is outside its coverage', async () => {
    const { token } = await newUser('forecast-nowhere');
    const { latitude: _latitude, longitude: _longitude, ...unplaced } = race({ eventDate: addDays(today, 1) });
    const abroad = race({ eventDate: addDays(today, 1), latitude: 51.5074, longitude: -0.1278 });
    await savedBy(token, unplaced, abroad);
    const answer = await forecasts(token);
    expect(entryOf(answer, unplaced).forecast).toEqual({ status: 'needs-location' });
    expect(entryOf(answer, abroad).forecast).toEqual({ status: 'unavailable', reason: 'outside-coverage' });
  });

  it('answers 200 when the NWS fails: that race says unavailable, the others keep their forecasts', async () => {
    const { token } = await newUser('forecast-fault');
    const broken = race({ eventDate: addDays(today, 1) });
    const garbled = race({ eventDate: addDays(today, 1) });
    const fine = race({ eventDate: addDays(today, 1) });
    await fault(broken, 'server_error', 'points');
    await fault(garbled, 'bad_shape', 'forecast');
    await savedBy(token, broken, garbled, fine);
    const answer = await forecasts(token);
    expect(entryOf(answer, broken).forecast).toEqual({ status: 'unavailable', reason: 'service' });
    expect(entryOf(answer, garbled).forecast).toEqual({ status: 'unavailable', reason: 'service' });
    expect(entryOf(answer, fine).forecast.status).toBe('ready');
    // A failure is not cached: once the NWS is back, the next page has the forecast.
    await fetch(`${weather.url}/_local/faults`, { method: 'DELETE' });
    expect(entryOf(await forecasts(token), broken).forecast.status).toBe('ready');
  });

  it('gives up on an NWS that does not answer after its timeout, and still answers', async () => {
    const { token } = await newUser('forecast-silent');
    const silent = race({ eventDate: addDays(today, 3) });
    await fault(silent, 'timeout', 'forecast');
    await savedBy(token, silent);
    const started = performance.now();
    const answer = await forecasts(token);
    expect(entryOf(answer, silent).forecast).toEqual({ status: 'unavailable', reason: 'service' });
    expect(performance.now() - started).toBeLessThan(12_000);
  });

  it('goes by the day’s high when only the hourly forecast fails, and asks again next time', async () => {
    const { token } = await newUser('forecast-no-hours');
    const event = race({ eventDate: addDays(today, 2) });
    await fault(event, 'server_error', 'hourly');
    await savedBy(token, event);
    const forecast = entryOf(await forecasts(token), event).forecast;
    expect(forecast.status === 'ready' && forecast.heat).toMatchObject({ basis: 'temperature-only', temperatureF: 96, heatIndexF: 96, level: 'high-risk' });
    const { Item } = await db.send(new GetCommand({ TableName: tableName, Key: weatherPointKey(pointOf(event)) }));
    const grid = NwsGridSchema.parse(Item?.grid);
    expect((await db.send(new GetCommand({ TableName: tableName, Key: gridForecastKey(gridIdOf(grid)) }))).Item).toBeUndefined();
  });

  it('keeps a place’s grid square and its forecast in the table, so another athlete’s page does not ask the NWS again', async () => {
    const spot = place();
    const first = await newUser('forecast-cache-1');
    const second = await newUser('forecast-cache-2');
    const event = race({ eventDate: addDays(today, 1), ...spot });
    await savedBy(first.token, event);
    await api('PUT', `/api/me/saved-events/${event.id}`, { token: second.token });
    const before = Date.now();
    await forecasts(first.token);
    const pointId = pointIdOf(spot);
    const { Item: point } = await db.send(new GetCommand({ TableName: tableName, Key: weatherPointKey(pointId) }));
    const grid = NwsGridSchema.parse(point?.grid);
    const { Item: stored } = await db.send(new GetCommand({ TableName: tableName, Key: gridForecastKey(gridIdOf(grid)) }));
    expect(stored?.[TTL_ATTRIBUTE]).toBeGreaterThanOrEqual(Math.floor(before / 1000) + 3590);
    expect(stored?.[TTL_ATTRIBUTE]).toBeLessThanOrEqual(Math.floor(Date.now() / 1000) + 3600);
    expect(point?.[TTL_ATTRIBUTE]).toBeGreaterThan(Math.floor(before / 1000) + 29 * 86_400);

    const asked = async () => (await standInRequests()).filter((request) => request.path.includes(`/gridpoints/${grid.gridId}/${grid.gridX},${grid.gridY}/`) || request.path === `/points/${pointId}`).length;
    const after = await asked();
    expect(after).toBe(3);
    const secondAnswer = await forecasts(second.token);
    expect(entryOf(secondAnswer, event).forecast.status).toBe('ready');
    expect(await asked()).toBe(after);
  });

  it(`lists the ${RACE_FORECASTS_LIMIT} soonest upcoming races and counts the rest`, async () => {
    const { token } = await newUser('forecast-many');
    const events = Array.from({ length: RACE_FORECASTS_LIMIT + 3 }, (_, index) => race({ eventDate: addDays(today, 10 + index) }));
    await createEventsInBulk(events);
    for (const event of [...events].reverse()) expect((await api('PUT', `/api/me/saved-events/${event.id}`, { token })).status).toBe(200);
    const answer = await forecasts(token);
    expect(answer.items.map((item) => item.event.id)).toEqual(events.slice(0, RACE_FORECASTS_LIMIT).map((event) => event.id));
    expect(answer.more).toBe(3);
  });
});
