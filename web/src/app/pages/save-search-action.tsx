/**
 * The search page's "Save this search", composed here from the events feature's filters and the saved-searches
 * feature's button (features never import each other). Loaded lazily by events-route.tsx.
 */
import type { EventFilters } from '../../features/events/api/event-filters.ts';
import { SaveSearchButton } from '../../features/saved-searches/components/save-search-button.tsx';
import { keptFilters, suggestedName } from './saved-search-filters.ts';

export default function SaveSearchAction({ filters }: { filters: EventFilters }) {
  const kept = keptFilters(filters);
  if (!kept) return null;
  // A new search is a new button: its form and its "Saved" start over.
  return <SaveSearchButton key={JSON.stringify(kept)} kept={kept} suggestedName={suggestedName(filters)} />;
}
