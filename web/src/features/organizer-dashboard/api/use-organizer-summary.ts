/** The organizer dashboard's tiles (GET /api/organizer/summary), keyed by user. */
import { useQuery } from '@tanstack/react-query';
import { organizerArea } from '../../../lib/api-areas/organizer.ts';
import { useAuth } from '../../../lib/auth/auth-context.ts';
import { userQueryKey } from '../../../lib/auth/user-query-key.ts';
import { useApi } from '../../../lib/use-api.ts';

export function useOrganizerSummary(enabled: boolean) {
  const { user } = useAuth();
  const api = useApi(organizerArea);
  return useQuery({
    queryKey: userQueryKey(user?.id, 'organizer-summary'),
    queryFn: ({ signal }) => api('getOrganizerSummary', {}, { signal }),
    enabled: enabled && user !== null,
  });
}
