/**
 * The merge at the heart of a radius search (near-search.ts), apart from DynamoDB so it can be tested and
 * simulated: the cells covering the circle are partitions sorted by '<date>#<eventId>', and a page is the
 * first `need` events of their union in that order that pass the filters and lie within the radius.
 *
 * Each cell is read forward from the page's start. What is known of a cell is the key `through` which
 * every one of its items has been read; the union is known in order up to the smallest `through` of the
 * cells not yet ended (the frontier), so only events at or before the frontier may be returned. Round 1 reads
 * a few items from every cell at once; later rounds read only the cells behind a target key estimated
 * from the rates seen so far (items per day per cell, and the share that matched), each as many items as
 * should reach it (the target sizes the read; the read itself runs to the window's end, so a cell that has
 * nothing more ends at once), so that a page costs close to what its events weigh plus one minimum charge
 * per cell.
 *
 * The read budget bounds a page: when the next round cannot be afforded, the page returns what is known
 * (possibly fewer than `need`, even none) with a position at the frontier, and the next page resumes there.
 * Every event up to the position has been considered in every cell, so pages neither skip nor repeat; a
 * cell known to hold nothing after the position is named in `exhausted`, and the next page does not read it.
 */

export interface CellItem<T> {
  /** The item's sort key, '<date>#<eventId>'. */
  readonly key: string;
  readonly value: T;
}

export interface CellRead<T> {
  /** Items in key order that passed the read's filter (a DynamoDB FilterExpression). */
  readonly items: readonly CellItem<T>[];
  /** Items read before the filter. */
  readonly scanned: number;
  readonly readUnits: number;
  /** The sort key the read stopped at when the range holds more (LastEvaluatedKey); absent when it was read to its end. */
  readonly stoppedAt?: string;
}

/** Reads a cell's items with keys in [from, to] (to absent: no end), at most `limit` of them before the filter. */
export type ReadCell<T> = (cell: string, from: string, to: string | undefined, limit: number) => Promise<CellRead<T>>;

export interface NearStreamInput<T, R> {
  /** The cells to read, in a fixed order (their index names them in `exhausted`). */
  readonly cells: readonly string[];
  /** Indexes of cells known to hold nothing after `after`. */
  readonly exhausted: ReadonlySet<number>;
  /** The last position already returned (exclusive), or absent for the first page. */
  readonly after?: string;
  /** First date of the window (YYYY-MM-DD). */
  readonly from: string;
  /** Last date of the window, or none. */
  readonly to?: string;
  readonly need: number;
  /** Read units this page may spend. */
  readonly budget: number;
  /** The result for an item that passed the read's filter, or undefined when it is outside the circle. */
  readonly accept: (value: T) => R | undefined;
  readonly read: ReadCell<T>;
  /** First guess of the size of one item, until reads measure it. */
  readonly itemBytes: number;
}

export interface NearStreamOutput<R> {
  readonly results: R[];
  /** Where the next page starts (exclusive); absent when the results are the end of the answer. */
  readonly resumeAfter?: string;
  /** Cells with nothing after resumeAfter. */
  readonly exhausted: Set<number>;
  readonly readUnits: number;
  readonly itemsRead: number;
  readonly queries: number;
  readonly rounds: number;
}

/** Bytes one eventually consistent read unit covers; a Query is charged at least half a unit. */
const BYTES_PER_READ_UNIT = 8192;
const MIN_QUERY_UNITS = 0.5;
/** Items a first read of a cell asks for: what half a read unit covers anyway (4 KB of ~700-byte items). */
const FIRST_READ_ITEMS = 5;
/** Most items one read asks for. */
const MAX_READ_ITEMS = 400;
/** How much further than the estimate a later round aims, so one round usually suffices. */
const AIM_MARGIN = 1.3;
/** Most rounds of one page (a safety net; the budget ends a page long before). */
const MAX_ROUNDS = 8;
/** After every key ('~' sorts after every digit, letter and '#'). */
const END = '~';

interface CellState<R> {
  readonly index: number;
  readonly name: string;
  /** Every item with a key <= through has been read (a key, or the start bound before any read). */
  through: string;
  ended: boolean;
  scanned: number;
  readonly matched: CellItem<R>[];
}

/** Whole days from a 'YYYY-MM-DD...' key's date to another's (at least 1). */
function daysBetweenKeys(from: string, to: string): number {
  const day = (key: string) => Date.parse(`${key.slice(0, 10)}T00:00:00Z`) / 86_400_000;
  const days = day(to) - day(from);
  return Number.isFinite(days) ? Math.max(1, days + 1) : 1;
}

/** Most days a target is set ahead (a few matches a year must not aim past any real date). */
const MAX_AIM_DAYS = 3660;

function addDaysToKey(key: string, days: number): string {
  const date = new Date(Date.parse(`${key.slice(0, 10)}T00:00:00Z`) + Math.ceil(Math.min(days, MAX_AIM_DAYS)) * 86_400_000);
  return date.toISOString().slice(0, 10);
}

