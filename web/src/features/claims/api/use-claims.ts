/**
 * The organizer's side of claims: submit one (POST /api/events/{id}/claims), read one's own claim on an event
 * and one's claims. Keyed by user, so one organizer's claims are never shown from cache to another.
 */
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { CLAIM_REFUSALS, type ClaimRefusalCode } from '#shared/claim-refusals';
import { ApiError } from '../../../lib/api-error.ts';
import { claimsArea } from '../../../lib/api-areas/claims.ts';
import { useAuth } from '../../../lib/auth/auth-context.ts';
import { userQueryKey } from '../../../lib/auth/user-query-key.ts';
import { useApi } from '../../../lib/use-api.ts';

export const claimsKey = (userId: string | undefined) => userQueryKey(userId, 'claims');

export function useMyClaim(eventId: string, enabled: boolean) {
  const { user } = useAuth();
  const api = useApi(claimsArea);
  return useQuery({
    queryKey: [...claimsKey(user?.id), 'event', eventId],
    queryFn: ({ signal }) => api('getMyClaim', { path: { id: eventId } }, { signal }),
    enabled: enabled && user !== null,
    staleTime: 30_000,
  });
}

export function useMyClaims(enabled: boolean) {
  const { user } = useAuth();
  const api = useApi(claimsArea);
  return useInfiniteQuery({
    queryKey: [...claimsKey(user?.id), 'list'],
    queryFn: ({ signal, pageParam }) => api('listMyClaims', { query: pageParam ? { cursor: pageParam } : {} }, { signal }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page) => page.nextCursor,
    enabled: enabled && user !== null,
  });
}

export function useSubmitClaim() {
  const { user } = useAuth();
  const api = useApi(claimsArea);
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ eventId, reason }: { eventId: string; reason: string }) => api('createClaim', { path: { id: eventId }, body: { reason } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: claimsKey(user?.id) }),
  });
}

/** The spec's refusal (title and text) an error is, if it is one. */
export function claimRefusal(error: unknown): { title: string; message: string } | undefined {
  if (!(error instanceof ApiError) || error.status !== 409 || !error.code || !(error.code in CLAIM_REFUSALS)) return undefined;
  return CLAIM_REFUSALS[error.code as ClaimRefusalCode];
}
