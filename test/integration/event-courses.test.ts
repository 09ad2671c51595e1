/**
 * Race courses through the local stack: PUT /api/events/{id}/course takes a GPX file from the event's owner or an
 * admin (another organizer gets the 404 of a missing event), refuses bad files with a 400 that says why and writes
 * nothing, GET shows the course to whoever may see the event, the summary rides on the event and its search
 * postings so the elevation filter finds it, and DELETE takes it all away again.
 */
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { CourseAnswerSchema } from '#shared/schemas/course';
import { EventChangesPageSchema } from '#shared/schemas/organizer-event';
import { EventSearchPageSchema } from '#shared/schemas/search';
import type { RaceEvent } from '#shared/schemas/event';
import { createEvent, deleteEvent, getEvent } from '#data/event';
import { getItem } from '#lib/kit/table';
import { changeRole } from '#data/profile';
import { testRaceEvent } from '../support/race-event.ts';
import { gpxText, hillyElevations } from '../support/gpx.ts';
import { account, api, idTokenFor, newUser } from '../support/local-api.ts';

type Who = 'Organizer' | 'Admin' | 'Other';
const tokens = {} as Record<Who, string>;
let event: RaceEvent;
let word: string;

// 10 km with five 60 m hills: about 29 m of climb per km, 'mountainous' by the classes (shared/course-elevation.ts).
const HILLY = gpxText({ elevations: hillyElevations(101, 60), name: 'Ridge loop' });
// The same length, gently: about 15 m per km, 'hilly'.
const GENTLE = gpxText({ elevations: hillyElevations(101, 30) });

const upload = (token: string, text: string, id = event.id) =>
  api('PUT', `/api/events/${id}/course`, { token, rawBody: text, headers: { 'content-type': 'application/gpx+xml' } });
const search = (elevation: string) => api('GET', '/api/events', { query: { q: word, elevation } });

beforeAll(async () => {
  for (const label of ['Organizer', 'Admin'] as const) {
    const { email, password } = account(label);
    tokens[label] = await idTokenFor(email, password);
  }
  const organizer = ((await api('GET', '/api/me', { token: tokens.Organizer })).body as { id: string }).id;
  const other = await newUser('course-other-organizer');
  tokens.Other = other.token;
  await changeRole(((await api('GET', '/api/me', { token: other.token })).body as { id: string }).id, 'organizer');
  word = `Coursetest${randomUUID().replace(/-/g, '').slice(0, 8)}`;
  event = await createEvent(testRaceEvent({ title: `${word} Ridge Run`, eventDate: '2099-06-06', organizerId: organizer }));
});

