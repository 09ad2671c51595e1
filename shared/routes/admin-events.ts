/** The admin events screen (spec 001 /admin/events): list with filters, edit, bulk actions, delete, flush. */
import * as z from 'zod';
import {
  AdminBulkBodySchema,
  AdminBulkResultSchema,
  AdminEventPatchSchema,
  AdminEventPathSchema,
  AdminEventsPageSchema,
  AdminEventsQuerySchema,
  FlushBodySchema,
  FlushResultSchema,
} from '../schemas/admin-events.ts';
import { EventSchema } from '../schemas/event.ts';
import { defineRoutes } from './define.ts';

export const ADMIN_EVENTS_ROUTES = defineRoutes({
  listAdminEvents: {
    method: 'GET',
    path: '/api/admin/events',
    access: 'admin',
    data: 'read',
    handler: 'admin-events/list-admin-events',
    request: { query: AdminEventsQuerySchema },
    response: AdminEventsPageSchema,
    summary: 'Every event (unverified too), newest first, 20 a page, filtered by text, flags, type, state and date',
  },
  updateAdminEvent: {
    method: 'PATCH',
    path: '/api/admin/events/{id}',
    access: 'admin',
    data: 'read-write',
    handler: 'admin-events/update-admin-event',
    request: { path: AdminEventPathSchema, body: AdminEventPatchSchema },
    response: EventSchema,
    throttle: { rate: 10, burst: 40 },
    summary: "Verify, feature, clear a review flag or edit an event's fields (edited fields are kept from imports)",
  },
  bulkUpdateAdminEvents: {
    method: 'POST',
    path: '/api/admin/events/bulk',
    access: 'admin',
    data: 'read-write',
    handler: 'admin-events/bulk-update-admin-events',
    request: { body: AdminBulkBodySchema },
    response: AdminBulkResultSchema,
    throttle: { rate: 2, burst: 10 },
    summary: 'Verify, unverify, feature, unfeature or delete up to 100 events; an outcome per event',
  },
  deleteAdminEvent: {
    method: 'DELETE',
    path: '/api/admin/events/{id}',
    access: 'admin',
    data: 'read-write',
    handler: 'admin-events/delete-admin-event',
    request: { path: AdminEventPathSchema },
    response: z.undefined(),
    status: 204,
    throttle: { rate: 10, burst: 40 },
    summary: 'Delete an event with its index entries and counts',
  },
  flushEvents: {
    method: 'POST',
    path: '/api/admin/events/flush',
    access: 'superadmin',
    data: 'read-write',
    handler: 'admin-events/flush-events',
    request: { body: FlushBodySchema },
    response: FlushResultSchema,
    throttle: { rate: 1, burst: 5 },
    summary: 'Delete events (all of them, a bounded batch per request) after the typed confirmation; repeat until none remain',
  },
});
