/**
 * The /events filters and their one URL vocabulary: q, state, type, terrain, distance, rating (the least
 * average stars), elevation (how hilly the uploaded course is, shared/course-elevation.ts), from, to, near and radius (a radius search: near is a ZIP code, 'City, ST' or 'lat,lng', shared/near.ts). The home
 * hero (and old links) send location, startDate and endDate; those are read as q, from and to and the URL is
 * rewritten in the page's own names, so a shared link always shows what the filters show.
 */
import {
  DISTANCE_CATEGORIES,
  DISTANCE_LABELS,
  EVENT_TYPES,
  RATING_FILTERS,
  SEARCH_SORTS,
  TERRAIN_TYPES,
  enumLabel,
  type DistanceCategory,
  type EventType,
  type RatingFilter,
  type SearchSort,
  type SearchTag,
  type TerrainType,
} from '#shared/event-vocabulary';
import { ELEVATION_CLASSES, type ElevationClass } from '#shared/elevation-classes';
import { DEFAULT_RADIUS, isRadius, parseNear, type RadiusMiles } from '#shared/near';
import type { EventSearchQuery } from '#shared/schemas/search';
import { US_STATES, isStateCode, type StateCode } from '#shared/us-states';
import { formatIsoDate } from '../../../lib/event-format.ts';

export interface EventFilters {
  q?: string;
  state?: StateCode;
  type?: EventType;
  terrain?: TerrainType;
  distance?: DistanceCategory;
  rating?: RatingFilter;
  elevation?: ElevationClass;
  from?: string;
  to?: string;
  near?: string;
  /** Miles from `near` ('10', '25', '50', '100'); only with near. */
  radius?: string;
  /**
   * The order of the results ('date' when absent): kept in the URL like a filter and set in the Filters panel (which
   * counts it on its badge), but no chip, and saved searches do not keep it. 'distance' needs a place (`near`) and is
   * dropped without one.
   */
  sort?: SearchSort;
  /**
   * A tag the page itself fixes (/charity-races: 'charity'), never read from or written to the URL, so it
   * has no chip and 'Clear all' keeps it.
   */
  tag?: SearchTag;
}

export type FilterKey = Exclude<keyof EventFilters, 'tag'>;

/** URL and display order of the filters. */
export const FILTER_KEYS: readonly FilterKey[] = ['q', 'state', 'type', 'terrain', 'distance', 'rating', 'elevation', 'from', 'to', 'near', 'radius', 'sort'];

/** Filters set in the Filters popover (and the order, which is set there too); its badge counts these (text and state have their own controls). */
export const POPOVER_FILTER_KEYS: readonly FilterKey[] = ['from', 'to', 'type', 'terrain', 'distance', 'rating', 'elevation', 'sort'];

/** Names other pages and older links use, and the page's own name for each. */
const LEGACY_NAMES: Readonly<Record<string, FilterKey>> = { location: 'q', startDate: 'from', endDate: 'to' };

const MAX_TEXT_LENGTH = 100;

function isOneOf<T extends string>(values: readonly T[], value: string): value is T {
  return (values as readonly string[]).includes(value);
}

