/**
 * Radius search (GET /api/events?near=&radius=) and the home feed against the shared local stack: the
 * results of every radius equal a brute-force distance check over the same events, alone and with the
 * other filters, page after page without repeats or gaps; ZIP codes, cities and points are read; a bad or
 * unknown place is a 400 that says so.
 *
 * The table is shared with other files: every query here is pinned to this file's own years (its events
 * are dated there and nobody else's are), through from/to, or through the home feed's `today`.
 */
import { randomInt } from 'node:crypto';
import { DeleteCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { ulid } from 'ulid';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { haversineMiles, type LatLng } from '#shared/geo';
import { RADIUS_OPTIONS } from '#shared/near';
import type { RaceEvent } from '#shared/schemas/event';
import { HomeFeedSchema } from '#shared/schemas/home-feed';
import { EventSearchPageSchema, type EventSearchQuery, type EventSummary } from '#shared/schemas/search';
import { eventWords, matchesQueryWords, parseQuery, searchTextOf } from '#shared/search-text';
import { db, tableName } from '#lib/dynamo';
import { createEventsInBulk, deleteEvent, updateEvent } from '#data/event';
import { promotionKey, toPromotionItem, type Promotion } from '#data/promotion';
import { generateSeedEvents } from '../../infra/local/seed/generate-events.ts';
import { searchEvents } from '../../lambdas/events/event-search.ts';
import { homeFeed } from '../../lambdas/events/home-feed.ts';
import { NEAR_READ_BUDGET } from '../../lambdas/events/near-search.ts';
import { zipPoints } from '#imports/normalize/place-directory';
import { api } from '../support/local-api.ts';
import { testRaceEvent } from '../support/race-event.ts';

const letters = (n: number) => Array.from({ length: n }, () => String.fromCharCode(97 + randomInt(26))).join('');
const MARKER = `qz${letters(6)}`;
/** Years only this file writes events into (event-search uses 2071-2090, grouped creates 2051-2065). */
const YEAR = 2031 + randomInt(14);
const WINDOW = { from: `${YEAR}-01-01`, to: `${YEAR + 1}-12-31` };
const BOULDER_ZIP = '80302';
const boulderZip = zipPoints().find((point) => point.zip === BOULDER_ZIP)!;

const dayOf = (index: number) => {
  const date = new Date(Date.UTC(YEAR, 0, 1 + (index % 700)));
  return date.toISOString().slice(0, 10);
};
const now = new Date().toISOString();

/**
 * Seeded events across the country, at their generated places, moved into this file's years. 300 are enough for
 * every national radius to hold some and miss others; each is about 20 items to write, and 600 took the whole
 * three-minute hook on a busy two-core machine.
 */
const national: RaceEvent[] = generateSeedEvents({ count: 300, today: `${YEAR}-01-01`, seed: randomInt(1_000_000_000) }).map((event) => ({
  ...event,
  id: ulid(),
  // Featured events would mix into the home feed's featured section, which the last tests pin down.
  featured: false,
  createdAt: now,
  updatedAt: now,
}));

/** A dense cluster around Boulder: some unverified, some with no coordinates, a marker in some titles. */
const CLUSTER_CITIES = ['Boulder', 'Longmont', 'Golden', 'Fort Collins', 'Estes Park'];
const TYPES = ['road_race', 'trail_race', 'triathlon', 'ultra_marathon'] as const;
const cluster: RaceEvent[] = Array.from({ length: 240 }, (_, index) => {
  // Half close in (within about 25 miles), half spread over about 130.
  const spread = index % 2 === 0 ? 0.35 : 1.8;
  const latitude = 40.015 + ((randomInt(20_001) - 10_000) / 10_000) * spread;
  const longitude = -105.27 + ((randomInt(20_001) - 10_000) / 10_000) * spread * 1.3;
  const noPlace = index % 11 === 5;
  return testRaceEvent({
    title: `${index % 3 === 0 ? `${MARKER} ` : ''}Front Range ${TYPES[index % 4] === 'triathlon' ? 'Tri' : 'Run'} ${index}`,
    eventDate: dayOf(randomInt(700)),
    city: CLUSTER_CITIES[index % CLUSTER_CITIES.length]!,
    state: latitude > 41 ? 'WY' : 'CO',
    eventType: TYPES[index % 4]!,
    terrainType: index % 4 === 1 ? 'trail' : 'road',
    distances: [index % 4 === 3 ? '50K' : '10K'],
    verified: index % 13 !== 7,
    ...(noPlace ? {} : { latitude, longitude }),
  });
});
const everything = [...national, ...cluster];

const byDateThenId = (a: Pick<EventSummary, 'eventDate' | 'id'>, b: Pick<EventSummary, 'eventDate' | 'id'>) =>
  a.eventDate.localeCompare(b.eventDate) || a.id.localeCompare(b.id);

/** The brute-force answer: every listed event of this file within `radius` miles of `center` that `also` keeps. */
function expectedNear(center: LatLng, radius: number, also: (event: RaceEvent) => boolean = () => true): string[] {
  return everything
    .filter((event) => event.verified && event.latitude !== undefined && event.longitude !== undefined)
    .filter((event) => event.eventDate >= WINDOW.from && event.eventDate <= WINDOW.to)
    .filter((event) => haversineMiles(center, { latitude: event.latitude!, longitude: event.longitude! }) <= radius)
    .filter(also)
    .sort(byDateThenId)
    .map((event) => event.id);
}

const textMatches = (q: string) => (event: RaceEvent) => matchesQueryWords(searchTextOf(eventWords(event)), parseQuery(q).words);

/** Every page of a query through the API, with the origin the server measured from. */
async function nearAll(query: Record<string, string>) {
  const items: EventSummary[] = [];
  let origin: LatLng | undefined;
  let cursor: string | undefined;
  let pages = 0;
  do {
    const response = await api('GET', '/api/events', { query: { ...WINDOW, ...query, ...(cursor ? { cursor } : {}) } });
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    const page = EventSearchPageSchema.parse(response.body);
    expect(page.items.length).toBeLessThanOrEqual(50);
    expect(page.complete).toBe(page.nextCursor === undefined);
    origin = page.origin;
    items.push(...page.items);
    cursor = page.nextCursor;
    pages += 1;
  } while (cursor && pages < 60);
  return { items, origin: origin!, pages };
}

beforeAll(async () => {
  await createEventsInBulk(everything);
});

describe('GET /api/events near a place', () => {
  it.each(RADIUS_OPTIONS)('lists exactly the events within %i miles of a ZIP code, by date, with their distance', async (radius) => {
    const { items, origin } = await nearAll({ near: BOULDER_ZIP, radius: String(radius) });
    expect(origin.latitude).toBeCloseTo(boulderZip.latitude, 3);
    expect(origin.longitude).toBeCloseTo(boulderZip.longitude, 3);
    const expected = expectedNear(origin, radius);
    expect(expected.length).toBeGreaterThan(radius === 10 ? 2 : 20);
    expect(items.map((item) => item.id)).toEqual(expected);
    for (const item of items) {
      const event = everything.find((candidate) => candidate.id === item.id)!;
      const miles = haversineMiles(origin, { latitude: event.latitude!, longitude: event.longitude! });
      expect(item.distanceMiles).toBe(Math.round(miles * 10) / 10);
      expect(item.distanceMiles!).toBeLessThanOrEqual(radius);
    }
  });

  it('uses 25 miles when no radius is given and names the place it measured from', async () => {
    const response = await api('GET', '/api/events', { query: { ...WINDOW, near: BOULDER_ZIP } });
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('public, max-age=60');
    const page = EventSearchPageSchema.parse(response.body);
    expect(page.origin?.label).toBe(`Boulder, CO ${BOULDER_ZIP}`);
    const { items } = await nearAll({ near: BOULDER_ZIP });
    expect(items.map((item) => item.id)).toEqual(expectedNear(page.origin!, 25));
  });

  it('reads a point (latitude,longitude) and a city and state the same way', async () => {
    const point = await nearAll({ near: '40.0150,-105.2705', radius: '50' });
    expect(point.origin).toEqual({ latitude: 40.015, longitude: -105.2705 });
    expect(point.items.map((item) => item.id)).toEqual(expectedNear(point.origin, 50));

    const city = await nearAll({ near: 'Boulder, Colorado', radius: '25' });
    expect((city.origin as { label?: string }).label).toBe('Boulder, CO');
    expect(haversineMiles(city.origin, boulderZip)).toBeLessThan(5);
    expect(city.items.map((item) => item.id)).toEqual(expectedNear(city.origin, 25));
    // ZIP+4 is its ZIP.
    const plusFour = await nearAll({ near: `${BOULDER_ZIP}-1234`, radius: '10' });
    expect(plusFour.items.map((item) => item.id)).toEqual(expectedNear(plusFour.origin, 10));
  });

  it('combines with state, type, terrain, distance and text', async () => {
    const center = { latitude: 40.015, longitude: -105.2705 };
    const near = { near: '40.0150,-105.2705', radius: '100' };
    const cases: [Record<string, string>, (event: RaceEvent) => boolean][] = [
      [{ state: 'WY' }, (event) => event.state === 'WY'],
      [{ type: 'triathlon' }, (event) => event.eventType === 'triathlon'],
      [{ terrain: 'trail' }, (event) => event.terrainType === 'trail'],
      [{ distance: 'ultra' }, (event) => event.distances.includes('50K') || event.eventType === 'ultra_marathon'],
      [{ q: MARKER }, textMatches(MARKER)],
      [{ q: `${MARKER} tri` }, textMatches(`${MARKER} tri`)],
      [{ q: 'fort collins' }, textMatches('fort collins')],
      [{ q: MARKER, state: 'CO', type: 'road_race' }, (event) => textMatches(MARKER)(event) && event.state === 'CO' && event.eventType === 'road_race'],
      [{ from: `${YEAR}-03-01`, to: `${YEAR}-05-31` }, (event) => event.eventDate >= `${YEAR}-03-01` && event.eventDate <= `${YEAR}-05-31`],
    ];
    for (const [filters, keep] of cases) {
      const expected = expectedNear(center, 100, keep);
      expect(expected.length, JSON.stringify(filters)).toBeGreaterThan(0);
      const { items } = await nearAll({ ...near, ...filters });
      expect(items.map((item) => item.id), JSON.stringify(filters)).toEqual(expected);
    }
  });

  it('pages across cells without repeats or gaps, within the read budget', async () => {
    for (const radius of [25, 100] as const) {
      const query: EventSearchQuery = { ...WINDOW, near: BOULDER_ZIP, radius };
      const ids: string[] = [];
      let cursor: string | undefined;
      let pages = 0;
      let origin: LatLng | undefined;
      do {
        const { page, stats } = await searchEvents({ ...query, ...(cursor ? { cursor } : {}) }, { today: WINDOW.from, pageSize: 7 });
        origin = page.origin;
        expect(page.items.length).toBeLessThanOrEqual(7);
        expect(stats.readUnits).toBeLessThanOrEqual(NEAR_READ_BUDGET + 1);
        ids.push(...page.items.map((item) => item.id));
        cursor = page.nextCursor;
        pages += 1;
      } while (cursor && pages < 200);
      expect(pages).toBeGreaterThan(3);
      expect(new Set(ids).size).toBe(ids.length);
      expect(ids).toEqual(expectedNear(origin!, radius));
    }
  });

  it('sorts by distance: nearest first, then by date, every page resuming exactly, a filter combined, within the read budget', async () => {
    const center = { latitude: 40.015, longitude: -105.2705 };
    const milesOf = (id: string) => {
      const event = everything.find((candidate) => candidate.id === id)!;
      return haversineMiles(center, { latitude: event.latitude!, longitude: event.longitude! });
    };
    const nearestFirst = (ids: string[]) =>
      ids
        .map((id) => ({ id, miles: milesOf(id), date: everything.find((event) => event.id === id)!.eventDate }))
        .sort((a, b) => a.miles - b.miles || a.date.localeCompare(b.date) || a.id.localeCompare(b.id))
        .map((entry) => entry.id);
    const cases: [EventSearchQuery, (event: RaceEvent) => boolean][] = [
      [{ radius: 100 }, () => true],
      [{ radius: 100, terrain: 'trail' }, (event) => event.terrainType === 'trail'],
    ];
    for (const [filters, keep] of cases) {
      const radius = filters.radius!;
      const expected = nearestFirst(expectedNear(center, radius, keep));
      expect(expected.length, JSON.stringify(filters)).toBeGreaterThan(15);
      const ids: string[] = [];
      let cursor: string | undefined;
      let pages = 0;
      do {
        const query: EventSearchQuery = { ...WINDOW, near: '40.0150,-105.2705', sort: 'distance', ...filters, ...(cursor ? { cursor } : {}) };
        const { page, stats } = await searchEvents(query, { today: WINDOW.from, pageSize: 7 });
        expect(page.origin).toEqual(center);
        expect(stats.readUnits).toBeLessThanOrEqual(NEAR_READ_BUDGET);
        for (const item of page.items) {
          expect(item.distanceMiles).toBe(Math.round(milesOf(item.id) * 10) / 10);
          expect(item.distanceMiles!).toBeLessThanOrEqual(radius);
        }
        ids.push(...page.items.map((item) => item.id));
        cursor = page.nextCursor;
        pages += 1;
      } while (cursor && pages < 200);
      expect(pages, JSON.stringify(filters)).toBeGreaterThan(2);
      expect(new Set(ids).size).toBe(ids.length);
      // Every event within the radius, in non-decreasing exact distance (ties by date, then id): the brute-force order.
      expect(ids, JSON.stringify(filters)).toEqual(expected);
    }
    // Through the API: pages of 50 put together are the same order, each card with its distance.
    const { items } = await nearAll({ near: '40.0150,-105.2705', radius: '100', sort: 'distance' });
    expect(items.map((item) => item.id)).toEqual(nearestFirst(expectedNear(center, 100)));
    const distances = items.map((item) => item.distanceMiles!);
    expect(distances).toEqual([...distances].sort((a, b) => a - b));
  });

  it('refuses sorting by distance without a place, by price near one, and a date-ordered cursor for the nearest-first order', async () => {
    const noPlace = await api('GET', '/api/events', { query: { ...WINDOW, sort: 'distance' } });
    expect(noPlace.status).toBe(400);
    expect(JSON.stringify(noPlace.body)).toContain('Sorting by distance needs near');
    const byPrice = await api('GET', '/api/events', { query: { ...WINDOW, near: '40.0150,-105.2705', sort: 'price' } });
    expect(byPrice.status).toBe(400);
    expect(JSON.stringify(byPrice.body)).toContain('sorts by date or distance, not by price');
    const byDate = EventSearchPageSchema.parse((await api('GET', '/api/events', { query: { ...WINDOW, near: '40.0150,-105.2705', radius: '100' } })).body);
    expect(byDate.nextCursor).toBeDefined();
    const mixed = await api('GET', '/api/events', { query: { ...WINDOW, near: '40.0150,-105.2705', radius: '100', sort: 'distance', cursor: byDate.nextCursor! } });
    expect(mixed.status).toBe(400);
  });

  it('never lists events without coordinates, unverified events or past events', async () => {
    const { items } = await nearAll({ near: '40.0150,-105.2705', radius: '100' });
    const shown = new Set(items.map((item) => item.id));
    const placeless = cluster.filter((event) => event.latitude === undefined);
    const hidden = cluster.filter((event) => !event.verified);
    expect(placeless.length).toBeGreaterThan(5);
    expect(hidden.length).toBeGreaterThan(5);
    for (const event of [...placeless, ...hidden]) expect(shown.has(event.id)).toBe(false);
    // Past: asked from a day after the window's first events, the earlier ones are gone.
    const later = await searchEvents({ near: '40.0150,-105.2705', radius: 100 }, { today: `${YEAR}-07-01` });
    expect(later.page.items.every((item) => item.eventDate >= `${YEAR}-07-01`)).toBe(true);
  });

  it('follows an event that moves, loses its coordinates or is deleted', async () => {
    const center = { latitude: 40.015, longitude: -105.2705 };
    const event = cluster.find((candidate) => candidate.verified && candidate.latitude !== undefined && haversineMiles(center, { latitude: candidate.latitude, longitude: candidate.longitude! }) < 20)!;
    const within = async (radius: number) => (await nearAll({ near: '40.0150,-105.2705', radius: String(radius) })).items.some((item) => item.id === event.id);
    expect(await within(25)).toBe(true);
    // Moved to Salt Lake City: gone from Boulder's 100 miles.
    const moved = await updateEvent(event.id, { latitude: 40.7608, longitude: -111.891 });
    expect(await within(100)).toBe(false);
    expect((await nearAll({ near: '40.7608,-111.891', radius: '10' })).items.map((item) => item.id)).toContain(event.id);
    await updateEvent(event.id, { latitude: undefined, longitude: undefined }, new Date(), { expectedUpdatedAt: moved.updatedAt });
    expect((await nearAll({ near: '40.7608,-111.891', radius: '10' })).items.map((item) => item.id)).not.toContain(event.id);
    await deleteEvent(event.id);
    // The brute force below no longer counts it.
    event.verified = false;
  });

  it.each([
    [{ near: 'nowhere' }, 'query.near', "near must be a 5-digit ZIP code, a city and state such as 'Boulder, CO', or 'latitude,longitude'"],
    [{ near: '95.1,-105' }, 'query.near', "near must be a 5-digit ZIP code, a city and state such as 'Boulder, CO', or 'latitude,longitude'"],
    [{ near: '00000' }, 'query.near', "We could not find the ZIP code 00000. Check it, or search near a city ('Boulder, CO')."],
    [{ near: 'Qzxqzx, CO' }, 'query.near', 'We could not find Qzxqzx, CO. Check the spelling, or search near a ZIP code.'],
    [{ near: BOULDER_ZIP, radius: '30' }, 'query.radius', 'radius must be one of 10, 25, 50, 100 (miles)'],
    [{ near: BOULDER_ZIP, radius: 'far' }, 'query.radius', 'radius must be one of 10, 25, 50, 100 (miles)'],
    [{ radius: '25' }, 'query.radius', 'radius needs near: the ZIP code, city or point to measure from'],
  ])('answers %j with a 400 that says what is wrong', async (query, field, message) => {
    const response = await api('GET', '/api/events', { query });
    expect(response.status).toBe(400);
    const body = response.body as { error: { fields: Record<string, string[]> } };
    expect(body.error.fields[field]).toEqual([message]);
  });

  it('refuses a cursor of another place or radius', async () => {
    const first = EventSearchPageSchema.parse((await api('GET', '/api/events', { query: { ...WINDOW, near: BOULDER_ZIP, radius: '100' } })).body);
    expect(first.nextCursor).toBeDefined();
    const other = await api('GET', '/api/events', { query: { ...WINDOW, near: BOULDER_ZIP, radius: '50', cursor: first.nextCursor! } });
    expect(other.status).toBe(400);
    const plain = await api('GET', '/api/events', { query: { ...WINDOW, cursor: first.nextCursor! } });
    expect(plain.status).toBe(400);
  });
});

describe('GET /api/home-feed', () => {
  const promotions: Promotion[] = [];
  const featuredEvents = Array.from({ length: 4 }, (_, index) =>
    testRaceEvent({ title: `${MARKER} Featured ${index}`, eventDate: `${YEAR}-01-0${2 + index}`, featured: true, latitude: 40.02, longitude: -105.25 }),
  );
  const promotedEvent = testRaceEvent({ title: `${MARKER} Promoted Classic`, eventDate: `${YEAR}-06-15` });
  const unpaidEvent = testRaceEvent({ title: `${MARKER} Unpaid Classic`, eventDate: `${YEAR}-06-16` });
  const promotion = (eventId: string, extra: Partial<Promotion> = {}): Promotion => ({
    id: ulid(), eventId, organizerId: 'organizer-sub', tier: 'spotlight', scope: 'site', startDate: `${YEAR}-01-01`, endDate: `${YEAR}-12-31`,
    amountCents: 500, currency: 'usd', paymentStatus: 'paid', reviewStatus: 'approved', adminApproved: true, createdAt: now, ...extra,
  });
  const mine = new Set([...everything, ...featuredEvents, promotedEvent, unpaidEvent].map((event) => event.id));

  beforeAll(async () => {
    await createEventsInBulk([...featuredEvents, promotedEvent, unpaidEvent]);
    promotions.push(promotion(promotedEvent.id), promotion(unpaidEvent.id, { paymentStatus: 'pending' }));
    for (const item of promotions) await db.send(new PutCommand({ TableName: tableName, Item: toPromotionItem(item) }));
  });

  afterAll(async () => {
    for (const item of promotions) await db.send(new DeleteCommand({ TableName: tableName, Key: promotionKey(item.id) }));
  });

  it('leads the featured races with active promotions, then featured events by date', async () => {
    const feed = await homeFeed({ today: `${YEAR}-01-01` });
    const featured = feed.featured.filter((event) => mine.has(event.id));
    expect(featured.map((event) => event.id)).toEqual([promotedEvent.id, ...featuredEvents.map((event) => event.id)].slice(0, featured.length));
    expect(featured[0]!.promotion).toEqual({ tier: 'spotlight' });
    expect(feed.featured.length).toBeLessThanOrEqual(6);
    // Every promoted card comes before every other.
    const firstPlain = feed.featured.findIndex((event) => !event.promotion);
    expect(feed.featured.slice(firstPlain).every((event) => !event.promotion)).toBe(true);
    expect(feed.featured.map((event) => event.id)).not.toContain(unpaidEvent.id);
  });

  it('lists the next upcoming races by date', async () => {
    const feed = await homeFeed({ today: `${YEAR}-01-01` });
    const listed = [...everything, ...featuredEvents, promotedEvent, unpaidEvent].filter((event) => event.verified && event.eventDate >= `${YEAR}-01-01`).sort(byDateThenId);
    expect(feed.upcoming.map((event) => event.id)).toEqual(listed.slice(0, 6).map((event) => event.id));
    expect(feed.near).toBeUndefined();
  });

  it('adds the races within 50 miles of a place, and says when the place is unknown', async () => {
    const feed = await homeFeed({ today: `${YEAR}-01-01`, near: BOULDER_ZIP });
    expect(feed.near?.origin?.label).toBe(`Boulder, CO ${BOULDER_ZIP}`);
    const expected = [...everything, ...featuredEvents]
      .filter((event) => event.verified && event.latitude !== undefined && event.eventDate >= `${YEAR}-01-01`)
      .filter((event) => haversineMiles(feed.near!.origin!, { latitude: event.latitude!, longitude: event.longitude! }) <= 50)
      .sort(byDateThenId);
    expect(feed.near!.items.map((event) => event.id)).toEqual(expected.slice(0, 6).map((event) => event.id));
    const unknown = await homeFeed({ today: `${YEAR}-01-01`, near: '00000' });
    expect(unknown.near).toEqual({ radius: 50, items: [] });
  });

  it('is public and cacheable, and validates its place', async () => {
    const response = await api('GET', '/api/home-feed');
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('public, max-age=60');
    const feed = HomeFeedSchema.parse(response.body);
    expect(feed.upcoming.length).toBeGreaterThan(0);
    expect(feed.near).toBeUndefined();
    const near = HomeFeedSchema.parse((await api('GET', '/api/home-feed', { query: { near: BOULDER_ZIP } })).body);
    expect(near.near?.radius).toBe(50);
    const bad = await api('GET', '/api/home-feed', { query: { near: 'nowhere' } });
    expect(bad.status).toBe(400);
  });
});
