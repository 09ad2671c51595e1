/** The public event directory: search and event pages. */
import * as z from 'zod';
import { UlidSchema } from '../schemas/common.ts';
import { EventSchema } from '../schemas/event.ts';
import { OrganizationSchema } from '../schemas/organization.ts';
import { HomeFeedQuerySchema, HomeFeedSchema } from '../schemas/home-feed.ts';
import { EventSearchPageSchema, EventSearchQuerySchema } from '../schemas/search.ts';
import { defineRoutes } from './define.ts';

export const EVENTS_ROUTES = defineRoutes({
  searchEvents: {
    method: 'GET',
    path: '/api/events',
    access: 'public',
    data: 'read',
    handler: 'events/search-events',
    request: { query: EventSearchQuerySchema },
    response: EventSearchPageSchema,
    cacheControl: 'public, max-age=60',
    summary: 'Upcoming verified events matching text and filters (or within a radius of a place), promoted first, 50 a page',
  },
  homeFeed: {
    method: 'GET',
    path: '/api/home-feed',
    access: 'public',
    data: 'read',
    handler: 'events/get-home-feed',
    request: { query: HomeFeedQuerySchema },
    response: HomeFeedSchema,
    cacheControl: 'public, max-age=60',
    summary: "The home page's races: featured (active promotions first), upcoming, and near a place when asked",
  },
  getEvent: {
    method: 'GET',
    path: '/api/events/{id}',
    access: 'optional',
    data: 'read',
    handler: 'events/get-event',
    request: { path: z.strictObject({ id: UlidSchema }) },
    response: EventSchema.extend({ organization: OrganizationSchema.optional() }),
    cacheControl: 'public, max-age=60',
    summary: 'One event with its organization; unverified events only to their organizer and admins',
  },
});
