/**
 * The nearest-first walk (lambdas/events/near-order.ts) over in-memory partitions keyed as the index keys them
 * (shared/geo.ts nearOrderPathOf), with DynamoDB's charging (4 KB rounding, half a unit each, at least half a
 * unit per Query): pages put together equal the brute-force order (distance, date, id) without repeats or
 * gaps, whatever the budget and however clustered the places, and no page spends more than its budget.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { coverCells, haversineMiles, NEAR_ORDER_DEPTH, NEAR_ORDER_LEVEL, nearOrderPathOf, type LatLng } from '#shared/geo';
import { comparePositions, readNearestFirst, type NearestPosition, type NodeRead } from '../../../lambdas/events/near-order.ts';

interface Item extends LatLng {
  readonly id: string;
  readonly date: string;
  /** Whether the read's filter (another search filter) lets it through. */
  readonly passes: boolean;
}

const ITEM_BYTES = 700;
const CENTER: LatLng = { latitude: 40.736, longitude: -74.172 };
const id = (n: number) => `01J${String(n).padStart(23, '0')}`;

function store(items: readonly Item[]) {
  const partitions = new Map<string, { key: string; item: Item }[]>();
  for (const item of items) {
    const { cell, path } = nearOrderPathOf(item);
    const list = partitions.get(cell) ?? [];
    list.push({ key: `${path}#${item.date}#${item.id}`, item });
    partitions.set(cell, list);
  }
  for (const list of partitions.values()) list.sort((a, b) => (a.key < b.key ? -1 : 1));
  return async (cell: string, path: string, after: string | undefined, limit: number): Promise<NodeRead<Item>> => {
    const lower = after === undefined ? path.padEnd(NEAR_ORDER_DEPTH, '0') : `${after} `;
    const upper = `${path.padEnd(NEAR_ORDER_DEPTH, '3')}#~`;
    const inRange = (partitions.get(cell) ?? []).filter((entry) => entry.key >= lower && entry.key <= upper);
    const scanned = inRange.slice(0, limit);
    return {
      items: scanned.filter((entry) => entry.item.passes).map((entry) => ({ key: entry.key, value: entry.item })),
      scanned: scanned.length,
      readUnits: Math.max(1, Math.ceil((scanned.length * ITEM_BYTES) / 4096)) * 0.5,
      ...(inRange.length > limit ? { stoppedAt: scanned.at(-1)!.key } : {}),
    };
  };
}

const place = (item: Item): NearestPosition => ({ miles: haversineMiles(CENTER, item), date: item.date, id: item.id });

async function allPages(items: readonly Item[], radiusMiles: number, need: number, budget: number) {
  const read = store(items);
  const cells = coverCells(CENTER, radiusMiles, NEAR_ORDER_LEVEL);
  const pages: { ids: string[]; readUnits: number }[] = [];
  let next: { after: NearestPosition; tree: string } | undefined;
  for (let page = 0; page < 400; page += 1) {
    const out = await readNearestFirst<Item, Item>({
      center: CENTER,
      radiusMiles,
      cells,
      ...(next ? { after: next.after, tree: next.tree } : {}),
      need,
      budget,
      itemBytes: ITEM_BYTES,
      read,
      accept: (item) => {
        const placed = place(item);
        return placed.miles <= radiusMiles ? { ...placed, result: item } : undefined;
      },
    });
    pages.push({ ids: out.results.map((item) => item.id), readUnits: out.readUnits });
    if (!out.next) return pages;
    next = out.next;
  }
  throw new Error('Paging did not end');
}

function expected(items: readonly Item[], radiusMiles: number): string[] {
  return items
    .filter((item) => item.passes && haversineMiles(CENTER, item) <= radiusMiles)
    .sort((a, b) => comparePositions(place(a), place(b)))
    .map((item) => item.id);
}

/** Places clustered like a catalogue: most events in a few towns (some on the same spot), the rest scattered. */
const catalogue = fc
  .record({
    towns: fc.array(fc.record({ dLat: fc.double({ min: -1.2, max: 1.2, noNaN: true }), dLng: fc.double({ min: -1.6, max: 1.6, noNaN: true }) }), { minLength: 1, maxLength: 4 }),
    events: fc.array(
      fc.record({
        town: fc.nat(3),
        scattered: fc.boolean(),
        spread: fc.double({ min: 0, max: 0.03, noNaN: true }),
        u: fc.double({ min: -1, max: 1, noNaN: true }),
        v: fc.double({ min: -1, max: 1, noNaN: true }),
        day: fc.nat(30),
        passes: fc.double({ min: 0, max: 1, noNaN: true }),
      }),
      { maxLength: 260 },
    ),
    passRate: fc.constantFrom(1, 0.5, 0.1),
  })
  .map(({ towns, events, passRate }) =>
    events.map((event, index): Item => {
      const town = towns[event.town % towns.length]!;
      const latitude = event.scattered ? CENTER.latitude + event.u * 1.5 : CENTER.latitude + town.dLat + event.u * event.spread;
      const longitude = event.scattered ? CENTER.longitude + event.v * 2 : CENTER.longitude + town.dLng + event.v * event.spread;
      return { id: id(index), date: `2030-01-${String(1 + event.day).padStart(2, '0')}`, latitude, longitude, passes: event.passes < passRate };
    }),
  );

describe('nearest-first paging', () => {
  it('pages through exactly the brute-force order within every budget', async () => {
    await fc.assert(
      fc.asyncProperty(catalogue, fc.constantFrom(10, 25, 100), fc.constantFrom(1, 7, 50), fc.constantFrom(3, 18), async (items, radius, need, budget) => {
        const pages = await allPages(items, radius, need, budget);
        expect(pages.flatMap((page) => page.ids)).toEqual(expected(items, radius));
        for (const page of pages) expect(page.readUnits).toBeLessThanOrEqual(budget);
      }),
      { numRuns: 60 },
    );
  });

  it('walks a dense town in small boxes: pages of 50 within the budget, most of them well filled', async () => {
    // 600 events within 1.5 miles of the place, as in the densest generated city (whose races are spread over a box
    // 0.04 by 0.05 degrees around it).
    const items = Array.from({ length: 600 }, (_, index): Item => ({
      id: id(index),
      date: `2030-02-${String(1 + (index % 28)).padStart(2, '0')}`,
      latitude: CENTER.latitude + (((index * 7919) % 600) / 600 - 0.5) * 0.04,
      longitude: CENTER.longitude + (((index * 104729) % 599) / 599 - 0.5) * 0.05,
      passes: true,
    }));
    const pages = await allPages(items, 25, 50, 18);
    expect(pages.flatMap((page) => page.ids)).toEqual(expected(items, 25));
    expect(Math.max(...pages.map((page) => page.readUnits))).toBeLessThanOrEqual(18);
    // Nearest first re-reads the boxes across each page's last distance, so a dense page is often short of 50: 600
    // events took 33 pages when this was written.
    expect(pages.length).toBeLessThanOrEqual(36);
  });

  it("pages through many races at one spot (an import that placed a town's races at its centre) without starting over", async () => {
    // 400 postings at one point: more than a page's budget reads, all in one leaf box of the quadtree.
    const spot = { latitude: CENTER.latitude + 0.01, longitude: CENTER.longitude - 0.01 };
    const items = Array.from({ length: 400 }, (_, index): Item => ({ id: id(index), date: `2030-03-${String(1 + (index % 28)).padStart(2, '0')}`, ...spot, passes: true }));
    const pages = await allPages(items, 25, 50, 18);
    expect(pages.flatMap((page) => page.ids)).toEqual(expected(items, 25));
  });
});
