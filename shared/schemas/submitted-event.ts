/**
 * Races a signed-in user tells RaceFinder about (/submit-event): a lighter form than an organizer's, checked
 * with the same field schemas (organizer-event.ts), saved as an unverified event with no owner in the admins'
 * review queue, marked as a suggestion. The submitter follows its status; the notes are for the admins only.
 */
import * as z from 'zod';
import { IsoDateSchema, IsoDateTimeSchema, UlidSchema, optionalText } from './common.ts';
import { EventTypeSchema, StateCodeSchema } from './event.ts';
import { EVENT_FIELD_SCHEMAS } from './organizer-event.ts';

export const SUGGESTION_NOTES_MAX = 1000;
/** Suggestions one user may have waiting for review at a time. */
export const MAX_PENDING_SUGGESTIONS = 10;

/** POST /api/submitted-events. */
export const NewSubmittedEventSchema = z.strictObject({
  title: EVENT_FIELD_SCHEMAS.title,
  eventDate: EVENT_FIELD_SCHEMAS.eventDate,
  eventType: EVENT_FIELD_SCHEMAS.eventType,
  city: EVENT_FIELD_SCHEMAS.city,
  state: EVENT_FIELD_SCHEMAS.state,
  distances: EVENT_FIELD_SCHEMAS.distances,
  websiteUrl: EVENT_FIELD_SCHEMAS.websiteUrl,
  registrationUrl: EVENT_FIELD_SCHEMAS.registrationUrl,
  /** For the admins who review it (how the submitter knows the race, anything to check); never public. */
  notes: optionalText('Notes', SUGGESTION_NOTES_MAX),
});
export type NewSubmittedEvent = z.infer<typeof NewSubmittedEventSchema>;

export const SUGGESTION_STATUSES = ['pending', 'approved', 'rejected'] as const;
export const SuggestionStatusSchema = z.enum(SUGGESTION_STATUSES);
export type SuggestionStatus = z.infer<typeof SuggestionStatusSchema>;

/** One of the caller's suggestions, as their list shows it. `id` is the event's (the event is gone once rejected). */
export const SubmittedEventSchema = z.object({
  id: UlidSchema,
  title: z.string(),
  eventDate: IsoDateSchema,
  city: z.string(),
  state: StateCodeSchema,
  eventType: EventTypeSchema,
  status: SuggestionStatusSchema,
  createdAt: IsoDateTimeSchema,
  decidedAt: IsoDateTimeSchema.optional(),
  /** Why it was rejected (or what the admin noted approving it). */
  adminNotes: z.string().optional(),
});
export type SubmittedEvent = z.infer<typeof SubmittedEventSchema>;

export const SubmittedEventsQuerySchema = z.strictObject({ cursor: z.string().max(2048, 'cursor is not valid').optional() });
export const SubmittedEventsPageSchema = z.object({ items: z.array(SubmittedEventSchema), nextCursor: z.string().optional() });
export type SubmittedEventsPage = z.infer<typeof SubmittedEventsPageSchema>;
