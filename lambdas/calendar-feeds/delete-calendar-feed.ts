/** DELETE /api/me/calendar-feeds/{kind}: turn the feed off; its address stops working at once. */
import { CALENDAR_FEEDS_ROUTES } from '#shared/routes/calendar-feeds';
import { deleteCalendarFeed } from '#data/calendar-feed';
import { createHandler } from '#handler';

export const handler = createHandler(CALENDAR_FEEDS_ROUTES.deleteCalendarFeed, async ({ path, caller }) => {
  await deleteCalendarFeed(caller.sub, path.kind);
  return undefined;
});