/** A real calendar date written YYYY-MM-DD (what <input type="date"> gives and the API takes). */
export function isIsoDate(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const [year, month, day] = value.split('-').map(Number) as [number, number, number];
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/** The filters that take one of a list of values as they are written, with their lists. */
const CHOICE_FILTERS: readonly (readonly [FilterKey, readonly string[]])[] = [
  ['type', EVENT_TYPES],
  ['terrain', TERRAIN_TYPES],
  ['rating', RATING_FILTERS],
  ['elevation', ELEVATION_CLASSES],
  ['sort', SEARCH_SORTS],
];

/** Keeps only valid, non-empty values (trimmed text, known codes, real dates). */
export function cleanFilters(raw: Partial<Record<FilterKey, string | undefined>>): EventFilters {
  const filters: EventFilters = {};
  const text = raw.q?.trim().slice(0, MAX_TEXT_LENGTH);
  if (text) filters.q = text;
  const state = raw.state?.trim().toUpperCase();
  if (state && isStateCode(state)) filters.state = state;
  for (const [key, values] of CHOICE_FILTERS) {
    const value = raw[key];
    if (value && isOneOf(values, value)) (filters as Record<string, string>)[key] = value;
  }
  const distance = raw.distance?.toLowerCase();
  if (distance && isOneOf(DISTANCE_CATEGORIES, distance)) filters.distance = distance;
  if (raw.from && isIsoDate(raw.from)) filters.from = raw.from;
  if (raw.to && isIsoDate(raw.to)) filters.to = raw.to;
  const near = raw.near?.trim().slice(0, MAX_TEXT_LENGTH);
  if (near && parseNear(near)) {
    filters.near = near;
    if (raw.radius && isRadius(Number(raw.radius))) filters.radius = raw.radius;
    // A radius search is ordered by date or distance only (the API refuses price with near).
    if (filters.sort === 'price') delete filters.sort;
  } else if (filters.sort === 'distance') delete filters.sort;
  return filters;
}

/** Filters from a URL query, reading the legacy names when the page's own are absent. */
export function filtersFromSearchParams(params: URLSearchParams): EventFilters {
  const raw: Partial<Record<FilterKey, string>> = {};
  for (const [legacy, key] of Object.entries(LEGACY_NAMES)) {
    const value = params.get(legacy);
    if (value !== null) raw[key] = value;
  }
  for (const key of FILTER_KEYS) {
    const value = params.get(key);
    if (value !== null && value.trim() !== '') raw[key] = value;
  }
  return cleanFilters(raw);
}

/** The page's URL query for these filters: empty ones left out, always in the same order. */
export function filtersToSearchParams(filters: EventFilters): URLSearchParams {
  const params = new URLSearchParams();
  for (const key of FILTER_KEYS) {
    const value = filters[key];
    if (value) params.set(key, value);
  }
  return params;
}

/** The GET /api/events query of these filters (the cursor is added per page). */
export function toSearchQuery({ radius, ...filters }: EventFilters): Omit<EventSearchQuery, 'cursor'> {
  return { ...filters, ...(radius ? { radius: Number(radius) as RadiusMiles } : {}) };
}

export function countActive(filters: EventFilters, keys: readonly FilterKey[] = FILTER_KEYS): number {
  return keys.filter((key) => Boolean(filters[key])).length;
}

export function withoutFilter(filters: EventFilters, key: FilterKey): EventFilters {
  const next = { ...filters };
  delete next[key];
  // The radius means nothing without its place.
  if (key === 'near') delete next.radius;
  return next;
}

export interface FilterChip {
  key: FilterKey;
  /** What the chip shows, e.g. 'State: Colorado'. */
  label: string;
}

/** A chip's name: the filter's own word ('State', 'Elevation'), 'Search' for the text (the radius rides on Near's chip). */
const chipName = (key: FilterKey) => (key === 'q' ? 'Search' : enumLabel(key));

/** '4.5 stars & up': a rating choice, in the Filters panel and on its chip. */
export const ratingLabel = (value: string) => `${value} stars & up`;

export function valueLabel(key: FilterKey, value: string): string {
  switch (key) {
    case 'q':
      return `“${value}”`;
    case 'state':
      return isStateCode(value) ? US_STATES[value] : value;
    // An elevation class's name in words ('Rolling') is its ELEVATION_CLASS_LABELS, without the labels on the first load.
    case 'type':
    case 'terrain':
    case 'elevation':
      return enumLabel(value);
    case 'distance':
      return isOneOf(DISTANCE_CATEGORIES, value) ? DISTANCE_LABELS[value] : value;
    case 'rating':
      return ratingLabel(value);
    case 'from':
    case 'to':
      return formatIsoDate(value, { weekday: undefined });
    case 'near':
      return parseNear(value)?.kind === 'point' ? 'your location' : value;
    case 'radius':
      return `${value} mi`;
    // Never a chip (filterChips): the Filters panel shows it.
    case 'sort':
      return value;
  }
}

export function filterChips(filters: EventFilters): FilterChip[] {
  return FILTER_KEYS.flatMap((key) => {
    const value = filters[key];
    if (!value || key === 'radius' || key === 'sort') return [];
    // One chip for the place and its radius: removing it ends the radius search.
    const within = key === 'near' ? ` (${filters.radius ?? DEFAULT_RADIUS} mi)` : '';
    return [{ key, label: `${chipName(key)}: ${valueLabel(key, value)}${within}` }];
  });
}
