/** POST /api/me/calendar-feeds/{kind}: turn the feed on, or give it a new address (the old one stops working). */
import { CALENDAR_FEEDS_ROUTES } from '#shared/routes/calendar-feeds';
import { createCalendarFeed } from '#data/calendar-feed';
import { createHandler } from '#handler';

export const handler = createHandler(CALENDAR_FEEDS_ROUTES.createCalendarFeed, async ({ path, caller }) => createCalendarFeed(caller.sub, path.kind));
