/**
 * Pages of GET /api/admin/organizer-applications for one status. /admin/applications and /superadmin's pending
 * queue read it under one query key, so a decision on either screen refreshes both.
 */
import { adminOrganizerApplicationsArea } from '../../lib/api-areas/admin-organizer-applications.ts';
import { useApi } from '../../lib/use-api.ts';
import type { ApplicationStatus } from '#shared/schemas/organizer-application';
import { useCursorPages } from '../use-cursor-pages.ts';
import { APPLICATIONS_QUERY_KEY } from './application-columns.tsx';

export function useApplicationsList(status: ApplicationStatus) {
  const api = useApi(adminOrganizerApplicationsArea);
  return useCursorPages(APPLICATIONS_QUERY_KEY, status, (cursor, signal) => api('listApplications', { query: { status, ...(cursor ? { cursor } : {}) } }, { signal }));
}
