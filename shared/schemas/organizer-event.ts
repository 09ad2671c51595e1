/**
 * Events organizers run (spec 001 'Create event'): the fields an organizer may set on an event they create or
 * own. Never verified, featured, owner, organization, review or money fields: the server sets those. The
 * future date is checked on the server, where today is known; the rest is checked here, on both sides.
 */
import * as z from 'zod';
import { CHARITY_TAG } from '../event-vocabulary.ts';
import { stateTimeZones } from '../race-time-zones.ts';
import { IsoDateSchema, IsoDateTimeSchema, StartTimeSchema, UlidSchema, optionalText, requiredText } from './common.ts';
import { NEW_EVENT_STATUSES } from '../event-status.ts';
import { EVENT_REVIEW_STATUSES, EventReviewStatusSchema, EventSourceSchema, EventStatusSchema, EventTypeSchema, PriceTiersSchema, StateCodeSchema, TerrainTypeSchema } from './event.ts';
import { priceTiersProblem } from '../price-tier-checks.ts';

const url = z.url({ protocol: /^https?$/, message: 'must be a web address starting with http:// or https://' }).max(2000);
/** A field an edit may clear: null removes it. */
const clearable = <T extends z.ZodType>(schema: T) => schema.nullable().optional();

export const ORGANIZER_EVENT_LIMITS = { title: 200, description: 5000, distances: 10, distance: 40 } as const;

/** Tags an organizer may put on their own event: a charity race is listed on /charity-races. */
export const ORGANIZER_TAGS = [CHARITY_TAG] as const;

/** Each field's schema, shared by the forms that write events: this one and the suggestion of a missing race. */
export const EVENT_FIELD_SCHEMAS = {
  title: requiredText('Event name', ORGANIZER_EVENT_LIMITS.title).refine((value) => value.length >= 3, 'Event name must be at least 3 characters'),
  description: optionalText('Description', ORGANIZER_EVENT_LIMITS.description),
  eventDate: IsoDateSchema,
  /** On the clock where the race is run: its timeZone, else the state's (shared/race-time-zones.ts). */
  startTime: StartTimeSchema.optional(),
  /** One of the state's zones (stateTimeZones): a split state's races choose theirs. Kept only beside a start time. */
  timeZone: z.string().max(64).optional(),
  registrationEndDate: IsoDateSchema.optional(),
  /** Absent is scheduled (shared/event-status.ts); the date a rescheduled race moved from is the server's to keep. */
  status: EventStatusSchema.optional(),
  eventType: EventTypeSchema,
  terrainType: TerrainTypeSchema,
  locationName: requiredText('Venue or start location', 200),
  city: requiredText('City', 100),
  state: StateCodeSchema,
  zipCode: z
    .string()
    .trim()
    .regex(/^(\d{5})?$/, 'must be a 5-digit zip code')
    .transform((value) => (value === '' ? undefined : value))
    .optional(),
  /** The form splits what the organizer types on commas; each distance as written ('5K', 'Half Marathon'). */
  distances: z
    .array(requiredText('Distance', ORGANIZER_EVENT_LIMITS.distance))
    .min(1, 'List at least one distance')
    .max(ORGANIZER_EVENT_LIMITS.distances, `List at most ${ORGANIZER_EVENT_LIMITS.distances} distances`),
  registrationFee: z.number().nonnegative('must be 0 or more').max(100_000).optional(),
  /** Prices with deadlines ("$65 until Mar 1, then $80"), instead of one fee: the server keeps registrationFee as today's. */
  priceTiers: PriceTiersSchema.optional(),
  maxParticipants: z.number().int('must be a whole number').positive('must be at least 1').max(1_000_000).optional(),
  /** Every place taken; only true is stored. */
  soldOut: z.boolean().optional(),
  registrationUrl: url.optional(),
  websiteUrl: url.optional(),
  /** The tags an organizer may set (ORGANIZER_TAGS); other tags (imports, admins) stay as they are. */
  tags: z.array(z.enum(ORGANIZER_TAGS, { message: 'Unknown tag' })).max(ORGANIZER_TAGS.length).transform((tags) => [...new Set(tags)]).optional(),
};
const fields = EVENT_FIELD_SCHEMAS;

