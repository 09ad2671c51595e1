/** What migration 0006 does to each event (here, since a migration's file exports its migration only). */
import { fromEventItem, updateEvent } from '#data/event';

/**
 * Marks one stored event cancelled when it is a cancelled race from before statuses; answers whether it wrote.
 * On the event as read: an edit in between fails the step (a conflict), and the runner runs the step again from
 * the same page, which then reads the edit.
 */
export async function markCancelled(item: Readonly<Record<string, unknown>>, now: Date = new Date()): Promise<boolean> {
  if (item.reviewFlag !== 'cancelled' || item.status !== undefined) return false;
  const event = fromEventItem(item);
  await updateEvent(event.id, { status: 'cancelled' }, now, { expectedUpdatedAt: event.updatedAt });
  return true;
}
