import { describe, expect, it } from 'vitest';
import { formatDistanceIn, formatDuration, formatPaceIn, parseDistance, parsePace, parseTime } from '#shared/running/durations';

const seconds = (h: number, m: number, s: number) => h * 3600 + m * 60 + s;

describe('parseTime', () => {
  it.each([
    ['1:23:45', seconds(1, 23, 45)],
    ['45:00', seconds(0, 45, 0)],
    ['19:57.3', 19 * 60 + 57.3],
    ['90:00', seconds(1, 30, 0)],
    ['45', seconds(0, 45, 0)],
    ['45.5', seconds(0, 45, 30)],
    ['1h 23m 45s', seconds(1, 23, 45)],
    ['1h5m', seconds(1, 5, 0)],
    ['45 min', seconds(0, 45, 0)],
    ['90s', 90],
    ['  3:10:49  ', seconds(3, 10, 49)],
  ])('reads %s', (text, expected) => {
    expect(parseTime(text)).toEqual({ ok: true, value: expected });
  });

  it.each([
    ['', 'Enter a time, e.g. 1:45:00 or 45:00'],
    ['0:00', 'Enter a time longer than zero'],
    ['0', 'Enter a time longer than zero'],
    ['1:75:00', 'Minutes and seconds must be below 60, e.g. 1:05:30'],
    ['45:60', 'Minutes and seconds must be below 60, e.g. 1:05:30'],
    ['7:5', 'Enter the time as h:mm:ss or mm:ss, e.g. 1:23:45 or 45:00'],
    ['1:2:3:4', 'Enter the time as h:mm:ss or mm:ss, e.g. 1:23:45 or 45:00'],
    ['fast', 'Enter the time as h:mm:ss or mm:ss, e.g. 1:23:45 or 45:00'],
    ['-5:00', 'Enter the time as h:mm:ss or mm:ss, e.g. 1:23:45 or 45:00'],
  ])('refuses %j: %s', (text, error) => {
    expect(parseTime(text)).toEqual({ ok: false, error });
  });
});

describe('parsePace', () => {
  it('reads a pace in the unit typed after it, else in the unit chosen', () => {
    expect(parsePace('7:30 /mi', 'km')).toEqual({ ok: true, value: { secondsPerKm: 450 / 1.609344, unit: 'mi' } });
    expect(parsePace('7:30/mile', 'km')).toMatchObject({ value: { unit: 'mi' } });
    expect(parsePace('7:30 min/mi', 'km')).toMatchObject({ value: { unit: 'mi' } });
    expect(parsePace('7:30 per mile', 'km')).toMatchObject({ value: { unit: 'mi' } });
    expect(parsePace('4:40 /km', 'mi')).toEqual({ ok: true, value: { secondsPerKm: 280, unit: 'km' } });
    expect(parsePace('4:40 min/km', 'mi')).toMatchObject({ value: { secondsPerKm: 280, unit: 'km' } });
    expect(parsePace('4:40', 'km')).toEqual({ ok: true, value: { secondsPerKm: 280, unit: 'km' } });
    expect(parsePace('8', 'mi')).toEqual({ ok: true, value: { secondsPerKm: 480 / 1.609344, unit: 'mi' } });
  });

  it('says how to write a pace in the unit chosen', () => {
    expect(parsePace('', 'mi')).toEqual({ ok: false, error: 'Enter a pace per mile, e.g. 8:30' });
    expect(parsePace('quick', 'km')).toEqual({ ok: false, error: 'Enter the pace as m:ss per km, e.g. 4:40' });
    expect(parsePace('7:60 /mi', 'mi')).toEqual({ ok: false, error: 'Seconds must be below 60, e.g. 7:59' });
    expect(parsePace('0:00', 'mi')).toEqual({ ok: false, error: 'Enter a pace slower than zero' });
  });
});

describe('parseDistance', () => {
  it('reads kilometres from the unit chosen or the one written', () => {
    expect(parseDistance('10', 'km')).toEqual({ ok: true, value: 10 });
    expect(parseDistance('13.1', 'mi')).toEqual({ ok: true, value: 13.1 * 1.609344 });
    expect(parseDistance('42.195 km', 'mi')).toEqual({ ok: true, value: 42.195 });
    expect(parseDistance('26.2 miles', 'km')).toEqual({ ok: true, value: 26.2 * 1.609344 });
    expect(parseDistance('1,000', 'km')).toEqual({ ok: true, value: 1000 });
  });

  it('refuses what is not a distance', () => {
    expect(parseDistance('', 'km')).toEqual({ ok: false, error: 'Enter a distance' });
    expect(parseDistance('0', 'mi')).toEqual({ ok: false, error: 'Enter a distance longer than zero' });
    expect(parseDistance('far', 'mi')).toEqual({ ok: false, error: 'Enter the distance as a number of miles, e.g. 6.2' });
    expect(parseDistance('-3', 'km')).toEqual({ ok: false, error: 'Enter the distance as a number of kilometres, e.g. 10' });
  });
});

describe('formatting', () => {
  it('writes times as runners do, to the whole second', () => {
    expect(formatDuration(seconds(1, 23, 45))).toBe('1:23:45');
    expect(formatDuration(seconds(0, 45, 0))).toBe('45:00');
    expect(formatDuration(seconds(0, 4, 5))).toBe('4:05');
    expect(formatDuration(seconds(10, 0, 7))).toBe('10:00:07');
    expect(formatDuration(59.5)).toBe('1:00');
    expect(formatDuration(3599.6)).toBe('1:00:00');
  });

  it('converts paces between units: 7:30 a mile is 4:40 a km, 5:00 a km is 8:03 a mile', () => {
    const sevenThirtyPerMile = 450 / 1.609344;
    expect(formatPaceIn('mi', sevenThirtyPerMile)).toBe('7:30 /mi');
    expect(formatPaceIn('km', sevenThirtyPerMile)).toBe('4:40 /km');
    expect(formatPaceIn('mi', 300)).toBe('8:03 /mi');
  });

  it('writes distances to two decimals at most', () => {
    expect(formatDistanceIn('mi', 42.195)).toBe('26.22 mi');
    expect(formatDistanceIn('km', 21.0975)).toBe('21.1 km');
    expect(formatDistanceIn('km', 5)).toBe('5 km');
  });
});
