/** Organizer applications, the admin's side: the review queue and the decision. */
import {
  AdminApplicationsPageSchema,
  AdminApplicationsQuerySchema,
  ApplicationDecisionBodySchema,
  ApplicationPathSchema,
  ApplicationSchema,
} from '../schemas/organizer-application.ts';
import { defineRoutes } from './define.ts';

export const ADMIN_ORGANIZER_APPLICATIONS_ROUTES = defineRoutes({
  listApplications: {
    method: 'GET',
    path: '/api/admin/organizer-applications',
    access: 'admin',
    data: 'read',
    handler: 'admin-organizer-applications/list-applications',
    request: { query: AdminApplicationsQuerySchema },
    response: AdminApplicationsPageSchema,
    summary: 'Applications with one status (pending by default), oldest first for pending, newest first otherwise',
  },
  decideApplication: {
    method: 'POST',
    path: '/api/admin/organizer-applications/{id}/decision',
    access: 'admin',
    data: 'read-write',
    handler: 'admin-organizer-applications/decide-application',
    request: { path: ApplicationPathSchema, body: ApplicationDecisionBodySchema },
    response: ApplicationSchema,
    throttle: { rate: 10, burst: 20 },
    summary: 'Approve (the applicant becomes an organizer at once) or deny a pending application, with notes',
  },
});
