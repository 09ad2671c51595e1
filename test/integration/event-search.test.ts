/**
 * GET /api/events against the shared local stack: every filter, word prefixes, accents, several words,
 * promotion ordering, paging without gaps or duplicates, past and unverified events never listed, the index
 * following edits and deletes, bad cursors, and the read work of a page.
 *
 * The table is shared with other test files, so every query here is pinned to this file's own events: by
 * a random marker word in their titles, or by a date window in a far-future year nobody else uses.
 */
import { randomInt } from 'node:crypto';
import { DeleteCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { ulid } from 'ulid';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PromotionScope, PromotionTier } from '#shared/promotions';
import type { RaceEvent } from '#shared/schemas/event';
import { EventSearchPageSchema, type EventSearchQuery, type EventSummary } from '#shared/schemas/search';
import { db, tableName } from '#lib/dynamo';
import { generateSeedEvents } from '../../infra/local/seed/generate-events.ts';
import { createEvent, createEventsInBulk, deleteEvent, getEvent, updateEvent } from '#data/event';
import { todayInNewYork } from '#shared/dates';
import { READ_BUDGET, searchEvents } from '../../lambdas/events/event-search.ts';
import { promotionKey, toPromotionItem, type Promotion } from '#data/promotion';
import { testRaceEvent } from '../support/race-event.ts';
import { api } from '../support/local-api.ts';

const letters = (n: number) => Array.from({ length: n }, () => String.fromCharCode(97 + randomInt(26))).join('');
/** Words no other event has: 'qz' is no English or place-name start. */
const MARKER = `qz${letters(6)}`;
const PROMO_MARKER = `qz${letters(6)}`;
const EDIT_MARKER = `qz${letters(6)}`;
const FORMS_MARKER = `qz${letters(6)}`;
/** A year only this file writes events into (other files use 2099 and the near future). */
const YEAR = 2071 + randomInt(20);
const WINDOW = { from: `${YEAR}-01-01`, to: `${YEAR}-12-31` };
const today = todayInNewYork();
const yesterday = new Date(Date.now() - 86_400_000 * 1.5).toISOString().slice(0, 10);

function raceEvent(overrides: Partial<RaceEvent>): RaceEvent {
  return testRaceEvent({ title: `${MARKER} Paging Run`, description: 'Flat and fast.', eventDate: `${YEAR}-06-01`, ...overrides });
}

const PAGING_STATES = ['WY', 'VT', 'ND'] as const;
// 130 events over the year, several on the same day, so ties are broken by id.
const paging = Array.from({ length: 130 }, (_, index) =>
  raceEvent({
    title: `${MARKER} Paging Run ${index}`,
    eventDate: `${YEAR}-${String(1 + (index % 12)).padStart(2, '0')}-${String(1 + (index % 9) * 3).padStart(2, '0')}`,
    state: PAGING_STATES[index % 3],
  }),
);
const canon = raceEvent({
  title: `${MARKER} Royal Gorge Classic`, city: 'Cañon City', state: 'CO', eventType: 'trail_race', terrainType: 'mountain',
  locationName: 'Royal Gorge Park', distances: ['50K'], eventDate: `${YEAR}-03-03`,
});
const boston = raceEvent({
  title: `${MARKER} Harbor Half`, city: 'Boston', state: 'MA', locationName: 'Seaport', distances: ['Half Marathon'],
  eventDate: `${YEAR}-04-04`,
});
const trail50k = raceEvent({
  title: `${MARKER} Ridge Trail 50K`, city: 'Auburn', state: 'CA', eventType: 'trail_race', terrainType: 'trail',
  distances: ['50K'], eventDate: `${YEAR}-05-05`,
});
const trailShort = raceEvent({
  title: `${MARKER} Ridge Trail Run`, city: 'Auburn', state: 'CA', eventType: 'road_race', terrainType: 'trail',
  distances: ['10K'], eventDate: `${YEAR}-05-06`,
});
const triathlon = raceEvent({
  title: `${MARKER} Gulf Coast Tri`, city: 'Destin', state: 'FL', eventType: 'triathlon', terrainType: 'beach',
  distances: ['Olympic'], eventDate: `${YEAR}-07-07`,
});
const unverified = raceEvent({ title: `${MARKER} Hidden Unverified Dash`, verified: false, eventDate: `${YEAR}-02-02` });
const past = raceEvent({ title: `${MARKER} Yesterday Dash`, eventDate: yesterday });
const specials = [canon, boston, trail50k, trailShort, triathlon];
const listed = [...paging, ...specials];

