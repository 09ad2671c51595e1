/**
 * Private calendar feeds: a calendar app subscribes to a URL that carries an unguessable token, because a
 * calendar app cannot sign in. One feed per kind per athlete; replacing it retires the old URL at once.
 */
import * as z from 'zod';

/** The athlete's training plan (workouts and race), and the races they saved. */
export const CALENDAR_FEED_KINDS = ['training-plan', 'saved-races'] as const;
export type CalendarFeedKind = (typeof CALENDAR_FEED_KINDS)[number];

/** 256 random bits, base64url: 43 characters. */
export const FEED_TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

export const CalendarFeedKindPathSchema = z.strictObject({ kind: z.enum(CALENDAR_FEED_KINDS) });

export const FeedTokenPathSchema = z.strictObject({
  token: z.string().regex(FEED_TOKEN_PATTERN, 'This is not a calendar feed address'),
});

/** The caller's feed of one kind: its path (under the site's origin) when it is on, else null. */
export const CalendarFeedSchema = z.object({
  kind: z.enum(CALENDAR_FEED_KINDS),
  path: z.string().nullable(),
  createdAt: z.iso.datetime().nullable(),
});
export type CalendarFeed = z.infer<typeof CalendarFeedSchema>;

/** Where the feed of a kind is served: the token is the only secret, the file name tells apps it is a calendar. */
export const calendarFeedPath = (kind: CalendarFeedKind, token: string) => `/api/calendar-feeds/${token}/${kind}.ics`;
