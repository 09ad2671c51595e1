import { useQuery } from '@tanstack/react-query';
import { adminSystemArea } from '../lib/api-areas/admin-system.ts';
import { useAuth } from '../lib/auth/auth-context.ts';
import { userQueryKey } from '../lib/auth/user-query-key.ts';
import { useApi } from '../lib/use-api.ts';

/** Under the user root (a sign-out drops it); one cache entry for every admin screen that shows the figures (the import screens refresh it when a job starts or ends). */
export function adminOverviewQueryKey(userId: string | undefined) {
  return userQueryKey(userId, 'admin', 'overview');
}

/** GET /api/admin/overview: catalogue, user and import figures, all from the server's counters. */
export function useAdminOverview({ refetchInterval }: { refetchInterval?: number } = {}) {
  const { user } = useAuth();
  const api = useApi(adminSystemArea);
  return useQuery({
    queryKey: adminOverviewQueryKey(user?.id),
    queryFn: ({ signal }) => api('getAdminOverview', {}, { signal }),
    staleTime: 0,
    refetchInterval,
  });
}