const byDateThenId = (a: Pick<EventSummary, 'eventDate' | 'id'>, b: Pick<EventSummary, 'eventDate' | 'id'>) =>
  a.eventDate.localeCompare(b.eventDate) || a.id.localeCompare(b.id);
const ids = (items: readonly Pick<EventSummary, 'id'>[]) => items.map((item) => item.id);
const sortedIds = (events: readonly RaceEvent[]) => ids([...events].sort(byDateThenId));

/** Every result of a query, page by page (through the domain function, with an optional small page size). */
async function searchAll(query: EventSearchQuery, pageSize?: number): Promise<{ items: EventSummary[]; pages: number }> {
  const items: EventSummary[] = [];
  let cursor: string | undefined;
  let pages = 0;
  do {
    const { page } = await searchEvents({ ...query, ...(cursor ? { cursor } : {}) }, { today, ...(pageSize ? { pageSize } : {}) });
    items.push(...page.items);
    cursor = page.nextCursor;
    pages += 1;
  } while (cursor && pages < 100);
  return { items, pages };
}

/**
 * Every result of a query through the API, following its cursor. A page's read work is bounded, so when other
 * test files have filled the shared table with events a filter skips, a first page may hold none of the
 * matches while its cursor leads on to them (shared/schemas/search.ts): reading page one alone made these
 * tests depend on which files ran before.
 */
async function searchApi(query: Record<string, string>): Promise<EventSummary[]> {
  const items: EventSummary[] = [];
  let cursor: string | undefined;
  for (let pages = 0; pages < 20; pages += 1) {
    const response = await api('GET', '/api/events', { query: { ...query, ...(cursor ? { cursor } : {}) } });
    expect(response.status).toBe(200);
    const page = EventSearchPageSchema.parse(response.body);
    items.push(...page.items);
    cursor = page.nextCursor;
    if (!cursor) return items;
  }
  throw new Error(`More than 20 pages for ${JSON.stringify(query)}`);
}

beforeAll(async () => {
  await createEventsInBulk([...paging, canon, boston, trail50k, trailShort, triathlon, unverified, past]);
});

