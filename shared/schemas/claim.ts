/**
 * Event claims (spec 001 "Claim Event"): an organizer asks to be recorded as the organizer of an event they
 * run; an admin approves (the organizer becomes the event's owner) or rejects, with notes.
 */
import * as z from 'zod';
import { IsoDateSchema, IsoDateTimeSchema, UlidSchema } from './common.ts';
import { StateCodeSchema } from './event.ts';

export const CLAIM_STATUSES = ['pending', 'approved', 'rejected'] as const;
export const ClaimStatusSchema = z.enum(CLAIM_STATUSES);
export type ClaimStatus = z.infer<typeof ClaimStatusSchema>;

/** Longest reason and admin note the API takes. */
export const CLAIM_REASON_MAX = 1000;
export const CLAIM_NOTES_MAX = 1000;

/**
 * A claim's id names its one item (EVENT#<eventId> / CLAIM#<sub>): the event and the organizer, so a decision
 * reads the claim with one GetItem and no lookup index. Only admins see other people's claim ids.
 */
const CLAIM_ID = /^([0-9A-HJKMNP-TV-Z]{26})\.([A-Za-z0-9_-]{1,128})$/;
export const ClaimIdSchema = z.string().regex(CLAIM_ID, 'must be a valid claim id');

export function claimIdOf(eventId: string, organizerId: string): string {
  return `${eventId}.${organizerId}`;
}

export function parseClaimId(id: string): { eventId: string; organizerId: string } | undefined {
  const match = CLAIM_ID.exec(id);
  return match ? { eventId: match[1]!, organizerId: match[2]! } : undefined;
}

/** The event fields a claims list shows beside each claim (the spec's join: title, date, city, state). */
export const ClaimEventSchema = z.object({
  id: UlidSchema,
  title: z.string(),
  eventDate: IsoDateSchema,
  city: z.string(),
  state: StateCodeSchema,
  /** For the promote dialog's 'event type' scope, offered from an approved claim. */
  eventType: z.string().optional(),
});

export const ClaimSchema = z.object({
  id: ClaimIdSchema,
  eventId: UlidSchema,
  organizerId: z.string(),
  reason: z.string(),
  status: ClaimStatusSchema,
  createdAt: IsoDateTimeSchema,
  /** Who decided, when, and what they noted; absent while pending. */
  reviewedBy: z.string().optional(),
  reviewedAt: IsoDateTimeSchema.optional(),
  adminNotes: z.string().optional(),
});
export type Claim = z.infer<typeof ClaimSchema>;

/** A claim in a list, with its event's card fields (absent when the event was deleted since). */
export const ClaimEntrySchema = ClaimSchema.extend({ event: ClaimEventSchema.optional() });
export type ClaimEntry = z.infer<typeof ClaimEntrySchema>;

/** What an admin sees of the claimant: the organizer as they were when they claimed. */
export const ClaimantSchema = z.object({ email: z.string(), name: z.string().optional() });

export const AdminClaimEntrySchema = ClaimEntrySchema.extend({ claimant: ClaimantSchema.optional() });
export type AdminClaimEntry = z.infer<typeof AdminClaimEntrySchema>;

export const ClaimEventPathSchema = z.strictObject({ id: UlidSchema });
export const ClaimPathSchema = z.strictObject({ id: ClaimIdSchema });

export const CreateClaimBodySchema = z.strictObject({
  reason: z
    .string({ message: 'Please tell us why you are claiming this event' })
    .trim()
    .min(1, 'Please tell us why you are claiming this event')
    .max(CLAIM_REASON_MAX, `The reason must be at most ${CLAIM_REASON_MAX} characters`),
});
export type CreateClaimBody = z.infer<typeof CreateClaimBodySchema>;

export const ClaimDecisionBodySchema = z.strictObject({
  decision: z.enum(['approve', 'reject'], { message: "decision must be 'approve' or 'reject'" }),
  notes: z
    .string()
    .trim()
    .max(CLAIM_NOTES_MAX, `Notes must be at most ${CLAIM_NOTES_MAX} characters`)
    .transform((value) => (value === '' ? undefined : value))
    .optional(),
});
export type ClaimDecisionBody = z.infer<typeof ClaimDecisionBodySchema>;

const CursorSchema = z.string().max(2048, 'cursor is not valid').optional();

export const MyClaimsQuerySchema = z.strictObject({ cursor: CursorSchema });

export const AdminClaimsQuerySchema = z.strictObject({
  status: ClaimStatusSchema.default('pending'),
  cursor: CursorSchema,
});

export const ClaimsPageSchema = z.object({ items: z.array(ClaimEntrySchema), nextCursor: z.string().optional() });
export type ClaimsPage = z.infer<typeof ClaimsPageSchema>;

export const AdminClaimsPageSchema = z.object({
  items: z.array(AdminClaimEntrySchema),
  nextCursor: z.string().optional(),
  /** Claims with this status in all, from the claim counters. */
  total: z.number().int().nonnegative(),
});
export type AdminClaimsPage = z.infer<typeof AdminClaimsPageSchema>;

