/**
 * GET /api/events/{id}: one event with its organization. Sign-in is optional: a verified event is public
 * (and cacheable), an unverified one is shown only to its organizer and admins and is a 404 to everyone else.
 */
import { EVENTS_ROUTES } from '#shared/routes/events';
import { getVisibleEvent } from '#data/event-visibility';
import { getOrganization } from '#data/organization';
import { createHandler } from '#handler';

export const handler = createHandler(EVENTS_ROUTES.getEvent, async ({ path, caller }) => {
  // Only the event's own fields: the event module reads an item back to its schema's fields.
  const event = await getVisibleEvent(path.id, caller);
  // An event that names an organization since removed is still shown, without it.
  const organization = event.organizationId ? await getOrganization(event.organizationId) : undefined;
  return { ...event, ...(organization ? { organization } : {}) };
});
