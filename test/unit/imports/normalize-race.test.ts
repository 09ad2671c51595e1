import { describe, expect, it } from 'vitest';
import type { ImportedEvent, NormalizeResult } from '#imports/imported-event';
import { normalizeRunSignupRace } from '#imports/runsignup/normalize-race';
import { AWKWARD_RACES, awkwardRaceItems, rsuDate, type AwkwardCase } from '../../../infra/local/runsignup/fixture-races.ts';
import { addDays } from '../../../infra/local/seed/calendar.ts';

const TODAY = '2026-11-23';
const SOON = addDays(TODAY, 12);
const LATER = addDays(TODAY, 40);
const items = awkwardRaceItems(TODAY);

function normalized(name: AwkwardCase): NormalizeResult {
  const id = AWKWARD_RACES.find((entry) => entry.case === name)!.id;
  const item = items.find((candidate) => candidate.race.race_id === id)!;
  return normalizeRunSignupRace(item, { today: TODAY });
}

function eventOf(name: AwkwardCase): ImportedEvent {
  const result = normalized(name);
  if (!('event' in result)) throw new Error(`${name} was skipped: ${JSON.stringify(result)}`);
  return result.event;
}

describe('normalizeRunSignupRace on the awkward fixture races', () => {
  it('keeps a 23:30 Denver start on its Denver day, with its start time on the Denver clock', () => {
    const event = eventOf('denver-late-start');
    expect(event.eventDate).toBe(SOON);
    expect(event).toMatchObject({ startTime: '23:30', timeZone: 'America/Denver' });
    expect(event).toMatchObject({ city: 'Denver', state: 'CO', source: 'runsignup', sourceId: '900001', distances: ['10K'] });
  });

  it('restores the leading zero of a ZIP given as a number and finds its coordinates', () => {
    const event = eventOf('zip-as-number');
    expect(event.zipCode).toBe('02116');
    expect(event.latitude).toBeCloseTo(42.35, 1);
    expect(event.longitude).toBeCloseTo(-71.08, 1);
  });

  it('skips a Canadian race and a Puerto Rico race as not-us', () => {
    expect(normalized('canadian')).toMatchObject({ skipped: 'not-us', sourceId: '900003' });
    expect(normalized('puerto-rico')).toMatchObject({ skipped: 'not-us', sourceId: '900004' });
  });

  it('turns hostile HTML into safe plain text with entities decoded', () => {
    const event = eventOf('hostile-html');
    expect(event.title).toBe("Bob's Turkey Trot & Pie Run");
    const description = event.description!;
    expect(description).toContain("Run off the pie at Bob's annual trot & family walk!");
    expect(description).toContain('Course: two loops\nof Goodale Park.');
    expect(description).toContain('read more (https://bobstrot.example.org/info)');
    expect(description).toContain("• Kids' dash <1 mile>");
    for (const banned of ['script', 'document.cookie', 'onclick', 'onerror', 'img', 'tracker.example', 'javascript:', 'display:none', '&amp;', '&#39;']) {
      expect(description).not.toContain(banned);
    }
  });

  it('reads every spelling of a distance into one label each, and a 50K makes it an ultra', () => {
    const event = eventOf('distance-spellings');
    expect(event.distances).toEqual(['5 Miles', 'Half Marathon', '50K']);
    expect(event.eventType).toBe('ultra_marathon');
    // The race starts with its earliest event, the 50K at 06:00.
    expect(event.startTime).toBe('06:00');
  });

  it('shows the open price, not a cheaper closed one or a dearer future one, and the prices ahead as tiers', () => {
    const event = eventOf('closed-cheaper-period');
    expect(event.registrationFee).toBe(45);
    // The closed $35 period is gone; the last period closes the day before the race.
    expect(event.priceTiers).toEqual([
      { fee: 45, until: addDays(TODAY, 14) },
      { fee: 55, until: addDays(LATER, -1) },
    ]);
    // A race sold at one price has no tiers; one of several distances has its cheapest distance's.
    expect(eventOf('denver-late-start').priceTiers).toBeUndefined();
    expect(eventOf('distance-spellings').priceTiers).toBeUndefined();
  });

  it('skips drafts, private and past races with their reasons', () => {
    expect(normalized('draft')).toEqual({ skipped: 'draft-or-private', sourceId: '900008' });
    expect(normalized('private')).toEqual({ skipped: 'draft-or-private', sourceId: '900009' });
    expect(normalized('past')).toEqual({ skipped: 'past', sourceId: '900010' });
  });

  it('imports a race whose every event is virtual as a virtual race', () => {
    expect(eventOf('virtual')).toMatchObject({ status: 'virtual', tags: ['runsignup', 'virtual'] });
    expect(eventOf('denver-late-start').status).toBeUndefined();
  });

  it('imports a cancelled race as cancelled, titled without the mark', () => {
    const event = eventOf('cancelled');
    expect(event.cancelled).toBe(true);
    expect(event.title).toBe('Riverfront Rally 5K');
    expect(eventOf('denver-late-start').cancelled).toBeUndefined();
  });

  it('places a race without a ZIP at its city', () => {
    const event = eventOf('no-zip');
    expect(event.zipCode).toBeUndefined();
    expect(event.latitude).toBeCloseTo(40.03, 1);
    expect(event.locationName).toBe('Boulder, CO');
  });

  it('reads a full state name', () => {
    expect(eventOf('full-state-name').state).toBe('NM');
  });

  it('tags a virtual race', () => {
    expect(eventOf('virtual')).toMatchObject({ eventType: 'other', tags: ['runsignup', 'virtual'] });
  });

  it('imports a race with no events on its next date with no distances', () => {
    const event = eventOf('zero-events');
    expect(event.eventDate).toBe(LATER);
    expect(event.distances).toEqual([]);
    expect(event.registrationFee).toBeUndefined();
  });

  it('makes a Trail race a trail race, cuts ZIP+4 and ignores volunteer sign-ups', () => {
    const event = eventOf('trail-by-name');
    expect(event).toMatchObject({ eventType: 'trail_race', terrainType: 'trail', zipCode: '80302', distances: ['Half Marathon'] });
    // The volunteer "event" is free; the race's price is the runners' one.
    expect(event.registrationFee).toBe(75);
    expect(event.websiteUrl).toBe('https://bearcreektrail.example.org/');
    expect(event.registrationUrl).toBe('https://runsignup.com/Race/CO/Boulder/BearCreekTrailHalf');
  });

  it('tidies a shouted city and a lower-case state code', () => {
    expect(eventOf('shouting-city')).toMatchObject({ city: 'Austin', state: 'TX' });
  });

  it('skips a race that fails validation as invalid, naming the field', () => {
    expect(normalized('invalid-name')).toEqual({ skipped: 'invalid', sourceId: '900018', message: 'name: is required' });
  });

  it('dates a two-day race by its first day and closes registration by its last', () => {
    const event = eventOf('two-day');
    expect(event.eventDate).toBe(LATER);
    expect(event.distances).toEqual(['5K', 'Marathon']);
    expect(event.registrationEndDate! <= addDays(LATER, 1)).toBe(true);
  });

  it('reads a sprint triathlon', () => {
    expect(eventOf('triathlon')).toMatchObject({ eventType: 'triathlon', distances: ['Sprint'] });
  });

  it('has a case for every awkward race and every race normalizes without throwing', () => {
    expect(items.map((item) => item.race.race_id)).toEqual(AWKWARD_RACES.map((entry) => entry.id));
    for (const item of items) expect(() => normalizeRunSignupRace(item, { today: TODAY })).not.toThrow();
  });
});

