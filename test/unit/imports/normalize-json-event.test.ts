import { describe, expect, it } from 'vitest';
import { JSON_REQUIRED_FIELDS, jsonSourceId, normalizeJsonEvent } from '#imports/json/normalize-json-event';

const TODAY = '2026-11-23';

const pasted = (overrides: Record<string, unknown> = {}) => ({
  title: 'Boston Harbor Half Marathon',
  description: '<p>Flat &amp; fast.</p><p>Two loops.</p>',
  event_date: '2027-05-02',
  registration_end_date: '2027-04-25',
  event_type: 'road_race',
  terrain_type: 'road',
  location_name: 'Seaport Boulevard',
  city: 'Boston',
  state: 'MA',
  country: 'US',
  zip_code: '02210',
  distances: '5K, 13.1 Miles',
  registration_fee: 95,
  max_participants: 3000,
  registration_url: 'https://register.example.com/bhhm',
  website_url: 'https://bhhm.example.org',
  tags: ['half-marathon', 'flat-and-fast'],
  ...overrides,
});

describe('normalizeJsonEvent', () => {
  it('normalizes a spec 001 event through the same rules', () => {
    const result = normalizeJsonEvent(pasted(), { today: TODAY });
    expect(result).toEqual({
      event: {
        title: 'Boston Harbor Half Marathon',
        description: 'Flat & fast.\n\nTwo loops.',
        eventDate: '2027-05-02',
        registrationEndDate: '2027-04-25',
        eventType: 'road_race',
        terrainType: 'road',
        locationName: 'Seaport Boulevard',
        city: 'Boston',
        state: 'MA',
        country: 'US',
        zipCode: '02210',
        latitude: expect.closeTo(42.35, 1),
        longitude: expect.closeTo(-71.04, 1),
        distances: ['5K', 'Half Marathon'],
        registrationFee: 95,
        maxParticipants: 3000,
        registrationUrl: 'https://register.example.com/bhhm',
        websiteUrl: 'https://bhhm.example.org/',
        tags: ['half-marathon', 'flat-and-fast'],
        source: 'json',
        sourceId: jsonSourceId('Boston Harbor Half Marathon', '2027-05-02', 'Boston'),
      },
    });
  });

  it('accepts camelCase field names', () => {
    const camel = normalizeJsonEvent(
      {
        title: 'Boston Harbor Half Marathon',
        eventDate: '2027-05-02',
        eventType: 'road_race',
        locationName: 'Seaport Boulevard',
        city: 'Boston',
        state: 'MA',
        zipCode: '02210',
        distances: ['Half Marathon'],
        registrationFee: '$95.00',
      },
      { today: TODAY },
    );
    expect(camel).toMatchObject({ event: { eventDate: '2027-05-02', locationName: 'Seaport Boulevard', zipCode: '02210', registrationFee: 95 } });
  });

  it('lists the missing required fields, blanks included', () => {
    expect(JSON_REQUIRED_FIELDS).toEqual(['title', 'city', 'state', 'location_name', 'event_date', 'event_type']);
    expect(normalizeJsonEvent({ title: 'Solo 5K', city: ' ', state: 'MA' }, { today: TODAY })).toEqual({
      missing: ['city', 'location_name', 'event_date', 'event_type'],
    });
  });

  it('gives the same source id to the same race pasted again, whatever its spelling', () => {
    const first = normalizeJsonEvent(pasted(), { today: TODAY });
    const again = normalizeJsonEvent(pasted({ title: 'The 3rd Annual BOSTON HARBOR HALF MARATHON 2027', city: 'BOSTON', registration_fee: 99 }), { today: TODAY });
    const other = normalizeJsonEvent(pasted({ event_date: '2027-05-09' }), { today: TODAY });
    expect('event' in first && 'event' in again && first.event.sourceId === again.event.sourceId).toBe(true);
    expect('event' in first && 'event' in other && first.event.sourceId !== other.event.sourceId).toBe(true);
  });

  it('reads full state names, ZIPs as numbers and US-style dates', () => {
    const result = normalizeJsonEvent(pasted({ state: 'Massachusetts', zip_code: 2210, event_date: '05/02/2027' }), { today: TODAY });
    expect(result).toMatchObject({ event: { state: 'MA', zipCode: '02210', eventDate: '2027-05-02' } });
  });

  it('keeps a late start on its local day when the date is an instant', () => {
    const result = normalizeJsonEvent(pasted({ city: 'Denver', state: 'CO', zip_code: '80202', event_date: '2027-05-03T05:30:00Z' }), { today: TODAY });
    expect(result).toMatchObject({ event: { eventDate: '2027-05-02', startTime: '23:30', timeZone: 'America/Denver' } });
  });

  it('takes the start time from start_time as people write it, or from the date, and refuses one it cannot read', () => {
    const start = (fields: Record<string, unknown>) => normalizeJsonEvent(pasted(fields), { today: TODAY });
    expect(start({ start_time: '7:30 AM' })).toMatchObject({ event: { startTime: '07:30', timeZone: 'America/New_York' } });
    expect(start({ startTime: '18:45' })).toMatchObject({ event: { startTime: '18:45' } });
    expect(start({ event_date: '2027-05-02 06:15' })).toMatchObject({ event: { eventDate: '2027-05-02', startTime: '06:15' } });
    expect(start({})).not.toHaveProperty('event.startTime');
    expect(start({ start_time: '25:00' })).toEqual({ skipped: 'invalid', message: 'start_time: must be a time like 07:30 or 7:30 AM' });
  });

  it('finds coordinates from the ZIP, or keeps the given ones', () => {
    const given = normalizeJsonEvent(pasted({ latitude: '42.3', longitude: -71.1 }), { today: TODAY });
    expect(given).toMatchObject({ event: { latitude: 42.3, longitude: -71.1 } });
  });

  it('skips other countries, past events and bad values with their reasons', () => {
    expect(normalizeJsonEvent(pasted({ country: 'Canada', state: 'ON' }), { today: TODAY })).toMatchObject({ skipped: 'not-us' });
    expect(normalizeJsonEvent(pasted({ event_date: '2026-11-22', registration_end_date: undefined }), { today: TODAY })).toMatchObject({ skipped: 'past' });
    expect(normalizeJsonEvent(pasted({ event_type: 'marathon' }), { today: TODAY })).toMatchObject({ skipped: 'invalid', message: expect.stringMatching(/^event_type: /) });
    expect(normalizeJsonEvent(pasted({ terrain_type: 'lava' }), { today: TODAY })).toMatchObject({ skipped: 'invalid', message: expect.stringMatching(/^terrain_type: /) });
    expect(normalizeJsonEvent(pasted({ event_date: '2027-02-30' }), { today: TODAY })).toMatchObject({ skipped: 'invalid', message: expect.stringMatching(/^event_date: /) });
    expect(normalizeJsonEvent(pasted({ registration_fee: 'a lot' }), { today: TODAY })).toMatchObject({ message: expect.stringMatching(/^registration_fee: /) });
    expect(normalizeJsonEvent(pasted({ max_participants: 0 }), { today: TODAY })).toMatchObject({ message: expect.stringMatching(/^max_participants: /) });
    expect(normalizeJsonEvent(pasted({ latitude: 142, longitude: 10 }), { today: TODAY })).toMatchObject({ message: expect.stringMatching(/^latitude: /) });
    expect(normalizeJsonEvent([], { today: TODAY })).toMatchObject({ skipped: 'invalid' });
    expect(normalizeJsonEvent('event', { today: TODAY })).toMatchObject({ skipped: 'invalid' });
  });

  it('reads event type labels and source types, and infers a missing terrain', () => {
    expect(normalizeJsonEvent(pasted({ event_type: 'Trail Race', terrain_type: undefined, title: 'Blue Hills Trail 10K' }), { today: TODAY })).toMatchObject({
      event: { eventType: 'trail_race', terrainType: 'trail' },
    });
    expect(normalizeJsonEvent(pasted({ event_type: 'running_race' }), { today: TODAY })).toMatchObject({ event: { eventType: 'road_race' } });
  });

  it('sanitizes text, drops unsafe links and caps registration end at the race day', () => {
    const result = normalizeJsonEvent(
      pasted({
        title: 'Bob&#39;s <b>Trot</b>',
        description: '<script>alert(1)</script>Plain & simple',
        registration_url: 'javascript:alert(1)',
        website_url: 'www.example.org',
        registration_end_date: '2027-06-01',
        tags: 'a, b, , a',
      }),
      { today: TODAY },
    );
    expect(result).toMatchObject({ event: { title: "Bob's Trot", description: 'Plain & simple', registrationEndDate: '2027-05-02', tags: ['a', 'b'] } });
    expect(result).not.toHaveProperty('event.registrationUrl');
    expect(result).not.toHaveProperty('event.websiteUrl');
  });

  it('marks a cancelled event', () => {
    expect(normalizeJsonEvent(pasted({ cancelled: true }), { today: TODAY })).toMatchObject({ event: { cancelled: true } });
    expect(normalizeJsonEvent(pasted({ title: 'CANCELLED: Boston Harbor Half Marathon' }), { today: TODAY })).toMatchObject({
      event: { cancelled: true, title: 'Boston Harbor Half Marathon' },
    });
  });
});
