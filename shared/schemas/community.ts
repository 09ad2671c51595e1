/**
 * The community pages (issue 11): the feed of recent reviews and recaps, and the leaderboards built from the
 * counters the review writes keep. Nothing here names an athlete but by first name and last initial.
 */
import * as z from 'zod';
import { IsoDateTimeSchema, UlidSchema } from './common.ts';
import { StateCodeSchema } from './event.ts';
import { RECAP_EXCERPT_LENGTH, RecapEventSchema } from './recap.ts';

/** Characters of a review's or recap's text the feed shows: as much as a recap's own excerpt. */
export const FEED_EXCERPT_LENGTH = RECAP_EXCERPT_LENGTH;

const feedEntry = {
  id: UlidSchema,
  event: RecapEventSchema,
  authorName: z.string(),
  createdAt: IsoDateTimeSchema,
  excerpt: z.string(),
};

export const CommunityItemSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('review'), ...feedEntry, overall: z.number().int().min(1).max(5) }),
  z.object({ kind: z.literal('recap'), ...feedEntry, title: z.string() }),
]);
export type CommunityItem = z.infer<typeof CommunityItemSchema>;

export const CommunityPageSchema = z.object({ items: z.array(CommunityItemSchema), nextCursor: z.string().optional() });
export type CommunityPage = z.infer<typeof CommunityPageSchema>;

export const CommunityQuerySchema = z.strictObject({
  state: StateCodeSchema.optional(),
  // Two positions (reviews' and recaps'): longer than one list's.
  cursor: z.string().max(4096, 'cursor is not valid').optional(),
});

export const LEADERBOARD_SIZE = 10;

export const LeaderboardRaceSchema = z.object({
  rank: z.number().int().min(1),
  event: RecapEventSchema,
  reviewCount: z.number().int().min(1),
  /** Average stars to one decimal. */
  average: z.number(),
});
export type LeaderboardRace = z.infer<typeof LeaderboardRaceSchema>;

export const LeaderboardReviewerSchema = z.object({
  rank: z.number().int().min(1),
  /** First name and last initial, as on their reviews: never an account id. */
  name: z.string(),
  helpfulVotes: z.number().int().min(1),
  reviewCount: z.number().int().min(0),
});
export type LeaderboardReviewer = z.infer<typeof LeaderboardReviewerSchema>;

export const LeaderboardSchema = z.object({
  mostReviewed: z.array(LeaderboardRaceSchema),
  topRated: z.array(LeaderboardRaceSchema),
  mostHelpful: z.array(LeaderboardReviewerSchema),
  /** A race joins the top-rated board with this many reviews. */
  topRatedMinReviews: z.number().int(),
});
export type Leaderboard = z.infer<typeof LeaderboardSchema>;
