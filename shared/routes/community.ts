/** The community pages: the feed of recent reviews and recaps, and the leaderboards. */
import { CommunityPageSchema, CommunityQuerySchema, LeaderboardSchema } from '../schemas/community.ts';
import { defineRoutes } from './define.ts';

export const COMMUNITY_ROUTES = defineRoutes({
  listCommunityFeed: {
    method: 'GET',
    path: '/api/community',
    access: 'public',
    data: 'read',
    handler: 'community/list-community-feed',
    request: { query: CommunityQuerySchema },
    response: CommunityPageSchema,
    cacheControl: 'public, max-age=60',
    summary: 'Recent reviews and recaps in one list, newest first, optionally in one state',
  },
  getLeaderboard: {
    method: 'GET',
    path: '/api/leaderboard',
    access: 'public',
    data: 'read',
    handler: 'community/get-leaderboard',
    request: {},
    response: LeaderboardSchema,
    cacheControl: 'public, max-age=300',
    summary: 'The ten most-reviewed races, the ten best rated (3+ reviews) and the ten most helpful reviewers',
  },
});
