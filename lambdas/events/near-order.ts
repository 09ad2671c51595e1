/**
 * Nearest first (GET /api/events?near=&sort=distance): the page-by-page walk of the nearest-first index, apart
 * from DynamoDB so it can be tested against brute force (near-search.ts gives it the reads).
 *
 * Each one-degree cell covering the circle is a partition whose keys run along a quadtree (shared/geo.ts
 * nearOrderPathOf), so any box of the tree is one key range. The walk is best-first over boxes: it reads the
 * open boxes nearest the place first, a few items each (a *probe*: what half a read unit carries anyway). A box
 * read to its end is known whole; a box whose read stopped is split: the quarters before the key it stopped at
 * were read whole, the rest become open boxes of their own, each as near as its own nearest point. An event
 * read is returned once it is nearer than every open box (so nothing unread can come before it), which gives
 * the exact order: distance, then date, then id. Big boxes where races are few resolve in one probe; in a city
 * the walk descends to boxes of a few hundred metres, and reads only those the page's events lie in.
 *
 * The position between pages is the last event returned (distance, date, id; or, when the read budget ended a
 * page first, the distance every event nearer than has been returned) and the state of the tree: which boxes
 * were split, and which are *done* (read whole with every event in them returned). The next page starts with
 * exactly the open boxes, so it neither repeats the walk down nor skips anything; it reads again only the boxes
 * whose events were read but not yet returned (those beyond the page's last event). The tree is written as one
 * character per box ('o' open, 'd' done, 's' split and its four quarters after it), a few hundred characters.
 */
import { distanceToBoxMiles, farthestInBoxMiles, NEAR_ORDER_DEPTH, nearOrderBox, type LatLng } from '#shared/geo';

export interface NodeRead<T> {
  /** Items in key order that passed the read's filter. */
  readonly items: readonly { readonly key: string; readonly value: T }[];
  /** Items read before the filter. */
  readonly scanned: number;
  readonly readUnits: number;
  /** The key the read stopped at when the box holds more (LastEvaluatedKey). */
  readonly stoppedAt?: string;
}

/** Reads the items of a box (root cell and quadtree path), after the key `after` when given, at most `limit` before the filter. */
export type ReadNode<T> = (cell: string, path: string, after: string | undefined, limit: number) => Promise<NodeRead<T>>;

/** An event's place in the order. */
export interface NearestPosition {
  readonly miles: number;
  /** Empty with `id` when the position is a distance only (every event nearer than `miles` came before it). */
  readonly date: string;
  readonly id: string;
}

export interface Placed<R> extends NearestPosition {
  readonly result: R;
}

export interface NearOrderInput<T, R> {
  readonly center: LatLng;
  readonly radiusMiles: number;
  /** The root cells covering the circle (coverCells at NEAR_ORDER_LEVEL), in a fixed order. */
  readonly cells: readonly string[];
  /** Where the previous page ended (exclusive), and the tree's state then; absent on the first page. */
  readonly after?: NearestPosition;
  readonly tree?: string;
  readonly need: number;
  /** Read units this page may spend. */
  readonly budget: number;
  /** First guess of an item's size, until reads measure it. */
  readonly itemBytes: number;
  /** The event an item that passed the read's filter is, or undefined when it is outside the circle. */
  readonly accept: (value: T) => Placed<R> | undefined;
  readonly read: ReadNode<T>;
}

export interface NearOrderOutput<R> {
  readonly results: R[];
  /** Where the next page starts; absent when these results end the answer. */
  readonly next?: { readonly after: NearestPosition; readonly tree: string };
  readonly readUnits: number;
  readonly itemsRead: number;
  readonly queries: number;
  readonly rounds: number;
}

/**
 * Items a read of a box asks for: about one read unit of ~700-byte postings. Tuned on the generated catalogue
 * (npm run bench, near; and in memory): 5 made twice the Queries for the same items, 16 read too far past a page.
 */
export const PROBE_ITEMS = 10;
/** Items a read of a leaf box asks for: a leaf cannot be split, so it is read through. */
const LEAF_ITEMS = 25;
/** Boxes read at once: the nearest few, so a page takes a few round trips rather than one per box. */
const READS_PER_ROUND = 4;
/** Longest tree a cursor carries; a longer one is cut back to coarser open boxes (read again, never skipped). */
export const MAX_TREE_LENGTH = 1200;
const BYTES_PER_HALF_UNIT = 4096;

type NodeState = 'split' | 'done' | 'read';

