/**
 * The athlete's upcoming saved races with their race-day forecasts, in one answer: a page load is one call, and
 * the server asks the National Weather Service for the few races within its seven days, a few requests at a
 * time, each place and grid square once, through the table's cache (lambdas/data/weather-cache.ts).
 *
 * The weather never breaks the list: a race whose forecast cannot be had (the NWS slow, failing, answering
 * nonsense, or not forecasting the place at all) says so on its own, and the others still show theirs.
 */
import { todayInNewYork } from '#shared/dates';
import { RACE_FORECASTS_LIMIT, type RaceForecast, type RaceForecastEntry, type RaceForecasts } from '#shared/schemas/race-forecast';
import type { RaceEvent } from '#shared/schemas/event';
import { inParallel } from '#lib/kit/batch-write';
import type { Caller } from '#lib/caller';
import { logger } from '#lib/logger';
import { fetchForecastHours, fetchForecastPeriods, fetchGrid, NwsError, type GridForecast, type NwsGrid, type NwsSettings } from '#lib/nws';
import { getEventsById } from '#data/event';
import { canSeeEvent } from '#data/event-visibility';
import { savedEventIds } from '#data/saved-event';
import { cachedForecasts, cachedPoints, cacheForecast, cachePoint, gridIdOf, pointIdOf } from '#data/weather-cache';
import { forecastAvailableFrom, raceDayForecast, raceHoursOf, withinForecastDays } from './race-day.ts';

/** Saves read at most (newest first): far more than anyone keeps, and a bound on one answer's reads. */
export const MAX_SAVES_READ = 500;
/** NWS requests in flight at once for one answer. */
const NWS_IN_FLIGHT = 4;
/** All of one answer's NWS requests: past it, races still waiting say the forecast is unavailable right now. */
const NWS_BUDGET_MS = 12_000;

export interface RaceForecastOptions {
  readonly settings: NwsSettings;
  readonly now?: Date;
}

type Failure = 'outside-coverage' | 'service';

function failureOf(error: unknown, what: string): Failure {
  const kind = error instanceof NwsError ? error.kind : 'unexpected';
  if (kind === 'outside-coverage') return 'outside-coverage';
  logger.warn('weather forecast unavailable', { what, kind, status: error instanceof NwsError ? error.status : undefined, error: error as Error });
  return 'service';
}

interface Located {
  readonly event: RaceEvent;
  readonly pointId: string;
}

/** The grid square of each place, from the cache or the NWS (and then cached). */
async function gridsOf(pointIds: readonly string[], options: RaceForecastOptions, signal: AbortSignal): Promise<Map<string, NwsGrid | Failure>> {
  const cached = await cachedPoints(pointIds, options.now);
  const grids = new Map<string, NwsGrid | Failure>([...cached].map(([id, point]) => [id, point === 'outside' ? 'outside-coverage' : point]));
  const missing = [...new Set(pointIds)].filter((id) => !cached.has(id));
  await inParallel(missing, NWS_IN_FLIGHT, async (pointId) => {
    const [latitude, longitude] = pointId.split(',').map(Number) as [number, number];
    try {
      const grid = await fetchGrid(latitude, longitude, options.settings, signal);
      grids.set(pointId, grid);
      await cachePoint(pointId, grid, options.now);
    } catch (error) {
      const failure = failureOf(error, 'point');
      grids.set(pointId, failure);
      if (failure === 'outside-coverage') await cachePoint(pointId, 'outside', options.now);
    }
  });
  return grids;
}

/**
 * The forecast of each grid square, from the cache or the NWS. The hourly forecast (race-morning humidity) is
 * worth having but not waiting on: without it the periods still answer, and such a forecast is not cached, so
 * the next page asks again.
 */
