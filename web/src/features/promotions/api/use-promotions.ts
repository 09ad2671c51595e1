/**
 * The organizer's side of promotions: buy one (POST /api/promotions, answered with Stripe's checkout URL),
 * follow one (GET /api/promotions/{id}) and list one's own. Keyed by user, so one organizer's promotions are
 * never shown from cache to another.
 */
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import type { CreatePromotionBody, Promotion } from '#shared/schemas/promotion';
import { promotionsArea } from '../../../lib/api-areas/promotions.ts';
import { useAuth } from '../../../lib/auth/auth-context.ts';
import { userQueryKey } from '../../../lib/auth/user-query-key.ts';
import { useApi } from '../../../lib/use-api.ts';

export const promotionsKey = (userId: string | undefined) => userQueryKey(userId, 'promotions');

export function useMyPromotions() {
  const { user } = useAuth();
  const api = useApi(promotionsArea);
  return useInfiniteQuery({
    queryKey: [...promotionsKey(user?.id), 'list'],
    queryFn: ({ signal, pageParam }) => api('listMyPromotions', { query: pageParam ? { cursor: pageParam } : {} }, { signal }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page) => page.nextCursor,
    enabled: user !== null,
  });
}

/**
 * One promotion, asked again every `pollMs` while `keepPolling` says the answer may still change (the webhook
 * that marks it paid can land a moment after Stripe sends the browser back).
 */
export function usePromotion(id: string | undefined, keepPolling: (promotion: Promotion | undefined) => boolean, pollMs = 1500) {
  const { user } = useAuth();
  const api = useApi(promotionsArea);
  return useQuery({
    queryKey: [...promotionsKey(user?.id), 'one', id],
    queryFn: ({ signal }) => api('getPromotion', { path: { id: id ?? '' } }, { signal }),
    enabled: user !== null && Boolean(id),
    refetchInterval: (query) => (keepPolling(query.state.data) ? pollMs : false),
    retry: 1,
  });
}

export function useBuyPromotion() {
  const { user } = useAuth();
  const api = useApi(promotionsArea);
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreatePromotionBody) => api('createPromotion', { body }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: promotionsKey(user?.id) }),
  });
}

/** Marks the caller's promotions stale (after a payment returns), so every list shows the server's status. */
export function useRefreshPromotions(): () => void {
  const { user } = useAuth();
  const queryClient = useQueryClient();
  return useCallback(() => void queryClient.invalidateQueries({ queryKey: promotionsKey(user?.id) }), [queryClient, user?.id]);
}