interface OpenBox {
  readonly cell: number;
  readonly path: string;
  readonly nearest: number;
  /** A leaf read partly on this page: the key to go on after. */
  readonly after?: string;
  /**
   * How deep boxes around here should be for a probe to read them whole, from the density a stopped read
   * showed: a box shallower than this is split without reading (free) when its turn comes.
   */
  readonly depth?: number;
}

interface Pending<R> extends Placed<R> {
  /** Its root cell and quadtree path: the box it lies in is not done while it waits. */
  readonly cell: number;
  readonly path: string;
}

/** Orders positions: distance, then date, then id. */
export function comparePositions(a: NearestPosition, b: NearestPosition): number {
  return a.miles - b.miles || (a.date < b.date ? -1 : a.date > b.date ? 1 : 0) || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
}

const nodeId = (cell: number, path: string) => `${cell}:${path}`;
const QUARTERS = ['0', '1', '2', '3'] as const;

/** The tree of a cursor as node states; throws on anything that is not a tree over exactly `cells` roots. */
export function decodeTree(tree: string, cells: number): Map<string, NodeState> {
  const states = new Map<string, NodeState>();
  let at = 0;
  const visit = (cell: number, path: string) => {
    const mark = tree[at++];
    if (mark === 'd') states.set(nodeId(cell, path), 'done');
    else if (mark === 's' && path.length < NEAR_ORDER_DEPTH) {
      states.set(nodeId(cell, path), 'split');
      for (const quarter of QUARTERS) visit(cell, path + quarter);
    } else if (mark !== 'o') throw new Error('Not a nearest-first tree');
  };
  for (let cell = 0; cell < cells; cell += 1) visit(cell, '');
  if (at !== tree.length) throw new Error('Not a nearest-first tree');
  return states;
}

