/**
 * The race feeds through the local stack, parsed back with ical.js (a real iCalendar parser, which throws on
 * anything malformed): an athlete's saved races at an unguessable address that only they can turn on, replace
 * or turn off, and the public feed of upcoming races for a state, type and distance, cacheable, bounded, and
 * refusing filters it does not know with a 400 that names them.
 */
import { randomUUID } from 'node:crypto';
import { BatchWriteCommand } from '@aws-sdk/lib-dynamodb';
import ICAL from 'ical.js';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { addDays, todayInNewYork } from '#shared/dates';
import { RACE_FEED_HORIZON_DAYS, RACE_FEED_MAX_EVENTS, SAVED_FEED_RECENT_DAYS } from '#shared/race-calendar';
import type { RaceEvent } from '#shared/schemas/event';
import { CalendarFeedSchema, FEED_TOKEN_PATTERN } from '#shared/schemas/calendar-feed';
import { createEventsInBulk } from '#data/event';
import { toSavedEventItems } from '#data/saved-event';
import { db, tableName } from '#lib/dynamo';
import { testRaceEvent } from '../support/race-event.ts';
import { api, newUser } from '../support/local-api.ts';

const today = todayInNewYork();
const siteUrl = inject('localStack').url.replace(/\/$/, '');

interface FeedEntry {
  uid: string;
  summary: string;
  start: string;
  end: string;
  allDay: boolean;
  location: string;
  description: string;
  url: string | null;
}

/** The feed as a calendar app reads it; every entry must have the properties RFC 5545 requires of it. */
function parseFeed(text: string): { name: string | null; prodId: string; entries: FeedEntry[] } {
  const calendar = ICAL.Component.fromString(text);
  expect(calendar.name).toBe('vcalendar');
  expect(calendar.getFirstPropertyValue('version')).toBe('2.0');
  const entries = calendar.getAllSubcomponents('vevent').map((component) => {
    // Required in every VEVENT of a calendar without METHOD-specific exceptions: UID, DTSTAMP, DTSTART.
    for (const property of ['uid', 'dtstamp', 'dtstart', 'summary']) expect(component.hasProperty(property), property).toBe(true);
    const event = new ICAL.Event(component);
    return {
      uid: event.uid,
      summary: event.summary,
      start: event.startDate.toString(),
      end: event.endDate.toString(),
      allDay: event.startDate.isDate,
      location: event.location,
      description: event.description,
      url: component.getFirstPropertyValue('url') as string | null,
    };
  });
  return { name: calendar.getFirstPropertyValue('x-wr-calname') as string | null, prodId: String(calendar.getFirstPropertyValue('prodid')), entries };
}

async function athlete(prefix: string): Promise<{ token: string; sub: string }> {
  const { token } = await newUser(prefix);
  const me = await api('GET', '/api/me', { token });
  return { token, sub: (me.body as { id: string }).id };
}

function race(fields: Partial<RaceEvent> & Pick<RaceEvent, 'eventDate'>): RaceEvent {
  return testRaceEvent({ title: `Feed race ${randomUUID().slice(0, 8)}`, ...fields });
}

/** Saves written straight to the table (the PUT route refuses events in the past, which the feed keeps a while). */
async function saveDirectly(sub: string, events: readonly RaceEvent[]) {
  const items = events.flatMap((event, index) => {
    const saved = toSavedEventItems(sub, { eventId: event.id, savedAt: new Date(Date.now() - index * 1000).toISOString() });
    return [saved.saved, saved.timeline];
  });
  for (let start = 0; start < items.length; start += 25) {
    await db.send(new BatchWriteCommand({ RequestItems: { [tableName]: items.slice(start, start + 25).map((Item) => ({ PutRequest: { Item } })) } }));
  }
}

