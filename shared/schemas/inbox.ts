/**
 * The in-app inbox and the notification settings on the wire (issue 23): what GET /api/me/notifications lists,
 * what marking read takes, the preferences page's view and what it saves, and the one-click unsubscribe.
 */
import * as z from 'zod';
import { UlidSchema, IsoDateTimeSchema } from './common.ts';
import {
  NOTIFICATION_KINDS,
  NotificationKindSchema,
  NotificationPreferencesSchema,
  UnsubscribeScopeSchema,
  isEssentialKind,
} from './notifications.ts';

/** A page of the inbox: 20 items, newest first. */
export const INBOX_PAGE_SIZE = 20;
/** At most this many ids in one "mark read" request: a page and a half of the inbox. */
export const MARK_READ_MAX_IDS = 50;
/** How long an inbox item is kept: a year of race alerts is history nobody scrolls back to. */
export const INBOX_RETENTION_DAYS = 365;

export const InboxItemSchema = z.object({
  id: UlidSchema,
  kind: NotificationKindSchema,
  /** The message's subject, one line. */
  title: z.string(),
  /** The line mail apps show after the subject: what happened, in a sentence. */
  summary: z.string(),
  /** A page of the site the item is about ('/events/01H...'), always a path, never another site. */
  path: z.string().startsWith('/'),
  /** What following the link does ('See the race'). */
  actionLabel: z.string(),
  createdAt: IsoDateTimeSchema,
  /** Whether the person has read it (followed its link, or marked it or everything read). */
  read: z.boolean(),
});
export type InboxItem = z.infer<typeof InboxItemSchema>;

export const InboxPageSchema = z.object({
  items: z.array(InboxItemSchema),
  /** Unread items in the whole inbox, not only this page: the bell's number. */
  unreadCount: z.number().int().nonnegative(),
  nextCursor: z.string().optional(),
});
export type InboxPage = z.infer<typeof InboxPageSchema>;

export const InboxQuerySchema = z.strictObject({ cursor: z.string().max(200).optional() });

export const MarkReadBodySchema = z.union(
  [
    z.strictObject({ ids: z.array(UlidSchema).min(1, { message: 'Name at least one notification' }).max(MARK_READ_MAX_IDS, { message: `At most ${MARK_READ_MAX_IDS} notifications at a time` }) }),
    z.strictObject({ all: z.literal(true, { message: 'all must be true' }) }),
  ],
  { message: 'Send { "ids": [...] } or { "all": true }' },
);
export type MarkReadBody = z.infer<typeof MarkReadBodySchema>;

export const UnreadCountSchema = z.object({ unreadCount: z.number().int().nonnegative() });

/** One row of the preferences page: a kind, whether it can be switched off, and its two switches as they apply. */
export const PreferenceRowSchema = z.object({
  kind: NotificationKindSchema,
  label: z.string(),
  /** Account decisions and receipts: always sent in-app and by e-mail, shown but not switchable. */
  essential: z.boolean(),
  inApp: z.boolean(),
  email: z.boolean(),
});

export const NotificationSettingsSchema = z.object({
  rows: z.array(PreferenceRowSchema),
  /**
   * The admin's system switch: off, no optional e-mail is sent whatever the rows say (the page says so; the
   * rows keep the person's own choice for when it is on again).
   */
  emailNotifications: z.boolean(),
});
export type NotificationSettings = z.infer<typeof NotificationSettingsSchema>;

/** What PUT saves: the switches of optional kinds; an essential kind cannot be switched off, so it is refused. */
export const PreferencesBodySchema = z.strictObject({
  preferences: NotificationPreferencesSchema.superRefine((preferences, context) => {
    for (const kind of NOTIFICATION_KINDS) {
      if (preferences[kind] && isEssentialKind(kind)) {
        context.addIssue({ code: 'custom', path: [kind], message: `${kind} is an account decision or receipt: it is always sent and cannot be switched off` });
      }
    }
  }),
});
export type PreferencesBody = z.infer<typeof PreferencesBodySchema>;

/** The token rides in the query, as the List-Unsubscribe header's URI carries it. */
export const UnsubscribeQuerySchema = z.strictObject({ token: z.string().min(1, { message: 'token is required' }).max(512, { message: 'token is not valid' }) });

/**
 * RFC 8058: a mail client posts `List-Unsubscribe=One-Click` as a form; the /unsubscribe page posts nothing.
 * Either is accepted; nothing else is.
 */
export const OneClickBodySchema = z.strictObject({ 'List-Unsubscribe': z.literal('One-Click').optional() });

export const UnsubscribedSchema = z.object({
  /** What was switched off: one kind, or every optional e-mail. */
  scope: UnsubscribeScopeSchema,
  /** The kind's name on the preferences page, or 'all optional e-mail'. */
  label: z.string(),
});
export type Unsubscribed = z.infer<typeof UnsubscribedSchema>;
