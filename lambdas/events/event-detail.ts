/**
 * One event as GET /api/events/{id} answers it: the event's own fields with its organization. The event page's
 * server rendering (lambdas/pages) shows the same answer, as a visitor with no token gets it.
 */
import type { Caller } from '#lib/caller';
import { getVisibleEvent } from '#data/event-visibility';
import { getOrganization } from '#data/organization';

export async function eventDetail(id: string, caller: Caller | undefined) {
  // Only the event's own fields: the event module reads an item back to its schema's fields.
  const event = await getVisibleEvent(id, caller);
  // An event that names an organization since removed is still shown, without it.
  const organization = event.organizationId ? await getOrganization(event.organizationId) : undefined;
  return { ...event, ...(organization ? { organization } : {}) };
}
