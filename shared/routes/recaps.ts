/**
 * Race recaps: an athlete's story of a race they ran (one per race, editable), a recap's page, recent recaps
 * and the athlete spotlights (recaps admins feature).
 */
import * as z from 'zod';
import { CursorOnlyQuerySchema, MyRecapSchema, NewRecapSchema, RecapPathSchema, RecapRacePathSchema, RecapSchema, RecapsPageSchema, RecapsQuerySchema } from '../schemas/recap.ts';
import { defineRoutes } from './define.ts';

export const RECAPS_ROUTES = defineRoutes({
  createRaceRecap: {
    method: 'POST',
    path: '/api/events/{id}/recaps',
    access: 'user',
    data: 'read-write',
    handler: 'recaps/create-recap',
    request: { path: RecapRacePathSchema, body: NewRecapSchema },
    response: RecapSchema,
    status: 201,
    throttle: { rate: 1, burst: 5 },
    summary: 'Write the recap of a race on or after race day (422 before); one per athlete per race (409 for a second)',
  },
  getMyRaceRecap: {
    method: 'GET',
    path: '/api/events/{id}/recaps/mine',
    access: 'user',
    data: 'read',
    handler: 'recaps/get-my-recap',
    request: { path: RecapRacePathSchema },
    response: MyRecapSchema,
    summary: "The caller's recap of the race, or null; hidden ones say so",
  },
  updateMyRaceRecap: {
    method: 'PUT',
    path: '/api/events/{id}/recaps/mine',
    access: 'user',
    data: 'read-write',
    handler: 'recaps/update-my-recap',
    request: { path: RecapRacePathSchema, body: NewRecapSchema },
    response: RecapSchema,
    throttle: { rate: 1, burst: 5 },
    summary: "Edit the caller's recap of the race (409 once an admin hid it)",
  },
  deleteMyRaceRecap: {
    method: 'DELETE',
    path: '/api/events/{id}/recaps/mine',
    access: 'user',
    data: 'read-write',
    handler: 'recaps/delete-my-recap',
    request: { path: RecapRacePathSchema },
    response: z.undefined(),
    status: 204,
    throttle: { rate: 1, burst: 5 },
    summary: "Delete the caller's recap of the race",
  },
  getRaceRecap: {
    method: 'GET',
    path: '/api/recaps/{id}',
    access: 'optional',
    data: 'read',
    handler: 'recaps/get-recap',
    request: { path: RecapPathSchema },
    response: RecapSchema,
    cacheControl: 'public, max-age=60',
    summary: 'A recap (not hidden); signed in, whether it is the caller’s',
  },
  listRecentRaceRecaps: {
    method: 'GET',
    path: '/api/recaps',
    access: 'public',
    data: 'read',
    handler: 'recaps/list-recent-recaps',
    request: { query: RecapsQuerySchema },
    response: RecapsPageSchema,
    cacheControl: 'public, max-age=60',
    summary: 'Recent recaps across races, newest first, optionally in one state',
  },
  listAthleteSpotlights: {
    method: 'GET',
    path: '/api/spotlights',
    access: 'public',
    data: 'read',
    handler: 'recaps/list-spotlights',
    request: { query: CursorOnlyQuerySchema },
    response: RecapsPageSchema,
    cacheControl: 'public, max-age=60',
    summary: 'Recaps admins featured, most recently featured first',
  },
});
