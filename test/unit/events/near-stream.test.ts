/**
 * The radius search's merge (lambdas/events/near-stream.ts) over in-memory cells with DynamoDB's charging
 * (items rounded up to 4 KB per Query, half a unit per 4 KB, at least half a unit): pages put together equal
 * the brute-force answer, in order, without repeats or gaps, whatever the budget, and a page stays within it.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { readNearStream, type CellRead } from '../../../lambdas/events/near-stream.ts';

interface Item {
  readonly key: string;
  /** Whether the exact distance check accepts it. */
  readonly inside: boolean;
  /** Whether the read's filter (another search filter) lets it through. */
  readonly passes: boolean;
}

const ITEM_BYTES = 700;
const id = (n: number) => `01J${String(n).padStart(23, '0')}`;
const dateOf = (day: number) => new Date(Date.UTC(2030, 0, 1 + day)).toISOString().slice(0, 10);

function store(cells: Item[][]) {
  const sorted = cells.map((items) => [...items].sort((a, b) => (a.key < b.key ? -1 : 1)));
  let calls = 0;
  const read = async (cell: string, from: string, to: string | undefined, limit: number): Promise<CellRead<Item>> => {
    calls += 1;
    expect(limit).toBeGreaterThan(0);
    const items = sorted[Number(cell)]!.filter((item) => item.key >= from && (to === undefined || item.key <= to));
    const scanned = items.slice(0, limit);
    const more = items.length > limit;
    return {
      items: scanned.filter((item) => item.passes).map((item) => ({ key: item.key, value: item })),
      scanned: scanned.length,
      readUnits: Math.max(0.5, Math.ceil((scanned.length * ITEM_BYTES) / 4096) * 0.5),
      ...(more ? { stoppedAt: scanned.at(-1)!.key } : {}),
    };
  };
  return { read, calls: () => calls };
}

async function allPages(cells: Item[][], options: { need: number; budget: number; from?: string; to?: string }) {
  const { read } = store(cells);
  const names = cells.map((_, index) => String(index));
  const pages: { keys: string[]; readUnits: number; queries: number }[] = [];
  let after: string | undefined;
  let exhausted = new Set<number>();
  for (let page = 0; page < 500; page += 1) {
    const out = await readNearStream<Item, Item>({
      cells: names,
      exhausted,
      ...(after === undefined ? {} : { after }),
      from: options.from ?? '2030-01-01',
      ...(options.to === undefined ? {} : { to: options.to }),
      need: options.need,
      budget: options.budget,
      itemBytes: ITEM_BYTES,
      read,
      accept: (item) => (item.inside ? item : undefined),
    });
    pages.push({ keys: out.results.map((item) => item.key), readUnits: out.readUnits, queries: out.queries });
    if (out.resumeAfter === undefined) return pages;
    expect(after === undefined || out.resumeAfter > after).toBe(true);
    after = out.resumeAfter;
    exhausted = out.exhausted;
  }
  throw new Error('no last page after 500 pages');
}

const expected = (cells: Item[][], from = '2030-01-01', to?: string) =>
  cells
    .flat()
    .filter((item) => item.inside && item.passes && item.key >= from && (to === undefined || item.key <= `${to}#~`))
    .map((item) => item.key)
    .sort();

const cellsArbitrary = fc
  .array(fc.array(fc.record({ day: fc.integer({ min: 0, max: 120 }), inside: fc.boolean(), passes: fc.double({ min: 0, max: 1, noNaN: true }) }), { maxLength: 80 }), {
    minLength: 1,
    maxLength: 20,
  })
  .map((cells) => {
    let n = 0;
    return cells.map((items) => items.map((item) => ({ key: `${dateOf(item.day)}#${id((n += 1))}`, inside: item.inside, passes: item.passes < 0.8 })));
  });

