/** GET /api/me/calendar-feeds/{kind}: the caller's feed address, or null when it is off. */
import { CALENDAR_FEEDS_ROUTES } from '#shared/routes/calendar-feeds';
import { getCalendarFeed } from '#data/calendar-feed';
import { createHandler } from '#handler';

export const handler = createHandler(CALENDAR_FEEDS_ROUTES.getCalendarFeed, async ({ path, caller }) => getCalendarFeed(caller.sub, path.kind));
