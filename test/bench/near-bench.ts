/**
 * Radius search ("Near me", GET /api/events?near=&radius=) at catalogue size: latency and read units of one
 * page of 50 around the ZIP code of the densest place of the largest generated catalogue (its most events within
 * 25 miles: Newark, NJ at 100k), at each radius, with filters, and a second page; in-process against DynamoDB Local,
 * read from the table the search bench loaded (or, with the search section skipped, from the geo postings
 * alone: loadNearCatalogue).
 */
import type { RaceEvent } from '#shared/schemas/event';
import type { EventSearchQuery } from '#shared/schemas/search';
import { haversineMiles } from '#shared/geo';
import { RADIUS_OPTIONS } from '#shared/near';
import { PLACES } from '../../infra/local/seed/places.ts';
import { percentile } from './stats.ts';
import type { Latency, SearchFn, SearchStats } from './search-bench.ts';

export interface NearCase {
  readonly id: string;
  readonly label: string;
  readonly query: EventSearchQuery;
  /** Measures the page after the first (its cursor taken from a first read). */
  readonly secondPage?: boolean;
  /** The target: 25 miles in a dense state (the others are informative). */
  readonly targeted: boolean;
}

export interface NearMeasurement {
  readonly latency: Latency;
  /** Of the measured page with a cold place lookup (identical on every repetition but for that lookup). */
  readonly stats: SearchStats & { readonly driver?: string };
  readonly returned: number;
  /** Events within the radius (verified, with coordinates, upcoming), by brute force over the generated data. */
  readonly within: number;
}

export interface NearPlace {
  readonly label: string;
  readonly zip: string;
  readonly latitude: number;
  readonly longitude: number;
}

const listedWithPlace = (events: readonly RaceEvent[], today: string) =>
  events.filter((event) => event.verified && event.latitude !== undefined && event.longitude !== undefined && event.eventDate >= today);

/** The generated place with the most upcoming verified events within 25 miles (of the largest catalogue measured). */
export function densestPlace(events: readonly RaceEvent[], today: string): NearPlace {
  const listed = listedWithPlace(events, today);
  let best: (NearPlace & { count: number }) | undefined;
  for (const [state, { places }] of Object.entries(PLACES)) {
    for (const place of places) {
      const count = listed.filter((event) => haversineMiles(place, { latitude: event.latitude!, longitude: event.longitude! }) <= 25).length;
      if (!best || count > best.count) best = { label: `${place.city}, ${state} ${place.zipCode}`, zip: place.zipCode, latitude: place.latitude, longitude: place.longitude, count };
    }
  }
  return best!;
}

/** Upcoming verified events within each radius of a place, by brute force. */
export function countsWithin(events: readonly RaceEvent[], place: NearPlace, today: string): Record<number, number> {
  const listed = listedWithPlace(events, today);
  return Object.fromEntries(
    RADIUS_OPTIONS.map((radius) => [radius, listed.filter((event) => haversineMiles(place, { latitude: event.latitude!, longitude: event.longitude! }) <= radius).length]),
  );
}

export function nearCases(zip: string, label: string): NearCase[] {
  return [
    { id: 'near-25', label: `25 mi of ${label} (densest place)`, query: { near: zip, radius: 25 }, targeted: true },
    ...RADIUS_OPTIONS.filter((radius) => radius !== 25).map((radius) => ({ id: `near-${radius}`, label: `${radius} mi of ${label}`, query: { near: zip, radius }, targeted: false })),
    { id: 'near-25-2', label: `25 mi of ${label}, second page`, query: { near: zip, radius: 25 }, secondPage: true, targeted: false },
    { id: 'near-25-type', label: `25 mi of ${label} + trail races`, query: { near: zip, radius: 25, type: 'trail_race' }, targeted: false },
    { id: 'near-25-text', label: `25 mi of ${label} + text 'park'`, query: { near: zip, radius: 25, q: 'park' }, targeted: false },
    // Nearest first (sort=distance): the nearest-first index, walked box by box from the place (near-order.ts).
    { id: 'nearest-25', label: `25 mi of ${label}, nearest first`, query: { near: zip, radius: 25, sort: 'distance' }, targeted: false },
    { id: 'nearest-25-2', label: `25 mi of ${label}, nearest first, second page`, query: { near: zip, radius: 25, sort: 'distance' }, secondPage: true, targeted: false },
    { id: 'nearest-100', label: `100 mi of ${label}, nearest first`, query: { near: zip, radius: 100, sort: 'distance' }, targeted: false },
  ];
}

export async function measureNearCase(
  search: SearchFn,
  kase: NearCase,
  today: string,
  iterations: number,
  warmup: number,
  within: number,
  forgetPlaces: () => void,
): Promise<NearMeasurement> {
  let query = kase.query;
  if (kase.secondPage) {
    const first = await search(query, { today });
    if (!first.page.nextCursor) throw new Error(`${kase.label}: the first page is the last`);
    query = { ...query, cursor: first.page.nextCursor };
  }
  // The page as a cold function serves it: the place lookup included.
  forgetPlaces();
  const measured = await search(query, { today });
  for (let index = 0; index < warmup; index += 1) await search(query, { today });
  const samples: number[] = [];
  for (let index = 0; index < iterations; index += 1) {
    const start = performance.now();
    await search(query, { today });
    samples.push(performance.now() - start);
  }
  return {
    latency: { p50: percentile(samples, 50), p95: percentile(samples, 95) },
    stats: measured.stats,
    returned: measured.page.items.length,
    within,
  };
}

/**
 * Loads only what a radius search reads: each verified event's geo and nearest-first postings (search-index.ts builds them),
 * and the place directory. Used when the search section is skipped: the other ~18 postings per event live in
 * partitions a radius search never queries, so a page's work is the same either way, and 100k events load in
 * a minute or two instead of most of an hour. Call after pointing the handlers at the table.
 */
export async function loadNearCatalogue(events: readonly RaceEvent[]): Promise<void> {
  const { putInBatches } = await import('../../lambdas/lib/kit/batch-write.ts');
  const { postingsOf } = await import('../../lambdas/data/search-index.ts');
  await putInBatches(events.flatMap((event) => postingsOf(event).filter((item) => /^IDX#(GEO|NEAR)#/.test(String(item.PK)))));
}
