/**
 * A loopback stand-in for RunSignup's race search (GET /Rest/races), speaking its wire format so the real
 * client (lambdas/imports/runsignup/client.ts) runs unchanged: `format=json`, `page` (1-based) and
 * `results_per_page` (at most 1,000), `start_date`/`end_date` (YYYY-MM-DD) on the race's next date and
 * `state` on its address; the answer is `{ races: [ { race: {...} } ] }`, an empty list past the last page.
 *
 * Races are raw RunSignup race objects (infra/local/runsignup/fixture-races.ts makes realistic ones, awkward
 * cases included). Tests can make a page misbehave: answer bad JSON, a 500 every time, or a 429 once.
 * Listens on 127.0.0.1 only.
 */
import { createServer } from 'node:http';
import { listenOnLoopback } from '../loopback-server.ts';

export type PageFault = 'bad-json' | 'status-500' | 'status-429-once' | 'slow';

export interface RunSignupStandInOptions {
  /** Raw RunSignup races, or page items (`{ race }`) as fixtureRaces() returns them. */
  readonly races: readonly unknown[];
  /** Page number (1-based) -> how it misbehaves. */
  readonly faults?: Readonly<Record<number, PageFault>>;
  /** 0 picks a free port. */
  readonly port?: number;
  /** How long a 'slow' page keeps the client waiting (default 30 s). */
  readonly slowMs?: number;
}

export interface RunSignupStandIn {
  /** Base URL, as RUNSIGNUP_API_URL takes it: http://127.0.0.1:<port> */
  readonly url: string;
  /** GET /Rest/races requests served, by page number. */
  readonly requests: ReadonlyMap<number, number>;
  /** Replaces the fault plan (tests). */
  setFaults(faults: Readonly<Record<number, PageFault>>): void;
  stop(): Promise<void>;
}

const MAX_PER_PAGE = 1000;
const DEFAULT_PER_PAGE = 50;

/** RunSignup race dates are MM/DD/YYYY (some outputs ISO); the filters take YYYY-MM-DD. */
function isoOf(runSignupDate: unknown): string | undefined {
  if (typeof runSignupDate !== 'string') return undefined;
  const iso = /^(\d{4}-\d{2}-\d{2})(?:[ T].*)?$/.exec(runSignupDate.trim());
  if (iso) return iso[1];
  const match = /^(\d{1,2})\/(\d{1,2})\/(\d{4})(?: .*)?$/.exec(runSignupDate.trim());
  return match ? `${match[3]}-${match[1]!.padStart(2, '0')}-${match[2]!.padStart(2, '0')}` : undefined;
}

function stateOf(race: Record<string, unknown>): string | undefined {
  const address = race.address as { state?: unknown } | undefined;
  return typeof address?.state === 'string' ? address.state.toUpperCase() : undefined;
}

function positiveInt(raw: string | null, fallback: number): number {
  const value = raw === null ? fallback : Number(raw);
  return Number.isInteger(value) && value > 0 ? value : fallback;
}

function raceOf(entry: unknown): Record<string, unknown> {
  const value = entry !== null && typeof entry === 'object' && 'race' in entry ? (entry as { race: unknown }).race : entry;
  return value !== null && typeof value === 'object' ? (value as Record<string, unknown>) : {};
}

/** What RunSignup answers a request it refuses: HTTP 200 with an error object. */
const apiError = (message: string) => ({ error: { error_code: 0, error_msg: message } });

export async function startRunSignupStandIn(options: RunSignupStandInOptions): Promise<RunSignupStandIn> {
  let faults: Readonly<Record<number, PageFault>> = { ...options.faults };
  const answered429 = new Set<number>();
  const requests = new Map<number, number>();
  // Sorted once the way the client asks ('date ASC'), ties by id, so pages never overlap or skip.
  const races = options.races.map(raceOf).sort((a, b) => {
    const byDate = (isoOf(a.next_date) ?? '').localeCompare(isoOf(b.next_date) ?? '');
    return byDate !== 0 ? byDate : Number(a.race_id) - Number(b.race_id);
  });

  const server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://127.0.0.1');
    const send = (status: number, body: string) => {
      response.writeHead(status, { 'content-type': 'application/json' });
      response.end(body);
    };
    if (request.method !== 'GET' || url.pathname !== '/Rest/races') return send(404, JSON.stringify(apiError('Not found')));
    const query = url.searchParams;
    if (query.get('format') !== 'json') return send(200, JSON.stringify(apiError('This stand-in speaks format=json only')));
    const page = positiveInt(query.get('page'), 1);
    const perPage = Math.min(positiveInt(query.get('results_per_page'), DEFAULT_PER_PAGE), MAX_PER_PAGE);
    requests.set(page, (requests.get(page) ?? 0) + 1);

    const fault = faults[page];
    if (fault === 'status-500') return send(500, JSON.stringify(apiError('Internal error')));
    if (fault === 'status-429-once' && !answered429.has(page)) {
      answered429.add(page);
      response.setHeader('retry-after', '0');
      return send(429, JSON.stringify(apiError('Too many requests')));
    }
    if (fault === 'bad-json') return send(200, '{"races": [ {"race": {"race_id": 1, "name": "Trunc');
    if (fault === 'slow') {
      const timer = setTimeout(() => send(200, JSON.stringify({ races: [] })), options.slowMs ?? 30_000);
      response.on('close', () => clearTimeout(timer));
      return;
    }

    const from = query.get('start_date') ?? '';
    const to = query.get('end_date') ?? '9999-12-31';
    const state = query.get('state')?.toUpperCase();
    const events = query.get('events') === 'T';
    const selected = races.filter((race) => {
      const date = isoOf(race.next_date);
      if (date === undefined || date < from || date > to) return false;
      return state === undefined || stateOf(race) === state;
    });
    const slice = selected.slice((page - 1) * perPage, page * perPage).map((race) => {
      if (events) return { race };
      const { events: _events, ...withoutEvents } = race;
      return { race: withoutEvents };
    });
    send(200, JSON.stringify({ races: slice }));
  });

  const listener = await listenOnLoopback(server, options.port ?? 0);
  return {
    url: listener.url,
    requests,
    setFaults: (next) => {
      faults = { ...next };
      answered429.clear();
    },
    stop: () => listener.close(),
  };
}
