/** Organizer applications, the applicant's side: apply, and see what became of it. */
import { ApplicationSchema, ApplicationsPageSchema, NewApplicationBodySchema } from '../schemas/organizer-application.ts';
import { defineRoutes } from './define.ts';

export const ORGANIZER_APPLICATIONS_ROUTES = defineRoutes({
  submitApplication: {
    method: 'POST',
    path: '/api/organizer-applications',
    access: 'user',
    data: 'read-write',
    handler: 'organizer-applications/submit-application',
    request: { body: NewApplicationBodySchema },
    response: ApplicationSchema,
    status: 201,
    throttle: { rate: 1, burst: 5 },
    summary: 'Apply to become an organizer (one open application at a time; 409 for organizers and admins)',
  },
  listMyApplications: {
    method: 'GET',
    path: '/api/organizer-applications/mine',
    access: 'user',
    data: 'read',
    handler: 'organizer-applications/list-my-applications',
    request: {},
    response: ApplicationsPageSchema,
    summary: "The caller's applications, newest first",
  },
});