export async function readNearestFirst<T, R>(input: NearOrderInput<T, R>): Promise<NearOrderOutput<R>> {
  const { center, radiusMiles, cells, after: previous } = input;
  const states = input.tree === undefined ? new Map<string, NodeState>() : decodeTree(input.tree, cells.length);
  const usage = { readUnits: 0, itemsRead: 0, queries: 0, rounds: 0 };
  let bytesPerItem = input.itemBytes;
  const open: OpenBox[] = [];
  const pending: Pending<R>[] = [];
  const results: R[] = [];
  let last: NearestPosition | undefined;
  const seen = new Set<string>();

  /** Whether a box can hold an event still to come: within the circle and not wholly before `previous`. */
  const live = (cell: number, path: string) => {
    const box = nearOrderBox(cells[cell]!, path);
    const nearest = distanceToBoxMiles(center, box);
    if (nearest > radiusMiles) return undefined;
    if (previous && farthestInBoxMiles(center, box) < previous.miles) return undefined;
    return nearest;
  };
  const addOpen = (cell: number, path: string, after?: string, depth?: number) => {
    const nearest = live(cell, path);
    if (nearest === undefined) states.set(nodeId(cell, path), 'done');
    else open.push({ cell, path, nearest, ...(after === undefined ? {} : { after }), ...(depth === undefined ? {} : { depth }) });
  };
  // A first page starts from boxes a fraction of the radius across (split without reading, startDepthFor).
  const startDepth = input.tree === undefined ? startDepthFor(radiusMiles) : 0;
  const collect = (cell: number, path: string) => {
    const state = states.get(nodeId(cell, path));
    if (state === 'done') return;
    if (state === 'split') for (const quarter of QUARTERS) collect(cell, path + quarter);
    else if (path.length < startDepth && live(cell, path) !== undefined) {
      states.set(nodeId(cell, path), 'split');
      for (const quarter of QUARTERS) collect(cell, path + quarter);
    } else addOpen(cell, path);
  };
  for (let cell = 0; cell < cells.length; cell += 1) collect(cell, '');

  const take = (box: OpenBox, read: NodeRead<T>) => {
    usage.queries += 1;
    usage.readUnits += read.readUnits;
    usage.itemsRead += read.scanned;
    if (read.scanned > 0 && read.readUnits > 0.5) bytesPerItem = (read.readUnits * 2 * BYTES_PER_HALF_UNIT) / read.scanned;
    const stopped = read.stoppedAt?.slice(0, NEAR_ORDER_DEPTH);
    // When the read stopped: split the box along the stopped key's path down to the depth where, by the density
    // the read showed, a probe reads a box whole. The quarters before the path were read whole, those after it
    // are open boxes; the box of that depth holding the stopped key is open from that key on.
    const depth = stopped === undefined ? NEAR_ORDER_DEPTH : depthForDensity(box.path.length, stopped, box.after, read.scanned);
    for (const item of read.items) {
      const placed = input.accept(item.value);
      if (!placed || seen.has(placed.id) || (previous && comparePositions(placed, previous) <= 0)) continue;
      seen.add(placed.id);
      pending.push({ ...placed, cell: box.cell, path: item.key.slice(0, NEAR_ORDER_DEPTH) });
    }
    if (stopped === undefined) {
      states.set(nodeId(box.cell, box.path), 'read');
      return;
    }
    for (let level = box.path.length; level < depth; level += 1) {
      const parent = stopped.slice(0, level);
      states.set(nodeId(box.cell, parent), 'split');
      for (const quarter of QUARTERS) {
        if (quarter < stopped[level]!) states.set(nodeId(box.cell, parent + quarter), 'read');
        else if (quarter > stopped[level]!) addOpen(box.cell, parent + quarter, undefined, depth);
      }
    }
    addOpen(box.cell, stopped.slice(0, depth), read.stoppedAt, depth);
  };

  const costOf = (limit: number) => Math.max(1, Math.ceil((limit * bytesPerItem) / BYTES_PER_HALF_UNIT)) * 0.5;
  let stop: 'need' | 'end' | 'budget';
  for (;;) {
    pending.sort(comparePositions);
    open.sort((a, b) => a.nearest - b.nearest);
    const frontier = open[0]?.nearest ?? Number.POSITIVE_INFINITY;
    while (results.length < input.need && pending.length > 0 && pending[0]!.miles < frontier) {
      const next = pending.shift()!;
      results.push(next.result);
      last = next;
    }
    if (results.length >= input.need) {
      stop = 'need';
      break;
    }
    if (open.length === 0) {
      stop = 'end';
      break;
    }
    // Only boxes that can hold one of the events this page still lacks: none beyond the pending event that fills it.
    const lacking = input.need - results.length;
    const reach = pending.length >= lacking ? pending[lacking - 1]!.miles : Number.POSITIVE_INFINITY;
    const round: { box: OpenBox; limit: number }[] = [];
    let cost = 0;
    // Boxes shallower than their density says are split first (no read): their quarters join the open boxes.
    const coarse = open.filter((box) => box.depth !== undefined && box.path.length < box.depth && box.nearest <= reach).slice(0, READS_PER_ROUND);
    if (coarse.length > 0) {
      for (const box of coarse) {
        open.splice(open.indexOf(box), 1);
        states.set(nodeId(box.cell, box.path), 'split');
        for (const quarter of QUARTERS) addOpen(box.cell, box.path + quarter, undefined, box.depth);
      }
      continue;
    }
    for (const box of open) {
      if (round.length >= READS_PER_ROUND || box.nearest > reach) break;
      const limit = box.path.length === NEAR_ORDER_DEPTH ? LEAF_ITEMS : PROBE_ITEMS;
      // A leaf read partly on this page is read through, past the budget if need be: its events wait for its end,
      // and a cursor does not carry a place within a leaf, so stopping there would start it over on every page
      // (many races at one spot, as an import that places a town's races at its centre makes, never paged on).
      const leafUnderway = box.path.length === NEAR_ORDER_DEPTH && box.after !== undefined;
      if (!leafUnderway && usage.readUnits + cost + costOf(limit) > input.budget) break;
      cost += costOf(limit);
      round.push({ box, limit });
    }
    if (round.length === 0) {
      stop = 'budget';
      break;
    }
    usage.rounds += 1;
    for (const { box } of round) open.splice(open.indexOf(box), 1);
    const reads = await Promise.all(round.map(({ box, limit }) => input.read(cells[box.cell]!, box.path, box.after, limit)));
    reads.forEach((read, at) => take(round[at]!.box, read));
  }

  const counts = { readUnits: usage.readUnits, itemsRead: usage.itemsRead, queries: usage.queries, rounds: usage.rounds };
  if (stop === 'end' || (stop === 'need' && open.length === 0 && pending.length === 0)) return { results, ...counts };
  // Where the next page starts: after the last event returned, or, when the budget ended the page, at the nearest
  // open box (every event nearer than it has been returned), never before where this page started.
  const candidates: NearestPosition[] = [
    ...(previous ? [previous] : []),
    ...(last ? [last] : []),
    ...(stop === 'budget' ? [{ miles: open[0]!.nearest, date: '', id: '' }] : []),
  ];
  const position = candidates.reduce((latest, candidate) => (comparePositions(candidate, latest) > 0 ? candidate : latest));
  // The unsplit box each waiting event lies in (split boxes are followed down its path) is read again next page.
  const boxOf = ({ cell, path }: Pending<R>) => {
    let depth = 0;
    while (depth < NEAR_ORDER_DEPTH && states.get(nodeId(cell, path.slice(0, depth))) === 'split') depth += 1;
    return nodeId(cell, path.slice(0, depth));
  };
  const waiting = new Set(pending.map(boxOf));
  const stillLive = (cell: number, path: string) => {
    const box = nearOrderBox(cells[cell]!, path);
    return distanceToBoxMiles(center, box) <= radiusMiles && farthestInBoxMiles(center, box) >= position.miles;
  };
  const next = { after: { miles: position.miles, date: position.date, id: position.id }, tree: encodeTree(cells.length, states, waiting, open, stillLive) };
  return { results, next, ...counts };
}

