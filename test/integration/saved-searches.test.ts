/**
 * Saved searches against the real local stack (issue 23): GET, POST /api/me/saved-searches and PATCH, DELETE
 * .../{id} (each person only their own, at most 20, clear 4xx for bad input), the percolator postings they keep,
 * and matching a day's new races to them by Query (lambdas/data/search-alerts.ts) into digests.
 */
import { randomUUID } from 'node:crypto';
import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { beforeAll, describe, expect, it } from 'vitest';
import { addDays, todayInNewYork } from '#shared/dates';
import { anchorsOf } from '#shared/saved-search-match';
import { InboxPageSchema } from '#shared/schemas/inbox';
import { NotificationMessageSchema } from '#shared/schemas/notification-message';
import { EMPTY_SAVED_SEARCH, MAX_SAVED_SEARCHES, SavedSearchListSchema, SavedSearchSchema, TOO_MANY_SAVED_SEARCHES, type SavedSearch } from '#shared/schemas/saved-search';
import { db, tableName } from '#lib/dynamo';
import { createEvent, updateEvent } from '#data/event';
import { eventsListedBetween } from '#data/listed-races';
import { UNKNOWN_PLACE } from '#data/saved-search';
import { digestMessages, matchRaces } from '#data/search-alerts';
import { api, localStack, newPerson, type Person } from '../support/local-api.ts';
import { eventually } from '../support/eventually.ts';
import { testRaceEvent } from '../support/race-event.ts';

const person = newPerson;

async function save(who: Person, body: Record<string, unknown>): Promise<SavedSearch> {
  const response = await api('POST', '/api/me/saved-searches', { token: who.token, body });
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  return SavedSearchSchema.parse(response.body);
}

async function postingsOf(id: string, search: Parameters<typeof anchorsOf>[0]): Promise<number> {
  let count = 0;
  for (const anchor of anchorsOf(search)) {
    const { Items = [] } = await db.send(new QueryCommand({ TableName: tableName, KeyConditionExpression: 'PK = :pk AND SK = :sk', ExpressionAttributeValues: { ':pk': `PERCOLATE#${anchor}`, ':sk': id }, ConsistentRead: true }));
    count += Items.length;
  }
  return count;
}

const marker = () => `zq${randomUUID().replace(/-/g, '').slice(0, 8)}`;

let runner: Person;
beforeAll(async () => {
  runner = await person('searcher');
});

