/**
 * The US National Weather Service API (https://www.weather.gov/documentation/services-web-api): keyless, two
 * steps. GET /points/{lat},{lon} names the 2.5 km forecast grid square of a place (office, x, y) and the URLs
 * of its forecasts; GET on those gives the 12-hour periods of seven days (`forecast`) and 156 hours
 * (`forecastHourly`, the only one with humidity and dew point since the API's v1.13, 2024).
 *
 * Variables (infra/lambda-environment.ts weatherEnvironment writes them):
 * - WEATHER_API_URL: the API's origin, default https://api.weather.gov; locally the stand-in's
 *   (infra/local/weather/stand-in.ts). Only this origin is ever fetched: the forecast URLs a points answer
 *   names must be on it too, so a changed or injected answer cannot turn this into a fetcher of other hosts.
 *   Plain http only on the loopback.
 * - WEATHER_USER_AGENT: the User-Agent the NWS asks every caller to send, naming the app (and, from deploy
 *   configuration, a way to reach its operator); default "RaceFinder/<version>".
 *
 * Every request has one timeout (a retry of a quick 5xx included), follows no redirect, refuses bodies over
 * 2 MB, and its JSON is checked with zod; what fails is an NwsError saying how.
 */
import * as z from 'zod';
import { celsiusToFahrenheit, fahrenheitToCelsius, relativeHumidityFromDewpoint } from '#shared/weather/heat-index';

export const NWS_DEFAULT_URL = 'https://api.weather.gov';
/** Per request, retry included: a page waits for the weather, so the weather must not wait long. */
export const NWS_REQUEST_TIMEOUT_MS = 5000;
/** A real hourly forecast is about 150 KB. */
const MAX_BODY_BYTES = 2 * 1024 * 1024;
const LOOPBACK_HOSTS = new Set(['127.0.0.1', 'localhost', '[::1]']);

export interface NwsSettings {
  /** The one origin fetched. */
  readonly baseUrl: URL;
  readonly userAgent: string;
  readonly timeoutMs: number;
}

export function nwsSettingsFromEnv(env: NodeJS.ProcessEnv = process.env): NwsSettings {
  const baseUrl = new URL(env.WEATHER_API_URL?.trim() || NWS_DEFAULT_URL);
  if (baseUrl.protocol !== 'https:' && !(baseUrl.protocol === 'http:' && LOOPBACK_HOSTS.has(baseUrl.hostname))) {
    throw new Error(`WEATHER_API_URL must be an https URL (plain http only on the loopback), got ${baseUrl.origin}`);
  }
  const version = env.APP_VERSION?.trim() || 'dev';
  return { baseUrl, userAgent: env.WEATHER_USER_AGENT?.trim() || `RaceFinder/${version}`, timeoutMs: NWS_REQUEST_TIMEOUT_MS };
}

export type NwsFailureKind = 'outside-coverage' | 'host-not-allowed' | 'http' | 'timeout' | 'network' | 'too-large' | 'bad-json' | 'bad-shape';

export class NwsError extends Error {
  override name = 'NwsError';
  constructor(
    readonly kind: NwsFailureKind,
    message: string,
    readonly status?: number,
    options?: { cause?: unknown },
  ) {
    super(`National Weather Service: ${message}`, options);
  }
}

// ---- The wire format (only what RaceFinder reads; zod drops the rest, which the NWS says to ignore) ----

const QuantitativeValueSchema = z.object({ unitCode: z.string(), value: z.number().nullable() });

/** GET /points/{lat},{lon}: a GeoJSON Feature whose properties name the grid square and its forecasts. */
export const NwsPointSchema = z.object({
  properties: z.object({
    gridId: z.string().regex(/^[A-Z0-9]{2,5}$/),
    gridX: z.number().int().nonnegative(),
    gridY: z.number().int().nonnegative(),
    forecast: z.url(),
    forecastHourly: z.url(),
    timeZone: z.string(),
  }),
});

const NwsPeriodSchema = z.object({
  number: z.number().int(),
  name: z.string().max(100),
  startTime: z.iso.datetime({ offset: true }),
  endTime: z.iso.datetime({ offset: true }),
  isDaytime: z.boolean(),
  temperature: z.number(),
  temperatureUnit: z.enum(['F', 'C']),
  probabilityOfPrecipitation: QuantitativeValueSchema.nullish(),
  /** Hourly periods only, since v1.13; older 12-hour answers had them too. */
  relativeHumidity: QuantitativeValueSchema.nullish(),
  dewpoint: QuantitativeValueSchema.nullish(),
  windSpeed: z.string().max(100),
  windDirection: z.string().max(20),
  shortForecast: z.string().max(500),
  detailedForecast: z.string().max(5000),
});

