/**
 * Race reviews through the local stack: only on or after race day, one per athlete per race and editable,
 * figures (count, average, distribution, facets) and the card's rating moving with every write, the saved-
 * before badge, helpful votes, reports into the admins' queue and the decision recorded, recent reviews by
 * state and type, and nobody but the author changing a review.
 */
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import { addDays, todayInNewYork } from '#shared/dates';
import { EventSchema } from '#shared/schemas/event';
import { EventReviewsPageSchema, RecentReviewsPageSchema, ReportedReviewsPageSchema, ReviewSchema } from '#shared/schemas/review';
import { EventSearchPageSchema } from '#shared/schemas/search';
import { createEvent } from '#data/event';
import { aggregateKey, MOST_HELPFUL_PARTITION, reviewerFiguresKey } from '#data/review';
import { saveEvent } from '#data/saved-event';
import { db, tableName } from '#lib/dynamo';
import { account, api, idTokenFor, newUser } from '../support/local-api.ts';
import { testRaceEvent } from '../support/race-event.ts';

const today = todayInNewYork();

async function athlete(prefix: string): Promise<{ token: string; sub: string }> {
  const { token } = await newUser(prefix);
  const me = await api('GET', '/api/me', { token });
  return { token, sub: (me.body as { id: string }).id };
}

async function pastRace(fields: Partial<Parameters<typeof testRaceEvent>[0]> = {}) {
  return createEvent(testRaceEvent({ title: `Reviewed Ridge Run ${Date.now()}`, eventDate: addDays(today, -10), distances: ['10K', 'Half Marathon'], ...fields }));
}

const reviews = async (eventId: string, token?: string) => EventReviewsPageSchema.parse((await api('GET', `/api/events/${eventId}/reviews`, { token })).body);
const eventOf = async (eventId: string) => EventSchema.passthrough().parse((await api('GET', `/api/events/${eventId}`)).body);

