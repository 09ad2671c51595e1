/**
 * Race reviews (issue 11): an athlete rates a race they could have run (on or after its date), once, and may
 * edit it. Text is plain: it is shown as text, never as HTML.
 */
import * as z from 'zod';
import { EVENT_TYPES } from '../event-vocabulary.ts';
import { IsoDateSchema, IsoDateTimeSchema, UlidSchema } from './common.ts';
import { StateCodeSchema } from './event.ts';

export const REVIEW_FACETS = ['course', 'organization', 'aidStations', 'swag', 'value'] as const;
export type ReviewFacet = (typeof REVIEW_FACETS)[number];
export const REVIEW_FACET_LABELS: Readonly<Record<ReviewFacet, string>> = {
  course: 'Course',
  organization: 'Organization',
  aidStations: 'Aid stations',
  swag: 'Swag',
  value: 'Value',
};

export const REVIEW_TEXT_MIN = 10;
export const REVIEW_TEXT_MAX = 2000;
export const REVIEW_REPORT_REASONS = ['spam', 'offensive', 'off_topic', 'personal_information', 'other'] as const;

const stars = (what: string) =>
  z
    .number({ message: `${what} must be 1 to 5 stars` })
    .int(`${what} must be 1 to 5 stars`)
    .min(1, `${what} must be 1 to 5 stars`)
    .max(5, `${what} must be 1 to 5 stars`);

export const ReviewFacetsSchema = z.strictObject(
  Object.fromEntries(REVIEW_FACETS.map((facet) => [facet, stars(REVIEW_FACET_LABELS[facet]).optional()])) as Record<ReviewFacet, z.ZodOptional<ReturnType<typeof stars>>>,
);
export type ReviewFacets = z.infer<typeof ReviewFacetsSchema>;

export const NewReviewSchema = z.strictObject({
  overall: stars('Your overall rating'),
  text: z
    .string({ message: 'Write a few words about the race' })
    .trim()
    .min(REVIEW_TEXT_MIN, `Tell other runners a little more (at least ${REVIEW_TEXT_MIN} characters)`)
    .max(REVIEW_TEXT_MAX, `Keep it under ${REVIEW_TEXT_MAX} characters`),
  facets: ReviewFacetsSchema.optional(),
  /** The distance they ran: one of the event's distances (checked against the event on the server). */
  distance: z.string().trim().min(1).max(40).optional(),
});
export type NewReview = z.infer<typeof NewReviewSchema>;
export type NewReviewInput = z.input<typeof NewReviewSchema>;

export const ReviewSchema = z.object({
  id: UlidSchema,
  eventId: UlidSchema,
  overall: z.number().int().min(1).max(5),
  text: z.string(),
  facets: ReviewFacetsSchema,
  distance: z.string().optional(),
  /** First name and last initial: reviews are public, the full name is not. */
  authorName: z.string(),
  /** The athlete saved the race before it happened: they planned to run it. */
  savedBefore: z.boolean(),
  helpfulCount: z.number().int().min(0),
  createdAt: IsoDateTimeSchema,
  updatedAt: IsoDateTimeSchema,
  /** Only for a signed-in caller: their own review, and whether they marked it helpful. */
  mine: z.boolean().optional(),
  votedHelpful: z.boolean().optional(),
});
export type Review = z.infer<typeof ReviewSchema>;

const FacetAverageSchema = z.object({ average: z.number(), count: z.number().int() });

export const ReviewAggregateSchema = z.object({
  count: z.number().int().min(0),
  /** To one decimal; null without reviews. */
  average: z.number().nullable(),
  /** Stars 1..5: how many reviews gave each. */
  distribution: z.tuple([z.number(), z.number(), z.number(), z.number(), z.number()]),
  facets: z.partialRecord(z.enum(REVIEW_FACETS), FacetAverageSchema),
});
export type ReviewAggregate = z.infer<typeof ReviewAggregateSchema>;

export const EventReviewsPageSchema = z.object({
  aggregate: ReviewAggregateSchema,
  items: z.array(ReviewSchema),
  nextCursor: z.string().optional(),
  /** The caller's own review of this race (signed in), wherever it falls in the pages. */
  mine: ReviewSchema.nullable().optional(),
});
export type EventReviewsPage = z.infer<typeof EventReviewsPageSchema>;

/** A review in a list across races: with the race it is about. */
export const RecentReviewSchema = ReviewSchema.extend({
  event: z.object({ id: UlidSchema, title: z.string(), eventDate: IsoDateSchema, city: z.string(), state: z.string(), eventType: z.enum(EVENT_TYPES) }),
});
export type RecentReview = z.infer<typeof RecentReviewSchema>;

export const RecentReviewsPageSchema = z.object({ items: z.array(RecentReviewSchema), nextCursor: z.string().optional() });
export type RecentReviewsPage = z.infer<typeof RecentReviewsPageSchema>;

export const RecentReviewsQuerySchema = z.strictObject({
  state: StateCodeSchema.optional(),
  type: z.enum(EVENT_TYPES, { message: 'type must be an event type' }).optional(),
  cursor: z.string().max(2048, 'cursor is not valid').optional(),
});

export const EventReviewsPathSchema = z.strictObject({ id: UlidSchema });
export const ReviewPathSchema = z.strictObject({ id: UlidSchema, reviewId: UlidSchema });
export const EventReviewsQuerySchema = z.strictObject({ cursor: z.string().max(2048, 'cursor is not valid').optional() });

export const ReviewReportSchema = z.strictObject({
  reason: z.enum(REVIEW_REPORT_REASONS, { message: `reason must be one of ${REVIEW_REPORT_REASONS.join(', ')}` }),
  note: z.string().trim().max(500, 'Keep the note under 500 characters').optional(),
});
export type ReviewReport = z.infer<typeof ReviewReportSchema>;

export const HelpfulAnswerSchema = z.object({ helpfulCount: z.number().int().min(0), votedHelpful: z.boolean() });

/** A review waiting for an admin because athletes reported it. */
export const ReportedReviewSchema = RecentReviewSchema.extend({
  reportCount: z.number().int().min(1),
  reasons: z.partialRecord(z.enum(REVIEW_REPORT_REASONS), z.number().int()),
  firstReportedAt: IsoDateTimeSchema,
});
export type ReportedReview = z.infer<typeof ReportedReviewSchema>;
export const ReportedReviewsPageSchema = z.object({ items: z.array(ReportedReviewSchema), nextCursor: z.string().optional() });

export const ModerationDecisionSchema = z.strictObject({
  decision: z.enum(['hide', 'keep'], { message: "decision must be 'hide' or 'keep'" }),
  note: z.string().trim().max(500, 'Keep the note under 500 characters').optional(),
});
export type ModerationDecision = z.infer<typeof ModerationDecisionSchema>;