describe('saved races calendar feed', () => {
  it("lists the athlete's upcoming and recent saved races as all-day entries linking to their pages", async () => {
    const { token, sub } = await athlete('saved-feed');
    const upcoming = race({
      eventDate: addDays(today, 30),
      title: 'Harbor Lights Half; Marathon, too',
      locationName: 'Pier 4',
      city: 'Portland',
      state: 'ME',
      eventType: 'road_race',
      distances: ['Half Marathon', '10K'],
      description: 'A flat course along the water.',
      registrationUrl: 'https://register.example.com/harbor',
    });
    const later = race({ eventDate: addDays(today, 200), city: 'Bend', state: 'OR', eventType: 'trail_race', terrainType: 'trail' });
    const recent = race({ eventDate: addDays(today, -(SAVED_FEED_RECENT_DAYS - 1)) });
    const old = race({ eventDate: addDays(today, -(SAVED_FEED_RECENT_DAYS + 1)) });
    const hidden = race({ eventDate: addDays(today, 10), verified: false });
    await createEventsInBulk([upcoming, later, recent, old, hidden]);
    await saveDirectly(sub, [upcoming, later, recent, old, hidden]);
    // Another athlete's saves never show in this feed.
    const other = await athlete('saved-feed-other');
    const theirs = race({ eventDate: addDays(today, 12) });
    await createEventsInBulk([theirs]);
    await saveDirectly(other.sub, [theirs]);

    const off = CalendarFeedSchema.parse((await api('GET', '/api/me/calendar-feeds/saved-races', { token })).body);
    expect(off).toEqual({ kind: 'saved-races', path: null, createdAt: null });
    const created = await api('POST', '/api/me/calendar-feeds/saved-races', { token });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const { path } = CalendarFeedSchema.parse(created.body);
    expect(/^\/api\/calendar-feeds\/([^/]+)\/saved-races\.ics$/.exec(path!)?.[1]).toMatch(FEED_TOKEN_PATTERN);

    const response = await api('GET', path!);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/calendar; charset=utf-8');
    expect(response.headers.get('cache-control')).toBe('private, max-age=300');
    const feed = parseFeed(String(response.body));
    expect(feed.name).toBe('RaceFinder: my races');
    expect(feed.prodId).toBe('-//RaceFinder//Saved Races//EN');
    // Date order; the old, the unverified and the other athlete's races are not in it.
    expect(feed.entries.map((entry) => entry.uid)).toEqual([recent, upcoming, later].map((event) => `${event.id}@racefinder`));
    expect(feed.entries.every((entry) => entry.allDay)).toBe(true);

    const harbor = feed.entries[1]!;
    expect(harbor).toMatchObject({
      // Semicolons and commas are escaped in the file and read back whole.
      summary: 'Harbor Lights Half; Marathon, too',
      start: upcoming.eventDate,
      end: addDays(upcoming.eventDate, 1),
      location: 'Pier 4, Portland, ME',
      url: `${siteUrl}/events/${upcoming.id}`,
    });
    expect(harbor.description).toContain('A flat course along the water.');
    expect(harbor.description).toContain('Road Race, Road course, Half Marathon · 10K');
    expect(harbor.description).toContain('Registration: https://register.example.com/harbor');
    expect(harbor.description).toContain(`Details: ${siteUrl}/events/${upcoming.id}`);

    // The owner's training-plan feed token does not open the saved races, nor the reverse.
    const planFeed = CalendarFeedSchema.parse((await api('POST', '/api/me/calendar-feeds/training-plan', { token })).body).path!;
    const planToken = /calendar-feeds\/([^/]+)\//.exec(planFeed)![1];
    expect((await api('GET', `/api/calendar-feeds/${planToken}/saved-races.ics`)).status).toBe(404);
    const savedToken = /calendar-feeds\/([^/]+)\//.exec(path!)![1];
    expect((await api('GET', `/api/calendar-feeds/${savedToken}/training-plan.ics`)).status).toBe(404);
  });

  it('is an empty calendar with no saves, and stops answering at once when replaced or turned off', async () => {
    const { token } = await athlete('saved-feed-revoke');
    const first = CalendarFeedSchema.parse((await api('POST', '/api/me/calendar-feeds/saved-races', { token })).body).path!;
    const empty = await api('GET', first);
    expect(empty.status).toBe(200);
    expect(parseFeed(String(empty.body))).toMatchObject({ name: 'RaceFinder: my races', entries: [] });

    // Saved through the API: the feed follows the athlete's saves.
    const soon = race({ eventDate: addDays(today, 3) });
    await createEventsInBulk([soon]);
    expect((await api('PUT', `/api/me/saved-events/${soon.id}`, { token })).status).toBe(200);
    expect(parseFeed(String((await api('GET', first)).body)).entries.map((entry) => entry.uid)).toEqual([`${soon.id}@racefinder`]);

    const second = CalendarFeedSchema.parse((await api('POST', '/api/me/calendar-feeds/saved-races', { token })).body).path!;
    expect(second).not.toBe(first);
    expect((await api('GET', first)).status).toBe(404);
    expect((await api('GET', second)).status).toBe(200);

    // Another athlete can neither see nor turn off this feed: their DELETE touches only their own.
    const other = await athlete('saved-feed-intruder');
    expect((await api('DELETE', '/api/me/calendar-feeds/saved-races', { token: other.token })).status).toBe(204);
    expect((await api('GET', second)).status).toBe(200);

    expect((await api('DELETE', '/api/me/calendar-feeds/saved-races', { token })).status).toBe(204);
    const gone = await api('GET', second);
    expect(gone.status).toBe(404);
    expect(JSON.stringify(gone.body)).toContain('This calendar feed is off or its address was replaced');
    expect(CalendarFeedSchema.parse((await api('GET', '/api/me/calendar-feeds/saved-races', { token })).body).path).toBeNull();
    expect((await api('GET', '/api/calendar-feeds/short/saved-races.ics')).status).toBe(400);
  });
});

