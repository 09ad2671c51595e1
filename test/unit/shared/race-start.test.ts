import { describe, expect, it } from 'vitest';
import { raceHasStarted, raceStart } from '#shared/race-start';
import { SPLIT_STATE_ZONES, isTimeZone, raceTimeZone, stateTimeZones } from '#shared/race-time-zones';
import { formatRaceStart, timeZoneName } from '#shared/race-start-format';
import { formatStartClock } from '#shared/start-clock';
import { withRaceClock } from '#data/event';
import { testRaceEvent } from '../../support/race-event.ts';

describe("a race's start", () => {
  const denver = { eventDate: '2026-03-15', startTime: '07:00', timeZone: 'America/Denver' };

  it("is the instant of its start time on its own clock, daylight saving included", () => {
    expect(raceStart(denver)?.toISOString()).toBe('2026-03-15T13:00:00.000Z');
    expect(raceStart({ ...denver, eventDate: '2026-01-10' })?.toISOString()).toBe('2026-01-10T14:00:00.000Z');
    // A late start in the west is already the next day in UTC.
    expect(raceStart({ eventDate: '2026-07-04', startTime: '23:30', timeZone: 'America/Los_Angeles' })?.toISOString()).toBe('2026-07-05T06:30:00.000Z');
    expect(raceStart({ eventDate: '2026-03-15' })).toBeUndefined();
    expect(raceStart({ ...denver, startTime: '7am' })).toBeUndefined();
  });

  it('opens writing at the start where it is known, else on race day in New York', () => {
    expect(raceHasStarted(denver, new Date('2026-03-15T12:59:59Z'))).toBe(false);
    expect(raceHasStarted(denver, new Date('2026-03-15T13:00:00Z'))).toBe(true);
    // Without a start time: from the race day's New York midnight, as before.
    expect(raceHasStarted({ eventDate: '2026-03-15' }, new Date('2026-03-15T03:59:00Z'))).toBe(false);
    expect(raceHasStarted({ eventDate: '2026-03-15' }, new Date('2026-03-15T04:00:00Z'))).toBe(true);
  });

  it('reads as people write it, with the zone of race day', () => {
    expect(['00:05', '07:00', '12:00', '18:30'].map(formatStartClock)).toEqual(['12:05 AM', '7:00 AM', '12:00 PM', '6:30 PM']);
    expect(formatRaceStart(denver)).toBe('7:00 AM MDT');
    expect(formatRaceStart({ ...denver, eventDate: '2026-01-10' })).toBe('7:00 AM MST');
    expect(formatRaceStart({ eventDate: '2026-07-04', startTime: '06:00', timeZone: 'America/Phoenix' })).toBe('6:00 AM MST');
    expect(formatRaceStart({ eventDate: '2026-07-04' })).toBeUndefined();
    expect(timeZoneName(raceTimeZone(undefined, 'TX'))).toBe('Central Time');
  });

  it("is kept with a zone by the event store: the one named with it while the race stays in its state, else the state's", () => {
    const race = testRaceEvent({ title: 'Clocked', eventDate: '2026-06-01', state: 'TX', startTime: '07:00' });
    expect(withRaceClock(race).timeZone).toBe('America/Chicago');
    // An import names El Paso's own zone; it stands while the race stays in Texas.
    const elPaso = withRaceClock({ ...race, timeZone: 'America/Denver' });
    expect(elPaso.timeZone).toBe('America/Denver');
    expect(withRaceClock({ ...elPaso, title: 'Renamed' }, elPaso).timeZone).toBe('America/Denver');
    // Moved to another state without a new zone: the new state's.
    expect(withRaceClock({ ...elPaso, state: 'CA' }, elPaso).timeZone).toBe('America/Los_Angeles');
    // No start time, no zone.
    expect(withRaceClock({ ...elPaso, startTime: undefined })).not.toHaveProperty('timeZone');
  });

  it("offers a split state's zones, its usual one first, and a whole state its one zone", () => {
    expect(Object.keys(SPLIT_STATE_ZONES).sort()).toEqual(['AK', 'AZ', 'FL', 'ID', 'IN', 'KS', 'KY', 'MI', 'ND', 'NE', 'OR', 'SD', 'TN', 'TX']);
    for (const [state, choices] of Object.entries(SPLIT_STATE_ZONES)) {
      expect(choices![0]!.zone, state).toBe(raceTimeZone(undefined, state));
      for (const { zone } of choices!) expect(isTimeZone(zone), zone).toBe(true);
      expect(new Set(choices!.map(({ zone }) => timeZoneName(zone))).size, `${state}: each zone reads differently`).toBe(choices!.length);
    }
    expect(stateTimeZones('TX')).toEqual(['America/Chicago', 'America/Denver']);
    expect(stateTimeZones('CO')).toEqual(['America/Denver']);
    expect(stateTimeZones('XX')).toEqual([]);
  });
});