describe('radius search merge', () => {
  it('pages through exactly the brute-force answer, in date order, without repeats or gaps (property)', async () => {
    await fc.assert(
      fc.asyncProperty(cellsArbitrary, fc.integer({ min: 1, max: 50 }), fc.constantFrom(4, 9, 18), async (cells, need, budget) => {
        const pages = await allPages(cells, { need, budget });
        const keys = pages.flatMap((page) => page.keys);
        expect(keys).toEqual(expected(cells));
        for (const page of pages.slice(0, -1)) expect(page.keys.length).toBeLessThanOrEqual(need);
      }),
      { numRuns: 300 },
    );
  });

  it('keeps to a date window', async () => {
    await fc.assert(
      fc.asyncProperty(cellsArbitrary, fc.integer({ min: 0, max: 60 }), fc.integer({ min: 0, max: 60 }), async (cells, start, length) => {
        const from = dateOf(start);
        const to = dateOf(start + length);
        const pages = await allPages(cells, { need: 10, budget: 18, from, to });
        expect(pages.flatMap((page) => page.keys)).toEqual(expected(cells, from, to));
      }),
      { numRuns: 150 },
    );
  });

  it('fills a page of 50 from 17 cells of a dense area within 18 read units (the most cells any radius reads is 9)', async () => {
    // 2,000 events over 500 days in 3 busy cells and a few in 14 others: Newark's 25 miles at 100k events.
    let n = 0;
    const cells: Item[][] = Array.from({ length: 17 }, (_, cell) =>
      Array.from({ length: cell < 3 ? 650 : 4 }, (_, index) => ({ key: `${dateOf((index * 7 + cell) % 500)}#${id((n += 1))}`, inside: index % 5 !== 0, passes: true })),
    );
    const pages = await allPages(cells, { need: 50, budget: 18 });
    for (const page of pages) expect(page.readUnits).toBeLessThanOrEqual(18);
    expect(pages[0]!.keys).toHaveLength(50);
    expect(pages.slice(0, 5).every((page) => page.keys.length === 50)).toBe(true);
    expect(pages.flatMap((page) => page.keys)).toEqual(expected(cells));
  });

  it('does not read a cell again once it is known to hold nothing more', async () => {
    let n = 0;
    const cells: Item[][] = [
      Array.from({ length: 300 }, (_, index) => ({ key: `${dateOf(index % 100)}#${id((n += 1))}`, inside: true, passes: true })),
      [{ key: `${dateOf(0)}#${id((n += 1))}`, inside: true, passes: true }],
      [],
    ];
    const { read, calls } = store(cells);
    const first = await readNearStream<Item, Item>({ cells: ['0', '1', '2'], exhausted: new Set(), from: '2030-01-01', need: 20, budget: 18, itemBytes: ITEM_BYTES, read, accept: (item) => item });
    expect([...first.exhausted].sort()).toEqual([1, 2]);
    const before = calls();
    await readNearStream<Item, Item>({ cells: ['0', '1', '2'], exhausted: first.exhausted, after: first.resumeAfter!, from: '2030-01-01', need: 20, budget: 18, itemBytes: ITEM_BYTES, read, accept: (item) => item });
    // Only cell 0 is read on the second page.
    expect(calls() - before).toBeGreaterThanOrEqual(1);
    expect(calls() - before).toBeLessThanOrEqual(3);
  });

  it('returns a short page with a position when the budget ends it, and goes on from there', async () => {
    let n = 0;
    // Matches are rare: one in fifty passes the filter.
    const cells: Item[][] = Array.from({ length: 6 }, () =>
      Array.from({ length: 400 }, (_, index) => ({ key: `${dateOf(index % 200)}#${id((n += 1))}`, inside: true, passes: index % 50 === 0 })),
    );
    const pages = await allPages(cells, { need: 50, budget: 6 });
    expect(pages.length).toBeGreaterThan(1);
    for (const page of pages) expect(page.readUnits).toBeLessThanOrEqual(6 + 3);
    expect(pages.flatMap((page) => page.keys)).toEqual(expected(cells));
  });
});