describe('GET /api/events paging', () => {
  it('pages through every matching event in date then id order, 50 a page, without gaps or duplicates', async () => {
    const pages: EventSummary[][] = [];
    const completeness: (boolean | undefined)[] = [];
    let cursor: string | undefined;
    do {
      const response = await api('GET', '/api/events', { query: { q: MARKER, ...(cursor ? { cursor } : {}) } });
      expect(response.status).toBe(200);
      const page = EventSearchPageSchema.parse(response.body);
      expect(page.items.length).toBeLessThanOrEqual(50);
      pages.push(page.items);
      completeness.push(page.complete);
      cursor = page.nextCursor;
    } while (cursor && pages.length < 20);
    expect(pages.length).toBeGreaterThanOrEqual(3);
    // Only the last page says the result set is complete; it is the one without a cursor.
    expect(completeness).toEqual([...pages.slice(1).map(() => false), true]);
    const all = pages.flat();
    expect(ids(all)).toEqual(sortedIds(listed));
    expect(new Set(ids(all)).size).toBe(all.length);
  });

  it('pages `limit` events at a time when asked (a landing page lists 24), the same events in the same order, and refuses a limit outside 1 to 50', async () => {
    const pages: EventSummary[][] = [];
    let cursor: string | undefined;
    do {
      const response = await api('GET', '/api/events', { query: { q: MARKER, limit: '7', ...(cursor ? { cursor } : {}) } });
      expect(response.status).toBe(200);
      const page = EventSearchPageSchema.parse(response.body);
      expect(page.items.length).toBeLessThanOrEqual(7);
      pages.push(page.items);
      cursor = page.nextCursor;
    } while (cursor && pages.length < 60);
    expect(ids(pages.flat())).toEqual(sortedIds(listed));
    for (const limit of ['0', '51', '2.5', 'many']) {
      const response = await api('GET', '/api/events', { query: { q: MARKER, limit } });
      expect(response.status, limit).toBe(400);
      expect(JSON.stringify(response.body), limit).toContain('limit must be a whole number from 1 to 50');
    }
  });

  it('is public and cacheable, with the card fields and a short description only', async () => {
    const response = await api('GET', '/api/events', { query: { q: `${MARKER} harbor` } });
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('public, max-age=60');
    const [card] = EventSearchPageSchema.parse(response.body).items;
    expect(card).toMatchObject({ id: boston.id, title: boston.title, city: 'Boston', state: 'MA', verified: true });
    expect(Object.keys(response.body as object).sort()).toEqual(['complete', 'items']);
    expect(EventSearchPageSchema.parse(response.body).complete).toBe(true);
    expect(card).not.toHaveProperty('searchText');
    expect(card).not.toHaveProperty('PK');
  });

  it('arrives compressed for clients that accept it, and plain for those that do not', async () => {
    const query = WINDOW;
    const gzipped = await api('GET', '/api/events', { query, headers: { 'accept-encoding': 'gzip' } });
    const brotli = await api('GET', '/api/events', { query, headers: { 'accept-encoding': 'gzip, br' } });
    const plain = await api('GET', '/api/events', { query, headers: { 'accept-encoding': 'identity' } });
    expect(gzipped.headers.get('content-encoding')).toBe('gzip');
    expect(brotli.headers.get('content-encoding')).toBe('br');
    expect(plain.headers.get('content-encoding')).toBeNull();
    for (const response of [gzipped, brotli, plain]) {
      expect(response.status).toBe(200);
      expect(response.headers.get('vary')).toContain('Accept-Encoding');
      expect(EventSearchPageSchema.parse(response.body).items).toHaveLength(50);
    }
    expect(gzipped.body).toEqual(plain.body);
    expect(brotli.body).toEqual(plain.body);
  });

  it('pages the no-text indexes (all verified by date) the same way', async () => {
    const { items, pages } = await searchAll(WINDOW);
    expect(pages).toBeGreaterThanOrEqual(3);
    expect(ids(items)).toEqual(sortedIds(listed));
  });

  it('never lists past or unverified events', async () => {
    const all = (await searchAll({ q: MARKER })).items;
    expect(ids(all)).not.toContain(past.id);
    expect(ids(all)).not.toContain(unverified.id);
    expect(await searchApi({ q: `${MARKER} hidden` })).toEqual([]);
    expect(await searchApi({ q: `${MARKER} yesterday` })).toEqual([]);
  });
});

describe('GET /api/events filters', () => {
  it.each([
    ['state', { state: 'CO' }, [canon]],
    ['type', { type: 'triathlon' }, [triathlon]],
    ['terrain', { terrain: 'mountain' }, [canon]],
    ['distance', { distance: 'ultra' }, [canon, trail50k]],
    ['distance (triathlon)', { distance: 'triathlon' }, [triathlon]],
    ['several at once', { state: 'CA', terrain: 'trail', type: 'trail_race' }, [trail50k]],
  ] as const)('narrows text results by %s', async (_name, filter, expected) => {
    expect(ids(await searchApi({ q: MARKER, ...filter }))).toEqual(sortedIds(expected));
  });

  it.each([
    ['state', { state: 'CO' }, [canon]],
    ['type', { type: 'triathlon' }, [triathlon]],
    ['terrain', { terrain: 'beach' }, [triathlon]],
    ['distance', { distance: 'ultra' }, [canon, trail50k]],
    ['state and type', { state: 'CA', type: 'road_race' }, [trailShort]],
  ] as const)('filters without text by %s', async (_name, filter, expected) => {
    expect(ids((await searchAll({ ...WINDOW, ...filter })).items)).toEqual(sortedIds(expected));
  });

  it('keeps a date range, both ends included', async () => {
    const april = await searchApi({ q: MARKER, from: `${YEAR}-04-01`, to: `${YEAR}-04-04` });
    const expected = listed.filter((event) => event.eventDate >= `${YEAR}-04-01` && event.eventDate <= `${YEAR}-04-04`);
    expect(expected.length).toBeGreaterThan(1);
    expect(ids(april)).toEqual(sortedIds(expected));
  });

  it('answers a range that ended before today with nothing', async () => {
    expect(await searchApi({ q: MARKER, from: '2001-01-01', to: '2001-12-31' })).toEqual([]);
  });
});

