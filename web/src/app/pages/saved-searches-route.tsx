/** /saved-searches: the saved-searches feature's page, told how a search reads and where it leads by the search page's own rules. */
import { SavedSearchesPage } from '../../features/saved-searches/pages/saved-searches-page.tsx';
import { savedSearchPath } from '#shared/saved-search-path';
import { describeFilters } from './saved-search-filters.ts';

export { gate } from '../../features/saved-searches/pages/saved-searches-page.tsx';

export default function SavedSearchesRoute() {
  return <SavedSearchesPage describe={describeFilters} href={savedSearchPath} />;
}
