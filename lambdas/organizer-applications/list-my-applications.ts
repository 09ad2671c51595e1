/** GET /api/organizer-applications/mine: the caller's own applications, newest first. */
import { ORGANIZER_APPLICATIONS_ROUTES } from '#shared/routes/organizer-applications';
import { listApplicationsOf } from '#data/organizer-application';
import { createHandler } from '#handler';

export const handler = createHandler(ORGANIZER_APPLICATIONS_ROUTES.listMyApplications, async ({ caller }) => listApplicationsOf(caller.sub));