describe('saved searches', () => {
  it('saves, lists newest first, renames and deletes a search, with its percolator postings', async () => {
    const first = await save(runner, { name: 'Colorado trail races', q: 'trail', state: 'CO', elevation: 'hilly' });
    expect(first).toMatchObject({ name: 'Colorado trail races', q: 'trail', state: 'CO', elevation: 'hilly' });
    expect(await postingsOf(first.id, first)).toBe(1);
    const second = await save(runner, { name: 'Marathons near Boulder', distance: 'marathon', near: '40.02,-105.28', radius: '50' });
    expect(second).toMatchObject({ near: '40.02,-105.28', radius: 50 });
    expect(await postingsOf(second.id, { ...second, point: { latitude: 40.02, longitude: -105.28 } })).toBeGreaterThan(1);

    const list = SavedSearchListSchema.parse((await api('GET', '/api/me/saved-searches', { token: runner.token })).body);
    expect(list.max).toBe(MAX_SAVED_SEARCHES);
    expect(list.items.map((search) => search.id)).toEqual([second.id, first.id]);
    expect(JSON.stringify(list)).not.toContain('point');

    const renamed = await api('PATCH', `/api/me/saved-searches/${first.id}`, { token: runner.token, body: { name: '  Front Range trails ' } });
    expect(renamed.status, JSON.stringify(renamed.body)).toBe(200);
    expect(SavedSearchSchema.parse(renamed.body).name).toBe('Front Range trails');

    expect((await api('DELETE', `/api/me/saved-searches/${first.id}`, { token: runner.token })).status).toBe(204);
    expect((await api('DELETE', `/api/me/saved-searches/${first.id}`, { token: runner.token })).status).toBe(204);
    expect(await postingsOf(first.id, first)).toBe(0);
    const after = SavedSearchListSchema.parse((await api('GET', '/api/me/saved-searches', { token: runner.token })).body);
    expect(after.items.map((search) => search.id)).toEqual([second.id]);
    await api('DELETE', `/api/me/saved-searches/${second.id}`, { token: runner.token });
  });

  it("keeps each person to their own: another's search cannot be renamed, deleted or listed", async () => {
    const owner = await person('owner');
    const other = await person('other');
    const search = await save(owner, { name: 'Mine', state: 'UT' });
    expect((await api('PATCH', `/api/me/saved-searches/${search.id}`, { token: other.token, body: { name: 'Theirs' } })).status).toBe(404);
    expect((await api('DELETE', `/api/me/saved-searches/${search.id}`, { token: other.token })).status).toBe(204);
    expect(SavedSearchListSchema.parse((await api('GET', '/api/me/saved-searches', { token: other.token })).body).items).toEqual([]);
    expect(SavedSearchListSchema.parse((await api('GET', '/api/me/saved-searches', { token: owner.token })).body).items.map((item) => item.name)).toEqual(['Mine']);
    expect((await api('GET', '/api/me/saved-searches')).status).toBe(401);
  });

  it('refuses bad input with clear messages and nothing saved', async () => {
    const someone = await person('bad-input');
    const cases: [Record<string, unknown>, string][] = [
      [{ name: 'Nothing' }, EMPTY_SAVED_SEARCH],
      [{ state: 'CO' }, 'Give the search a name'],
      [{ name: 'x'.repeat(81), state: 'CO' }, 'at most 80'],
      [{ name: 'Radius', radius: 25 }, 'radius needs near'],
      [{ name: 'Bad state', state: 'ZZ' }, 'state'],
      [{ name: 'Bad radius', near: '80302', radius: 7 }, 'radius must be one of'],
      [{ name: 'Unknown', near: '00000' }, UNKNOWN_PLACE],
      [{ name: 'Extra', state: 'CO', rating: '4' }, 'rating'],
    ];
    for (const [body, text] of cases) {
      const refused = await api('POST', '/api/me/saved-searches', { token: someone.token, body });
      expect(refused.status, JSON.stringify(body)).toBe(400);
      expect(JSON.stringify(refused.body), JSON.stringify(body)).toContain(text);
    }
    expect(SavedSearchListSchema.parse((await api('GET', '/api/me/saved-searches', { token: someone.token })).body).items).toEqual([]);
    expect((await api('PATCH', `/api/me/saved-searches/${'0'.repeat(26)}`, { token: someone.token, body: { name: 'x' } })).status).toBe(404);
    expect((await api('PATCH', '/api/me/saved-searches/not-an-id', { token: someone.token, body: { name: 'x' } })).status).toBe(400);
  });

  it(`keeps at most ${MAX_SAVED_SEARCHES} a person, and frees a place when one is deleted`, async () => {
    const keen = await person('keen');
    const saved = await Promise.all(Array.from({ length: MAX_SAVED_SEARCHES }, (_, index) => save(keen, { name: `Search ${index}`, q: `word${index}` })));
    const refused = await api('POST', '/api/me/saved-searches', { token: keen.token, body: { name: 'One more', state: 'CO' } });
    expect(refused.status).toBe(409);
    expect(JSON.stringify(refused.body)).toContain(TOO_MANY_SAVED_SEARCHES);
    await api('DELETE', `/api/me/saved-searches/${saved[0]!.id}`, { token: keen.token });
    await save(keen, { name: 'One more', state: 'CO' });
  });
});

