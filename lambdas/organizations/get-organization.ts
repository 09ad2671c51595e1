import { todayInNewYork } from '#shared/dates';
import { ORGANIZATIONS_ROUTES } from '#shared/routes/organizations';
import { createHandler } from '#handler';
import { organizationDetail } from './organization-directory.ts';

/** GET /api/organizations/{id}: an organization's page with a page of its upcoming events; 404 when unknown. */
export const handler = createHandler(ORGANIZATIONS_ROUTES.getOrganization, async ({ path, query }) =>
  organizationDetail(path.id, query.cursor, todayInNewYork()),
);
