/**
 * Organizations: the organization behind an event (the event page), and the public organizer directory
 * (/organizers and /organizers/{id}): who runs races, where, what kinds, how many, and what is next.
 */
import * as z from 'zod';
import { IsoDateSchema, UlidSchema } from './common.ts';
import { EventTypeSchema, StateCodeSchema } from './event.ts';
import { EventSummarySchema } from './search.ts';

/** The organization behind an event, as the event page shows it. */
export const OrganizationSchema = z.object({
  id: UlidSchema,
  name: z.string(),
  description: z.string().optional(),
  websiteUrl: z.string().optional(),
  email: z.string().optional(),
  /** An admin checked it: every organization made from an approved organizer application is. */
  verified: z.boolean().optional(),
});
export type Organization = z.infer<typeof OrganizationSchema>;

/** Organizations a directory page holds. */
export const ORGANIZATION_PAGE_SIZE = 12;
/** Upcoming events an organization page lists at a time. */
export const ORGANIZATION_EVENTS_PAGE_SIZE = 12;

const CursorSchema = z.string().max(2048, 'cursor is not valid').optional();

/** GET /api/organizations: words of a name, a place (city or state) or a kind of race; empty lists them all. */
export const OrganizationSearchQuerySchema = z.strictObject({
  q: z.string().trim().max(100, 'Search text must be at most 100 characters').optional(),
  cursor: CursorSchema,
});
export type OrganizationSearchQuery = z.infer<typeof OrganizationSearchQuerySchema>;

/**
 * Stars from the reviews of the organization's events (1 to 5, one decimal), and how many reviews; null
 * while there are none.
 */
export const OrganizationRatingSchema = z.object({ average: z.number().min(1).max(5), count: z.number().int().positive() }).nullable();
export type OrganizationRating = z.infer<typeof OrganizationRatingSchema>;

export const NextEventSchema = z.object({ id: UlidSchema, title: z.string(), eventDate: IsoDateSchema, city: z.string(), state: StateCodeSchema });

/** An organization as a directory card shows it. Counts are of its public (verified) events. */
export const OrganizationCardSchema = z.object({
  id: UlidSchema,
  name: z.string(),
  verified: z.boolean(),
  /** Where most of its public events are; absent until it has one. */
  location: z.object({ city: z.string(), state: StateCodeSchema }).optional(),
  /** Its public events, past and upcoming. */
  eventCount: z.number().int().nonnegative(),
  /** Its public events dated today or later. */
  upcomingEventCount: z.number().int().nonnegative(),
  /** The kinds of race its public events are, the most frequent first. */
  specialties: z.array(EventTypeSchema),
  rating: OrganizationRatingSchema,
  /** Its first upcoming public event. */
  nextEvent: NextEventSchema.optional(),
  websiteUrl: z.string().optional(),
});
export type OrganizationCard = z.infer<typeof OrganizationCardSchema>;

export const OrganizationsPageSchema = z.object({
  items: z.array(OrganizationCardSchema),
  /** Opaque; absent on the last page. A page may hold fewer than a full page while this is present. */
  nextCursor: z.string().optional(),
});
export type OrganizationsPage = z.infer<typeof OrganizationsPageSchema>;

export const OrganizationPathSchema = z.strictObject({ id: UlidSchema });
/** GET /api/organizations/{id}: `cursor` pages its upcoming events. */
export const OrganizationEventsQuerySchema = z.strictObject({ cursor: CursorSchema });

/** An organization's page: its card, description, how many events are past, and its upcoming events by date. */
export const OrganizationDetailSchema = OrganizationCardSchema.extend({
  description: z.string().optional(),
  pastEventCount: z.number().int().nonnegative(),
  events: z.object({ items: z.array(EventSummarySchema), nextCursor: z.string().optional() }),
});
export type OrganizationDetail = z.infer<typeof OrganizationDetailSchema>;