describe('matching new races to saved searches', () => {
  it("finds each search's new matches by Query and makes one digest per search, soonest races first", async () => {
    const word = marker();
    const today = todayInNewYork();
    const hunter = await person('hunter');
    const bystander = await person('bystander');
    const trails = await save(hunter, { name: 'Trail races', q: `${word} trail` });
    const anywhere = await save(bystander, { name: 'Anything with the word', q: word });
    const elsewhere = await save(bystander, { name: 'Only in Maine', q: word, state: 'ME' });

    const later = await createEvent(testRaceEvent({ title: `${word} Ridge Trail 25K`, eventDate: addDays(today, 60), eventType: 'trail_race', terrainType: 'trail', state: 'CO', city: 'Boulder', distances: ['25K'] }));
    const sooner = await createEvent(testRaceEvent({ title: `${word} Canyon Trail Half`, eventDate: addDays(today, 30), eventType: 'trail_race', terrainType: 'trail', state: 'UT', city: 'Moab', distances: ['Half Marathon'] }));
    const road = await createEvent(testRaceEvent({ title: `${word} Main Street 5K`, eventDate: addDays(today, 20), state: 'CO', city: 'Denver', distances: ['5K'] }));
    const past = await createEvent(testRaceEvent({ title: `${word} Last Week Trail 10K`, eventDate: addDays(today, -7), eventType: 'trail_race', terrainType: 'trail', state: 'CO', distances: ['10K'] }));
    const unverified = await createEvent(testRaceEvent({ title: `${word} Unchecked Trail 10K`, eventDate: addDays(today, 40), eventType: 'trail_race', terrainType: 'trail', state: 'CO', distances: ['10K'], verified: false }));

    const { matches, readUnits, keysRead } = await matchRaces([later, sooner, road, past, unverified]);
    const ofSearch = (id: string) => matches.find((match) => match.posting.id === id)?.races.map((race) => race.id);
    expect(ofSearch(trails.id)).toEqual([sooner.id, later.id]);
    expect(ofSearch(anywhere.id)).toEqual([road.id, sooner.id, later.id]);
    expect(ofSearch(elsewhere.id)).toBeUndefined();
    expect(keysRead).toBeGreaterThan(10);
    expect(readUnits).toBeGreaterThan(0);

    const digests = digestMessages(matches.filter((match) => [trails.id, anywhere.id].includes(match.posting.id)));
    expect(digests).toHaveLength(2);
    for (const digest of digests) expect(NotificationMessageSchema.safeParse(digest).success).toBe(true);
    const hunterDigest = digests.find((digest) => digest.sub === hunter.sub)!;
    expect(hunterDigest).toMatchObject({ kind: 'saved-search-matches', subject: trails.id, day: today });
    expect(hunterDigest.data).toMatchObject({ searchName: 'Trail races', totalMatches: 2, search: { q: `${word} trail` } });
    expect(hunterDigest.data.races.map((race) => race.id)).toEqual([sooner.id, later.id]);
  });
});

