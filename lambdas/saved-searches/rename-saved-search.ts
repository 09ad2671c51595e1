/** PATCH /api/me/saved-searches/{id}: rename one of the caller's saved searches. */
import { SAVED_SEARCHES_ROUTES } from '#shared/routes/saved-searches';
import { renameSavedSearch } from '#data/saved-search';
import { createHandler } from '#handler';

export const handler = createHandler(SAVED_SEARCHES_ROUTES.renameSavedSearch, async ({ path, body, caller }) => renameSavedSearch(caller.sub, path.id, body.name));