/**
 * The depth of a first page's boxes: about a sixth to an eighth of the radius across (a degree of latitude is 69
 * miles): depth 4 (1/16 degree) at 25 miles, 2 at 100. Coarser, a dense city's first page spends its budget
 * probing boxes mostly far from the place; finer, a sparse place's pays half a unit for each of many empty boxes.
 */
function startDepthFor(radiusMiles: number): number {
  return Math.max(0, Math.min(NEAR_ORDER_DEPTH, Math.floor(Math.log2((69 * 8) / radiusMiles))));
}

/** Items a box should hold for one probe to read it whole, about. */
const ITEMS_PER_BOX = 16;
/** Most levels a split skips at once (an estimate from a few items can be far off). */
const MOST_LEVELS_SKIPPED = 2;

/**
 * The depth at which boxes hold about ITEMS_PER_BOX items, from a read of a box at `depth` (from the key `after`, or
 * its start) that stopped at the key path `stopped` after `scanned` items: keys run along the quadtree, so the part
 * of the box read is the share of its leaves between. A leaf is never split: it is read on from the stopped key.
 */
function depthForDensity(depth: number, stopped: string, after: string | undefined, scanned: number): number {
  if (depth >= NEAR_ORDER_DEPTH) return NEAR_ORDER_DEPTH;
  const leafIndex = (path: string) => Number.parseInt(path.slice(depth, NEAR_ORDER_DEPTH), 4);
  const share = (leafIndex(stopped) - (after === undefined ? 0 : leafIndex(after)) + 1) / 4 ** (NEAR_ORDER_DEPTH - depth);
  const items = scanned / share;
  const levels = Math.ceil(Math.log(Math.max(1, items / ITEMS_PER_BOX)) / Math.log(4));
  return Math.min(NEAR_ORDER_DEPTH, depth + Math.max(1, Math.min(MOST_LEVELS_SKIPPED, levels)));
}

/**
 * The tree as the cursor carries it: a box read whole this page is done unless an event read in it waits for a
 * later page; split boxes whose quarters are all done are done. When the tree is longer than MAX_TREE_LENGTH,
 * split boxes from the deepest up are written as open (a later page reads them again: more work, nothing lost).
 */
function encodeTree(
  cells: number,
  states: ReadonlyMap<string, NodeState>,
  waiting: ReadonlySet<string>,
  open: readonly OpenBox[],
  live: (cell: number, path: string) => boolean,
): string {
  const partlyRead = new Set(open.filter((box) => box.after !== undefined).map((box) => nodeId(box.cell, box.path)));
  const encode = (cell: number, path: string, depthCap: number): string => {
    const id = nodeId(cell, path);
    const state = states.get(id);
    if (state === 'done') return 'd';
    if (state === 'read') return waiting.has(id) ? 'o' : 'd';
    if (state === 'split') {
      if (path.length >= depthCap) return 'o';
      const quarters = QUARTERS.map((quarter) => encode(cell, path + quarter, depthCap));
      return quarters.every((quarter) => quarter === 'd') ? 'd' : `s${quarters.join('')}`;
    }
    return partlyRead.has(id) || live(cell, path) ? 'o' : 'd';
  };
  for (let cap = NEAR_ORDER_DEPTH; cap >= 0; cap -= 1) {
    const tree = Array.from({ length: cells }, (_, cell) => encode(cell, '', cap)).join('');
    if (tree.length <= MAX_TREE_LENGTH || cap === 0) return tree;
  }
  return 'o'.repeat(cells);
}