describe('the daily alerts job', () => {
  const run = async () => {
    const response = await fetch(new URL('/_local/schedules/daily-alerts', localStack().url), { method: 'POST' });
    expect(response.status).toBe(200);
    return ((await response.json()) as { result: { newRaces: number; digests: number; reminders: number } }).result;
  };

  // The shared table's first run reads every race the other files made today: done here, so the test's own run
  // reads only what this file makes after it (the next run's window starts where this one ended).
  beforeAll(async () => {
    await run();
  });

  it('mails a digest of the new races for a saved search, linked to each race, once a day', async () => {
    const word = marker();
    const reader = await person('digest');
    const { token, email } = reader;
    await save(reader, { name: 'My word races', q: word });
    const race = await createEvent(testRaceEvent({ title: `${word} Harbor 10K`, eventDate: addDays(todayInNewYork(), 45), state: 'ME', city: 'Portland', distances: ['10K'] }));

    expect((await run()).digests).toBeGreaterThanOrEqual(1);
    const mail = await eventually(async () => {
      const response = await fetch(new URL(`/_local/mailbox.json?to=${encodeURIComponent(email)}`, localStack().url));
      const mails = (await response.json()) as { subject: string; text: string; html: string }[];
      return mails[0];
    }, 'the digest');
    expect(mail.text).toContain(`${word} Harbor 10K`);
    expect(mail.html).toContain(`/events/${race.id}`);
    const inbox = InboxPageSchema.parse((await api('GET', '/api/me/notifications', { token })).body);
    expect(inbox.items[0]).toMatchObject({ kind: 'saved-search-matches', read: false });

    // The next run starts where this one ended: the same race is not told again.
    await run();
    await new Promise((resolve) => setTimeout(resolve, 1500));
    const after = await fetch(new URL(`/_local/mailbox.json?to=${encodeURIComponent(email)}`, localStack().url));
    expect((await after.json()) as unknown[]).toHaveLength(1);
    expect((await fetch(new URL('/_local/schedules/nightly-nothing', localStack().url), { method: 'POST' })).status).toBe(404);
  });

  it('tells a saved search about a race on the day it is made public, not while it waits unverified', async () => {
    const word = marker();
    const reader = await person('listed');
    await save(reader, { name: 'Verified later', q: word });
    const mailbox = async () => (await (await fetch(new URL(`/_local/mailbox.json?to=${encodeURIComponent(reader.email)}`, localStack().url))).json()) as { subject: string; html: string }[];
    const race = await createEvent(testRaceEvent({ title: `${word} Imported Ridge 25K`, eventDate: addDays(todayInNewYork(), 50), state: 'UT', city: 'Ogden', distances: ['25K'], verified: false }));
    await run();
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(await mailbox()).toEqual([]);

    // A window is (since, until]: a second back, so an edit in the same millisecond is inside it.
    const before = new Date(Date.now() - 1000).toISOString();
    await updateEvent(race.id, { verified: true });
    // The table stream's reader records the listing; the job then reads it in its window.
    await eventually(async () => ((await eventsListedBetween(before, new Date().toISOString())).some((listed) => listed.id === race.id) ? true : undefined), 'the listing');
    await run();
    const [digest] = await eventually(async () => {
      const mails = await mailbox();
      return mails.length > 0 ? mails : undefined;
    }, 'the digest');
    expect(digest!.html).toContain(`/events/${race.id}`);
    // Listed once: the next run tells nobody again.
    await run();
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(await mailbox()).toHaveLength(1);
  });

  it('reminds the people who saved a race 7 days and 1 day before its registration closes, once each', async () => {
    const word = marker();
    const saver = await person('closing');
    const today = todayInNewYork();
    const closing = (days: number, title: string) =>
      createEvent(testRaceEvent({ title: `${word} ${title}`, eventDate: addDays(today, 40), registrationEndDate: addDays(today, days), state: 'VT', city: 'Stowe', distances: ['Half Marathon'], registrationUrl: 'https://example.com/register' }));
    const [week, tomorrow, later] = [await closing(7, 'Week Left Half'), await closing(1, 'Last Call Half'), await closing(3, 'Three Days Half')];
    for (const race of [week, tomorrow, later]) expect((await api('PUT', `/api/me/saved-events/${race.id}`, { token: saver.token })).status).toBe(200);
    // Registration closing in a week, but unsaved: nobody to tell.
    await closing(7, 'Unsaved Half');

    expect((await run()).reminders).toBeGreaterThanOrEqual(2);
    const mailbox = async () =>
      (await (await fetch(new URL(`/_local/mailbox.json?to=${encodeURIComponent(saver.email)}`, localStack().url))).json()) as { subject: string; text: string; html: string }[];
    const mails = await eventually(async () => {
      const found = await mailbox();
      return found.length >= 2 ? found : undefined;
    }, 'the two reminders');
    expect(mails.map((mail) => mail.subject).sort()).toEqual([`Registration for ${word} Last Call Half closes tomorrow`, `Registration for ${word} Week Left Half closes in 7 days`]);
    const weekMail = mails.find((mail) => mail.subject.includes('Week Left'))!;
    expect(weekMail.html).toContain('https://example.com/register');
    expect(weekMail.text).toContain('Half Marathon (21.1 km)');
    const inbox = InboxPageSchema.parse((await api('GET', '/api/me/notifications', { token: saver.token })).body);
    expect(inbox.items.filter((item) => item.kind === 'registration-closing').map((item) => item.path).sort()).toEqual([`/events/${tomorrow.id}`, `/events/${week.id}`].sort());

    // The job run again the same day tells nobody twice.
    await run();
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(await mailbox()).toHaveLength(2);
  });
});