export async function readNearStream<T, R>(input: NearStreamInput<T, R>): Promise<NearStreamOutput<R>> {
  // Keys after `after` are exactly those >= after + ' ' (all keys have the same length; ' ' sorts first).
  const start = input.after !== undefined && `${input.after} ` > input.from ? `${input.after} ` : input.from;
  const end = input.to === undefined ? undefined : `${input.to}#${END}`;
  const usage = { readUnits: 0, itemsRead: 0, queries: 0, rounds: 0 };
  let bytesPerItem = input.itemBytes;
  let accepted = 0;
  const cells: CellState<R>[] = input.cells.map((name, index) => ({
    index,
    name,
    through: start,
    ended: input.exhausted.has(index) || (end !== undefined && start > end),
    scanned: 0,
    matched: [],
  }));

  const readInto = async (cell: CellState<R>, limit: number) => {
    const from = cell.scanned === 0 && cell.through === start ? start : `${cell.through} `;
    const answer = await input.read(cell.name, from, end, limit);
    usage.queries += 1;
    usage.readUnits += answer.readUnits;
    usage.itemsRead += answer.scanned;
    cell.scanned += answer.scanned;
    if (answer.scanned > 0 && answer.readUnits > MIN_QUERY_UNITS) bytesPerItem = (answer.readUnits * BYTES_PER_READ_UNIT) / answer.scanned;
    for (const item of answer.items) {
      const result = input.accept(item.value);
      if (result === undefined) continue;
      accepted += 1;
      cell.matched.push({ key: item.key, value: result });
    }
    if (answer.stoppedAt !== undefined) cell.through = answer.stoppedAt;
    else cell.ended = true;
  };

  // Items `queries` more reads can afford: a read of k items costs at most k items' bytes plus one rounding
  // (DynamoDB rounds each read up to 4 KB, half a unit), so the page never spends more than its budget.
  const affordableItems = (queries: number) =>
    Math.max(0, Math.floor(((input.budget - usage.readUnits - queries * MIN_QUERY_UNITS) * BYTES_PER_READ_UNIT) / bytesPerItem));

  // Round 1: a few items of every cell, at once.
  const live = cells.filter((cell) => !cell.ended);
  if (live.length > 0) {
    usage.rounds += 1;
    const each = Math.max(FIRST_READ_ITEMS, Math.min(MAX_READ_ITEMS, Math.ceil((input.need * AIM_MARGIN) / live.length)));
    const limit = Math.max(1, Math.min(each, Math.floor(affordableItems(live.length) / live.length)));
    await Promise.all(live.map((cell) => readInto(cell, limit)));
  }

  for (;;) {
    const open = cells.filter((cell) => !cell.ended);
    const frontier = open.reduce<string | undefined>((lowest, cell) => (lowest === undefined || cell.through < lowest ? cell.through : lowest), undefined);
    const ready = cells
      .flatMap((cell) => cell.matched)
      .filter((item) => frontier === undefined || item.key <= frontier)
      .sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
    const finish = (taken: CellItem<R>[], resumeAfter: string | undefined): NearStreamOutput<R> => {
      const exhausted = new Set<number>();
      for (const cell of cells) {
        if (cell.ended && (resumeAfter === undefined || !cell.matched.some((item) => item.key > resumeAfter))) exhausted.add(cell.index);
      }
      return { results: taken.map((item) => item.value), ...(resumeAfter === undefined ? {} : { resumeAfter }), exhausted, ...usage };
    };
    if (ready.length >= input.need) {
      const taken = ready.slice(0, input.need);
      const last = taken.at(-1)!.key;
      const more = open.length > 0 || cells.some((cell) => cell.matched.some((item) => item.key > last));
      return finish(taken, more ? last : undefined);
    }
    if (open.length === 0) return finish(ready, undefined);

    // Aim at the key where the page should fill, from each open cell's rate so far, and read each cell that
    // is behind it about as many items as should reach it (what the budget allows).
    const deficit = input.need - ready.length;
    const scannedAll = cells.reduce((sum, cell) => sum + cell.scanned, 0);
    const matchRate = Math.max(0.05, scannedAll > 0 ? accepted / scannedAll : 1);
    const perDay = open.map((cell) => (cell.scanned > 0 ? cell.scanned / daysBetweenKeys(start, cell.through) : 0));
    const totalPerDay = perDay.reduce((sum, rate) => sum + rate, 0) * matchRate;
    const days = totalPerDay > 0 ? (deficit * AIM_MARGIN) / totalPerDay : 1;
    const target = `${addDaysToKey(frontier!, days)}#${END}`;
    const behind = open.filter((cell) => cell.through < target);
    const wants = behind.map((cell) => {
      const rate = perDay[open.indexOf(cell)]!;
      const wanted = cell.scanned === 0 ? FIRST_READ_ITEMS : Math.ceil(rate * daysBetweenKeys(cell.through, target) * AIM_MARGIN) + 2;
      return Math.min(MAX_READ_ITEMS, Math.max(1, wanted));
    });
    const affordable = affordableItems(behind.length);
    const wanted = wants.reduce((sum, want) => sum + want, 0);
    if (usage.rounds >= MAX_ROUNDS || affordable < behind.length) {
      // Out of budget: what is known up to the frontier, and the frontier as the next page's start.
      return finish(ready, frontier);
    }
    const scale = wanted > affordable ? affordable / wanted : 1;
    usage.rounds += 1;
    await Promise.all(behind.map((cell, at) => readInto(cell, Math.max(1, Math.floor(wants[at]! * scale)))));
  }
}
