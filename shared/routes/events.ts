/** The public event directory: search and event pages. */
import * as z from 'zod';
import { UlidSchema } from '../schemas/common.ts';
import { EventSchema } from '../schemas/event.ts';
import { OrganizationSchema } from '../schemas/organization.ts';
import { HomeFeedQuerySchema, HomeFeedSchema } from '../schemas/home-feed.ts';
import { EventSearchPageSchema, EventSearchQuerySchema, EventsCalendarQuerySchema } from '../schemas/search.ts';
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
  getEventsCalendar: {
    method: 'GET',
    path: '/api/calendar/events.ics',
    access: 'public',
    data: 'read',
    handler: 'events/get-events-calendar',
    request: { query: EventsCalendarQuerySchema },
    response: z.string(),
    text: { contentType: 'text/calendar; charset=utf-8' },
    // The same for everyone who asks: browsers, calendar apps and any shared cache may keep it an hour (apps
    // poll every few hours anyway, and races are added days ahead, not minutes).
    cacheControl: 'public, max-age=3600',
    throttle: { rate: 5, burst: 20 },
    summary: 'Upcoming races matching state, type and distance as a subscribable iCalendar feed (the next 200, six months at most)',
  },
});
