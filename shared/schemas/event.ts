import * as z from 'zod';
import { EVENT_STATUSES } from '../event-status.ts';
import { MAX_PRICE_TIERS } from '../price-tiers.ts';
import { EVENT_TYPES, TERRAIN_TYPES } from '../event-vocabulary.ts';
import { STATE_CODES } from '../us-states.ts';
import { CourseSummarySchema } from './course.ts';
import { IsoDateSchema, IsoDateTimeSchema, StartTimeSchema, UlidSchema } from './common.ts';
import { EventImageSchema } from './event-image.ts';

export const EventTypeSchema = z.enum(EVENT_TYPES);
export const TerrainTypeSchema = z.enum(TERRAIN_TYPES);

/**
 * Where an event came from; 'organizer' is one an organizer created on /create-event, 'suggestion' a race a
 * signed-in user told us about on /submit-event (no owner; an admin reviews it like an organizer's).
 */
export const EVENT_SOURCES = ['manual', 'seed', 'json', 'runsignup', 'organizer', 'suggestion'] as const;
export const EventSourceSchema = z.enum(EVENT_SOURCES);

/**
 * Why an event waits for an admin's look: an import saw it cancelled, or no longer saw it at its source, or
 * found it already listed from another source. Cleared by an admin; counted in COUNTER / EVENTS `flagged`.
 */
export const REVIEW_FLAGS = ['cancelled', 'removed-from-source', 'possible-duplicate'] as const;
export const ReviewFlagSchema = z.enum(REVIEW_FLAGS);

/** Who last confirmed a race's details (RaceEvent.lastCheckedBy). */
export const LAST_CHECKED_BY = ['organizer', 'import'] as const;

/** Whether the race goes ahead as listed (shared/event-status.ts); absent is 'scheduled'. */
export const EventStatusSchema = z.enum(EVENT_STATUSES, { message: `must be one of ${EVENT_STATUSES.join(', ')}` });

export const StateCodeSchema = z.enum(STATE_CODES as [string, ...string[]], {
  message: 'must be a two-letter US state code',
});

/**
 * An organizer-created event's review: waiting for an admin, sent back with notes (the owner edits and it is
 * pending again), or approved (verified and public). Absent on events that never needed one (imports, seed).
 */
export const EVENT_REVIEW_STATUSES = ['pending', 'changes_requested', 'approved'] as const;
export const EventReviewStatusSchema = z.enum(EVENT_REVIEW_STATUSES);
export type EventReviewStatus = z.infer<typeof EventReviewStatusSchema>;

/** One price of a race sold in tiers (shared/price-tiers.ts): a fee and the last day it is sold at. */
export const PriceTierSchema = z.strictObject({
  fee: z.number().nonnegative('must be 0 or more').max(100_000),
  until: IsoDateSchema.optional(),
});
export const PriceTiersSchema = z.array(PriceTierSchema).min(2, 'Give at least two prices, or one fee').max(MAX_PRICE_TIERS, `Give at most ${MAX_PRICE_TIERS} prices`);

/** An event as stored and returned by the API. */
export const EventSchema = z.object({
  id: UlidSchema,
  title: z.string(),
  description: z.string().optional(),
  eventDate: IsoDateSchema,
  /** When the race starts on eventDate, on the clock where it is run; absent when not announced. */
  startTime: StartTimeSchema.optional(),
  /** The zone startTime is read in (IANA); the event store sets it beside a start time (shared/race-time-zones.ts). */
  timeZone: z.string().optional(),
  registrationEndDate: IsoDateSchema.optional(),
  /** Absent when scheduled (shared/event-status.ts). */
  status: EventStatusSchema.optional(),
  /** The date a rescheduled race moved from; set by the event store, only beside status 'rescheduled'. */
  previousEventDate: IsoDateSchema.optional(),
  eventType: EventTypeSchema,
  terrainType: TerrainTypeSchema,
  locationName: z.string(),
  city: z.string(),
  state: StateCodeSchema,
  country: z.string(),
  zipCode: z.string().optional(),
  latitude: z.number().min(-90).max(90).optional(),
  longitude: z.number().min(-180).max(180).optional(),
  distances: z.array(z.string()),
  /** The fee sold on the day the event was written; with priceTiers, read feeOn for today's (shared/price-tiers.ts). */
  registrationFee: z.number().nonnegative().optional(),
  /** "$65 until Mar 1, then $80": the prices over time, when the race sells in tiers. */
  priceTiers: z.array(PriceTierSchema).optional(),
  maxParticipants: z.number().int().positive().optional(),
  /** Every place taken: cards and the page say so (absent is not sold out). */
  soldOut: z.boolean().optional(),
  registrationUrl: z.url().optional(),
  websiteUrl: z.url().optional(),
  imageUrl: z.url().optional(),
  /** Uploaded pictures in page order, the first the cover (shared/schemas/event-image.ts); set only by the image store. */
  images: z.array(EventImageSchema).optional(),
  organizationId: UlidSchema.optional(),
  organizerId: z.string().optional(),
  tags: z.array(z.string()),
  /** Athletes' reviews: average stars (one decimal) and count. Set only by the review store, never by a client. */
  rating: z.object({ average: z.number().min(1).max(5), count: z.number().int().positive() }).optional(),
  /** The course's length, climb and descent, when its organizer uploaded a GPX file. Set only by the course store (lambdas/data/event-course.ts). */
  course: CourseSummarySchema.optional(),
  featured: z.boolean(),
  verified: z.boolean(),
  source: EventSourceSchema,
  sourceId: z.string().optional(),
  reviewFlag: ReviewFlagSchema.optional(),
  reviewStatus: EventReviewStatusSchema.optional(),
  /** The admin's notes on the last review, for the owner. */
  reviewNotes: z.string().optional(),
  /** Fields an admin changed by hand: later imports leave them as the admin set them. */
  adminEditedFields: z.array(z.string()).optional(),
  /**
   * The day the race's details were last confirmed, and by whom: its organizer (an edit saved, or "these details
   * are current"), or an import that wrote what its source says. Set only by the server.
   */
  lastCheckedAt: IsoDateSchema.optional(),
  lastCheckedBy: z.enum(LAST_CHECKED_BY).optional(),
  createdAt: IsoDateTimeSchema,
  updatedAt: IsoDateTimeSchema,
});
export type RaceEvent = z.infer<typeof EventSchema>;
