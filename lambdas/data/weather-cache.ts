/** No defineEntity here: cached NWS answers with TTLs, validated by their own NWS schemas on read, not stored as an entity's schema. */
/**
 * What RaceFinder keeps of the National Weather Service's answers, so that athletes who saved races in the same
 * place share them instead of each asking the NWS again: a place's grid square for a month (it changes only when
 * the NWS redraws its grids), and a grid square's forecast for an hour (the NWS updates forecasts about hourly).
 *
 * | item          | PK                                  | SK       | attributes                                          | TTL (expiresAt) |
 * | weather point | WEATHER#POINT#<lat>,<lon>           | POINT    | grid (office, x, y, forecast URLs, time zone), or outside: true | 30 days; 1 day when outside |
 * | grid forecast | WEATHER#GRID#<office>#<x>,<y>       | FORECAST | forecast (JSON: 12-hour periods, race hours), fetchedAt | 1 hour |
 *
 * Points are the NWS's own canonical ones (four decimals, lambdas/lib/nws.ts pointPath), so two races a few
 * metres apart share one. DynamoDB's TTL deletes an expired item within a day or two, not at once, so every
 * read checks expiresAt itself; an item that no longer parses (a code change) is a miss, never an error.
 * Writes are best effort: a cache that cannot be written costs a later page an NWS call, nothing more.
 *
 * Access patterns (docs/data-model.md): the grid squares of places (BatchGet, PK = WEATHER#POINT#<lat>,<lon>); the
 * forecasts of grid squares (BatchGet, PK = WEATHER#GRID#<office>#<x>,<y>).
 */
import { TTL_ATTRIBUTE } from '#shared/table';
import { batchGetItems } from '#lib/kit/batch-get';
import { table } from '#lib/kit/table';
import { logger } from '#lib/logger';
import { GridForecastSchema, NwsGridSchema, pointPath, type GridForecast, type NwsGrid } from '#lib/nws';

export const POINT_TTL_SECONDS = 30 * 86_400;
export const OUTSIDE_TTL_SECONDS = 86_400;
export const FORECAST_TTL_SECONDS = 3600;

export interface Place {
  readonly latitude: number;
  readonly longitude: number;
}

/** A place as the cache and the NWS name it: '38.8894,-77.0352'. */
export const pointIdOf = (place: Place): string => pointPath(place.latitude, place.longitude).slice('/points/'.length);
export const gridIdOf = (grid: Pick<NwsGrid, 'gridId' | 'gridX' | 'gridY'>): string => `${grid.gridId}#${grid.gridX},${grid.gridY}`;

export const weatherPointKey = (pointId: string) => ({ PK: `WEATHER#POINT#${pointId}`, SK: 'POINT' });
export const gridForecastKey = (gridId: string) => ({ PK: `WEATHER#GRID#${gridId}`, SK: 'FORECAST' });

/** A cached point: its grid square, or 'outside' when the NWS forecasts no such place. */
export type CachedPoint = NwsGrid | 'outside';

const nowSeconds = (now: Date) => Math.floor(now.getTime() / 1000);
const fresh = (item: Record<string, unknown>, now: Date) => typeof item[TTL_ATTRIBUTE] === 'number' && item[TTL_ATTRIBUTE] > nowSeconds(now);

/** The cached grid squares of these points (ids from pointIdOf) that have not expired. */
export async function cachedPoints(pointIds: readonly string[], now = new Date()): Promise<Map<string, CachedPoint>> {
  const found = new Map<string, CachedPoint>();
  if (pointIds.length === 0) return found;
  for (const item of await batchGetItems([...new Set(pointIds)].map(weatherPointKey))) {
    if (!fresh(item, now) || typeof item.pointId !== 'string') continue;
    if (item.outside === true) {
      found.set(item.pointId, 'outside');
      continue;
    }
    const grid = NwsGridSchema.safeParse(item.grid);
    if (grid.success) found.set(item.pointId, grid.data);
  }
  return found;
}

/** The cached forecasts of these grid squares (ids from gridIdOf) that have not expired. */
export async function cachedForecasts(gridIds: readonly string[], now = new Date()): Promise<Map<string, GridForecast>> {
  const found = new Map<string, GridForecast>();
  if (gridIds.length === 0) return found;
  for (const item of await batchGetItems([...new Set(gridIds)].map(gridForecastKey))) {
    if (!fresh(item, now) || typeof item.gridId !== 'string' || typeof item.forecast !== 'string') continue;
    try {
      const forecast = GridForecastSchema.safeParse(JSON.parse(item.forecast));
      if (forecast.success) found.set(item.gridId, forecast.data);
    } catch {
      // Not JSON: a miss, fetched again and overwritten.
    }
  }
  return found;
}

async function putBestEffort(item: Record<string, unknown>, what: string): Promise<void> {
  try {
    await table.put({ Item: item });
  } catch (error) {
    logger.warn('weather cache not written', { what, error: error as Error });
  }
}

export function cachePoint(pointId: string, point: CachedPoint, now = new Date()): Promise<void> {
  const outside = point === 'outside';
  return putBestEffort(
    {
      ...weatherPointKey(pointId),
      entity: 'weather-point',
      pointId,
      ...(outside ? { outside: true } : { grid: point }),
      fetchedAt: now.toISOString(),
      [TTL_ATTRIBUTE]: nowSeconds(now) + (outside ? OUTSIDE_TTL_SECONDS : POINT_TTL_SECONDS),
    },
    'point',
  );
}

export function cacheForecast(gridId: string, forecast: GridForecast, now = new Date()): Promise<void> {
  return putBestEffort(
    {
      ...gridForecastKey(gridId),
      entity: 'grid-forecast',
      gridId,
      forecast: JSON.stringify(forecast),
      fetchedAt: now.toISOString(),
      [TTL_ATTRIBUTE]: nowSeconds(now) + FORECAST_TTL_SECONDS,
    },
    'forecast',
  );
}
