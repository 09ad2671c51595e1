/** The community feed (recent reviews and recaps, optionally in one state) and the leaderboards. */
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { communityArea } from '../../../lib/api-areas/community.ts';
import { useApi } from '../../../lib/use-api.ts';

export function useCommunityFeed(state: string) {
  const api = useApi(communityArea);
  return useInfiniteQuery({
    queryKey: ['community', 'feed', state],
    queryFn: ({ signal, pageParam }) => api('listCommunityFeed', { query: { ...(state ? { state } : {}), ...(pageParam ? { cursor: pageParam } : {}) } }, { signal }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page) => page.nextCursor,
  });
}

export function useLeaderboard() {
  const api = useApi(communityArea);
  return useQuery({ queryKey: ['community', 'leaderboard'], queryFn: ({ signal }) => api('getLeaderboard', {}, { signal }), staleTime: 60_000 });
}
