import { todayInNewYork } from '#shared/dates';
import { ORGANIZATIONS_ROUTES } from '#shared/routes/organizations';
import { createHandler } from '#handler';
import { searchOrganizations } from './organization-directory.ts';

/** GET /api/organizations: one page of the organizer directory (see organization-directory.ts). */
export const handler = createHandler(ORGANIZATIONS_ROUTES.searchOrganizations, async ({ query }) => searchOrganizations(query, todayInNewYork()));
