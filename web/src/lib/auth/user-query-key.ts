/**
 * Query keys of data that belongs to the signed-in user start with this root and the user's id, so a sign-out
 * drops them all and another user never sees a previous user's cached data.
 */
export const USER_QUERY_ROOT = ['user'] as const;

export function userQueryKey(userId: string | undefined, ...rest: string[]): readonly unknown[] {
  return [...USER_QUERY_ROOT, userId ?? 'anonymous', ...rest];
}