/** GET <forecast> or <forecastHourly>: a GeoJSON Feature whose properties hold the periods in time order. */
export const NwsForecastSchema = z.object({
  properties: z.object({
    updateTime: z.iso.datetime({ offset: true }).optional(),
    periods: z.array(NwsPeriodSchema).min(1),
  }),
});

// ---- What RaceFinder keeps of it ----

export const NwsGridSchema = z.object({
  gridId: z.string(),
  gridX: z.number().int(),
  gridY: z.number().int(),
  forecastUrl: z.url(),
  forecastHourlyUrl: z.url(),
  timeZone: z.string(),
});
export type NwsGrid = z.infer<typeof NwsGridSchema>;

export const GridPeriodSchema = z.object({
  name: z.string(),
  startTime: z.string(),
  endTime: z.string(),
  isDaytime: z.boolean(),
  temperatureF: z.number(),
  precipitationChance: z.number().nullable(),
  relativeHumidity: z.number().nullable(),
  windSpeed: z.string(),
  windDirection: z.string(),
  shortForecast: z.string(),
  detailedForecast: z.string(),
});
export type GridPeriod = z.infer<typeof GridPeriodSchema>;

export const GridHourSchema = z.object({ time: z.string(), temperatureF: z.number(), relativeHumidity: z.number().nullable() });
export type GridHour = z.infer<typeof GridHourSchema>;

/** A grid square's forecast as kept: the 12-hour periods, and the hours when the hourly forecast answered. */
export const GridForecastSchema = z.object({
  updatedAt: z.string().optional(),
  periods: z.array(GridPeriodSchema),
  hours: z.array(GridHourSchema).nullable(),
});
export type GridForecast = z.infer<typeof GridForecastSchema>;

const toFahrenheit = (value: number, unit: 'F' | 'C') => (unit === 'F' ? value : celsiusToFahrenheit(value));
const percent = (value: number | null | undefined) => (value === null || value === undefined ? null : Math.min(100, Math.max(0, Math.round(value))));

/** Humidity of an hour: as forecast, or worked out from the dew point (°C, as the NWS gives it). */
function humidityOf(period: z.infer<typeof NwsPeriodSchema>, temperatureF: number): number | null {
  const given = percent(period.relativeHumidity?.value);
  if (given !== null) return given;
  const dewpoint = period.dewpoint?.value;
  if (dewpoint === null || dewpoint === undefined) return null;
  const dewpointC = period.dewpoint?.unitCode.endsWith('degF') ? fahrenheitToCelsius(dewpoint) : dewpoint;
  return percent(relativeHumidityFromDewpoint(fahrenheitToCelsius(temperatureF), dewpointC));
}

/** The canonical point of the NWS: at most four decimals (more is answered with a redirect). */
export function pointPath(latitude: number, longitude: number): string {
  const canonical = (value: number) => String(Number(value.toFixed(4)));
  return `/points/${canonical(latitude)},${canonical(longitude)}`;
}

/** The grid square of a place; an NwsError 'outside-coverage' when the NWS forecasts no such place. */
export async function fetchGrid(latitude: number, longitude: number, settings: NwsSettings, signal?: AbortSignal): Promise<NwsGrid> {
  let json: unknown;
  try {
    json = await getJson(new URL(pointPath(latitude, longitude), settings.baseUrl), settings, signal);
  } catch (error) {
    // 404 "Data Unavailable For Requested Point" (InvalidPoint): outside the area the NWS forecasts.
    if (error instanceof NwsError && error.kind === 'http' && error.status === 404) {
      throw new NwsError('outside-coverage', 'no forecast for this point', 404, { cause: error });
    }
    throw error;
  }
  const parsed = NwsPointSchema.safeParse(json);
  if (!parsed.success) throw new NwsError('bad-shape', `the points answer is not as documented (${parsed.error.issues[0]?.path.join('.')})`);
  const { gridId, gridX, gridY, forecast, forecastHourly, timeZone } = parsed.data.properties;
  return { gridId, gridX, gridY, forecastUrl: forecast, forecastHourlyUrl: forecastHourly, timeZone };
}

