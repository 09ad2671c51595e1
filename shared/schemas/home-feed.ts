import * as z from 'zod';
import { EventSearchQuerySchema, EventSummarySchema } from './search.ts';

/** How many cards each home section shows. */
export const HOME_SECTION_SIZE = 6;
/** The radius of the home page's "Races near {location}", in miles. */
export const HOME_NEAR_RADIUS = 50;

/** GET /api/home-feed query: a place for "Races near you" (a signed-in athlete's profile location), or none. */
export const HomeFeedQuerySchema = z.strictObject({ near: EventSearchQuerySchema.shape.near });
export type HomeFeedQuery = z.infer<typeof HomeFeedQuerySchema>;

export const HomeFeedSchema = z.object({
  /** Events of active paid-and-approved site-wide promotions (best tier first), then featured events, by date. */
  featured: z.array(EventSummarySchema),
  /** The next verified events, by date. */
  upcoming: z.array(EventSummarySchema),
  /** With `near`: the events within HOME_NEAR_RADIUS miles by date; `origin` absent when the place is unknown. */
  near: z
    .object({
      radius: z.number(),
      origin: z.object({ latitude: z.number(), longitude: z.number(), label: z.string().optional() }).optional(),
      items: z.array(EventSummarySchema),
    })
    .optional(),
});
export type HomeFeed = z.infer<typeof HomeFeedSchema>;
