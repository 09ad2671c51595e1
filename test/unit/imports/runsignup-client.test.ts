import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startRunSignupStandIn, type RunSignupStandIn } from '../../../infra/local/runsignup/stand-in.ts';
import { PageFetchError, allowedHostsFromEnv, fetchRacesPage, racesPageUrl } from '../../../lambdas/imports/runsignup/client.ts';

const race = (id: number, date: string, state = 'CO') => ({
  race_id: id,
  name: `Race ${id}`,
  next_date: date,
  address: { city: 'Denver', state, zipcode: '80202', country_code: 'US' },
  events: [{ event_id: id * 10, name: '5K', start_time: `${date} 8:00` }],
});

const RACES = [
  race(1, '06/01/2030'),
  race(2, '06/02/2030'),
  race(3, '06/03/2030', 'NY'),
  race(4, '06/04/2030'),
  race(5, '06/05/2030'),
  race(6, '07/15/2031'),
];
const OPTIONS = { from: '2030-01-01', to: '2030-12-31' };
const FAST = { timeoutMs: 300, attempts: 3, backoffBaseMs: 1, backoffMaxMs: 5 };
const ALLOWED = ['127.0.0.1'];

let standIn: RunSignupStandIn;
beforeAll(async () => {
  standIn = await startRunSignupStandIn({ races: RACES, slowMs: 2000 });
});
afterAll(() => standIn.stop());
afterEach(() => standIn.setFaults({}));

const fetchPage = (page: number, extra: Partial<Parameters<typeof fetchRacesPage>[0]> = {}) =>
  fetchRacesPage({ baseUrl: standIn.url, page, resultsPerPage: 2, options: OPTIONS, allowedHosts: ALLOWED, policy: FAST, ...extra });

async function failure(promise: Promise<unknown>): Promise<PageFetchError> {
  const error = await promise.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(PageFetchError);
  return error as PageFetchError;
}

describe('fetchRacesPage', () => {
  it("asks RunSignup's documented race search for one page of races with events, in date order, within the window", () => {
    const url = racesPageUrl({ baseUrl: 'https://runsignup.com', page: 3, resultsPerPage: 250, options: { ...OPTIONS, state: 'CO' } });
    expect(url.origin + url.pathname).toBe('https://runsignup.com/Rest/races');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      format: 'json',
      events: 'T',
      page: '3',
      results_per_page: '250',
      sort: 'date ASC',
      start_date: '2030-01-01',
      end_date: '2030-12-31',
      state: 'CO',
    });
  });

  it('reads pages of the chosen size, filtered by dates and state, and an empty page past the end', async () => {
    const ids = async (page: number, state?: string) =>
      (await fetchPage(page, { options: { ...OPTIONS, ...(state ? { state } : {}) } })).races.map((entry) => (entry as { race: { race_id: number } }).race.race_id);
    expect(await ids(1)).toEqual([1, 2]);
    expect(await ids(2)).toEqual([3, 4]);
    expect(await ids(3)).toEqual([5]);
    expect(await ids(4)).toEqual([]);
    expect(await ids(1, 'NY')).toEqual([3]);
  });

  it('refuses a host that is not on the allow-list without sending anything', async () => {
    const before = standIn.requests.get(1) ?? 0;
    const error = await failure(fetchPage(1, { allowedHosts: ['runsignup.com'] }));
    expect(error.kind).toBe('host-not-allowed');
    expect(standIn.requests.get(1) ?? 0).toBe(before);
    const lookalike = await failure(fetchPage(1, { baseUrl: 'https://runsignup.com.example.test', allowedHosts: ['runsignup.com'] }));
    expect(lookalike.kind).toBe('host-not-allowed');
  });

  it('allows runsignup.com by default and takes the list from RUNSIGNUP_ALLOWED_HOSTS', () => {
    expect(allowedHostsFromEnv({})).toEqual(['runsignup.com']);
    expect(allowedHostsFromEnv({ RUNSIGNUP_ALLOWED_HOSTS: 'runsignup.com, 127.0.0.1' })).toEqual(['runsignup.com', '127.0.0.1']);
  });

  it('retries a 429 and reads the page', async () => {
    standIn.setFaults({ 2: 'status-429-once' });
    const before = standIn.requests.get(2) ?? 0;
    expect((await fetchPage(2)).races).toHaveLength(2);
    expect((standIn.requests.get(2) ?? 0) - before).toBe(2);
  });

  it('gives up on a page that answers 500 after every attempt, with a typed error', async () => {
    standIn.setFaults({ 1: 'status-500' });
    const before = standIn.requests.get(1) ?? 0;
    const error = await failure(fetchPage(1));
    expect(error).toMatchObject({ page: 1, kind: 'http', attempts: 3 });
    expect(error.message).toContain('HTTP 500');
    expect((standIn.requests.get(1) ?? 0) - before).toBe(3);
  });

  it('reports a page that is not JSON as bad-json after its retries', async () => {
    standIn.setFaults({ 2: 'bad-json' });
    expect(await failure(fetchPage(2))).toMatchObject({ kind: 'bad-json', attempts: 3 });
  });

  it('times out a page that does not answer and retries it', async () => {
    standIn.setFaults({ 1: 'slow' });
    const started = Date.now();
    expect(await failure(fetchPage(1, { policy: { ...FAST, attempts: 2 } }))).toMatchObject({ kind: 'timeout', attempts: 2 });
    expect(Date.now() - started).toBeLessThan(1500);
  });
});

describe('fetchRacesPage against answers of the wrong shape', () => {
  let server: Server;
  let url: string;
  let body = '';
  let calls = 0;
  beforeAll(async () => {
    server = createServer((_request, response) => {
      calls += 1;
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(body);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it("fails at once on RunSignup's error object, quoting it, since asking again gets the same", async () => {
    body = JSON.stringify({ error: { error_code: 6, error_msg: 'Invalid state' } });
    calls = 0;
    const error = await failure(fetchPage(1, { baseUrl: url }));
    expect(error).toMatchObject({ kind: 'bad-shape', attempts: 1 });
    expect(error.message).toContain('Invalid state');
    expect(calls).toBe(1);
  });

  it('fails on a races field that is not a list', async () => {
    body = JSON.stringify({ races: { race: {} } });
    expect(await failure(fetchPage(1, { baseUrl: url }))).toMatchObject({ kind: 'bad-shape' });
  });
});
