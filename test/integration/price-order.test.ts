/**
 * The price order of GET /api/events (sort=price) against DynamoDB Local: the price of the day, free races first and
 * races without a price last, ties by date then id; every page through to the end with nothing repeated or skipped,
 * from a small word partition read whole and from the price partitions; combined with filters; and a tier's deadline
 * passing, after which the daily price job moves the race to its new price and takes a passed race out.
 *
 * The table is shared with other test files: every query is pinned to this file's events by a marker word or a
 * far-future year nobody else uses.
 */
import { randomInt } from 'node:crypto';
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { beforeAll, describe, expect, it } from 'vitest';
import { addDays, todayInNewYork } from '#shared/dates';
import type { RaceEvent } from '#shared/schemas/event';
import { EventSearchPageSchema, type EventSearchQuery, type EventSummary } from '#shared/schemas/search';
import { db, tableName } from '#lib/dynamo';
import { createEvent, createEventsInBulk, getEvent } from '#data/event';
import { distancePricePartition, isPricePartition, PRICE_PARTITION, priceKey, statePricePartition } from '#data/search-index';
import { READ_BUDGET, searchEvents, WHOLE_READ_ITEMS } from '../../lambdas/events/event-search.ts';
import { runDailyPrices } from '../../lambdas/events/daily-prices.ts';
import { testRaceEvent } from '../support/race-event.ts';
import { api, localStack } from '../support/local-api.ts';

const letters = (n: number) => Array.from({ length: n }, () => String.fromCharCode(97 + randomInt(26))).join('');
/** Marker words no other event has ('qz' starts no English word or place). */
const FEW = `qz${letters(6)}`;
const MANY = `qz${letters(6)}`;
const TIERED = `qz${letters(6)}`;
/** A year only this file writes events into. */
const YEAR = 2071 + randomInt(20);
const today = todayInNewYork();

const FEES: (number | undefined)[] = [0, 25, 42.5, 60, 60, undefined, 120, 0, 35];
function race(marker: string, index: number, overrides: Partial<RaceEvent> = {}): RaceEvent {
  const fee = FEES[index % FEES.length];
  return testRaceEvent({
    title: `${marker} Price Run ${index}`,
    eventDate: `${YEAR}-${String(1 + (index % 12)).padStart(2, '0')}-${String(1 + (index % 5) * 6).padStart(2, '0')}`,
    ...(fee === undefined ? {} : { registrationFee: fee }),
    state: index % 2 === 0 ? 'NV' : 'ID',
    terrainType: index % 3 === 0 ? 'trail' : 'road',
    ...(index % 4 === 0 ? { distances: ['Marathon'] } : {}),
    ...overrides,
  });
}
/** Few enough to be read whole from the marker's word partition; many enough to drive from the price partitions. */
const few = Array.from({ length: 23 }, (_, index) => race(FEW, index));
const many = Array.from({ length: WHOLE_READ_ITEMS + 20 }, (_, index) => race(MANY, index));

const inPriceOrder = (events: readonly RaceEvent[]) => [...events].sort((a, b) => (priceKey(a) < priceKey(b) ? -1 : 1)).map((event) => event.id);

/** Every page of a query through the domain function, with the driver of each. */
async function pages(query: EventSearchQuery, pageSize: number, day = today): Promise<{ items: EventSummary[]; drivers: string[]; readUnits: number[] }> {
  const items: EventSummary[] = [];
  const drivers: string[] = [];
  const readUnits: number[] = [];
  let cursor: string | undefined;
  for (let count = 0; count < 200; count += 1) {
    const { page, stats } = await searchEvents({ ...query, sort: 'price', ...(cursor ? { cursor } : {}) }, { today: day, pageSize });
    items.push(...page.items);
    drivers.push(stats.driver);
    readUnits.push(stats.readUnits);
    expect(page.complete).toBe(page.nextCursor === undefined);
    cursor = page.nextCursor;
    if (!cursor) return { items, drivers, readUnits };
  }
  throw new Error('More than 200 pages');
}

beforeAll(async () => {
  await createEventsInBulk([...few, ...many]);
});

