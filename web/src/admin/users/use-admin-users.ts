/** The people admin's data: the list (paged over cursors, a new filter starts at page 1), the stat cards, role changes. */
import { useMutation, useQuery } from '@tanstack/react-query';
import type { Role } from '#shared/roles';
import type { UserRoleFilter } from '#shared/schemas/user-admin';
import { adminUsersArea } from '../../lib/api-areas/admin-users.ts';
import { useAuth } from '../../lib/auth/auth-context.ts';
import { userQueryKey } from '../../lib/auth/user-query-key.ts';
import { useApi } from '../../lib/use-api.ts';
import { useCursorPages } from '../use-cursor-pages.ts';

export const ADMIN_USERS_KEY = ['admin', 'users'] as const;

export function useAdminUsers(q: string, role: UserRoleFilter) {
  const api = useApi(adminUsersArea);
  return useCursorPages(ADMIN_USERS_KEY, `${role}|${q}`, (cursor, signal) =>
    api('listAdminUsers', { query: { role, ...(q ? { q } : {}), ...(cursor ? { cursor } : {}) } }, { signal }),
  );
}

export function useUserStats() {
  const { user } = useAuth();
  const api = useApi(adminUsersArea);
  return useQuery({ queryKey: userQueryKey(user?.id, 'admin', 'user-stats'), queryFn: ({ signal }) => api('getUserStats', {}, { signal }) });
}

export function useChangeRole(onSettled: () => void) {
  const api = useApi(adminUsersArea);
  return useMutation({
    mutationFn: ({ id, role, reason }: { id: string; role: Role; reason?: string }) => api('changeUserRole', { path: { id }, body: { role, ...(reason ? { reason } : {}) } }),
    onSettled,
  });
}