const registrationBeforeEvent = (body: { eventDate?: string; registrationEndDate?: string | null }) =>
  !body.eventDate || !body.registrationEndDate || body.registrationEndDate <= body.eventDate;
const REGISTRATION_MESSAGE = { message: 'Registration must close on or before the event date', path: ['registrationEndDate'] };

/**
 * Tiers in order and before the race (priceTiersProblem), and never beside a fee of its own: the tiers say what
 * the fee is on each day. An edit checks the dates it sends; the server checks them against the stored event.
 */
const pricesAgree = (body: { eventDate?: string; registrationFee?: number | null; priceTiers?: readonly { fee: number; until?: string }[] | null }, ctx: z.RefinementCtx) => {
  if (!body.priceTiers) return;
  if (body.registrationFee !== undefined && body.registrationFee !== null) {
    ctx.addIssue({ code: 'custom', message: 'Give one fee or prices with deadlines, not both', path: ['registrationFee'] });
  }
  const problem = priceTiersProblem(body.priceTiers, body.eventDate);
  if (problem) ctx.addIssue({ code: 'custom', message: problem, path: ['priceTiers'] });
};

/** Whether a race in `state` may be run on `timeZone`; an edit checks it against the state the event will have. */
export function isStateTimeZone(timeZone: string | null | undefined, state: string): boolean {
  return !timeZone || stateTimeZones(state).includes(timeZone);
}
export const TIME_ZONE_MESSAGE = "Choose one of the state's time zones";

/** An event's fields as the organizer's form holds them, new or edited (the form checks a draft with this). */
export const OrganizerEventFieldsSchema = z
  .strictObject(fields)
  .refine(registrationBeforeEvent, REGISTRATION_MESSAGE)
  .superRefine(pricesAgree)
  .refine((body) => isStateTimeZone(body.timeZone, body.state), { message: TIME_ZONE_MESSAGE, path: ['timeZone'] });

/** POST /api/events: a new event, saved unverified and queued for an admin's review. */
export const NewOrganizerEventSchema = OrganizerEventFieldsSchema.refine(
  (body) => !body.status || (NEW_EVENT_STATUSES as readonly string[]).includes(body.status),
  { message: 'A new event is scheduled or virtual: the other statuses describe a change to a race already listed', path: ['status'] },
);
export type NewOrganizerEvent = z.infer<typeof NewOrganizerEventSchema>;

/** PATCH /api/events/{id}: the owner's (or an admin's) edit; only fields sent change, null clears an optional one. */
export const OrganizerEventPatchSchema = z
  .strictObject({
    title: fields.title.optional(),
    description: clearable(fields.description),
    eventDate: fields.eventDate.optional(),
    startTime: clearable(StartTimeSchema),
    timeZone: clearable(fields.timeZone.unwrap()),
    registrationEndDate: clearable(IsoDateSchema),
    /** null is back to scheduled. */
    status: clearable(EventStatusSchema),
    eventType: fields.eventType.optional(),
    terrainType: fields.terrainType.optional(),
    locationName: fields.locationName.optional(),
    city: fields.city.optional(),
    state: fields.state.optional(),
    zipCode: clearable(fields.zipCode),
    distances: fields.distances.optional(),
    registrationFee: clearable(z.number().nonnegative('must be 0 or more').max(100_000)),
    priceTiers: clearable(PriceTiersSchema),
    maxParticipants: clearable(z.number().int('must be a whole number').positive('must be at least 1').max(1_000_000)),
    /** null (or false) is places left again. */
    soldOut: clearable(z.boolean()),
    registrationUrl: clearable(url),
    websiteUrl: clearable(url),
    tags: fields.tags,
    /** The owner says the details as they stand are current: the page shows them checked today, whether or not anything else changes. */
    confirmed: z.literal(true).optional(),
  })
  .refine((body) => Object.values(body).some((value) => value !== undefined), { message: 'Nothing to change' })
  .refine(registrationBeforeEvent, REGISTRATION_MESSAGE)
  .superRefine(pricesAgree);
export type OrganizerEventPatch = z.infer<typeof OrganizerEventPatchSchema>;

/** The fields an owner may change, in the order a change record lists them. */
export const OWNER_EDITABLE_FIELDS = Object.keys(fields) as (keyof NewOrganizerEvent)[];

