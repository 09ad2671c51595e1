/**
 * Race recaps (issue 11): the longer story of a race an athlete ran, written on or after race day, one per
 * athlete per race and editable. Title and body are plain text (paragraphs are separated by blank lines): the
 * pages show them as text, never as HTML. Admins may hide a recap and feature one in the athlete spotlights.
 */
import * as z from 'zod';
import { normalizeLineBreaks } from '../plain-text.ts';
import { IsoDateTimeSchema, UlidSchema } from './common.ts';
import { StateCodeSchema } from './event.ts';
import { RecentReviewSchema } from './review.ts';

export const RECAP_TITLE_MIN = 5;
export const RECAP_TITLE_MAX = 120;
export const RECAP_BODY_MIN = 200;
export const RECAP_BODY_MAX = 20_000;
/** Characters of a recap's body that lists show (cut at a word). */
export const RECAP_EXCERPT_LENGTH = 280;

export const NewRecapSchema = z.strictObject({
  title: z
    .string({ message: 'Give your recap a title' })
    .trim()
    .min(RECAP_TITLE_MIN, `The title needs at least ${RECAP_TITLE_MIN} characters`)
    .max(RECAP_TITLE_MAX, `Keep the title under ${RECAP_TITLE_MAX} characters`),
  body: z
    .string({ message: 'Tell the story of your race' })
    .transform(normalizeLineBreaks)
    .pipe(
      z
        .string()
        .trim()
        .min(RECAP_BODY_MIN, `Tell a little more: a recap needs at least ${RECAP_BODY_MIN} characters`)
        .max(RECAP_BODY_MAX, `Keep the recap under ${RECAP_BODY_MAX.toLocaleString('en-US')} characters`),
    ),
  /** The distance they ran: one of the event's distances (checked against the event on the server). */
  distance: z.string().trim().min(1).max(40).optional(),
});
export type NewRecap = z.infer<typeof NewRecapSchema>;
export type NewRecapInput = z.input<typeof NewRecapSchema>;

/** The race a recap is about, as it was when the recap was written. */
export const RecapEventSchema = RecentReviewSchema.shape.event;
export type RecapEvent = z.infer<typeof RecapEventSchema>;

export const RecapSchema = z.object({
  id: UlidSchema,
  eventId: UlidSchema,
  title: z.string(),
  body: z.string(),
  distance: z.string().optional(),
  /** First name and last initial: recaps are public, the full name is not. */
  authorName: z.string(),
  event: RecapEventSchema,
  createdAt: IsoDateTimeSchema,
  updatedAt: IsoDateTimeSchema,
  /** When an admin featured it in the athlete spotlights. */
  featuredAt: IsoDateTimeSchema.optional(),
  /** Only for a signed-in caller: whether it is their own. */
  mine: z.boolean().optional(),
});
export type Recap = z.infer<typeof RecapSchema>;

/** A recap in a list: its start instead of its whole body. */
export const RecapSummarySchema = RecapSchema.omit({ body: true, mine: true }).extend({ excerpt: z.string() });
export type RecapSummary = z.infer<typeof RecapSummarySchema>;

export const RecapsPageSchema = z.object({ items: z.array(RecapSummarySchema), nextCursor: z.string().optional() });
export type RecapsPage = z.infer<typeof RecapsPageSchema>;

/** The caller's own recap of a race: null without one; `hidden` when an admin hid it (it can no longer be edited). */
export const MyRecapSchema = z.object({ recap: RecapSchema.extend({ hidden: z.boolean() }).nullable() });
export type MyRecap = z.infer<typeof MyRecapSchema>;

export const RecapPathSchema = z.strictObject({ id: UlidSchema });
/** A race's recaps: its id. */
export const RecapRacePathSchema = z.strictObject({ id: UlidSchema });
const CursorSchema = z.string().max(2048, 'cursor is not valid').optional();
export const RecapsQuerySchema = z.strictObject({ state: StateCodeSchema.optional(), cursor: CursorSchema });
export const CursorOnlyQuerySchema = z.strictObject({ cursor: CursorSchema });

// ---------------------------------------------------------------------------------------------------------
// Admins: every recap with its state, feature and hide

export const AdminRecapSchema = RecapSummarySchema.extend({
  status: z.enum(['visible', 'hidden']),
  featuredBy: z.string().optional(),
  moderation: z.object({ decision: z.enum(['hide', 'restore']), by: z.string(), at: IsoDateTimeSchema, note: z.string().optional() }).optional(),
});
export type AdminRecap = z.infer<typeof AdminRecapSchema>;
export const AdminRecapsPageSchema = z.object({ items: z.array(AdminRecapSchema), nextCursor: z.string().optional() });

export const RecapModerationSchema = z.strictObject({
  decision: z.enum(['hide', 'restore'], { message: "decision must be 'hide' or 'restore'" }),
  note: z.string().trim().max(500, 'Keep the note under 500 characters').optional(),
});
export type RecapModeration = z.infer<typeof RecapModerationSchema>;
