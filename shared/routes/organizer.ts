/** The organizer dashboard's own reads. */
import { OrganizerSummarySchema } from '../schemas/organizer-summary.ts';
import { defineRoutes } from './define.ts';

export const ORGANIZER_ROUTES = defineRoutes({
  getOrganizerSummary: {
    method: 'GET',
    path: '/api/organizer/summary',
    access: 'organizer',
    data: 'read',
    handler: 'organizer/get-organizer-summary',
    request: {},
    response: OrganizerSummarySchema,
    summary: "The caller's claim and promotion counts (the organizer dashboard's tiles), two GetItems on their counters",
  },
});
