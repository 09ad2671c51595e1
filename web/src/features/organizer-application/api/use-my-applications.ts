/**
 * The applicant's side of organizer applications: their applications (GET /api/organizer-applications/mine)
 * and sending one. Keyed by user, so one user's application is never shown from cache to another.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { NewApplicationBody } from '#shared/schemas/organizer-application';
import { organizerApplicationsArea } from '../../../lib/api-areas/organizer-applications.ts';
import { useAuth } from '../../../lib/auth/auth-context.ts';
import { userQueryKey } from '../../../lib/auth/user-query-key.ts';
import { useApi } from '../../../lib/use-api.ts';

const applicationsKey = (userId: string | undefined) => userQueryKey(userId, 'organizer-applications');

export function useMyApplications() {
  const { user } = useAuth();
  const api = useApi(organizerApplicationsArea);
  return useQuery({
    queryKey: applicationsKey(user?.id),
    queryFn: ({ signal }) => api('listMyApplications', {}, { signal }),
    enabled: user !== null,
  });
}

export function useSubmitApplication() {
  const { user } = useAuth();
  const api = useApi(organizerApplicationsArea);
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: NewApplicationBody) => api('submitApplication', { body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: applicationsKey(user?.id) }),
  });
}