describe('GET /api/events text', () => {
  it.each([
    ['a word prefix', 'bost', [boston]],
    ['any case', 'BOSTON', [boston]],
    ['the state name', 'massach', [boston]],
    ['the state code', 'ma', [boston]],
    ['the location name', 'seaport', [boston]],
    ['a distance', 'half', [boston]],
    ['the event type label', 'triathlon', [triathlon]],
    ['the terrain', 'beach', [triathlon]],
    ['accented text without the accent', 'canon', [canon]],
    ['accented text with the accent', 'Cañon', [canon]],
    ['two words, both needed', 'trail 50k', [canon, trail50k]],
    ['two words in any order', '50k ridge', [trail50k]],
    ['a short word with a longer one', 'ma harbor', [boston]],
    ['short words as whole words only', 'ha', []],
    ['a word no event has', 'qqqqqqzx', []],
  ] as const)('finds %s', async (_name, q, expected) => {
    expect(ids((await searchAll({ ...WINDOW, q })).items)).toEqual(sortedIds(expected));
  });

  it('matches whole-word prefixes only, not the middle of words', async () => {
    expect(await searchApi({ ...WINDOW, q: 'oston' })).toEqual([]);
  });
});

describe('GET /api/events word forms and words that filter', () => {
  // A year before this file's window, so the window's own cases never see these events.
  const forms = (overrides: Partial<RaceEvent>) =>
    testRaceEvent({ eventDate: `${YEAR - 1}-06-01`, ...overrides, title: `${FORMS_MARKER} ${overrides.title}` });
  const stGeorge = forms({ title: 'Red Rock Half', city: 'St. George', state: 'UT', distances: ['13.1 mi'], eventDate: `${YEAR - 1}-03-01` });
  const saintPaul = forms({ title: 'Summit Avenue 10K', city: 'Saint Paul', state: 'MN', distances: ['10K'], eventDate: `${YEAR - 1}-03-02` });
  const mtHood = forms({
    title: 'Mt. Hood Ridge Run', city: 'Government Camp', state: 'OR', eventType: 'trail_race', terrainType: 'mountain',
    distances: ['25K'], eventDate: `${YEAR - 1}-03-03`,
  });
  const newYork = forms({ title: 'Five Boroughs Classic', city: 'New York', state: 'NY', distances: ['Marathon'], eventDate: `${YEAR - 1}-03-04` });
  const trailheadRoad5k = forms({ title: 'Trailhead Dash 5K', city: 'Golden', state: 'CO', distances: ['5K'], eventDate: `${YEAR - 1}-03-05` });
  const mesaTrail = forms({
    title: 'Mesa Run', city: 'Boulder', state: 'CO', eventType: 'trail_race', terrainType: 'trail', distances: ['10K'], eventDate: `${YEAR - 1}-03-06`,
  });
  const fortWorth = forms({ title: 'Cowtown Fun Run', city: 'Fort Worth', state: 'TX', eventType: 'fun_run', distances: ['5K'], eventDate: `${YEAR - 1}-03-07` });
  // Trail races by their titles whose type and terrain fields say otherwise (as imports often do).
  const cincinnati = forms({
    title: 'Cincinnati Trail 50K', city: 'Cincinnati', state: 'OH', eventType: 'ultra_marathon', terrainType: 'mixed', distances: ['50K'], eventDate: `${YEAR - 1}-03-08`,
  });
  const hayward = forms({ title: 'Hayward Trail 50K', city: 'Hayward', state: 'WI', eventType: 'road_race', terrainType: 'road', distances: ['50K'], eventDate: `${YEAR - 1}-03-09` });

  beforeAll(async () => {
    await createEventsInBulk([stGeorge, saintPaul, mtHood, newYork, trailheadRoad5k, mesaTrail, fortWorth, cincinnati, hayward]);
  });

  it.each([
    ['st for saint', 'st paul', [saintPaul]],
    ['saint for st', 'saint george', [stGeorge]],
    ['st as written', 'St. George', [stGeorge]],
    ['mount for mt', 'mount hood', [mtHood]],
    ['ft for fort', 'ft worth', [fortWorth]],
    ['NYC for New York City', 'NYC', [newYork]],
    ['New York City for New York', 'new york city', [newYork]],
    ['13.1 for a half marathon', '13.1', [stGeorge]],
    ['26.2 for a marathon', '26.2', [newYork]],
    ['trail for trail races, races on trails and races titled trail', 'trail', [mtHood, mesaTrail, cincinnati, hayward]],
    ['road for road races and races on roads only', 'road', [stGeorge, saintPaul, newYork, trailheadRoad5k, fortWorth, hayward]],
    ['trail 50k for the 50Ks titled trail whatever their fields say', 'trail 50k', [cincinnati, hayward]],
  ] as const)('finds %s', async (_name, q, expected) => {
    expect(ids((await searchAll({ q: `${FORMS_MARKER} ${q}` })).items)).toEqual(sortedIds(expected));
  });

  it('lists no road 5K for trail in Colorado, even one named after a trailhead', async () => {
    const items = await searchApi({ q: `trail ${FORMS_MARKER}`, state: 'CO' });
    expect(ids(items)).toEqual([mesaTrail.id]);
    expect(ids(items)).not.toContain(trailheadRoad5k.id);
  });
});

