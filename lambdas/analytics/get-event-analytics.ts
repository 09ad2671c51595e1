/** GET /api/organizer/events/{id}/analytics: the owner's daily counts; another organizer's event is a 404. */
import { DEFAULT_ANALYTICS_DAYS } from '#shared/analytics';
import { addDays, todayInNewYork } from '#shared/dates';
import { ANALYTICS_ROUTES } from '#shared/routes/analytics';
import { readDailyStats } from '#data/event-analytics';
import { getOwnEvent } from '#data/event-visibility';
import { createHandler } from '#handler';

export const handler = createHandler(ANALYTICS_ROUTES.getEventAnalytics, async ({ path, query, caller }) => {
  await getOwnEvent(path.id, caller);
  const to = query.to ?? todayInNewYork();
  const from = query.from ?? addDays(to, -(DEFAULT_ANALYTICS_DAYS - 1));
  const days = await readDailyStats(path.id, from, to);
  const totals = days.reduce((sum, day) => ({ views: sum.views + day.views, saves: sum.saves + day.saves, registerClicks: sum.registerClicks + day.registerClicks }), { views: 0, saves: 0, registerClicks: 0 });
  return { eventId: path.id, from, to, days, totals };
});
