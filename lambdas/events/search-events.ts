import { todayInNewYork } from '#shared/dates';
import { EVENTS_ROUTES } from '#shared/routes/events';
import { createHandler } from '#handler';
import { searchEvents } from './event-search.ts';

/** GET /api/events: one page of upcoming verified events matching the query (see event-search.ts). */
export const handler = createHandler(EVENTS_ROUTES.searchEvents, async ({ query }) => {
  const { page } = await searchEvents(query, { today: todayInNewYork() });
  return page;
});