/** The time on New York's clock `minutes` from now, kept within today (HH:MM). */
function newYorkClock(minutes: number): string {
  const parts = new Intl.DateTimeFormat('en-US', { timeZone: 'America/New_York', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).formatToParts(new Date());
  const now = Number(parts.find((part) => part.type === 'hour')!.value) * 60 + Number(parts.find((part) => part.type === 'minute')!.value);
  const at = Math.min(23 * 60 + 59, Math.max(0, now + minutes));
  return `${String(Math.floor(at / 60)).padStart(2, '0')}:${String(at % 60).padStart(2, '0')}`;
}

describe('race reviews', () => {
  it("opens a race with a start time at its start, on the race's own clock, not at midnight", async () => {
    const writer = await athlete('review-start');
    const later = await createEvent(testRaceEvent({ title: `Evening Glow Run ${Date.now()}`, eventDate: today, state: 'NY', startTime: newYorkClock(90) }));
    const started = await createEvent(testRaceEvent({ title: `Sunrise Mile ${Date.now()}`, eventDate: today, state: 'NY', startTime: newYorkClock(-90) }));
    // The store gives the start its zone, the state's, and the search's cards carry both.
    expect(await eventOf(later.id)).toMatchObject({ startTime: later.startTime, timeZone: 'America/New_York' });
    const search = EventSearchPageSchema.parse((await api('GET', `/api/events?q=${encodeURIComponent(later.title)}`)).body);
    expect(search.items.find((item) => item.id === later.id)).toMatchObject({ startTime: later.startTime, timeZone: 'America/New_York' });

    const early = await api('POST', `/api/events/${later.id}/reviews`, { token: writer.token, body: { overall: 5, text: 'Warming up at the start now.' } });
    expect(early.status).toBe(422);
    const [hours, minutes] = later.startTime!.split(':').map(Number) as [number, number];
    const clock = `${hours % 12 || 12}:${String(minutes).padStart(2, '0')} ${hours < 12 ? 'AM' : 'PM'}`;
    expect((early.body as { error: { message: string } }).error.message).toMatch(new RegExp(`from ${clock} E[SD]T on ${today}, when it starts`));
    const after = await api('POST', `/api/events/${started.id}/reviews`, { token: writer.token, body: { overall: 4, text: 'Crossed the line an hour ago.' } });
    expect(after.status, JSON.stringify(after.body)).toBe(201);
  });


  it('refuses a race that has not happened, takes one review per athlete on race day or after, and keeps the figures with each write', async () => {
    const upcoming = await createEvent(testRaceEvent({ title: `Future Fun Run ${Date.now()}`, eventDate: addDays(today, 5) }));
    const race = await pastRace();
    const first = await athlete('review-first');
    const second = await athlete('review-second');

    const early = await api('POST', `/api/events/${upcoming.id}/reviews`, { token: first.token, body: { overall: 5, text: 'Looks like it will be great fun.' } });
    expect(early.status).toBe(422);
    expect(JSON.stringify(early.body)).toContain('has not happened yet');
    // Race day itself is open.
    const raceDay = await createEvent(testRaceEvent({ title: `Race Day Dash ${Date.now()}`, eventDate: today }));
    expect((await api('POST', `/api/events/${raceDay.id}/reviews`, { token: first.token, body: { overall: 4, text: 'Finished an hour ago, lovely course.' } })).status).toBe(201);

    expect((await api('POST', `/api/events/${race.id}/reviews`, { body: { overall: 5, text: 'Anonymous praise here.' } })).status).toBe(401);
    const bad = await api('POST', `/api/events/${race.id}/reviews`, { token: first.token, body: { overall: 6, text: 'short', facets: { course: 0, parking: 3 } } });
    expect(bad.status).toBe(400);
    for (const message of ['Your overall rating must be 1 to 5 stars', 'at least 10 characters']) expect(JSON.stringify(bad.body)).toContain(message);
    const wrongDistance = await api('POST', `/api/events/${race.id}/reviews`, { token: first.token, body: { overall: 4, text: 'Ran the marathon, good day.', distance: 'Marathon' } });
    expect(wrongDistance.status).toBe(400);
    expect(JSON.stringify(wrongDistance.body)).toContain('10K, Half Marathon');

    expect((await api('PATCH', '/api/me', { token: first.token, body: { firstName: 'Rosa', lastName: 'Diaz' } })).status).toBe(200);
    const created = await api('POST', `/api/events/${race.id}/reviews`, {
      token: first.token,
      body: { overall: 5, text: '  Fast course, <b>great</b> volunteers & aid.  ', facets: { course: 5, aidStations: 4 }, distance: '10K' },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const mine = ReviewSchema.parse(created.body);
    // Plain text, trimmed, kept as typed (the page shows it as text, never as HTML).
    expect(mine).toMatchObject({ overall: 5, text: 'Fast course, <b>great</b> volunteers & aid.', distance: '10K', savedBefore: false, helpfulCount: 0, mine: true });
    // First name and last initial only: reviews are public, the full name is not.
    expect(mine.authorName).toBe('Rosa D.');
    const again = await api('POST', `/api/events/${race.id}/reviews`, { token: first.token, body: { overall: 1, text: 'Changed my mind entirely.' } });
    expect(again.status).toBe(409);

    expect((await api('POST', `/api/events/${race.id}/reviews`, { token: second.token, body: { overall: 2, text: 'Too crowded at the start.', facets: { course: 3 } } })).status).toBe(201);
    let page = await reviews(race.id);
    expect(page.aggregate).toEqual({ count: 2, average: 3.5, distribution: [0, 1, 0, 0, 1], facets: { course: { average: 4, count: 2 }, aidStations: { average: 4, count: 1 } } });
    expect(page.items.map((review) => review.overall)).toEqual([2, 5]);
    expect((await eventOf(race.id)).rating).toEqual({ average: 3.5, count: 2 });

    // Editing moves the figures; only the author's own review is theirs to edit or delete.
    const edited = await api('PUT', `/api/events/${race.id}/reviews/mine`, { token: second.token, body: { overall: 4, text: 'Crowded start, but a great finish.' } });
    expect(edited.status).toBe(200);
    page = await reviews(race.id, first.token);
    expect(page.aggregate).toMatchObject({ count: 2, average: 4.5, distribution: [0, 0, 0, 1, 1], facets: { course: { average: 5, count: 1 } } });
    expect(page.mine?.id).toBe(mine.id);
    expect(page.items.find((review) => review.id === mine.id)?.mine).toBe(true);
    expect(page.items.find((review) => review.id !== mine.id)?.mine).toBe(false);
    const stranger = await athlete('review-stranger');
    expect((await api('PUT', `/api/events/${race.id}/reviews/mine`, { token: stranger.token, body: { overall: 1, text: 'I never reviewed this one.' } })).status).toBe(404);
    expect((await api('DELETE', `/api/events/${race.id}/reviews/mine`, { token: stranger.token })).status).toBe(404);

    expect((await api('DELETE', `/api/events/${race.id}/reviews/mine`, { token: second.token })).status).toBe(204);
    page = await reviews(race.id);
    expect(page.aggregate).toMatchObject({ count: 1, average: 5 });
    expect((await eventOf(race.id)).rating).toEqual({ average: 5, count: 1 });
    // Search results (upcoming races, today's included) carry the card's rating: the postings moved with the review.
    const found = EventSearchPageSchema.parse((await api('GET', '/api/events', { query: { q: raceDay.title } })).body);
    expect(found.items.find((item) => item.id === raceDay.id)?.rating).toEqual({ average: 4, count: 1 });

    expect((await api('GET', `/api/events/01HZZZZZZZZZZZZZZZZZZZZZZZ/reviews`)).status).toBe(404);
  });

  it('badges a review by an athlete who saved the race before it happened', async () => {
    const race = await pastRace();
    const planner = await athlete('review-planner');
    await saveEvent(planner.sub, race.id, () => new Date(`${addDays(today, -40)}T15:00:00Z`));
    const review = ReviewSchema.parse((await api('POST', `/api/events/${race.id}/reviews`, { token: planner.token, body: { overall: 4, text: 'Trained for this one all spring.' } })).body);
    expect(review.savedBefore).toBe(true);

    const late = await athlete('review-late-saver');
    await saveEvent(late.sub, race.id);
    expect(ReviewSchema.parse((await api('POST', `/api/events/${race.id}/reviews`, { token: late.token, body: { overall: 3, text: 'Saved it afterwards to remember.' } })).body).savedBefore).toBe(false);
  });

  it('counts helpful votes once per athlete, never for their own review, and ranks the most helpful reviewers', async () => {
    const race = await pastRace();
    const author = await athlete('review-author');
    const reader = await athlete('review-reader');
    const review = ReviewSchema.parse((await api('POST', `/api/events/${race.id}/reviews`, { token: author.token, body: { overall: 5, text: 'Bring gloves for the ridge.' } })).body);
    const helpful = `/api/events/${race.id}/reviews/${review.id}/helpful`;
    expect((await api('PUT', helpful, { token: author.token })).status).toBe(422);
    expect((await api('PUT', helpful, { token: reader.token })).body).toEqual({ helpfulCount: 1, votedHelpful: true });
    expect((await api('PUT', helpful, { token: reader.token })).body).toEqual({ helpfulCount: 1, votedHelpful: true });
    expect((await reviews(race.id, reader.token)).items[0]).toMatchObject({ helpfulCount: 1, votedHelpful: true });
    const { Item: figures } = await db.send(new GetCommand({ TableName: tableName, Key: reviewerFiguresKey(author.sub) }));
    expect(figures).toMatchObject({ reviews: 1, helpful: 1, GSI1PK: MOST_HELPFUL_PARTITION, GSI1SK: `0000001#${author.sub}` });
    expect((await api('DELETE', helpful, { token: reader.token })).body).toEqual({ helpfulCount: 0, votedHelpful: false });
    expect((await api('DELETE', helpful, { token: reader.token })).body).toEqual({ helpfulCount: 0, votedHelpful: false });
    const { Item: after } = await db.send(new GetCommand({ TableName: tableName, Key: reviewerFiguresKey(author.sub) }));
    expect(after).toMatchObject({ helpful: 0 });
    expect(after?.GSI1PK).toBeUndefined();
  });

  it('puts a reported review in the admins’ queue; hide takes it out of the figures, keep leaves it; both are recorded', async () => {
    const race = await pastRace({ state: 'VT', eventType: 'trail_race', terrainType: 'trail' });
    const [writer, kept, reporter] = [await athlete('review-reported'), await athlete('review-kept'), await athlete('review-reporter')];
    const spam = ReviewSchema.parse((await api('POST', `/api/events/${race.id}/reviews`, { token: writer.token, body: { overall: 1, text: 'Buy cheap watches at my site!!' } })).body);
    const honest = ReviewSchema.parse((await api('POST', `/api/events/${race.id}/reviews`, { token: kept.token, body: { overall: 4, text: 'Muddy but beautiful trail.' } })).body);

    const report = (id: string, token: string, reason = 'spam') => api('POST', `/api/events/${race.id}/reviews/${id}/reports`, { token, body: { reason } });
    expect((await report(spam.id, reporter.token)).status).toBe(202);
    expect((await report(spam.id, reporter.token)).status).toBe(409);
    expect((await report(spam.id, writer.token)).status).toBe(422);
    expect((await report(honest.id, reporter.token, 'off_topic')).status).toBe(202);
    expect((await report(honest.id, writer.token, 'nonsense')).status).toBe(400);

    const admin = await idTokenFor(account('Admin').email, account('Admin').password);
    expect((await api('GET', '/api/admin/reported-reviews', { token: reporter.token })).status).toBe(403);
    const queue = ReportedReviewsPageSchema.parse((await api('GET', '/api/admin/reported-reviews', { token: admin })).body);
    const queued = queue.items.filter((item) => item.eventId === race.id);
    expect(queued.map((item) => item.id)).toEqual([spam.id, honest.id]);
    expect(queued[0]).toMatchObject({ reportCount: 1, reasons: { spam: 1 }, event: { id: race.id, state: 'VT' } });

    const decide = (id: string, decision: string, token = admin) => api('POST', `/api/admin/events/${race.id}/reviews/${id}/moderation`, { token, body: { decision, note: 'Checked' } });
    expect((await decide(spam.id, 'hide', reporter.token)).status).toBe(403);
    expect((await decide(spam.id, 'hide')).status).toBe(204);
    expect((await decide(honest.id, 'keep')).status).toBe(204);
    expect((await decide(spam.id, 'hide')).status).toBe(409);
    const left = ReportedReviewsPageSchema.parse((await api('GET', '/api/admin/reported-reviews', { token: admin })).body);
    expect(left.items.filter((item) => item.eventId === race.id)).toEqual([]);

    const page = await reviews(race.id);
    expect(page.items.map((review) => review.id)).toEqual([honest.id]);
    expect(page.aggregate).toMatchObject({ count: 1, average: 4 });
    expect((await eventOf(race.id)).rating).toEqual({ average: 4, count: 1 });
    const { Item: aggregate } = await db.send(new GetCommand({ TableName: tableName, Key: aggregateKey(race.id) }));
    expect(aggregate).toMatchObject({ count: 1, overallSum: 4 });
    const { Item: hidden } = await db.send(new GetCommand({ TableName: tableName, Key: { PK: `EVENT#${race.id}`, SK: `REVIEW#${spam.id}` } }));
    expect(hidden).toMatchObject({ status: 'hidden', moderation: { decision: 'hide', note: 'Checked' } });
    expect(hidden?.GSI1PK).toBeUndefined();
    // A kept review reported again is not queued again: an admin decided on it.
    const another = await athlete('review-second-reporter');
    expect((await report(honest.id, another.token)).status).toBe(202);
    const stillEmpty = ReportedReviewsPageSchema.parse((await api('GET', '/api/admin/reported-reviews', { token: admin })).body);
    expect(stillEmpty.items.filter((item) => item.eventId === race.id)).toEqual([]);
    // The hidden review's author cannot edit it back.
    expect((await api('PUT', `/api/events/${race.id}/reviews/mine`, { token: writer.token, body: { overall: 5, text: 'Nothing to see here now.' } })).status).toBe(409);
  });

  it('lists recent reviews across races by state, by type and by both', async () => {
    const marker = Date.now();
    const vermontTrail = await pastRace({ title: `Green Mountain Trail ${marker}`, state: 'VT', eventType: 'trail_race', terrainType: 'trail' });
    const vermontRoad = await pastRace({ title: `Burlington Road ${marker}`, state: 'VT', eventType: 'road_race' });
    const maineTrail = await pastRace({ title: `Acadia Trail ${marker}`, state: 'ME', eventType: 'trail_race', terrainType: 'trail' });
    const writer = await athlete('review-recent');
    for (const race of [vermontTrail, vermontRoad, maineTrail]) {
      expect((await api('POST', `/api/events/${race.id}/reviews`, { token: writer.token, body: { overall: 4, text: `Enjoyed ${race.title} a lot.` } })).status).toBe(201);
    }
    const ids = async (query: Record<string, string>) =>
      RecentReviewsPageSchema.parse((await api('GET', '/api/reviews', { query })).body)
        .items.filter((review) => review.event.title.endsWith(String(marker)))
        .map((review) => review.event.id);
    expect(await ids({})).toEqual([maineTrail.id, vermontRoad.id, vermontTrail.id]);
    expect(await ids({ state: 'VT' })).toEqual([vermontRoad.id, vermontTrail.id]);
    expect(await ids({ type: 'trail_race' })).toEqual([maineTrail.id, vermontTrail.id]);
    expect(await ids({ state: 'VT', type: 'trail_race' })).toEqual([vermontTrail.id]);
    expect((await api('GET', '/api/reviews', { query: { state: 'XX' } })).status).toBe(400);
    expect((await api('GET', '/api/reviews', { query: { cursor: 'not-a-cursor' } })).status).toBe(400);
    // A key of the list's partition, forged (a number for the table key): refused, not handed to DynamoDB.
    const forged = Buffer.from(JSON.stringify({ k: { GSI1PK: 'REVIEWS', GSI1SK: 'x', PK: 1, SK: 'x' } })).toString('base64url');
    expect((await api('GET', '/api/reviews', { query: { cursor: forged } })).status).toBe(400);
  });

  it('filters the event search by average stars, with the other filters, and a race leaves the filter when its reviews go', async () => {
    // Reviews open on race day, the first day the search lists: three races of today, found by a marker word.
    const marker = `Starsort${Math.random().toString(36).replace(/[^a-z]/g, '').slice(0, 8)}`;
    const race = (title: string, state = 'WY') => createEvent(testRaceEvent({ title: `${marker} ${title}`, eventDate: today, state }));
    const loved = await race('Loved Loop');
    const middling = await race('Middling Mile', 'MT');
    const unrated = await race('Unrated Underpass');
    const [first, second] = [await athlete('rating-first'), await athlete('rating-second')];
    const review = (eventId: string, token: string, overall: number) =>
      api('POST', `/api/events/${eventId}/reviews`, { token, body: { overall, text: `Gave it ${overall} stars, honestly.` } });
    for (const [eventId, token, overall] of [[loved.id, first.token, 5], [loved.id, second.token, 4], [middling.id, first.token, 3]] as const) {
      expect((await review(eventId, token, overall)).status).toBe(201);
    }

    const search = async (query: Record<string, string>) => EventSearchPageSchema.parse((await api('GET', '/api/events', { query: { q: marker, ...query } })).body).items;
    const all = await search({});
    expect(all.map((event) => event.id).sort()).toEqual([loved.id, middling.id, unrated.id].sort());
    for (const rating of ['4.5', '4', '3']) {
      const found = await search({ rating });
      // Against a brute-force check of the unfiltered list: exactly the races whose average is at least the choice.
      const expected = all.filter((event) => (event.rating?.average ?? 0) >= Number(rating));
      expect(found.map((event) => event.id).sort(), `rating=${rating}`).toEqual(expected.map((event) => event.id).sort());
    }
    expect((await search({ rating: '4.5' })).map((event) => event.rating)).toEqual([{ average: 4.5, count: 2 }]);
    expect((await search({ rating: '3' })).map((event) => event.id).sort()).toEqual([loved.id, middling.id].sort());
    expect((await search({ rating: '3', state: 'MT' })).map((event) => event.id)).toEqual([middling.id]);
    const refused = await api('GET', '/api/events', { query: { rating: '2' } });
    expect(refused.status).toBe(400);
    expect(JSON.stringify(refused.body)).toContain('rating must be one of 4.5, 4, 3');

    // Its only review deleted, a race has no rating and leaves the rated list.
    expect((await api('DELETE', `/api/events/${middling.id}/reviews/mine`, { token: first.token })).status).toBe(204);
    expect((await search({ rating: '3' })).map((event) => event.id)).toEqual([loved.id]);
  });
});
