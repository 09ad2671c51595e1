import { todayInNewYork } from '#shared/dates';
import { EVENTS_ROUTES } from '#shared/routes/events';
import { createHandler } from '#handler';
import { homeFeed } from './home-feed.ts';

/** GET /api/home-feed: the home page's featured, upcoming and (with `near`) nearby races (see home-feed.ts). */
export const handler = createHandler(EVENTS_ROUTES.homeFeed, async ({ query }) =>
  homeFeed({ today: todayInNewYork(), ...(query.near === undefined ? {} : { near: query.near }) }),
);
