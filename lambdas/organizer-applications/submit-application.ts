/** POST /api/organizer-applications: the caller applies to become an organizer (201; 409 if open or already one). */
import { ORGANIZER_APPLICATIONS_ROUTES } from '#shared/routes/organizer-applications';
import { submitApplication } from '#data/organizer-application';
import { createHandler } from '#handler';

export const handler = createHandler(ORGANIZER_APPLICATIONS_ROUTES.submitApplication, async ({ body, caller }) => submitApplication(caller, body));
