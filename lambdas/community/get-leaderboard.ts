/** GET /api/leaderboard: the most-reviewed and best-rated races and the most helpful reviewers. */
import { COMMUNITY_ROUTES } from '#shared/routes/community';
import { getLeaderboard } from '#data/leaderboard';
import { createHandler } from '#handler';

export const handler = createHandler(COMMUNITY_ROUTES.getLeaderboard, async () => getLeaderboard());
