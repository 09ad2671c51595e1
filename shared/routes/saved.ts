/** Saved events: the signed-in user's list of events they keep. */
import * as z from 'zod';
import { CursorQuerySchema, SavedEventPathSchema, SavedEventSchema, SavedEventsPageSchema } from '../schemas/saved-event.ts';
import { defineRoutes } from './define.ts';

export const SAVED_ROUTES = defineRoutes({
  listSavedEvents: {
    method: 'GET',
    path: '/api/me/saved-events',
    access: 'user',
    // Listing forgets saves of events deleted since (lambdas/saved).
    data: 'read-write',
    handler: 'saved/list-saved-events',
    request: { query: CursorQuerySchema },
    response: SavedEventsPageSchema,
    summary: "The caller's saved events with their card fields, newest first",
  },
  saveEvent: {
    method: 'PUT',
    path: '/api/me/saved-events/{eventId}',
    access: 'user',
    data: 'read-write',
    handler: 'saved/save-event',
    request: { path: SavedEventPathSchema },
    response: SavedEventSchema,
    throttle: { rate: 10, burst: 20 },
    summary: 'Save an event (idempotent)',
  },
  unsaveEvent: {
    method: 'DELETE',
    path: '/api/me/saved-events/{eventId}',
    access: 'user',
    data: 'read-write',
    handler: 'saved/unsave-event',
    request: { path: SavedEventPathSchema },
    response: z.undefined(),
    status: 204,
    throttle: { rate: 10, burst: 20 },
    summary: 'Remove a saved event (idempotent)',
  },
});
