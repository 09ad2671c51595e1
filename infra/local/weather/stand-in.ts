/**
 * A loopback stand-in for the part of the US National Weather Service API (api.weather.gov) RaceFinder uses,
 * speaking its wire format so the real client (lambdas/lib/nws.ts) runs unchanged against it
 * (WEATHER_API_URL = this stand-in's `url`; unset in AWS, where the client talks to api.weather.gov):
 *
 *   GET /points/{lat},{lon}                        a GeoJSON Feature naming the grid square and its forecast URLs
 *                                                  (on this stand-in); 301 to the 4-decimal point for more precise
 *                                                  coordinates, 404 'Data Unavailable For Requested Point' outside
 *                                                  the US, as the NWS answers them
 *   GET /gridpoints/{office}/{x},{y}/forecast      14 periods of 12 hours (fixture-forecast.ts)
 *   GET /gridpoints/{office}/{x},{y}/forecast/hourly   156 hours, with dew point and relative humidity
 *
 *   GET    /_local/requests  not the NWS's: the requests received (path and User-Agent), for tests
 *   POST   /_local/faults    `{ point: "lat,lon", kind, on? }`: requests about that point (its points call, and the
 *                            forecasts of its grid square, or only `on` one of 'points', 'forecast', 'hourly') fail:
 *                            'server_error' answers 500, 'bad_shape' a body without periods, 'timeout' never answers
 *   DELETE /_local/faults    forgets the faults and the requests
 *
 * Like the NWS it refuses a request without a User-Agent (403). Errors are RFC 7807 problem+json with the
 * NWS's titles. Forecasts are made from the clock when asked (fixture-forecast.ts), the same for every place,
 * in the place's time zone. Listens on 127.0.0.1 only and answers only loopback Host names.
 */
import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import * as z from 'zod';
import { acceptsLoopbackHost, listenOnLoopback } from '../loopback-server.ts';
import { fixtureHours, fixturePeriods, localTime } from './fixture-forecast.ts';

/** Grid squares of about 2.5 km: 40 to a degree. */
const CELLS_PER_DEGREE = 40;
/** Requests remembered for tests; a long `npm start` keeps only the latest. */
const MAX_RECORDED = 2000;

export const WEATHER_FAULT_KINDS = ['server_error', 'bad_shape', 'timeout'] as const;
export const WEATHER_FAULT_TARGETS = ['points', 'forecast', 'hourly'] as const;
const FaultSchema = z.strictObject({
  point: z.string().regex(/^-?\d{1,2}(\.\d{1,4})?,-?\d{1,3}(\.\d{1,4})?$/),
  kind: z.enum(WEATHER_FAULT_KINDS),
  on: z.enum(WEATHER_FAULT_TARGETS).optional(),
});
export type WeatherFault = z.infer<typeof FaultSchema>;

export interface RecordedWeatherRequest {
  readonly path: string;
  readonly userAgent: string | undefined;
}

export interface WeatherStandInOptions {
  /** 0 (default) picks a free port. */
  readonly port?: number;
  /** The clock the forecasts start from (tests). */
  readonly now?: () => number;
  readonly log?: (line: string) => void;
}

export interface WeatherStandIn {
  /** http://127.0.0.1:<port>, as WEATHER_API_URL takes it. */
  readonly url: string;
  readonly requests: readonly RecordedWeatherRequest[];
  addFault(fault: WeatherFault): void;
  reset(): void;
  stop(): Promise<void>;
}

/** The covered box's whole degrees, numbered west to east and south to north: each names an office. */
const SOUTH = 17;
const NORTH = 72;
const WEST = -180;
const EAST = -64;
const DEGREES_EAST = EAST - WEST + 1;

/** The NWS's grid square of a covered point: an office per whole degree (three letters), x and y within it. */
export function gridOf(latitude: number, longitude: number): { office: string; x: number; y: number } {
  const cell = (Math.floor(latitude) - SOUTH) * DEGREES_EAST + (Math.floor(longitude) - WEST);
  const office = Array.from({ length: 3 }, (_, index) => String.fromCharCode(65 + (Math.floor(cell / 26 ** (2 - index)) % 26))).join('');
  const within = (value: number) => Math.floor((value - Math.floor(value)) * CELLS_PER_DEGREE);
  return { office, x: within(longitude), y: within(latitude) };
}

