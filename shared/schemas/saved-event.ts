import * as z from 'zod';
import { IsoDateTimeSchema, UlidSchema } from './common.ts';
import { EventSummarySchema } from './search.ts';

export const SavedEventPathSchema = z.strictObject({ eventId: UlidSchema });

export const SavedEventSchema = z.object({ eventId: UlidSchema, savedAt: IsoDateTimeSchema });
export type SavedEvent = z.infer<typeof SavedEventSchema>;

/** A saved event with the event's card fields; past events stay listed (the dashboard's Completed tab). */
export const SavedEventEntrySchema = z.object({ savedAt: IsoDateTimeSchema, event: EventSummarySchema });

export const SavedEventsPageSchema = z.object({
  items: z.array(SavedEventEntrySchema),
  nextCursor: z.string().optional(),
});
export type SavedEventsPage = z.infer<typeof SavedEventsPageSchema>;

export const CursorQuerySchema = z.strictObject({ cursor: z.string().max(2048, 'cursor is not valid').optional() });
