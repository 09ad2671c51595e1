import * as z from 'zod';
import { PROMOTION_TIERS } from '../promotions.ts';
import { IsoDateSchema, UlidSchema } from './common.ts';
import { EventTypeSchema, StateCodeSchema, TerrainTypeSchema } from './event.ts';

/** Page size of every event list (spec 000 section 9). */
export const EVENT_PAGE_SIZE = 50;

/** Distance categories of the search filter; an event is in a category when one of its distances is. */
export const DISTANCE_CATEGORIES = ['5k', '10k', 'half', 'marathon', 'ultra', 'triathlon', 'cycling', 'other'] as const;
export const DistanceCategorySchema = z.enum(DISTANCE_CATEGORIES);
export type DistanceCategory = z.infer<typeof DistanceCategorySchema>;

export const DISTANCE_LABELS: Readonly<Record<DistanceCategory, string>> = {
  '5k': '5K',
  '10k': '10K',
  half: 'Half marathon',
  marathon: 'Marathon',
  ultra: 'Ultra',
  triathlon: 'Triathlon',
  cycling: 'Cycling',
  other: 'Other',
};

/** GET /api/events query. Every filter is optional; empty strings count as absent. */
export const EventSearchQuerySchema = z
  .strictObject({
    q: z.string().trim().max(100, 'Search text must be at most 100 characters').optional(),
    state: StateCodeSchema.optional(),
    type: EventTypeSchema.optional(),
    terrain: TerrainTypeSchema.optional(),
    distance: DistanceCategorySchema.optional(),
    from: IsoDateSchema.optional(),
    to: IsoDateSchema.optional(),
    cursor: z.string().max(2048, 'cursor is not valid').optional(),
  })
  .refine((query) => !query.from || !query.to || query.from <= query.to, {
    message: 'The end date must be on or after the start date',
    path: ['to'],
  });
export type EventSearchQuery = z.infer<typeof EventSearchQuerySchema>;

/** What an event card needs: carried by search postings, so a page needs no second read. */
export const EventSummarySchema = z.object({
  id: UlidSchema,
  title: z.string(),
  /** At most ~200 characters; the detail page has the full text. */
  description: z.string().optional(),
  eventDate: IsoDateSchema,
  city: z.string(),
  state: StateCodeSchema,
  locationName: z.string(),
  eventType: EventTypeSchema,
  terrainType: TerrainTypeSchema,
  distances: z.array(z.string()),
  registrationFee: z.number().optional(),
  registrationUrl: z.string().optional(),
  imageUrl: z.string().optional(),
  featured: z.boolean(),
  verified: z.boolean(),
  /** Present when an active paid-and-approved promotion in the searched scope lifts this event. */
  promotion: z.object({ tier: z.enum(PROMOTION_TIERS) }).optional(),
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
});
export type EventSearchPage = z.infer<typeof EventSearchPageSchema>;