describe('GET /api/events?sort=price', () => {
  it('orders a word search by price (free first, no price last, ties by date then id) and pages it whole without repeats or gaps', async () => {
    const { items, drivers } = await pages({ q: FEW }, 5);
    expect(items.map((item) => item.id)).toEqual(inPriceOrder(few));
    expect(items[0]!.registrationFee).toBe(0);
    expect(items.at(-1)!.registrationFee).toBeUndefined();
    // Few races: their word's partition is read whole and ordered in memory.
    expect(new Set(drivers).size).toBe(1);
    expect(drivers[0]).not.toBe(PRICE_PARTITION);
  });

  it('drives a large answer from the price partitions, the state’s with a state filter, within the page budget', async () => {
    const window = { from: `${YEAR}-01-01`, to: `${YEAR}-12-31` };
    const all = await pages({ q: MANY, ...window }, 20);
    expect(all.items.map((item) => item.id)).toEqual(inPriceOrder(many));
    expect(new Set(all.drivers)).toEqual(new Set([PRICE_PARTITION]));
    const idaho = await pages({ q: MANY, state: 'ID', ...window }, 20);
    expect(idaho.items.map((item) => item.id)).toEqual(inPriceOrder(many.filter((event) => event.state === 'ID')));
    expect(new Set(idaho.drivers)).toEqual(new Set([statePricePartition('ID')]));
    // A distance filter reads its category's price partition (the cheapest races are rarely marathons), or the
    // marathons' date partition whole when the catalogue holds few.
    const marathons = await pages({ q: MANY, distance: 'marathon', ...window }, 20);
    expect(marathons.items.map((item) => item.id)).toEqual(inPriceOrder(many.filter((event) => event.distances.includes('Marathon'))));
    expect(marathons.drivers.filter(isPricePartition).every((driver) => driver === distancePricePartition('marathon'))).toBe(true);
    for (const units of [...all.readUnits, ...idaho.readUnits, ...marathons.readUnits]) expect(units).toBeLessThanOrEqual(READ_BUDGET + 1);
  });

  it('combines with other filters and a date range through the API, with a cursor that refuses another order', async () => {
    const query = { q: MANY, sort: 'price', terrain: 'trail', from: `${YEAR}-03-01`, to: `${YEAR}-08-31` };
    const items: EventSummary[] = [];
    let cursor: string | undefined;
    for (let count = 0; count < 50; count += 1) {
      const response = await api('GET', '/api/events', { query: { ...query, limit: '7', ...(cursor ? { cursor } : {}) } });
      expect(response.status).toBe(200);
      const page = EventSearchPageSchema.parse(response.body);
      items.push(...page.items);
      if (page.nextCursor && !cursor) {
        const byDate = await api('GET', '/api/events', { query: { q: MANY, terrain: 'trail', from: query.from, to: query.to, cursor: page.nextCursor } });
        expect(byDate.status).toBe(400);
      }
      cursor = page.nextCursor;
      if (!cursor) break;
    }
    const expected = many.filter((event) => event.terrainType === 'trail' && event.eventDate >= query.from && event.eventDate <= query.to);
    expect(expected.length).toBeGreaterThan(7);
    expect(items.map((item) => item.id)).toEqual(inPriceOrder(expected));
  });
});

describe('the daily price job', () => {
  it('moves a race whose tier deadline passed to its new price, and takes a passed race out of the price order', async () => {
    const tomorrow = addDays(today, 1);
    // $90 until today, then $40: cheaper than the $50 race from tomorrow on.
    const tiered = await createEvent(
      testRaceEvent({ title: `${TIERED} Tiered Ten`, eventDate: addDays(today, 40), priceTiers: [{ fee: 90, until: today }, { fee: 40 }] }),
    );
    const flat = await createEvent(testRaceEvent({ title: `${TIERED} Flat Ten`, eventDate: addDays(today, 30), registrationFee: 50 }));
    // Dated today: tomorrow it has passed.
    const passing = await createEvent(testRaceEvent({ title: `${TIERED} Last Day Ten`, eventDate: today, registrationFee: 10 }));
    expect(tiered.registrationFee).toBe(90);
    const order = async (day: string) => (await pages({ q: TIERED }, 50, day)).items.map((item) => item.id);
    expect(await order(today)).toEqual([passing.id, flat.id, tiered.id]);

    const outcome = await runDailyPrices(new Date(Date.parse(`${tomorrow}T12:00:00Z`)));
    expect(outcome.today).toBe(tomorrow);
    expect(outcome.repriced).toBeGreaterThanOrEqual(1);
    const stored = await getEvent(tiered.id);
    expect(stored?.registrationFee).toBe(40);
    const posting = async (PK: string, event: RaceEvent) => (await db.send(new GetCommand({ TableName: tableName, Key: { PK, SK: priceKey(event) }, ConsistentRead: true }))).Item;
    expect(await posting(PRICE_PARTITION, tiered)).toBeUndefined();
    expect(await posting(PRICE_PARTITION, stored!)).toMatchObject({ id: tiered.id, registrationFee: 40 });
    expect(await posting(PRICE_PARTITION, passing)).toBeUndefined();
    expect(await posting(statePricePartition(passing.state), passing)).toBeUndefined();
    expect(await order(tomorrow)).toEqual([tiered.id, flat.id]);

    // Run again the same day: nothing more to do.
    expect(await runDailyPrices(new Date(Date.parse(`${tomorrow}T13:00:00Z`)))).toMatchObject({ days: 0, repriced: 0, passed: 0 });
    // The local gateway runs it as its schedule would (today: the last run was for tomorrow, so nothing is due).
    const response = await fetch(new URL('/_local/schedules/daily-prices', localStack().url), { method: 'POST' });
    expect(response.status).toBe(200);
    expect(((await response.json()) as { result: { today: string; days: number } }).result).toMatchObject({ today, days: 0 });
  });
});