describe('an event course', () => {
  it('takes the owner\'s GPX, shows it to everyone, and puts its summary on the event and in search', async () => {
    const put = await upload(tokens.Organizer, HILLY);
    expect(put.status, JSON.stringify(put.body)).toBe(200);
    const course = CourseAnswerSchema.parse(put.body);
    expect(course).toMatchObject({ eventId: event.id, name: 'Ridge loop', pointCount: 101, elevationClass: 'mountainous' });
    expect(course.gainMeters / (course.distanceMeters / 1000)).toBeGreaterThanOrEqual(25);

    const read = await api('GET', `/api/events/${event.id}/course`);
    expect(read.status).toBe(200);
    expect(read.headers.get('cache-control')).toBe('public, max-age=60');
    expect(CourseAnswerSchema.parse(read.body)).toEqual(course);
    expect((await getEvent(event.id))?.course).toEqual({ distanceMeters: course.distanceMeters, gainMeters: course.gainMeters, lossMeters: course.lossMeters });

    const mountainous = EventSearchPageSchema.parse((await search('mountainous')).body);
    expect(mountainous.items.map((item) => item.id)).toEqual([event.id]);
    expect(mountainous.items[0]?.course?.gainMeters).toBe(course.gainMeters);
    expect(EventSearchPageSchema.parse((await search('flat')).body).items).toEqual([]);
  });

  it('lets an admin replace it, moving the event to its new elevation class', async () => {
    const put = await upload(tokens.Admin, GENTLE);
    expect(put.status, JSON.stringify(put.body)).toBe(200);
    expect(EventSearchPageSchema.parse((await search('hilly')).body).items.map((item) => item.id)).toEqual([event.id]);
    expect(EventSearchPageSchema.parse((await search('mountainous')).body).items).toEqual([]);
  });

  it('tells another organizer the event does not exist, and changes nothing', async () => {
    const before = await getEvent(event.id);
    expect((await upload(tokens.Other, HILLY)).status).toBe(404);
    expect((await upload(tokens.Other, 'not a gpx file')).status).toBe(404);
    expect((await api('DELETE', `/api/events/${event.id}/course`, { token: tokens.Other })).status).toBe(404);
    expect((await upload('', HILLY)).status).toBe(401);
    expect((await getEvent(event.id))?.updatedAt).toBe(before?.updatedAt);
  });

  it('refuses bad files with a 400 that says why, and keeps the course it had', async () => {
    const before = await getEvent(event.id);
    const refusals: [string, RegExp][] = [
      ['', /The file is empty/],
      ['{"not": "xml"}', /not a GPX file: it is not readable XML/],
      ['<?xml version="1.0"?><kml xmlns="http://www.opengis.net/kml/2.2"><Document/></kml>', /XML but not GPX/],
      ['<gpx version="1.1"><wpt lat="40" lon="-105"/></gpx>', /no track or route points/],
      [gpxText({ elevations: [1, 2, 3, 4] }), /needs at least 10/],
      [gpxText({ elevations: hillyElevations(20, 5), stepMeters: 200_000 }), /more than 1,000 km/],
      [`<gpx><trk><trkseg>${'<trkpt lat="40" lon="-105"><ele>1</ele></trkpt>'.repeat(1)}</trkseg></trk></gpx>${' '.repeat(4 * 1024 * 1024)}`, /larger than 4 MB/],
    ];
    for (const [text, message] of refusals) {
      const response = await upload(tokens.Organizer, text);
      expect(response.status, text.slice(0, 60)).toBe(400);
      expect((response.body as { error: { message: string } }).error.message).toMatch(message);
    }
    expect((await getEvent(event.id))?.updatedAt).toBe(before?.updatedAt);
  });

  it('is removed by its owner, from the event and from search', async () => {
    expect((await api('DELETE', `/api/events/${event.id}/course`, { token: tokens.Organizer })).status).toBe(204);
    expect((await api('GET', `/api/events/${event.id}/course`)).status).toBe(404);
    expect((await getEvent(event.id))?.course).toBeUndefined();
    expect(await getItem({ PK: `EVENT#${event.id}`, SK: 'COURSE' })).toBeUndefined();
    expect(EventSearchPageSchema.parse((await search('hilly')).body).items).toEqual([]);
    expect((await api('DELETE', `/api/events/${event.id}/course`, { token: tokens.Organizer })).status).toBe(404);
  });

  it('leaves a change record of every upload and removal, naming who made it, and none for a refusal', async () => {
    const history = EventChangesPageSchema.parse((await api('GET', '/api/admin/event-changes', { token: tokens.Admin, query: { eventId: event.id } })).body);
    const summary = { distanceMeters: expect.any(Number), gainMeters: expect.any(Number), lossMeters: expect.any(Number) };
    // Newest first: the owner's removal, the admin's replacement, the owner's upload.
    expect(history.items.map((change) => ({ role: change.actorRole, fields: change.fields }))).toEqual([
      { role: 'owner', fields: [{ name: 'course', before: summary, after: null }] },
      { role: 'admin', fields: [{ name: 'course', before: summary, after: summary }] },
      { role: 'owner', fields: [{ name: 'course', before: null, after: summary }] },
    ]);
    const [removal, replacement] = history.items;
    expect(removal!.fields[0]!.before).toEqual(replacement!.fields[0]!.after);
  });

  it('goes with its event when the event is deleted', async () => {
    const other = await createEvent(testRaceEvent({ title: `${word} Second Run`, eventDate: '2099-06-07' }));
    expect((await upload(tokens.Admin, HILLY, other.id)).status).toBe(200);
    await deleteEvent(other.id);
    expect(await getItem({ PK: `EVENT#${other.id}`, SK: 'COURSE' })).toBeUndefined();
    expect(EventSearchPageSchema.parse((await search('mountainous')).body).items).toEqual([]);
  });
});
