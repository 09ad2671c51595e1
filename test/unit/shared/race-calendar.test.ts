/** Races as calendar entries (shared/race-calendar.ts): the feeds' names, addresses and entries, parsed with ical.js. */
import ICAL from 'ical.js';
import { describe, expect, it } from 'vitest';
import { buildCalendar } from '../../../shared/ics.ts';
import { eventsCalendarName, eventsCalendarPath, raceCalendarEntry } from '../../../shared/race-calendar.ts';
import type { EventSummary } from '../../../shared/schemas/search.ts';

const race: EventSummary = {
  id: '01JABCDEFGHJKMNPQRSTVWXYZ0',
  title: 'Lakes, Loops; and Hills 25K',
  eventDate: '2026-09-12',
  description: 'Two laps of the lake.',
  city: 'Duluth',
  state: 'MN',
  locationName: 'Canal Park',
  eventType: 'trail_race',
  terrainType: 'trail',
  distances: ['25K', '10K', ' '],
  registrationUrl: 'https://register.example.com/lakes?ref=a,b',
  featured: false,
  verified: true,
};

describe('race feeds', () => {
  it('name the filters in words, and none as all upcoming races', () => {
    expect(eventsCalendarName({})).toBe('RaceFinder: upcoming races');
    expect(eventsCalendarName({ state: 'CO', type: 'trail_race', distance: 'half' })).toBe('RaceFinder races: Colorado · Trail Race · Half marathon');
    expect(eventsCalendarName({ distance: '5k' })).toBe('RaceFinder races: 5K');
  });

  it('serve the filters in the query, always in the same order', () => {
    expect(eventsCalendarPath({})).toBe('/api/calendar/events.ics');
    expect(eventsCalendarPath({ distance: 'half', state: 'CO' })).toBe('/api/calendar/events.ics?state=CO&distance=half');
  });

  it('make a race an entry with its place, facts, registration and event page, which a parser reads back whole', () => {
    const entry = raceCalendarEntry(race, 'https://races.example.com/');
    expect(entry).toMatchObject({ id: race.id, title: race.title, date: '2026-09-12', location: 'Canal Park, Duluth, MN', url: `https://races.example.com/events/${race.id}` });
    const calendar = ICAL.Component.fromString(buildCalendar({ events: [entry], now: new Date('2026-01-01T00:00:00Z') }));
    const event = new ICAL.Event(calendar.getFirstSubcomponent('vevent')!);
    expect(event.summary).toBe(race.title);
    expect(event.location).toBe('Canal Park, Duluth, MN');
    expect(event.description).toBe(
      [
        'Two laps of the lake.',
        'Trail Race, Trail course, 25K · 10K',
        'Registration: https://register.example.com/lakes?ref=a,b',
        `Details: https://races.example.com/events/${race.id}`,
      ].join('\n\n'),
    );
    expect(event.startDate.toString()).toBe('2026-09-12');
    expect(event.endDate.toString()).toBe('2026-09-13');
  });

  it('link to the registration page when the site address is not known, and skip what is missing', () => {
    const entry = raceCalendarEntry({ ...race, description: undefined, locationName: ' ', registrationUrl: undefined }, undefined);
    expect(entry.url).toBeUndefined();
    expect(entry.location).toBe('Duluth, MN');
    expect(entry.description).toBe('Trail Race, Trail course, 25K · 10K');
    expect(raceCalendarEntry(race, undefined).url).toBe(race.registrationUrl);
  });

  it('say a cancelled race is cancelled and a postponed one tentative, in the entry and its title; a moved one says where from', () => {
    const parse = (entry: ReturnType<typeof raceCalendarEntry>) =>
      new ICAL.Event(ICAL.Component.fromString(buildCalendar({ events: [entry], now: new Date('2026-01-01T00:00:00Z') })).getFirstSubcomponent('vevent')!);
    const cancelled = parse(raceCalendarEntry({ ...race, status: 'cancelled' }, undefined));
    expect(cancelled.summary).toBe(`Cancelled: ${race.title}`);
    expect(cancelled.component.getFirstPropertyValue('status')).toBe('CANCELLED');
    expect(cancelled.description.split('\n\n')[0]).toBe('Cancelled');
    const postponed = parse(raceCalendarEntry({ ...race, status: 'postponed' }, undefined));
    expect(postponed.component.getFirstPropertyValue('status')).toBe('TENTATIVE');
    expect(postponed.summary).toBe(`Postponed: ${race.title}`);
    const moved = parse(raceCalendarEntry({ ...race, status: 'rescheduled', previousEventDate: '2026-08-29' }, undefined));
    expect(moved.summary).toBe(race.title);
    expect(moved.component.getFirstPropertyValue('status')).toBeNull();
    expect(moved.description.split('\n\n')[0]).toBe('Rescheduled from Sat, Aug 29, 2026');
    expect(parse(raceCalendarEntry(race, undefined)).component.getFirstPropertyValue('status')).toBeNull();
  });
});