/** One of the caller's events in their list (My Events). */
export const OwnEventSchema = z.object({
  id: UlidSchema,
  title: z.string(),
  eventDate: IsoDateSchema,
  city: z.string(),
  state: StateCodeSchema,
  eventType: z.string(),
  verified: z.boolean(),
  reviewStatus: EventReviewStatusSchema.optional(),
  reviewNotes: z.string().optional(),
});
export type OwnEvent = z.infer<typeof OwnEventSchema>;

const CursorSchema = z.string().max(2048, 'cursor is not valid').optional();
export const CursorQuerySchema = z.strictObject({ cursor: CursorSchema });

export const OwnEventsPageSchema = z.object({ items: z.array(OwnEventSchema), nextCursor: z.string().optional() });
export type OwnEventsPage = z.infer<typeof OwnEventsPageSchema>;

export const OrganizerEventPathSchema = z.strictObject({ id: UlidSchema });

/** Queues of the admin's review: waiting, or sent back to the owner. */
export const REVIEW_QUEUES = EVENT_REVIEW_STATUSES.filter((status) => status !== 'approved') as ['pending', 'changes_requested'];
export const EventReviewQueueQuerySchema = z.strictObject({
  status: z.enum(REVIEW_QUEUES, { message: "status must be 'pending' or 'changes_requested'" }).default('pending'),
  cursor: CursorSchema,
});

/** What the review queue shows of a suggested race (/submit-event) besides the event: who sent it and their notes. */
export const SuggestionInfoSchema = z.object({
  submittedBy: z.string(),
  submitterEmail: z.string().optional(),
  notes: z.string().optional(),
});

/** An event in the review queue, with who submitted it: its organizer, or for a suggestion the user who sent it. */
export const ReviewEventSchema = OwnEventSchema.extend({
  locationName: z.string(),
  distances: z.array(z.string()),
  description: z.string().optional(),
  registrationUrl: z.string().optional(),
  websiteUrl: z.string().optional(),
  createdAt: IsoDateTimeSchema,
  organizerId: z.string().optional(),
  source: EventSourceSchema.optional(),
  suggestion: SuggestionInfoSchema.optional(),
});
export const EventReviewPageSchema = z.object({ items: z.array(ReviewEventSchema), nextCursor: z.string().optional() });
export type EventReviewPage = z.infer<typeof EventReviewPageSchema>;

export const EVENT_REVIEW_NOTES_MAX = 1000;
/**
 * approve: verified, public and searchable. send_back (organizers' events): to the owner with notes, to edit.
 * reject (suggested races, which have no owner to send back to): removed from the catalogue, with notes the
 * submitter sees.
 */
export const EventReviewDecisionSchema = z
  .strictObject({
    decision: z.enum(['approve', 'send_back', 'reject'], { message: "decision must be 'approve', 'send_back' or 'reject'" }),
    notes: optionalText('Notes', EVENT_REVIEW_NOTES_MAX),
  })
  .refine((body) => body.decision !== 'send_back' || Boolean(body.notes), { message: 'Tell the organizer what to change', path: ['notes'] })
  .refine((body) => body.decision !== 'reject' || Boolean(body.notes), { message: 'Tell the submitter why it is not listed', path: ['notes'] });

/** One recorded edit of an event: who, when, and each field before and after. */
export const EventChangeSchema = z.object({
  id: UlidSchema,
  eventId: UlidSchema,
  eventTitle: z.string(),
  actorId: z.string(),
  actorEmail: z.string().optional(),
  /** 'owner' when the event's organizer made it, 'admin' otherwise. */
  actorRole: z.enum(['owner', 'admin']),
  at: IsoDateTimeSchema,
  fields: z.array(z.object({ name: z.string(), before: z.unknown(), after: z.unknown() })),
});
export type EventChange = z.infer<typeof EventChangeSchema>;

export const EventChangesQuerySchema = z.strictObject({ eventId: UlidSchema.optional(), cursor: CursorSchema });
export const EventChangesPageSchema = z.object({ items: z.array(EventChangeSchema), nextCursor: z.string().optional() });
export type EventChangesPage = z.infer<typeof EventChangesPageSchema>;