describe('GET /api/events promotions', () => {
  const promoted = [1, 2, 3, 4].map((n) =>
    raceEvent({ title: `${PROMO_MARKER} Duathlon ${n}`, state: 'NM', eventType: 'duathlon', distances: ['Sprint'], eventDate: `${YEAR}-08-0${n}` }),
  );
  const [p1, p2, p3, p4] = promoted as [RaceEvent, RaceEvent, RaceEvent, RaceEvent];
  const promotions: Promotion[] = [];
  const promote = (event: RaceEvent, tier: PromotionTier, scope: PromotionScope, extra: Partial<Promotion> = {}) =>
    promotions.push({
      id: ulid(), eventId: event.id, organizerId: 'organizer-sub', tier, scope,
      ...(scope === 'state' ? { scopeValue: event.state } : scope === 'event_type' ? { scopeValue: event.eventType } : {}),
      startDate: today, endDate: `${YEAR}-12-31`, amountCents: 100, currency: 'usd', paymentStatus: 'paid', reviewStatus: 'approved', adminApproved: true,
      createdAt: new Date().toISOString(),
      ...extra,
    });

  beforeAll(async () => {
    await createEventsInBulk(promoted);
    promote(p3, 'spotlight', 'site');
    promote(p2, 'premium', 'state');
    promote(p4, 'featured', 'event_type');
    // Never shown: ended, not paid, not approved, not started.
    promote(p1, 'spotlight', 'site', { startDate: '2020-01-01', endDate: yesterday });
    promote(p1, 'spotlight', 'site', { paymentStatus: 'pending' });
    promote(p1, 'spotlight', 'site', { adminApproved: false });
    promote(p1, 'spotlight', 'site', { startDate: `${YEAR}-01-01` });
    for (const promotion of promotions) await db.send(new PutCommand({ TableName: tableName, Item: toPromotionItem(promotion) }));
  });

  afterAll(async () => {
    // Site-wide promotions would lift these events in other files' searches: take them away again.
    for (const promotion of promotions) await db.send(new DeleteCommand({ TableName: tableName, Key: promotionKey(promotion.id) }));
  });

  const tiers = (items: EventSummary[]) => items.map((item) => item.promotion?.tier ?? '-');

  it('puts site-wide promotions first, then the rest by date', async () => {
    const items = await searchApi({ q: PROMO_MARKER });
    expect(ids(items)).toEqual([p3.id, p1.id, p2.id, p4.id]);
    expect(tiers(items)).toEqual(['spotlight', '-', '-', '-']);
  });

  it('adds state promotions when a state is searched and type promotions when a type is, by tier', async () => {
    expect(ids(await searchApi({ q: PROMO_MARKER, state: 'NM' }))).toEqual([p3.id, p2.id, p1.id, p4.id]);
    expect(ids(await searchApi({ q: PROMO_MARKER, type: 'duathlon' }))).toEqual([p3.id, p4.id, p1.id, p2.id]);
    const both = await searchApi({ q: PROMO_MARKER, state: 'NM', type: 'duathlon' });
    expect(ids(both)).toEqual([p3.id, p2.id, p4.id, p1.id]);
    expect(tiers(both)).toEqual(['spotlight', 'premium', 'featured', '-']);
  });

  it('shows a promoted event only when it matches the search', async () => {
    expect(ids(await searchApi({ q: PROMO_MARKER, state: 'CO' }))).toEqual([]);
    expect(ids(await searchApi({ q: MARKER }))).not.toContain(p3.id);
  });

  it('lists a promoted event once, on the first page, across all pages', async () => {
    const { items, pages } = await searchAll({ q: PROMO_MARKER, state: 'NM' }, 2);
    expect(pages).toBeGreaterThanOrEqual(2);
    expect(ids(items)).toEqual([p3.id, p2.id, p1.id, p4.id]);
  });
});

