import { describe, expect, it } from 'vitest';
import { earliestDate, latestDate, localDateTimeIn, localDateTimeOf, parseLocalDateTime } from '#imports/normalize/dates';
import { isTimeZone, raceTimeZone } from '#shared/race-time-zones';

describe('local dates of imported races', () => {
  it('reads RunSignup dates and times as written, without a time zone shift', () => {
    expect(parseLocalDateTime('11/28/2026')).toEqual({ date: '2026-11-28' });
    expect(parseLocalDateTime('11/28/2026 23:30')).toEqual({ date: '2026-11-28', time: '23:30' });
    expect(parseLocalDateTime('1/9/2027 7:05')).toEqual({ date: '2027-01-09', time: '07:05' });
    expect(parseLocalDateTime('2026-11-28')).toEqual({ date: '2026-11-28' });
    expect(parseLocalDateTime('2026-11-28 06:45:00')).toEqual({ date: '2026-11-28', time: '06:45' });
  });

  it('refuses dates that do not exist or are not dates', () => {
    expect(parseLocalDateTime('02/30/2026')).toBeUndefined();
    expect(parseLocalDateTime('13/01/2026')).toBeUndefined();
    expect(parseLocalDateTime('11/28/2026 24:10')).toBeUndefined();
    expect(parseLocalDateTime('next Saturday')).toBeUndefined();
    expect(parseLocalDateTime('')).toBeUndefined();
    expect(parseLocalDateTime(undefined)).toBeUndefined();
  });

  it('keeps a 23:30 start in Denver on its Denver day', () => {
    // Written locally, as RunSignup writes event start times in the race's zone.
    expect(localDateTimeOf('11/28/2026 23:30', 'America/Denver')).toEqual({ date: '2026-11-28', time: '23:30' });
    // The same moment as an instant: 06:30 UTC on the 29th is still the 28th in Denver.
    expect(localDateTimeOf('2026-11-29T06:30:00Z', 'America/Denver')).toEqual({ date: '2026-11-28', time: '23:30' });
    expect(localDateTimeOf('2026-11-28T23:30:00-07:00', 'America/Denver')).toEqual({ date: '2026-11-28', time: '23:30' });
    // In New York that instant is already the next day: the race's own zone decides, not the product's.
    expect(localDateTimeIn(new Date('2026-11-29T06:30:00Z'), 'America/New_York').date).toBe('2026-11-29');
  });

  it('follows daylight saving time in the race zone', () => {
    expect(localDateTimeOf('2026-07-04T05:30:00Z', 'America/Denver')).toEqual({ date: '2026-07-03', time: '23:30' });
    expect(localDateTimeOf('2026-07-04T06:30:00Z', 'America/Phoenix')).toEqual({ date: '2026-07-03', time: '23:30' });
  });

  it('knows IANA zone names and falls back to the state zone, then the product zone', () => {
    expect(isTimeZone('America/Denver')).toBe(true);
    expect(isTimeZone('Mars/Olympus_Mons')).toBe(false);
    expect(isTimeZone(undefined)).toBe(false);
    expect(raceTimeZone('America/Boise', 'ID')).toBe('America/Boise');
    expect(raceTimeZone('Nowhere/Else', 'CO')).toBe('America/Denver');
    expect(raceTimeZone(undefined, 'HI')).toBe('Pacific/Honolulu');
    expect(raceTimeZone(undefined, 'ON')).toBe('America/New_York');
  });

  it('compares dates with absent values', () => {
    expect(earliestDate('2026-11-28', '2026-11-27')).toBe('2026-11-27');
    expect(earliestDate(undefined, '2026-11-27')).toBe('2026-11-27');
    expect(latestDate('2026-11-28', '2026-11-27')).toBe('2026-11-28');
    expect(latestDate('2026-11-28', undefined)).toBe('2026-11-28');
  });
});
