/** GET /api/community: recent reviews and recaps in one list. */
import { COMMUNITY_ROUTES } from '#shared/routes/community';
import { listCommunityFeed } from '#data/community-feed';
import { createHandler } from '#handler';

export const handler = createHandler(COMMUNITY_ROUTES.listCommunityFeed, async ({ query }) => listCommunityFeed(query));
