/**
 * GET /api/events/{id}: one event with its organization. Sign-in is optional: a verified event is public
 * (and cacheable), an unverified one is shown only to its organizer and admins and is a 404 to everyone else.
 */
import { EventSchema, type RaceEvent } from '#shared/schemas/event';
import { createHandler } from '#lib/http';
import { getOrganization } from '../organizations/organization-store.ts';
import { getVisibleEvent } from './event-visibility.ts';

const EVENT_FIELDS = Object.keys(EventSchema.shape) as (keyof RaceEvent)[];

/** Only the event's own fields: the stored item may carry index keys and bookkeeping the API does not show. */
function eventFields(event: RaceEvent): RaceEvent {
  const picked: Partial<Record<keyof RaceEvent, unknown>> = {};
  for (const field of EVENT_FIELDS) if (event[field] !== undefined) picked[field] = event[field];
  return picked as RaceEvent;
}

export const handler = createHandler('getEvent', async ({ path, caller }) => {
  const event = await getVisibleEvent(path.id, caller);
  // An event that names an organization since removed is still shown, without it.
  const organization = event.organizationId ? await getOrganization(event.organizationId) : undefined;
  return { ...eventFields(event), ...(organization ? { organization } : {}) };
});
