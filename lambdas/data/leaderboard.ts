/** No defineEntity here: it stores nothing; it reads the index keys review.ts writes. */
/**
 * The leaderboards, read from the index keys the review writes keep (review.ts): races with the most reviews
 * (GSI1 LEADERBOARD#MOST_REVIEWED), the best rated with at least TOP_RATED_MIN_REVIEWS reviews (GSI2
 * LEADERBOARD#TOP_RATED) and the reviewers whose reviews athletes found most helpful (GSI1 LEADERBOARD#HELPFUL
 * on the reviewer figures). Three Queries, each in its index's order, descending, and one BatchGet of the
 * races: a race deleted or no longer public since its reviews leaves the boards, and the boards show the
 * race's current title. Reviewers appear by the name they sign reviews with, never by account id.
 */
import { LEADERBOARD_SIZE, type Leaderboard, type LeaderboardRace, type LeaderboardReviewer } from '#shared/schemas/community';
import { table } from '#lib/kit/table';
import { getEventsById } from './event.ts';
import { eventFacts } from './race-writing.ts';
import { MOST_HELPFUL_PARTITION, MOST_REVIEWED_PARTITION, TOP_RATED_MIN_REVIEWS, TOP_RATED_PARTITION } from './review.ts';

/** Aggregates read per race board: room for a few races that left the catalogue without shortening the board. */
const RACE_READ = LEADERBOARD_SIZE * 2;

async function topOf(index: 'GSI1' | 'GSI2', partition: string, limit: number): Promise<Record<string, unknown>[]> {
  const { Items = [] } = await table.query({
    IndexName: index,
    KeyConditionExpression: `${index}PK = :pk`,
    ExpressionAttributeValues: { ':pk': partition },
    ScanIndexForward: false,
    Limit: limit,
  });
  return Items;
}

/** Ranks in order, ties sharing a rank (1, 2, 2, 4) by the board's figure. */
function ranked<T>(rows: readonly T[], figure: (row: T) => number | string): (T & { rank: number })[] {
  return rows.map((row, index) => {
    let first = index;
    while (first > 0 && figure(rows[first - 1]!) === figure(row)) first -= 1;
    return { ...row, rank: first + 1 };
  });
}

const oneDecimal = (value: number) => Math.round(value * 10) / 10;

export async function getLeaderboard(): Promise<Leaderboard> {
  const [mostReviewedItems, topRatedItems, helpfulItems] = await Promise.all([
    topOf('GSI1', MOST_REVIEWED_PARTITION, RACE_READ),
    topOf('GSI2', TOP_RATED_PARTITION, RACE_READ),
    topOf('GSI1', MOST_HELPFUL_PARTITION, LEADERBOARD_SIZE),
  ]);
  const events = await getEventsById([...mostReviewedItems, ...topRatedItems].map((item) => String(item.eventId)));
  const races = (items: Record<string, unknown>[]): Omit<LeaderboardRace, 'rank'>[] =>
    items
      .flatMap((item) => {
        const event = events.get(String(item.eventId));
        const count = Number(item.count ?? 0);
        if (!event?.verified || count < 1) return [];
        return [{ event: eventFacts(event), reviewCount: count, average: oneDecimal(Number(item.overallSum ?? 0) / count) }];
      })
      .slice(0, LEADERBOARD_SIZE);
  const reviewers: Omit<LeaderboardReviewer, 'rank'>[] = helpfulItems
    .map((item) => ({ name: String(item.name ?? 'Runner'), helpfulVotes: Number(item.helpful ?? 0), reviewCount: Number(item.reviews ?? 0) }))
    .filter((reviewer) => reviewer.helpfulVotes > 0);
  return {
    mostReviewed: ranked(races(mostReviewedItems), (race) => race.reviewCount),
    // The index orders by the average to two decimals, then the count: ties share a rank only when both agree.
    topRated: ranked(races(topRatedItems), (race) => `${race.average}#${race.reviewCount}`),
    mostHelpful: ranked(reviewers, (reviewer) => reviewer.helpfulVotes),
    topRatedMinReviews: TOP_RATED_MIN_REVIEWS,
  };
}
