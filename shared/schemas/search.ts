import * as z from 'zod';
import { DISTANCE_CATEGORIES, EVENT_PAGE_SIZE, EVENT_TYPES, RATING_FILTERS, SEARCH_SORTS, SEARCH_TAGS } from '../event-vocabulary.ts';
import { isRadius, NEAR_FORMAT_MESSAGE, parseNear, RADIUS_OPTIONS } from '../near.ts';
import { PROMOTION_TIERS } from '../promotions.ts';
import { IsoDateSchema, UlidSchema } from './common.ts';
import { CourseSummarySchema, ElevationClassSchema } from './course.ts';
import { EventStatusSchema, EventTypeSchema, PriceTierSchema, StateCodeSchema, TerrainTypeSchema } from './event.ts';

export const DistanceCategorySchema = z.enum(DISTANCE_CATEGORIES);

const LIMIT_MESSAGE = `limit must be a whole number from 1 to ${EVENT_PAGE_SIZE}`;

/** GET /api/events query. Every filter is optional; empty strings count as absent. */
export const EventSearchQuerySchema = z
  .strictObject({
    q: z.string().trim().max(100, 'Search text must be at most 100 characters').optional(),
    state: StateCodeSchema.optional(),
    type: EventTypeSchema.optional(),
    terrain: TerrainTypeSchema.optional(),
    distance: DistanceCategorySchema.optional(),
    /** Only events with this tag ('charity': /charity-races). */
    tag: z.enum(SEARCH_TAGS).optional(),
    /** Only events whose uploaded course climbs this much per km (shared/course-elevation.ts); events without a course never match. */
    elevation: ElevationClassSchema.optional(),
    /** Only events whose reviews average at least this many stars ('4' is 4.0 and up). */
    rating: z.enum(RATING_FILTERS, { message: `rating must be one of ${RATING_FILTERS.join(', ')} (stars and up)` }).optional(),
    from: IsoDateSchema.optional(),
    to: IsoDateSchema.optional(),
    /**
     * Only events within `radius` miles of this place, ordered by date (no promotions lifted): a ZIP code,
     * 'City, ST' or 'latitude,longitude' (shared/near.ts). Events without coordinates are never near anything.
     */
    near: z
      .string()
      .trim()
      .max(100, NEAR_FORMAT_MESSAGE)
      .refine((value) => parseNear(value) !== undefined, NEAR_FORMAT_MESSAGE)
      .optional(),
    /** Miles from `near`: one of RADIUS_OPTIONS, 25 when absent. */
    radius: z.coerce
      .number({ message: `radius must be one of ${RADIUS_OPTIONS.join(', ')} (miles)` })
      .refine(isRadius, `radius must be one of ${RADIUS_OPTIONS.join(', ')} (miles)`)
      .optional(),
    /** Result order (shared/event-vocabulary.ts SEARCH_SORTS): 'date' when absent; 'distance' needs `near`. */
    sort: z.enum(SEARCH_SORTS, { message: `sort must be one of ${SEARCH_SORTS.join(', ')}` }).optional(),
    cursor: z.string().max(2048, 'cursor is not valid').optional(),
    /** Events per page, at most EVENT_PAGE_SIZE (the default): a landing page lists fewer (shared/race-landing.ts). */
    limit: z.coerce.number({ message: LIMIT_MESSAGE }).int(LIMIT_MESSAGE).min(1, LIMIT_MESSAGE).max(EVENT_PAGE_SIZE, LIMIT_MESSAGE).optional(),
  })
  .refine((query) => !query.from || !query.to || query.from <= query.to, {
    message: 'The end date must be on or after the start date',
    path: ['to'],
  })
  .refine((query) => query.radius === undefined || query.near !== undefined, {
    message: 'radius needs near: the ZIP code, city or point to measure from',
    path: ['radius'],
  })
  .refine((query) => query.sort !== 'distance' || query.near !== undefined, {
    message: 'Sorting by distance needs near: the ZIP code, city or point to measure from',
    path: ['sort'],
  })
  // A radius search reads its place's grid cells in date order (lambdas/events/near-search.ts), not in price order.
  .refine((query) => query.sort !== 'price' || query.near === undefined, {
    message: 'A search near a place sorts by date or distance, not by price',
    path: ['sort'],
  });
