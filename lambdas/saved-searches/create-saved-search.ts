/** POST /api/me/saved-searches: save the search page's filters under a name (at most 20 a person). */
import { SAVED_SEARCHES_ROUTES } from '#shared/routes/saved-searches';
import { createSavedSearch } from '#data/saved-search';
import { createHandler } from '#handler';

export const handler = createHandler(SAVED_SEARCHES_ROUTES.createSavedSearch, async ({ body, caller }) => createSavedSearch(caller.sub, body));
