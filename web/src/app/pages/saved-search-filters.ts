/**
 * The search page's filters as a saved search keeps them, and back. A saved search matches new races by words,
 * place, type, terrain, distance, elevation and tag; dates and ratings are the page's own and are not kept (a race's dates
 * are what makes it new, and a new race has no reviews).
 */
import type { SavedSearchFilters } from '#shared/schemas/notifications';
import type { NewSavedSearch } from '#shared/schemas/saved-search';
import { MATCHING_FILTERS, SAVED_SEARCH_FILTERS } from '#shared/saved-search-path';
import { filterChips, type EventFilters } from '../../features/events/api/event-filters.ts';

/** A saved search's filters as the route takes them (the page's radius is already one of the options). */
export type KeptFilters = Omit<NewSavedSearch, 'name'>;

/** The filters a saved search keeps; undefined when none of them is set (nothing to match new races by). */
export function keptFilters(filters: EventFilters): KeptFilters | undefined {
  const kept: Record<string, unknown> = {};
  for (const key of SAVED_SEARCH_FILTERS) {
    const value = filters[key];
    if (value) kept[key] = key === 'radius' ? Number(value) : value;
  }
  if (!MATCHING_FILTERS.some((key) => kept[key] !== undefined)) return undefined;
  return kept as KeptFilters;
}

/** A saved search's filters as the search page's, for its link and its chips. */
export function pageFilters(search: SavedSearchFilters): EventFilters {
  const filters: Record<string, string> = {};
  for (const key of SAVED_SEARCH_FILTERS) if (search[key] !== undefined) filters[key] = String(search[key]);
  return filters as EventFilters;
}

/** A name to start from: the filters in words ('“trail”, Colorado'). */
export function suggestedName(filters: EventFilters): string {
  const chips = filterChips(pageFilters(keptFilters(filters) ?? {}));
  return chips
    .map((chip) => chip.label.slice(chip.label.indexOf(': ') + 2))
    .join(', ')
    .slice(0, 80);
}

/** The filters in words, as the search page's chips name them. */
export const describeFilters = (search: SavedSearchFilters) => [...(search.tag === 'charity' ? ['Charity races'] : []), ...filterChips(pageFilters(search)).map((chip) => chip.label)];
