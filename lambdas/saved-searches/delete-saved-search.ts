/** DELETE /api/me/saved-searches/{id}: delete one of the caller's saved searches (idempotent). */
import { SAVED_SEARCHES_ROUTES } from '#shared/routes/saved-searches';
import { deleteSavedSearch } from '#data/saved-search';
import { createHandler } from '#handler';

export const handler = createHandler(SAVED_SEARCHES_ROUTES.deleteSavedSearch, async ({ path, caller }) => {
  await deleteSavedSearch(caller.sub, path.id);
  return undefined;
});
