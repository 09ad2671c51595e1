/**
 * Messages to everyone who saved a race (issue 23): a change to it, its registration closing. Savers are read
 * from the saves index (GSI5, EVENT#<id>#SAVED, ./saved-event.ts) a page at a time, and each page is enqueued as
 * it is read, so a race saved by 10,000 people is 10,000 messages without holding them all.
 */
import type { NotificationMessage } from '#shared/schemas/notification-message';
import type { NotificationKind } from '#shared/schemas/notifications';
import { queryPages } from '#lib/kit/table';
import { enqueueNotifications } from './notification-queue.ts';

const SAVERS_PAGE = 1000;

/** Enqueues the message `messageFor` makes for each person who saved the event; answers how many. */
export async function enqueueForSavers<K extends NotificationKind>(eventId: string, messageFor: (sub: string) => NotificationMessage<K>): Promise<number> {
  let told = 0;
  for await (const savers of queryPages({
    IndexName: 'GSI5',
    KeyConditionExpression: 'GSI5PK = :savers',
    ExpressionAttributeValues: { ':savers': `EVENT#${eventId}#SAVED` },
    ProjectionExpression: 'userId',
    Limit: SAVERS_PAGE,
  })) {
    const messages = savers.flatMap((item) => (typeof item.userId === 'string' ? [messageFor(item.userId)] : []));
    await enqueueNotifications(messages);
    told += messages.length;
  }
  return told;
}
