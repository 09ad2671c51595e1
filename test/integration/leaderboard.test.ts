/**
 * GET /api/leaderboard through the local stack: reviews and helpful votes written through the real routes
 * order the three boards (most reviewed, best rated with 3+ reviews, most helpful reviewers), a race that
 * left the catalogue leaves the boards, reviewers appear by name only, and the answer is cacheable.
 * Other files write reviews on the same stack at the same time, so each check looks at this file's races and
 * reviewers (made to rank high) in the boards' order.
 */
import { describe, expect, it } from 'vitest';
import { addDays, todayInNewYork } from '#shared/dates';
import { LeaderboardSchema } from '#shared/schemas/community';
import { ReviewSchema } from '#shared/schemas/review';
import { createEvent, deleteEvent } from '#data/event';
import { api, newUser } from '../support/local-api.ts';
import { testRaceEvent } from '../support/race-event.ts';

const today = todayInNewYork();

async function athlete(firstName: string, lastName: string): Promise<{ token: string; sub: string }> {
  const { token } = await newUser('leaderboard');
  expect((await api('PATCH', '/api/me', { token, body: { firstName, lastName } })).status).toBe(200);
  return { token, sub: ((await api('GET', '/api/me', { token })).body as { id: string }).id };
}

async function review(eventId: string, token: string, overall: number) {
  const response = await api('POST', `/api/events/${eventId}/reviews`, { token, body: { overall, text: `A ${overall}-star day on this course.` } });
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  return ReviewSchema.parse(response.body);
}

describe('the leaderboard', () => {
  it('ranks races by reviews and by rating (3+ reviews), and reviewers by helpful votes, by name only', async () => {
    const marker = Date.now().toString(36);
    const race = (name: string) => createEvent(testRaceEvent({ title: `${name} ${marker}`, eventDate: addDays(today, -20) }));
    const [eight, seven, six, two, gone] = [await race('Eight Reviews'), await race('Seven Reviews'), await race('Six Reviews'), await race('Two Reviews'), await race('Deleted Race')];
    const athletes: { token: string; sub: string }[] = [];
    for (let index = 0; index < 9; index += 1) athletes.push(await athlete(`Lb${marker}${index}`, 'Runner'));

    // Eight 5-star reviews (5.00); seven with one 4 (4.86); six 5-star (5.00, fewer reviews); two 5-star (too few to rate).
    const written: Record<string, { id: string; eventId: string; author: number }[]> = {};
    for (const [event, count, lowest] of [[eight, 8, 5], [seven, 7, 4], [six, 6, 5], [two, 2, 5], [gone, 9, 5]] as const) {
      written[event.id] = [];
      for (let index = 0; index < count; index += 1) {
        const made = await review(event.id, athletes[index]!.token, index === count - 1 ? lowest : 5);
        written[event.id]!.push({ id: made.id, eventId: event.id, author: index });
      }
    }
    await deleteEvent(gone.id);

    // Helpful votes: athlete 0's reviews get three, athlete 1's two, athlete 2's one.
    const vote = async (eventId: string, author: number, voter: number) => {
      const target = written[eventId]!.find((entry) => entry.author === author)!;
      const response = await api('PUT', `/api/events/${eventId}/reviews/${target.id}/helpful`, { token: athletes[voter]!.token });
      expect(response.status, JSON.stringify(response.body)).toBe(200);
    };
    for (const voter of [3, 4, 5]) await vote(eight.id, 0, voter);
    for (const voter of [3, 4]) await vote(eight.id, 1, voter);
    await vote(seven.id, 2, 3);

    const response = await api('GET', '/api/leaderboard');
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('public, max-age=300');
    const board = LeaderboardSchema.parse(response.body);
    const mine = new Set([eight.id, seven.id, six.id, two.id, gone.id]);
    const ours = (rows: typeof board.mostReviewed) => rows.filter((row) => mine.has(row.event.id));

    expect(board.mostReviewed.length).toBeLessThanOrEqual(10);
    expect(ours(board.mostReviewed).slice(0, 3).map((row) => [row.event.id, row.reviewCount])).toEqual([
      [eight.id, 8],
      [seven.id, 7],
      [six.id, 6],
    ]);
    expect(ours(board.topRated).map((row) => [row.event.id, row.average, row.reviewCount])).toEqual([
      [eight.id, 5, 8],
      [six.id, 5, 6],
      [seven.id, 4.9, 7],
    ]);
    expect(board.topRated.every((row) => row.reviewCount >= 3)).toBe(true);
    expect(board.topRatedMinReviews).toBe(3);
    // The deleted race had the most reviews: it left every board.
    expect(JSON.stringify(board)).not.toContain(gone.id);
    // Ranks follow the boards' order, ties sharing one.
    for (const rows of [board.mostReviewed, board.topRated, board.mostHelpful]) {
      rows.forEach((row, index) => expect(row.rank).toBeLessThanOrEqual(index + 1));
    }

    const helpful = board.mostHelpful.filter((row) => row.name.startsWith(`Lb${marker}`));
    expect(helpful.map((row) => [row.name, row.helpfulVotes])).toEqual([
      [`Lb${marker}0 R.`, 3],
      [`Lb${marker}1 R.`, 2],
      [`Lb${marker}2 R.`, 1],
    ]);
    // Reviewers by display name only: no account id anywhere in the answer.
    const text = JSON.stringify(response.body);
    for (const person of athletes) expect(text).not.toContain(person.sub);
    expect(text).not.toMatch(/"(sub|userId|authorSub)"/);
  });
});
