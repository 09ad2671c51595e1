/**
 * Calendar feeds: the signed-in athlete turns on, replaces or turns off a private feed; a calendar app fetches
 * it by its token without signing in.
 */
import * as z from 'zod';
import { CalendarFeedKindPathSchema, CalendarFeedSchema, FeedTokenPathSchema } from '../schemas/calendar-feed.ts';
import { defineRoutes } from './define.ts';

export const CALENDAR_FEEDS_ROUTES = defineRoutes({
  getCalendarFeed: {
    method: 'GET',
    path: '/api/me/calendar-feeds/{kind}',
    access: 'user',
    data: 'read',
    handler: 'calendar-feeds/get-calendar-feed',
    request: { path: CalendarFeedKindPathSchema },
    response: CalendarFeedSchema,
    summary: "The caller's private feed of this kind: its address, or null when it is off",
  },
  createCalendarFeed: {
    method: 'POST',
    path: '/api/me/calendar-feeds/{kind}',
    access: 'user',
    data: 'read-write',
    handler: 'calendar-feeds/create-calendar-feed',
    request: { path: CalendarFeedKindPathSchema },
    response: CalendarFeedSchema,
    status: 201,
    throttle: { rate: 1, burst: 5 },
    summary: 'Turn on the feed, or give it a new address (the old one stops working at once)',
  },
  deleteCalendarFeed: {
    method: 'DELETE',
    path: '/api/me/calendar-feeds/{kind}',
    access: 'user',
    data: 'read-write',
    handler: 'calendar-feeds/delete-calendar-feed',
    request: { path: CalendarFeedKindPathSchema },
    response: z.undefined(),
    status: 204,
    throttle: { rate: 1, burst: 5 },
    summary: 'Turn the feed off: its address stops working',
  },
  getTrainingPlanFeed: {
    method: 'GET',
    path: '/api/calendar-feeds/{token}/training-plan.ics',
    access: 'public',
    data: 'read',
    handler: 'calendar-feeds/get-training-plan-feed',
    request: { path: FeedTokenPathSchema },
    response: z.string(),
    text: { contentType: 'text/calendar; charset=utf-8' },
    // Calendar apps poll every few hours; a short private cache spares repeats without keeping a revoked feed alive long.
    cacheControl: 'private, max-age=300',
    throttle: { rate: 5, burst: 20 },
    summary: "The athlete's active plan as an iCalendar feed, one all-day entry per workout and the race",
  },
  getSavedRacesFeed: {
    method: 'GET',
    path: '/api/calendar-feeds/{token}/saved-races.ics',
    access: 'public',
    data: 'read',
    handler: 'calendar-feeds/get-saved-races-feed',
    request: { path: FeedTokenPathSchema },
    response: z.string(),
    text: { contentType: 'text/calendar; charset=utf-8' },
    cacheControl: 'private, max-age=300',
    throttle: { rate: 5, burst: 20 },
    summary: "The athlete's saved races, upcoming and of the last 90 days, as an iCalendar feed of all-day entries",
  },
});