/** The office's whole degree back from its letters (the inverse of gridOf's naming). */
function degreeOf(office: string): { latitude: number; longitude: number } | undefined {
  if (!/^[A-Z]{3}$/.test(office)) return undefined;
  const cell = [...office].reduce((sum, letter) => sum * 26 + (letter.charCodeAt(0) - 65), 0);
  const latitude = Math.floor(cell / DEGREES_EAST) + SOUTH;
  const longitude = (cell % DEGREES_EAST) + WEST;
  return covered(latitude, longitude) ? { latitude, longitude } : undefined;
}

/** The NWS forecasts the US and its nearby territories; the stand-in draws that as a box. */
function covered(latitude: number, longitude: number): boolean {
  return latitude >= SOUTH && latitude < NORTH + 1 && longitude >= WEST && longitude < EAST + 1;
}

/** A time zone by where the place is: close enough for a stand-in. */
export function timeZoneOf(latitude: number, longitude: number): string {
  if (latitude < 23 && longitude < -154) return 'Pacific/Honolulu';
  if (longitude < -141) return 'America/Anchorage';
  if (longitude < -114.5) return 'America/Los_Angeles';
  if (latitude < 37 && longitude < -109.05) return 'America/Phoenix';
  if (longitude < -102) return 'America/Denver';
  if (longitude < -87.5) return 'America/Chicago';
  return 'America/New_York';
}

const CONTEXT = [
  'https://geojson.org/geojson-ld/geojson-context.jsonld',
  {
    '@version': '1.1',
    wx: 'https://api.weather.gov/ontology#',
    geo: 'http://www.opengis.net/ont/geosparql#',
    unit: 'http://codes.wmo.int/common/unit/',
    '@vocab': 'https://api.weather.gov/ontology#',
  },
];

interface Answer {
  readonly status: number;
  readonly body?: unknown;
  readonly headers?: Readonly<Record<string, string>>;
}

function problem(url: string, status: number, title: string, type: string, detail: string, headers?: Record<string, string>): Answer {
  const correlationId = randomUUID().replaceAll('-', '').slice(0, 8);
  return {
    status,
    headers: { 'content-type': 'application/problem+json', ...headers },
    body: { correlationId, title, type: `${url}/problems/${type}`, status, detail, instance: `${url}/requests/${correlationId}` },
  };
}

const round4 = (value: number) => Number(value.toFixed(4));