async function forecastsOf(grids: readonly NwsGrid[], options: RaceForecastOptions, signal: AbortSignal): Promise<Map<string, GridForecast | Failure>> {
  const byId = new Map(grids.map((grid) => [gridIdOf(grid), grid]));
  const cached = await cachedForecasts([...byId.keys()], options.now);
  const forecasts = new Map<string, GridForecast | Failure>(cached);
  const missing = [...byId.entries()].filter(([id]) => !cached.has(id));
  await inParallel(missing, NWS_IN_FLIGHT, async ([gridId, grid]) => {
    const [periods, hours] = await Promise.allSettled([fetchForecastPeriods(grid, options.settings, signal), fetchForecastHours(grid, options.settings, signal)]);
    if (periods.status === 'rejected') {
      forecasts.set(gridId, failureOf(periods.reason, 'forecast'));
      return;
    }
    if (hours.status === 'rejected') failureOf(hours.reason, 'hourly forecast');
    const forecast: GridForecast = { ...periods.value, hours: hours.status === 'fulfilled' ? raceHoursOf(hours.value) : null };
    forecasts.set(gridId, forecast);
    if (forecast.hours) await cacheForecast(gridId, forecast, options.now);
  });
  return forecasts;
}

/** Race-day forecasts of the races within the forecast's days that have a place, by event id. */
async function forecastsByEvent(located: readonly Located[], today: string, options: RaceForecastOptions): Promise<Map<string, RaceForecast>> {
  const result = new Map<string, RaceForecast>();
  if (located.length === 0) return result;
  const signal = AbortSignal.timeout(NWS_BUDGET_MS);
  const grids = await gridsOf(
    located.map((entry) => entry.pointId),
    options,
    signal,
  );
  const found = [...new Map([...grids.values()].filter((grid): grid is NwsGrid => typeof grid !== 'string').map((grid) => [gridIdOf(grid), grid])).values()];
  const forecasts = await forecastsOf(found, options, signal);
  for (const { event, pointId } of located) {
    const grid = grids.get(pointId) ?? 'service';
    const forecast = typeof grid === 'string' ? grid : (forecasts.get(gridIdOf(grid)) ?? 'service');
    result.set(event.id, typeof forecast === 'string' ? { status: 'unavailable', reason: forecast } : raceDayForecast(forecast, event.eventDate, today));
  }
  return result;
}

const hasPlace = (event: RaceEvent): event is RaceEvent & { latitude: number; longitude: number } =>
  typeof event.latitude === 'number' && typeof event.longitude === 'number';

function entryOf(event: RaceEvent, forecast: RaceForecast): RaceForecastEntry {
  const { id, title, eventDate, city, state, locationName, eventType, distances } = event;
  return { event: { id, title, eventDate, city, state, locationName, eventType, distances }, forecast };
}

/** GET /api/me/race-forecasts. */
export async function listRaceForecasts(caller: Caller, options: RaceForecastOptions): Promise<RaceForecasts> {
  const today = todayInNewYork(options.now);
  const { ids } = await savedEventIds(caller.sub, MAX_SAVES_READ);
  const events = await getEventsById(ids);
  const upcoming = [...events.values()]
    .filter((event) => event.eventDate >= today && canSeeEvent(event, caller))
    .sort((a, b) => a.eventDate.localeCompare(b.eventDate) || a.title.localeCompare(b.title) || a.id.localeCompare(b.id));
  const listed = upcoming.slice(0, RACE_FORECASTS_LIMIT);
  const located = listed
    .filter((event) => withinForecastDays(event.eventDate, today))
    .filter(hasPlace)
    .map((event) => ({ event, pointId: pointIdOf(event) }));
  const forecasts = await forecastsByEvent(located, today, options);
  const items = listed.map((event) => {
    if (!withinForecastDays(event.eventDate, today)) return entryOf(event, { status: 'later', availableFrom: forecastAvailableFrom(event.eventDate) });
    if (!hasPlace(event)) return entryOf(event, { status: 'needs-location' });
    return entryOf(event, forecasts.get(event.id) ?? { status: 'unavailable', reason: 'service' });
  });
  return { today, items, more: upcoming.length - listed.length };
}