describe('public race calendar feed', () => {
  // A state, type and distance no other test file writes together, so the feed of these filters is this test's.
  const filters = { state: 'VT', type: 'fun_run', distance: 'half' } as const;
  const matching: RaceEvent[] = [];
  let outside: RaceEvent[] = [];

  beforeAll(async () => {
    // More matching races than the feed holds, spread over the next 100 days, two a day.
    for (let index = 0; index < RACE_FEED_MAX_EVENTS + 10; index += 1) {
      matching.push(race({ eventDate: addDays(today, Math.floor(index / 2)), state: 'VT', city: 'Stowe', eventType: 'fun_run', distances: ['Half Marathon'] }));
    }
    outside = [
      race({ eventDate: addDays(today, 1), state: 'NH', city: 'Keene', eventType: 'fun_run', distances: ['Half Marathon'] }),
      race({ eventDate: addDays(today, 1), state: 'VT', city: 'Stowe', eventType: 'trail_race', distances: ['Half Marathon'] }),
      race({ eventDate: addDays(today, 1), state: 'VT', city: 'Stowe', eventType: 'fun_run', distances: ['5K'] }),
      race({ eventDate: addDays(today, -1), state: 'VT', city: 'Stowe', eventType: 'fun_run', distances: ['Half Marathon'] }),
      race({ eventDate: addDays(today, 2), state: 'VT', city: 'Stowe', eventType: 'fun_run', distances: ['Half Marathon'], verified: false }),
    ];
    await createEventsInBulk([...matching, ...outside]);
  });

  it('lists the next races matching every filter, at most the cap, in date order, named after its filters and cacheable', async () => {
    const response = await api('GET', '/api/calendar/events.ics', { query: filters });
    expect(response.status, String(response.body)).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/calendar; charset=utf-8');
    expect(response.headers.get('cache-control')).toBe('public, max-age=3600');
    const feed = parseFeed(String(response.body));
    expect(feed.name).toBe('RaceFinder races: Vermont · Fun Run · Half marathon');
    expect(feed.prodId).toBe('-//RaceFinder//Race Calendar//EN');
    expect(feed.entries).toHaveLength(RACE_FEED_MAX_EVENTS);
    const starts = feed.entries.map((entry) => entry.start);
    expect(starts).toEqual([...starts].sort());
    expect(starts[0]).toBe(today);
    // Exactly the first 200 of this test's races by date (two a day, so ids break the ties in the last day).
    const ids = feed.entries.map((entry) => entry.uid.replace(/@racefinder$/, ''));
    const expected = [...matching].sort((a, b) => a.eventDate.localeCompare(b.eventDate) || a.id.localeCompare(b.id)).slice(0, RACE_FEED_MAX_EVENTS);
    expect(ids).toEqual(expected.map((event) => event.id));
    for (const event of outside) expect(ids).not.toContain(event.id);
    expect(new Set(ids).size).toBe(ids.length);
    const first = feed.entries[0]!;
    expect(first.location).toBe('Main Street, Stowe, VT');
    expect(first.url).toBe(`${siteUrl}/events/${ids[0]}`);
    expect(first.allDay).toBe(true);
  });

  it('keeps each race under the same UID from one fetch to the next', async () => {
    const once = parseFeed(String((await api('GET', '/api/calendar/events.ics', { query: filters })).body)).entries;
    const again = parseFeed(String((await api('GET', '/api/calendar/events.ics', { query: filters })).body)).entries;
    expect(again.map((entry) => [entry.uid, entry.start])).toEqual(once.map((entry) => [entry.uid, entry.start]));
  });

  it('looks no further ahead than the horizon, and an empty filter counts as none', async () => {
    const far = race({ eventDate: addDays(today, RACE_FEED_HORIZON_DAYS + 1), state: 'AK', city: 'Nome', eventType: 'cycling', distances: ['100K'] });
    const near = race({ eventDate: addDays(today, RACE_FEED_HORIZON_DAYS), state: 'AK', city: 'Nome', eventType: 'cycling', distances: ['100K'] });
    await createEventsInBulk([far, near]);
    const response = await api('GET', '/api/calendar/events.ics', { query: { state: 'AK', type: 'cycling', distance: '' } });
    expect(response.status, String(response.body)).toBe(200);
    const feed = parseFeed(String(response.body));
    expect(feed.name).toBe('RaceFinder races: Alaska · Cycling');
    const ids = feed.entries.map((entry) => entry.uid.replace(/@racefinder$/, ''));
    expect(ids).toContain(near.id);
    expect(ids).not.toContain(far.id);
    for (const entry of feed.entries) expect(entry.start >= today && entry.start <= addDays(today, RACE_FEED_HORIZON_DAYS)).toBe(true);
  });

  it('is a valid calendar with no filters, and answers 400 naming each filter it does not know', async () => {
    const all = await api('GET', '/api/calendar/events.ics');
    expect(all.status).toBe(200);
    const feed = parseFeed(String(all.body));
    expect(feed.name).toBe('RaceFinder: upcoming races');
    expect(feed.entries.length).toBeGreaterThan(0);
    expect(feed.entries.length).toBeLessThanOrEqual(RACE_FEED_MAX_EVENTS);

    const bad = await api('GET', '/api/calendar/events.ics', { query: { state: 'ZZ', type: 'marathon', distance: '42k' } });
    expect(bad.status).toBe(400);
    const fields = (bad.body as { error: { fields: Record<string, string[]> } }).error.fields;
    expect(fields['query.state']).toEqual(['must be a two-letter US state code']);
    expect(fields['query.type']![0]).toMatch(/^must be one of road_race, trail_race/);
    expect(fields['query.distance']![0]).toMatch(/^must be one of 5k, 10k, half/);
    const unknown = await api('GET', '/api/calendar/events.ics', { query: { q: 'boston' } });
    expect(unknown.status).toBe(400);
    expect(unknown.headers.get('cache-control')).toBe('no-store');
  });
});
