import { useQuery } from '@tanstack/react-query';
import type { Profile } from '#shared/schemas/profile';
import type { Role } from '#shared/roles';
import { useApi } from './use-api.ts';
import { usersArea } from './api-areas/users.ts';
import { useAuth } from './auth/auth-context.ts';
import { userQueryKey } from './auth/user-query-key.ts';

export function meQueryKey(userId: string | undefined) {
  return userQueryKey(userId, 'me');
}

/** The signed-in user's profile from GET /api/me: the only source of the user's role. */
export function useMe() {
  const { status, user } = useAuth();
  const api = useApi(usersArea);
  return useQuery<Profile>({
    queryKey: meQueryKey(user?.id),
    queryFn: ({ signal }) => api('getMe', {}, { signal }),
    enabled: status === 'signedIn' && user !== null,
    staleTime: 5 * 60_000,
  });
}

/** The role, or null while signed out, while the profile loads, or when it failed (then nothing is granted). */
export function useRole(): Role | null {
  const { status } = useAuth();
  const me = useMe();
  return status === 'signedIn' ? (me.data?.role ?? null) : null;
}
