import { createHandler } from '#lib/http';
import { searchEvents, todayInNewYork } from './event-search.ts';

/** GET /api/events: one page of upcoming verified events matching the query (see event-search.ts). */
export const handler = createHandler('searchEvents', async ({ query }) => {
  const { page } = await searchEvents(query, { today: todayInNewYork() });
  return page;
});
