/**
 * One notification for one person as it travels on the queue: producers enqueue it (lambdas/data/notification-queue.ts),
 * the sender parses it again (lambdas/notifications/send-notifications.ts), so a message from an older producer or a
 * hand-sent one is refused whole rather than half rendered.
 */
import * as z from 'zod';
import { IsoDateSchema } from './common.ts';
import { NotificationPayloadSchema, type NotificationData, type NotificationKind } from './notifications.ts';

export const NotificationMessageSchema = z.intersection(
  z.object({
    sub: z.string().min(1).max(128),
    /** What it is about, stable across retries (an application id, `<eventId>#<change>`, a saved search id). */
    subject: z.string().min(1).max(200),
    /** The day it belongs to: a second message about the same subject that day is the same message. */
    day: IsoDateSchema,
  }),
  NotificationPayloadSchema,
);

/** One message for one person; `data` is the kind's own payload. */
export interface NotificationMessage<K extends NotificationKind = NotificationKind> {
  readonly sub: string;
  readonly kind: K;
  readonly subject: string;
  readonly day: string;
  readonly data: NotificationData<K>;
}
