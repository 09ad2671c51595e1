/** Saved searches (issue 23): the signed-in person's named searches, whose new matches come in a daily digest. */
import * as z from 'zod';
import { NewSavedSearchSchema, RenameSavedSearchSchema, SavedSearchListSchema, SavedSearchPathSchema, SavedSearchSchema } from '../schemas/saved-search.ts';
import { defineRoutes } from './define.ts';

export const SAVED_SEARCHES_ROUTES = defineRoutes({
  listSavedSearches: {
    method: 'GET',
    path: '/api/me/saved-searches',
    access: 'user',
    data: 'read',
    handler: 'saved-searches/list-saved-searches',
    request: {},
    response: SavedSearchListSchema,
    summary: "The caller's saved searches, newest first (at most 20)",
  },
  createSavedSearch: {
    method: 'POST',
    path: '/api/me/saved-searches',
    access: 'user',
    data: 'read-write',
    handler: 'saved-searches/create-saved-search',
    request: { body: NewSavedSearchSchema },
    response: SavedSearchSchema,
    status: 201,
    throttle: { rate: 5, burst: 10 },
    summary: 'Save a search under a name (409 past 20); its new matches come in the daily digest',
  },
  renameSavedSearch: {
    method: 'PATCH',
    path: '/api/me/saved-searches/{id}',
    access: 'user',
    data: 'read-write',
    handler: 'saved-searches/rename-saved-search',
    request: { path: SavedSearchPathSchema, body: RenameSavedSearchSchema },
    response: SavedSearchSchema,
    throttle: { rate: 5, burst: 10 },
    summary: 'Rename a saved search',
  },
  deleteSavedSearch: {
    method: 'DELETE',
    path: '/api/me/saved-searches/{id}',
    access: 'user',
    data: 'read-write',
    handler: 'saved-searches/delete-saved-search',
    request: { path: SavedSearchPathSchema },
    response: z.undefined(),
    status: 204,
    throttle: { rate: 5, burst: 10 },
    summary: 'Delete a saved search (idempotent)',
  },
});
