/** GET /api/me/saved-events: the caller's saved events with their card fields, newest first, 50 a page. */
import { createHandler } from '#lib/http';
import { canSeeEvent } from '../events/event-visibility.ts';
import { listSavedEvents } from './saved-event-store.ts';

export const handler = createHandler('listSavedEvents', async ({ query, caller }) =>
  listSavedEvents(caller.sub, { cursor: query.cursor, canSee: (event) => canSeeEvent(event, caller) }),
);
