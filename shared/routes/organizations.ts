/** The public organizer directory: organizations by name or by words of their name, places and kinds of race. */
import {
  OrganizationDetailSchema,
  OrganizationEventsQuerySchema,
  OrganizationPathSchema,
  OrganizationSearchQuerySchema,
  OrganizationsPageSchema,
} from '../schemas/organization.ts';
import { defineRoutes } from './define.ts';

export const ORGANIZATIONS_ROUTES = defineRoutes({
  searchOrganizations: {
    method: 'GET',
    path: '/api/organizations',
    access: 'public',
    data: 'read',
    handler: 'organizations/search-organizations',
    request: { query: OrganizationSearchQuerySchema },
    response: OrganizationsPageSchema,
    cacheControl: 'public, max-age=60',
    summary: 'Organizations by name, or matching words of their name, the places and the kinds of their public events, 12 a page',
  },
  getOrganization: {
    method: 'GET',
    path: '/api/organizations/{id}',
    access: 'public',
    data: 'read',
    handler: 'organizations/get-organization',
    request: { path: OrganizationPathSchema, query: OrganizationEventsQuerySchema },
    response: OrganizationDetailSchema,
    cacheControl: 'public, max-age=60',
    summary: 'One organization with its counts, rating and upcoming public events (paged with cursor)',
  },
});