describe('normalizeRunSignupRace on hand-written payloads', () => {
  const race = (overrides: Record<string, unknown> = {}) => ({
    race_id: 4242,
    name: 'Harvest Moon 5K',
    next_date: rsuDate(SOON),
    next_end_date: rsuDate(SOON),
    is_draft_race: 'F',
    is_private_race: 'F',
    url: 'https://runsignup.com/Race/CO/Denver/HarvestMoon5K',
    external_race_url: null,
    address: { street: 'Wash Park', city: 'Denver', state: 'CO', zipcode: '80209', country_code: 'US' },
    timezone: 'America/Denver',
    events: [
      {
        event_id: '77',
        name: '5K',
        start_time: `${rsuDate(SOON)} 18:00`,
        distance: '5K',
        event_type: 'running_race',
        volunteer: 'F',
        registration_periods: [{ registration_opens: '1/1/2026 0:00', registration_closes: `${rsuDate(SOON)} 12:00`, race_fee: '$30.00' }],
      },
    ],
    ...overrides,
  });

  it('accepts the race itself as well as a page item, and ids given as strings', () => {
    const direct = normalizeRunSignupRace(race({ race_id: '4242' }), { today: TODAY });
    const wrapped = normalizeRunSignupRace({ race: race() }, { today: TODAY });
    expect(direct).toEqual(wrapped);
    expect(direct).toMatchObject({ event: { sourceId: '4242', registrationFee: 30, registrationEndDate: SOON } });
  });

  it('names the field of a validation failure', () => {
    expect(normalizeRunSignupRace(race({ race_id: 'abc' }), { today: TODAY })).toMatchObject({ skipped: 'invalid', message: expect.stringMatching(/^race_id: /) });
    expect(normalizeRunSignupRace(race({ next_date: 'someday' }), { today: TODAY })).toMatchObject({
      skipped: 'invalid',
      sourceId: '4242',
      message: expect.stringMatching(/^next_date: /),
    });
    expect(normalizeRunSignupRace(race({ is_draft_race: 'maybe' }), { today: TODAY })).toMatchObject({ message: expect.stringMatching(/^is_draft_race: /) });
    expect(normalizeRunSignupRace('not a race', { today: TODAY })).toMatchObject({ skipped: 'invalid' });
    expect(normalizeRunSignupRace(null, { today: TODAY })).toMatchObject({ skipped: 'invalid' });
  });

  it('keeps only http(s) links', () => {
    const result = normalizeRunSignupRace(race({ url: 'javascript:alert(1)', external_race_url: 'ftp://files.example.org' }), { today: TODAY });
    expect(result).toHaveProperty('event');
    if ('event' in result) {
      expect(result.event.registrationUrl).toBeUndefined();
      expect(result.event.websiteUrl).toBeUndefined();
    }
  });

  it('ignores the placeholder logo and keeps a real https one', () => {
    const placeholder = normalizeRunSignupRace(race({ logo_url: 'https://d368g9lw5ileu7.cloudfront.net/' }), { today: TODAY });
    const logo = normalizeRunSignupRace(race({ logo_url: 'https://d368g9lw5ileu7.cloudfront.net/races/race4242-logo.png' }), { today: TODAY });
    expect(placeholder).not.toHaveProperty('event.imageUrl');
    expect(logo).toHaveProperty('event.imageUrl', 'https://d368g9lw5ileu7.cloudfront.net/races/race4242-logo.png');
  });

  it("keeps no logo from a host the site's Content-Security-Policy would not let the browser load", () => {
    const elsewhere = normalizeRunSignupRace(race({ logo_url: 'https://images.example.com/races/race4242-logo.png' }), { today: TODAY });
    expect(elsewhere).not.toHaveProperty('event.imageUrl');
  });

  it('skips a race with no date at all as invalid', () => {
    expect(normalizeRunSignupRace(race({ next_date: null, next_end_date: null, last_date: null, events: [] }), { today: TODAY })).toEqual({
      skipped: 'invalid',
      sourceId: '4242',
      message: 'next_date: the race has no date',
    });
  });

  it('produces the same event for the same race every time', () => {
    expect(normalizeRunSignupRace(race(), { today: TODAY })).toEqual(normalizeRunSignupRace(structuredClone(race()), { today: TODAY }));
  });
});
