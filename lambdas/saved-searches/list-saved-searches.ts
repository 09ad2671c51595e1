/** GET /api/me/saved-searches: the caller's saved searches, newest first. */
import { SAVED_SEARCHES_ROUTES } from '#shared/routes/saved-searches';
import { listSavedSearches } from '#data/saved-search';
import { createHandler } from '#handler';

export const handler = createHandler(SAVED_SEARCHES_ROUTES.listSavedSearches, async ({ caller }) => listSavedSearches(caller.sub));
