/**
 * Race checklists: the signed-in athlete's checklist for each race they have saved. A race they have not saved
 * (or cannot see) has none, and another athlete's checklist is out of reach: the key is in the caller's partition.
 */
import * as z from 'zod';
import {
  ChecklistItemPatchSchema,
  ChecklistItemPathSchema,
  ChecklistItemSchema,
  ChecklistPathSchema,
  ChecklistSchema,
  NewChecklistItemSchema,
} from '../schemas/race-checklist.ts';
import { defineRoutes } from './define.ts';

export const RACE_CHECKLISTS_ROUTES = defineRoutes({
  getRaceChecklist: {
    method: 'GET',
    path: '/api/me/checklists/{eventId}',
    access: 'user',
    // The template is answered as it comes until the athlete changes something: a read never writes.
    data: 'read',
    handler: 'race-checklists/get-race-checklist',
    request: { path: ChecklistPathSchema },
    response: ChecklistSchema,
    summary: "The caller's checklist for a race they saved: its template's items and theirs, with their ticks",
  },
  checkRaceChecklistItem: {
    method: 'PATCH',
    path: '/api/me/checklists/{eventId}/items/{itemId}',
    access: 'user',
    data: 'read-write',
    handler: 'race-checklists/check-race-checklist-item',
    request: { path: ChecklistItemPathSchema, body: ChecklistItemPatchSchema },
    response: ChecklistItemSchema,
    // Ticking through a list is quick work.
    throttle: { rate: 10, burst: 40 },
    summary: 'Tick or untick one item of the checklist',
  },
  addRaceChecklistItem: {
    method: 'POST',
    path: '/api/me/checklists/{eventId}/items',
    access: 'user',
    data: 'read-write',
    handler: 'race-checklists/add-race-checklist-item',
    request: { path: ChecklistPathSchema, body: NewChecklistItemSchema },
    response: ChecklistItemSchema,
    status: 201,
    throttle: { rate: 5, burst: 20 },
    summary: 'Add an item of their own to a section of the checklist',
  },
  removeRaceChecklistItem: {
    method: 'DELETE',
    path: '/api/me/checklists/{eventId}/items/{itemId}',
    access: 'user',
    data: 'read-write',
    handler: 'race-checklists/remove-race-checklist-item',
    request: { path: ChecklistItemPathSchema },
    response: z.undefined(),
    status: 204,
    throttle: { rate: 5, burst: 20 },
    summary: 'Remove an item the athlete added (template items stay)',
  },
});
