/**
 * The words events are described and filtered by: event types, terrains, distance categories and their
 * labels. Plain constants with no zod, so the public pages can use them without loading the schema library
 * (schemas/event.ts and schemas/search.ts build their enums from these).
 */

export const EVENT_TYPES = [
  'road_race', 'trail_race', 'triathlon', 'obstacle_race', 'cycling', 'ultra_marathon', 'fun_run', 'duathlon', 'other',
] as const;
export type EventType = (typeof EVENT_TYPES)[number];

export const TERRAIN_TYPES = ['road', 'trail', 'beach', 'mountain', 'mixed'] as const;
export type TerrainType = (typeof TERRAIN_TYPES)[number];

/** Distance categories of the search filter; an event is in a category when one of its distances is. */
export const DISTANCE_CATEGORIES = ['5k', '10k', 'half', 'marathon', 'ultra', 'triathlon', 'cycling', 'other'] as const;
export type DistanceCategory = (typeof DISTANCE_CATEGORIES)[number];

export const DISTANCE_LABELS: Readonly<Record<DistanceCategory, string>> = {
  '5k': '5K',
  '10k': '10K',
  half: 'Half marathon',
  marathon: 'Marathon',
  ultra: 'Ultra',
  triathlon: 'Triathlon',
  cycling: 'Cycling',
  other: 'Other',
};

/** Page size of every event list (spec 000 section 9). */
export const EVENT_PAGE_SIZE = 50;

/** Title-cased label of an enum value: 'trail_race' -> 'Trail Race'. */
export function enumLabel(value: string): string {
  return value
    .split('_')
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
    .join(' ');
}

/**
 * Tags the public search filters by (GET /api/events?tag=). Events carry free tags (imports, admins); only
 * these have search postings of their own, so a filter on one reads its own partition. Organizers may set
 * the charity tag themselves (the "Charity race" box on their event form).
 */
export const SEARCH_TAGS = ['charity'] as const;
export type SearchTag = (typeof SEARCH_TAGS)[number];
export const CHARITY_TAG = 'charity' satisfies SearchTag;

/** The search tags among an event's tags, matched case-insensitively ('Charity' from a JSON import counts). */
export function searchTagsOf(tags: readonly string[]): SearchTag[] {
  const lower = new Set(tags.map((tag) => tag.trim().toLowerCase()));
  return SEARCH_TAGS.filter((tag) => lower.has(tag));
}

/**
 * The least average stars a search may ask for (GET /api/events?rating=), highest first. Only events with
 * reviews have a rating, and they have a search posting of their own (IDX#RATED), so the filter reads them.
 */
export const RATING_FILTERS = ['4.5', '4', '3'] as const;
export type RatingFilter = (typeof RATING_FILTERS)[number];

/**
 * Orders a search can ask for: by date (the default, promoted races first), by the price of the day
 * (lowest first), or by distance from `near` (nearest first).
 */
export const SEARCH_SORTS = ['date', 'price', 'distance'] as const;
export type SearchSort = (typeof SEARCH_SORTS)[number];
