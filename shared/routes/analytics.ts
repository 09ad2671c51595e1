/** Event analytics: the page-view and registration-click beacon anyone's browser sends, and the owner's daily counts. */
import { AnalyticsQuerySchema, BeaconAnswerSchema, BeaconBodySchema, BeaconPathSchema, EventAnalyticsSchema } from '../schemas/analytics.ts';
import { defineRoutes } from './define.ts';

export const ANALYTICS_ROUTES = defineRoutes({
  recordBeacon: {
    method: 'POST',
    path: '/api/events/{id}/beacon',
    access: 'optional',
    data: 'count',
    handler: 'analytics/record-beacon',
    request: { path: BeaconPathSchema, body: BeaconBodySchema },
    response: BeaconAnswerSchema,
    throttle: { rate: 50, burst: 100 },
    summary: 'Count a view of an event page or a click on its Register button (bots and repeats within 30 minutes not counted)',
  },
  getEventAnalytics: {
    method: 'GET',
    path: '/api/organizer/events/{id}/analytics',
    access: 'organizer',
    data: 'read',
    handler: 'analytics/get-event-analytics',
    request: { path: BeaconPathSchema, query: AnalyticsQuerySchema },
    response: EventAnalyticsSchema,
    summary: "Views, saves and registration clicks per day of an event the caller owns (last 30 days unless from/to say otherwise)",
  },
});