describe('the index follows every write', () => {
  it('finds a renamed event by its new words only, drops it when unverified and deleted, lists it when verified', async () => {
    const event = await createEvent(raceEvent({ title: `${EDIT_MARKER} Original Name`, eventDate: `${YEAR}-09-09` }));
    expect(ids(await searchApi({ q: `${EDIT_MARKER} original` }))).toEqual([event.id]);

    await updateEvent(event.id, { title: `${EDIT_MARKER} Renamed Classic` });
    expect(await searchApi({ q: `${EDIT_MARKER} original` })).toEqual([]);
    const [renamed] = await searchApi({ q: `${EDIT_MARKER} renamed` });
    expect(renamed).toMatchObject({ id: event.id, title: `${EDIT_MARKER} Renamed Classic` });

    await updateEvent(event.id, { eventDate: `${YEAR}-10-10`, state: 'OR' });
    expect(await searchApi({ ...WINDOW, state: 'WY', q: EDIT_MARKER })).toEqual([]);
    expect(await searchApi({ q: EDIT_MARKER, state: 'OR' })).toMatchObject([{ id: event.id, eventDate: `${YEAR}-10-10` }]);
    expect(ids((await searchAll({ ...WINDOW, state: 'OR' })).items)).toEqual([event.id]);

    await updateEvent(event.id, { verified: false });
    expect(await searchApi({ q: EDIT_MARKER })).toEqual([]);
    expect((await searchAll({ ...WINDOW, state: 'OR' })).items).toEqual([]);

    await updateEvent(event.id, { verified: true });
    expect(ids(await searchApi({ q: EDIT_MARKER }))).toEqual([event.id]);

    await deleteEvent(event.id);
    expect(await searchApi({ q: EDIT_MARKER })).toEqual([]);
    expect(await getEvent(event.id)).toBeUndefined();
  });
});

describe('GET /api/events cursors', () => {
  it('rejects a tampered, foreign or garbage cursor with 400, never 500', async () => {
    const first = await api('GET', '/api/events', { query: { q: MARKER } });
    const cursor = EventSearchPageSchema.parse(first.body).nextCursor as string;
    expect(cursor).toBeTruthy();
    expect((await api('GET', '/api/events', { query: { q: MARKER, cursor } })).status).toBe(200);

    const tampered = Buffer.from(
      JSON.stringify({ ...JSON.parse(Buffer.from(cursor, 'base64url').toString()), d: 'USER#x' }),
    ).toString('base64url');
    for (const bad of ['garbage!', 'e30', tampered, `${cursor.slice(0, -4)}AAAA`]) {
      const response = await api('GET', '/api/events', { query: { q: MARKER, cursor: bad } });
      expect(response.status, bad).toBe(400);
    }
    const foreign = await api('GET', '/api/events', { query: { q: `${MARKER} run`, cursor } });
    expect(foreign.status).toBe(400);
  });
});

describe('read work of a page', () => {
  beforeAll(async () => {
    // A realistic catalogue on top of whatever the other files wrote, after this file's far-future year.
    await createEventsInBulk(generateSeedEvents({ count: 500, today: `${YEAR + 1}-01-01`, seed: YEAR }));
    // About 14,000 items: the project's hook timeout (180 s), which a busy two-core machine needs.
  });

  it.each([
    ['no filter', {}],
    ['state only', { state: 'CA' }],
    ['date range', { from: `${YEAR + 1}-02-01`, to: `${YEAR + 1}-03-01` }],
    ['common word', { q: 'marathon' }],
    ['prefix', { q: 'bost' }],
    ['two words', { q: 'trail 50k' }],
    ['word + state', { q: 'marathon', state: 'CA' }],
    ['type', { type: 'trail_race' }],
    ['no match', { q: 'zzzqx' }],
  ] as const)('stays within the read budget: %s', async (_name, query) => {
    let cursor: string | undefined;
    for (let page = 0; page < 3; page += 1) {
      const { page: result, stats } = await searchEvents({ ...query, ...(cursor ? { cursor } : {}) }, { today });
      expect(stats.readUnits).toBeLessThanOrEqual(10);
      expect(stats.readUnits).toBeLessThanOrEqual(READ_BUDGET + 1);
      expect(stats.itemsRead).toBeLessThanOrEqual(400);
      expect(stats.itemsReturned).toBe(result.items.length);
      cursor = result.nextCursor;
      if (!cursor) break;
    }
  });
});
