/**
 * GET /api/community through the local stack: reviews and recaps written through the real routes come back
 * in one list, newest first, in pages of 20 (each list read over two of its own pages) whose cursor carries both lists' positions, so the second page
 * continues exactly where the first stopped (nothing twice, nothing skipped, even with a write in between);
 * by state; hidden recaps stay out; a cursor that is not ours is a 400. The reviews and recaps of a race deleted or
 * unpublished since leave the feed, the recent lists and the spotlights, and the recap's page is a 404.
 */
import { describe, expect, it } from 'vitest';
import { addDays, todayInNewYork } from '#shared/dates';
import { CommunityPageSchema, type CommunityItem } from '#shared/schemas/community';
import { createEvent, deleteEvent, updateEvent } from '#data/event';
import { account, api, idTokenFor, newUser } from '../support/local-api.ts';
import { testRaceEvent } from '../support/race-event.ts';

const today = todayInNewYork();
const STORY = 'We lined up in the rain and the first climb split the field; I ran my own race and passed people all the way home. '.repeat(3);
const pause = () => new Promise((resolve) => setTimeout(resolve, 5));

const page = async (query: Record<string, string>) => {
  const response = await api('GET', '/api/community', { query });
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return CommunityPageSchema.parse(response.body);
};

describe('the community feed', () => {
  it('merges reviews and recaps newest first across pages with one cursor, by state', async () => {
    const marker = Date.now();
    // A state no other test writes to, so its feed holds only what this test writes.
    const state = 'ND';
    const races = [];
    for (const name of ['Fargo', 'Bismarck', 'Minot']) {
      races.push(await createEvent(testRaceEvent({ title: `${name} Feed Race ${marker}`, eventDate: addDays(today, -8), state, distances: ['5K', '10K'] })));
    }
    const writers = [];
    for (let index = 0; index < 9; index += 1) {
      const { token } = await newUser('feed');
      expect((await api('PATCH', '/api/me', { token, body: { firstName: 'Feed', lastName: 'Writer' } })).status).toBe(200);
      writers.push(token);
    }

    // 46 writes, reviews and recaps in an irregular order, so pages hold runs of either kind and each list
    // (20 a page) is read over two of its own pages.
    const pattern = 'VVVRRVRRRRVVVVVRVRVRRVRVVRRRRVVVVVVRVRRRVRRVRV';
    const written: { kind: CommunityItem['kind']; id: string }[] = [];
    const next = { review: 0, recap: 0 };
    for (const letter of pattern) {
      const kind = letter === 'V' ? 'review' : 'recap';
      const slot = next[kind]++;
      const race = races[slot % 3]!;
      const token = writers[Math.floor(slot / 3)]!;
      const response =
        kind === 'review'
          ? await api('POST', `/api/events/${race.id}/reviews`, { token, body: { overall: 1 + (slot % 5), text: `Review number ${slot} of ${race.title}.` } })
          : await api('POST', `/api/events/${race.id}/recaps`, { token, body: { title: `Recap number ${slot}`, body: STORY } });
      expect(response.status, JSON.stringify(response.body)).toBe(201);
      written.push({ kind, id: (response.body as { id: string }).id });
      await pause();
    }
    const newestFirst = [...written].reverse();

    const first = await page({ state });
    expect(first.items).toHaveLength(20);
    expect(first.nextCursor).toBeDefined();
    // A write between the pages goes to the top of the feed; the second page is unaffected by it.
    const late = await api('POST', `/api/events/${races[2]!.id}/reviews`, { token: writers[8]!, body: { overall: 5, text: 'Wrote this one between the pages.' } });
    expect(late.status).toBe(201);
    const second = await page({ state, cursor: first.nextCursor! });
    expect(second.items).toHaveLength(20);
    const third = await page({ state, cursor: second.nextCursor! });
    expect(third.nextCursor).toBeUndefined();
    expect([...first.items, ...second.items, ...third.items].map((item) => ({ kind: item.kind, id: item.id }))).toEqual(newestFirst);

    // Each item: the race, stars or a title, an excerpt, the author's first name and initial, the date.
    const review = first.items.find((item) => item.kind === 'review')!;
    expect(review).toMatchObject({ event: { state, eventDate: races[0]!.eventDate }, authorName: 'Feed W.' });
    expect(review.kind === 'review' && review.overall).toBeGreaterThanOrEqual(1);
    const recap = first.items.find((item) => item.kind === 'recap')!;
    expect(recap.kind === 'recap' && recap.title).toMatch(/^Recap number \d+$/);
    expect(recap.excerpt.length).toBeLessThanOrEqual(281);
    expect(JSON.stringify(first)).not.toContain('"body"');

    // The whole feed (every state) is newest first too.
    const everywhere = await page({});
    const keys = everywhere.items.map((item) => `${item.createdAt}#${item.id}`);
    expect(keys).toEqual([...keys].sort().reverse());
    expect(everywhere.items[0]!.id).toBe((late.body as { id: string }).id);

    // A hidden recap leaves the feed.
    const hiddenId = written.find((entry) => entry.kind === 'recap')!.id;
    const admin = await idTokenFor(account('Admin').email, account('Admin').password);
    expect((await api('POST', `/api/admin/recaps/${hiddenId}/moderation`, { token: admin, body: { decision: 'hide' } })).status).toBe(200);
    const ids: string[] = [];
    let cursor: string | undefined;
    do {
      const next = await page({ state, ...(cursor ? { cursor } : {}) });
      ids.push(...next.items.map((item) => item.id));
      cursor = next.nextCursor;
    } while (cursor);
    // 46 written, one more between the pages, one hidden.
    expect(ids).toHaveLength(46);
    expect(ids).not.toContain(hiddenId);

    expect((await api('GET', '/api/community', { query: { cursor: 'not-a-cursor' } })).status).toBe(400);
    // A cursor of one state's feed does not open another's.
    expect((await api('GET', '/api/community', { query: { state: 'SD', cursor: first.nextCursor! } })).status).toBe(400);
  });

  it('leaves out the reviews and recaps of a race deleted or unpublished since', async () => {
    const marker = Date.now();
    // A state no other test writes to.
    const state = 'KS';
    const races = [];
    for (const name of ['Kept', 'Deleted', 'Unpublished']) {
      races.push(await createEvent(testRaceEvent({ title: `${name} Race ${marker}`, eventDate: addDays(today, -5), state, distances: ['10K'] })));
    }
    const admin = await idTokenFor(account('Admin').email, account('Admin').password);
    const { token } = await newUser('gone-race');
    const written = [];
    for (const race of races) {
      const review = await api('POST', `/api/events/${race.id}/reviews`, { token, body: { overall: 4, text: `A review of ${race.title}.` } });
      const recap = await api('POST', `/api/events/${race.id}/recaps`, { token, body: { title: `Recap of ${race.title}`, body: STORY } });
      expect([review.status, recap.status]).toEqual([201, 201]);
      const recapId = (recap.body as { id: string }).id;
      expect((await api('PUT', `/api/admin/recaps/${recapId}/spotlight`, { token: admin })).status).toBe(200);
      written.push({ race, reviewId: (review.body as { id: string }).id, recapId });
    }
    const ids = async (path: string, query: Record<string, string> = {}) => {
      const response = await api('GET', path, { query });
      expect(response.status, JSON.stringify(response.body)).toBe(200);
      return (response.body as { items: { id: string }[] }).items.map((item) => item.id);
    };
    const everything = [...written].reverse().flatMap((entry) => [entry.recapId, entry.reviewId]);
    expect(await ids('/api/community', { state })).toEqual(everything);

    await deleteEvent(races[1]!.id);
    await updateEvent(races[2]!.id, { verified: false });
    const left = written[0]!;
    expect(await ids('/api/community', { state })).toEqual([left.recapId, left.reviewId]);
    expect(await ids('/api/reviews', { state })).toEqual([left.reviewId]);
    expect(await ids('/api/recaps', { state })).toEqual([left.recapId]);
    const spotlights = await ids('/api/spotlights');
    expect(spotlights).toContain(left.recapId);
    for (const gone of written.slice(1)) {
      expect(spotlights).not.toContain(gone.recapId);
      expect((await api('GET', `/api/recaps/${gone.recapId}`)).status).toBe(404);
    }
    expect((await api('GET', `/api/recaps/${left.recapId}`)).status).toBe(200);
  });
});