export type EventSearchQuery = z.infer<typeof EventSearchQuerySchema>;

/** An empty value (`?state=`, as a hand-edited feed address may carry) means no filter. */
const blankAsAbsent = <T extends z.ZodType>(schema: T) => z.preprocess((value) => (value === '' ? undefined : value), schema.optional());

/**
 * GET /api/calendar/events.ics query: the filters a calendar subscription keeps (text and dates would go
 * stale in a feed that is fetched for months). Anything else is a 400 that names the field.
 */
export const EventsCalendarQuerySchema = z.strictObject({
  state: blankAsAbsent(StateCodeSchema),
  type: blankAsAbsent(z.enum(EVENT_TYPES, { message: `must be one of ${EVENT_TYPES.join(', ')}` })),
  distance: blankAsAbsent(z.enum(DISTANCE_CATEGORIES, { message: `must be one of ${DISTANCE_CATEGORIES.join(', ')}` })),
});
export type EventsCalendarQuery = z.infer<typeof EventsCalendarQuerySchema>;

/** What an event card needs: carried by search postings, so a page needs no second read. */
export const EventSummarySchema = z.object({
  id: UlidSchema,
  title: z.string(),
  /** At most ~200 characters; the detail page has the full text. */
  description: z.string().optional(),
  eventDate: IsoDateSchema,
  /** The start on the race's own clock and that clock's zone, when announced (shared/race-start.ts). */
  startTime: z.string().optional(),
  timeZone: z.string().optional(),
  /** Absent when the race is scheduled; with the date it moved from when rescheduled (shared/event-status.ts). */
  status: EventStatusSchema.optional(),
  previousEventDate: IsoDateSchema.optional(),
  city: z.string(),
  state: StateCodeSchema,
  locationName: z.string(),
  eventType: EventTypeSchema,
  terrainType: TerrainTypeSchema,
  distances: z.array(z.string()),
  registrationFee: z.number().optional(),
  /** The prices over time, when the race sells in tiers: a card shows today's (shared/price-tiers.ts feeOn). */
  priceTiers: z.array(PriceTierSchema).optional(),
  registrationUrl: z.string().optional(),
  /** Every place taken (absent is not sold out). */
  soldOut: z.boolean().optional(),
  imageUrl: z.string().optional(),
  featured: z.boolean(),
  verified: z.boolean(),
  /**
   * The event's owner (an organizer whose claim was approved, or who created it): the card's 'Claimed' and
   * 'Claimed by You' badges. The event page shows it too.
   */
  organizerId: z.string().optional(),
  /** Athletes' reviews: average stars and count, when there are any. */
  rating: z.object({ average: z.number(), count: z.number().int() }).optional(),
  /** The course's length, climb and descent (metres), when a GPX course was uploaded: the card shows the climb. */
  course: CourseSummarySchema.optional(),
  /** Present when an active paid-and-approved promotion in the searched scope lifts this event. */
  promotion: z.object({ tier: z.enum(PROMOTION_TIERS) }).optional(),
  /** Miles from the searched place to the event (one decimal), in a radius search only. */
  distanceMiles: z.number().nonnegative().optional(),
});
export type EventSummary = z.infer<typeof EventSummarySchema>;

export const EventSearchPageSchema = z.object({
  items: z.array(EventSummarySchema),
  /**
   * Opaque; absent on the last page. The server bounds the read work of every page, so when matches are
   * rare a page can hold fewer than EVENT_PAGE_SIZE items, even none, while nextCursor is present: ask for
   * the next page as usual (infinite scroll simply keeps loading).
   */
  nextCursor: z.string().optional(),
  /**
   * Whether the result set ends with this page: true exactly when nextCursor is absent. Only then is the
   * number of events known (the sum of the pages' items); until then a client shows what it has as a lower
   * bound ('50+ events'). Pages are not padded to 50 past the read budget, and the same query always pages
   * the same way (the budget does not depend on warm caches), so a running count never differs between
   * loads. Optional in the schema for clients of older servers; this server always sends it.
   */
  complete: z.boolean().optional(),
  /** The place a radius search measured from, as the server resolved `near` (label: 'Boulder, CO 80302'). */
  origin: z.object({ latitude: z.number(), longitude: z.number(), label: z.string().optional() }).optional(),
});
export type EventSearchPage = z.infer<typeof EventSearchPageSchema>;