export async function startWeatherStandIn(options: WeatherStandInOptions = {}): Promise<WeatherStandIn> {
  const now = options.now ?? (() => Date.now());
  const log = options.log ?? ((line: string) => console.warn(line));
  const requests: RecordedWeatherRequest[] = [];
  const faults: WeatherFault[] = [];
  let url = '';

  /** The fault for a points request (its point) or a forecast request (its grid square), if any. */
  const faultFor = (on: NonNullable<WeatherFault['on']>, target: { latitude: number; longitude: number } | { office: string; x: number; y: number }) =>
    faults.find((fault) => {
      if (fault.on && fault.on !== on) return false;
      const [latitude, longitude] = fault.point.split(',').map(Number) as [number, number];
      if ('latitude' in target) return round4(latitude) === round4(target.latitude) && round4(longitude) === round4(target.longitude);
      const grid = gridOf(latitude, longitude);
      return grid.office === target.office && grid.x === target.x && grid.y === target.y;
    })?.kind;

  const failed = (kind: WeatherFault['kind']): Answer | 'hold' => {
    if (kind === 'timeout') return 'hold';
    if (kind === 'server_error') return problem(url, 500, 'Unexpected Problem', 'UnexpectedProblem', 'An unexpected problem has occurred.');
    return { status: 200, headers: { 'content-type': 'application/geo+json' }, body: { type: 'Feature', properties: { periods: 'none' } } };
  };

  const point = (latitudeText: string, longitudeText: string): Answer | 'hold' => {
    const latitude = Number(latitudeText);
    const longitude = Number(longitudeText);
    if (!Number.isFinite(latitude) || !Number.isFinite(longitude) || Math.abs(latitude) > 90 || Math.abs(longitude) > 180) {
      return problem(url, 400, 'Invalid Parameter', 'InvalidParameter', `Parameter "point" is invalid: '${latitudeText},${longitudeText}'`);
    }
    const canonical = `${round4(latitude)},${round4(longitude)}`;
    if (`${latitudeText},${longitudeText}` !== canonical) {
      return problem(url, 301, 'Adjusting Precision Of Point Coordinate', 'AdjustPointPrecision', 'The precision of latitude/longitude points is limited to 4 decimal digits for efficiency. The location attribute contains your request mapped to the nearest supported point.', {
        location: `/points/${canonical}`,
      });
    }
    const fault = faultFor('points', { latitude, longitude });
    if (fault) return failed(fault);
    if (!covered(latitude, longitude)) {
      return problem(url, 404, 'Data Unavailable For Requested Point', 'InvalidPoint', `Unable to provide data for requested point ${canonical}`);
    }
    const { office, x, y } = gridOf(latitude, longitude);
    const gridUrl = `${url}/gridpoints/${office}/${x},${y}`;
    return {
      status: 200,
      headers: { 'content-type': 'application/geo+json' },
      body: {
        '@context': CONTEXT,
        id: `${url}/points/${canonical}`,
        type: 'Feature',
        geometry: { type: 'Point', coordinates: [round4(longitude), round4(latitude)] },
        properties: {
          '@id': `${url}/points/${canonical}`,
          '@type': 'wx:Point',
          cwa: office,
          forecastOffice: `${url}/offices/${office}`,
          gridId: office,
          gridX: x,
          gridY: y,
          forecast: `${gridUrl}/forecast`,
          forecastHourly: `${gridUrl}/forecast/hourly`,
          forecastGridData: gridUrl,
          observationStations: `${gridUrl}/stations`,
          relativeLocation: {
            type: 'Feature',
            geometry: { type: 'Point', coordinates: [round4(longitude), round4(latitude)] },
            properties: { city: 'Stand-in', state: 'US', distance: { unitCode: 'wmoUnit:m', value: 0 }, bearing: { unitCode: 'wmoUnit:degree_(angle)', value: 0 } },
          },
          forecastZone: `${url}/zones/forecast/${office}001`,
          county: `${url}/zones/county/${office}001`,
          fireWeatherZone: `${url}/zones/fire/${office}001`,
          timeZone: timeZoneOf(latitude, longitude),
          radarStation: `K${office}`,
        },
      },
    };
  };

  const forecast = (office: string, x: number, y: number, hourly: boolean): Answer | 'hold' => {
    const degree = degreeOf(office);
    if (!degree || x >= CELLS_PER_DEGREE || y >= CELLS_PER_DEGREE) {
      return problem(url, 404, 'Data Unavailable For Requested Point', 'InvalidPoint', `Unable to provide data for requested point ${office}/${x},${y}`);
    }
    const south = degree.latitude + y / CELLS_PER_DEGREE;
    const west = degree.longitude + x / CELLS_PER_DEGREE;
    const fault = faultFor(hourly ? 'hourly' : 'forecast', { office, x, y });
    if (fault) return failed(fault);
    const timeZone = timeZoneOf(south, west);
    const at = now();
    const generated = new Date(at).toISOString().replace(/\.\d{3}Z$/, '+00:00');
    const size = 1 / CELLS_PER_DEGREE;
    const periods = hourly
      ? fixtureHours(at, timeZone).map((hour, index) => ({
          number: index + 1,
          name: '',
          startTime: hour.start.iso,
          endTime: hour.end.iso,
          isDaytime: hour.isDaytime,
          temperature: hour.temperatureF,
          temperatureUnit: 'F',
          temperatureTrend: '',
          probabilityOfPrecipitation: { unitCode: 'wmoUnit:percent', value: hour.day.pop[hour.isDaytime ? 0 : 1] },
          dewpoint: { unitCode: 'wmoUnit:degC', value: hour.dewpointC },
          relativeHumidity: { unitCode: 'wmoUnit:percent', value: hour.relativeHumidity },
          windSpeed: `${Number.parseInt(hour.day.wind.speed[hour.isDaytime ? 0 : 1], 10)} mph`,
          windDirection: hour.day.wind.direction,
          icon: `${url}/icons/land/${hour.isDaytime ? 'day' : 'night'}/few?size=small`,
          shortForecast: hour.day.short[hour.isDaytime ? 0 : 1],
          detailedForecast: '',
        }))
      : fixturePeriods(at, timeZone).map((period) => ({
          number: period.number,
          name: period.name,
          startTime: period.start.iso,
          endTime: period.end.iso,
          isDaytime: period.isDaytime,
          temperature: period.temperatureF,
          temperatureUnit: 'F',
          temperatureTrend: '',
          probabilityOfPrecipitation: { unitCode: 'wmoUnit:percent', value: period.pop },
          windSpeed: period.windSpeed,
          windDirection: period.windDirection,
          icon: `${url}/icons/land/${period.isDaytime ? 'day' : 'night'}/few?size=medium`,
          shortForecast: period.shortForecast,
          detailedForecast: period.detailedForecast,
        }));
    const first = localTime(at, timeZone);
    return {
      status: 200,
      headers: { 'content-type': 'application/geo+json' },
      body: {
        '@context': CONTEXT,
        type: 'Feature',
        geometry: {
          type: 'Polygon',
          coordinates: [[[west, south], [west + size, south], [west + size, south + size], [west, south + size], [west, south]].map(([lon, lat]) => [round4(lon!), round4(lat!)])],
        },
        properties: {
          units: 'us',
          forecastGenerator: hourly ? 'HourlyForecastGenerator' : 'BaselineForecastGenerator',
          generatedAt: generated,
          updateTime: generated,
          validTimes: `${first.date}T${String(first.hour).padStart(2, '0')}:00:00${first.offset}/P7DT12H`,
          elevation: { unitCode: 'wmoUnit:m', value: 100 },
          periods,
        },
      },
    };
  };

  const route = (request: IncomingMessage, path: string): Answer | 'hold' => {
    const method = request.method ?? 'GET';
    if (path === '/_local/requests' && method === 'GET') return { status: 200, body: { requests } };
    if (path === '/_local/faults' && method === 'DELETE') {
      faults.length = 0;
      requests.length = 0;
      return { status: 204 };
    }
    if (method !== 'GET') return problem(url, 405, 'Method Not Allowed', 'MethodNotAllowed', `${method} is not supported`);
    if (!request.headers['user-agent']) {
      return problem(url, 403, 'Forbidden', 'Forbidden', 'A User-Agent header identifying your application is required.');
    }
    const points = /^\/points\/([^,/]+),([^,/]+)$/.exec(path);
    if (points) return point(points[1]!, points[2]!);
    const grid = /^\/gridpoints\/([A-Z]{3})\/(\d+),(\d+)\/forecast(\/hourly)?$/.exec(path);
    if (grid) return forecast(grid[1]!, Number(grid[2]), Number(grid[3]), grid[4] !== undefined);
    return problem(url, 404, 'Not Found', 'NotFound', `'${path}' is not a valid resource path`);
  };

  const send = (response: ServerResponse, answer: Answer) => {
    response.writeHead(answer.status, { 'content-type': 'application/json', ...(answer.status === 200 ? { 'cache-control': 'public, max-age=600' } : {}), ...answer.headers });
    response.end(answer.body === undefined ? undefined : JSON.stringify(answer.body, null, 2));
  };

  const server = createServer((request, response) => {
    if (!acceptsLoopbackHost(request, response, 'weather')) return;
    const path = new URL(request.url ?? '/', 'http://127.0.0.1').pathname;
    if (path === '/_local/faults' && request.method === 'POST') {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        let parsed: ReturnType<typeof FaultSchema.safeParse>;
        try {
          parsed = FaultSchema.safeParse(JSON.parse(Buffer.concat(chunks).toString('utf8')));
        } catch {
          return send(response, { status: 400, body: { error: 'not JSON' } });
        }
        if (!parsed.success) return send(response, { status: 400, body: { error: 'Send { "point": "lat,lon", "kind": "server_error" | "bad_shape" | "timeout", "on"?: "points" | "forecast" | "hourly" }' } });
        faults.push(parsed.data);
        send(response, { status: 200, body: { faults } });
      });
      return;
    }
    if (!path.startsWith('/_local/')) {
      requests.push({ path, userAgent: request.headers['user-agent'] });
      if (requests.length > MAX_RECORDED) requests.splice(0, requests.length - MAX_RECORDED);
    }
    try {
      const answer = route(request, path);
      // Held: no answer at all. The client's own timeout ends it, or stop() closes the connection.
      if (answer !== 'hold') send(response, answer);
    } catch (error) {
      log(`Weather stand-in: ${error instanceof Error ? error.stack : String(error)}`);
      send(response, problem(url, 500, 'Unexpected Problem', 'UnexpectedProblem', 'An unexpected problem has occurred.'));
    }
  });

  const listener = await listenOnLoopback(server, options.port ?? 0);
  url = listener.url;
  return {
    url,
    requests,
    addFault: (fault) => faults.push(FaultSchema.parse(fault)),
    reset: () => {
      faults.length = 0;
      requests.length = 0;
    },
    stop: () => listener.close(),
  };
}