async function fetchPeriods(url: string, settings: NwsSettings, signal?: AbortSignal) {
  const parsed = NwsForecastSchema.safeParse(await getJson(new URL(url), settings, signal));
  if (!parsed.success) throw new NwsError('bad-shape', `the forecast answer is not as documented (${parsed.error.issues[0]?.path.join('.')})`);
  return parsed.data.properties;
}

/** The 12-hour periods of a grid square, seven days from now. */
export async function fetchForecastPeriods(grid: NwsGrid, settings: NwsSettings, signal?: AbortSignal): Promise<{ updatedAt?: string; periods: GridPeriod[] }> {
  const { updateTime, periods } = await fetchPeriods(grid.forecastUrl, settings, signal);
  return {
    ...(updateTime ? { updatedAt: updateTime } : {}),
    periods: periods.map((period) => {
      const temperatureF = toFahrenheit(period.temperature, period.temperatureUnit);
      return {
        name: period.name,
        startTime: period.startTime,
        endTime: period.endTime,
        isDaytime: period.isDaytime,
        temperatureF,
        precipitationChance: percent(period.probabilityOfPrecipitation?.value),
        relativeHumidity: humidityOf(period, temperatureF),
        windSpeed: period.windSpeed,
        windDirection: period.windDirection,
        shortForecast: period.shortForecast,
        detailedForecast: period.detailedForecast,
      };
    }),
  };
}

/** The hours of a grid square's hourly forecast: temperature and humidity. */
export async function fetchForecastHours(grid: NwsGrid, settings: NwsSettings, signal?: AbortSignal): Promise<GridHour[]> {
  const { periods } = await fetchPeriods(grid.forecastHourlyUrl, settings, signal);
  return periods.map((period) => {
    const temperatureF = toFahrenheit(period.temperature, period.temperatureUnit);
    return { time: period.startTime, temperatureF, relativeHumidity: humidityOf(period, temperatureF) };
  });
}

/** Only the configured origin, and plain http only where the configuration allowed it (the loopback). */
function assertAllowed(url: URL, settings: NwsSettings): void {
  if (url.origin !== settings.baseUrl.origin) {
    throw new NwsError('host-not-allowed', `${url.origin} is not the configured weather service (${settings.baseUrl.origin})`);
  }
}

/** The NWS answers a passing fault with a quick 500 ('Unexpected Problem') or 502/503: worth one more try. */
const retryable = (status: number) => status === 500 || status === 502 || status === 503;

async function getJson(url: URL, settings: NwsSettings, signal: AbortSignal | undefined): Promise<unknown> {
  assertAllowed(url, settings);
  const timeout = AbortSignal.timeout(settings.timeoutMs);
  const abort = signal ? AbortSignal.any([signal, timeout]) : timeout;
  for (let attempt = 1; ; attempt += 1) {
    let response: Response;
    try {
      response = await fetch(url, {
        headers: { accept: 'application/geo+json', 'user-agent': settings.userAgent },
        redirect: 'error',
        signal: abort,
      });
    } catch (error) {
      if (abort.aborted) throw new NwsError('timeout', `no answer within ${settings.timeoutMs} ms`, undefined, { cause: error });
      if (attempt < 2) continue;
      throw new NwsError('network', 'the request failed', undefined, { cause: error });
    }
    let text: string;
    try {
      text = await readBody(response);
    } catch (error) {
      if (error instanceof NwsError) throw error;
      throw new NwsError(abort.aborted ? 'timeout' : 'network', 'the answer did not arrive whole', undefined, { cause: error });
    }
    if (!response.ok) {
      if (retryable(response.status) && attempt < 2 && !abort.aborted) continue;
      throw new NwsError('http', `HTTP ${response.status}`, response.status);
    }
    try {
      return JSON.parse(text);
    } catch (error) {
      throw new NwsError('bad-json', 'the answer is not JSON', undefined, { cause: error });
    }
  }
}

async function readBody(response: Response): Promise<string> {
  if (!response.body) return '';
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > MAX_BODY_BYTES) {
      await reader.cancel();
      throw new NwsError('too-large', `the answer is over ${MAX_BODY_BYTES} bytes`);
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks).toString('utf8');
}
