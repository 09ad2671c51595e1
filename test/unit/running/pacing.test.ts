import { describe, expect, it } from 'vitest';
import { formatDuration, formatPaceIn } from '#shared/running/durations';
import { calculatePace, type PaceInput } from '#shared/running/pacing';

const input = (fields: Partial<PaceInput> & Pick<PaceInput, 'find'>): PaceInput => ({ unit: 'km', distance: '', time: '', pace: '', ...fields });

/** The field errors of a refused input (an input that solves has none). */
function errorsOf(fields: Partial<PaceInput> & Pick<PaceInput, 'find'>) {
  const outcome = calculatePace(input(fields));
  return outcome.ok ? {} : outcome.errors;
}

function solved(fields: Partial<PaceInput> & Pick<PaceInput, 'find'>) {
  const outcome = calculatePace(input(fields));
  if (!outcome.ok) throw new Error(JSON.stringify(outcome.errors));
  return outcome.performance;
}

describe('calculatePace: any two give the third', () => {
  it('finds the pace of a distance and time', () => {
    const marathon = solved({ find: 'pace', distance: '42.195', time: '3:30:00' });
    expect(formatPaceIn('km', marathon.secondsPerKm)).toBe('4:59 /km');
    expect(formatPaceIn('mi', marathon.secondsPerKm)).toBe('8:01 /mi');
    const fiveK = solved({ find: 'pace', unit: 'mi', distance: '5 km', time: '25:00' });
    expect(fiveK.secondsPerKm).toBe(300);
    expect(formatPaceIn('mi', fiveK.secondsPerKm)).toBe('8:03 /mi');
  });

  it('finds the time of a distance at a pace', () => {
    // 26.21876 miles at 450 s a mile is 11,798.4 s.
    const marathon = solved({ find: 'time', unit: 'mi', distance: '42.195 km', pace: '7:30' });
    expect(marathon.seconds).toBeCloseTo((42.195 / 1.609344) * 450, 6);
    expect(formatDuration(marathon.seconds)).toBe('3:16:38');
    // 21.0975 km at 4:40 a km.
    expect(formatDuration(solved({ find: 'time', distance: '21.0975', pace: '4:40 /km' }).seconds)).toBe('1:38:27');
    // A pace typed in the other unit is read in the unit it names.
    expect(formatDuration(solved({ find: 'time', unit: 'km', distance: '10', pace: '8:00 /mi' }).seconds)).toBe('49:43');
  });

  it('finds the distance of a time at a pace', () => {
    const hour = solved({ find: 'distance', unit: 'mi', time: '1:00:00', pace: '7:30' });
    expect(hour.distanceKm / 1.609344).toBeCloseTo(8, 9);
    expect(solved({ find: 'distance', time: '50:00', pace: '5:00' }).distanceKm).toBeCloseTo(10, 9);
  });

  it('ignores the field being solved for, whatever it holds', () => {
    expect(calculatePace(input({ find: 'pace', distance: '10', time: '50:00', pace: 'nonsense' })).ok).toBe(true);
  });
});

describe('calculatePace: refusals name the field to fix', () => {
  it('says what is missing or malformed, every field at once', () => {
    expect(calculatePace(input({ find: 'pace', distance: '', time: 'soon' }))).toEqual({
      ok: false,
      errors: { distance: 'Enter a distance', time: 'Enter the time as h:mm:ss or mm:ss, e.g. 1:23:45 or 45:00' },
    });
    expect(calculatePace(input({ find: 'distance', unit: 'mi', time: '0:00', pace: '' }))).toEqual({
      ok: false,
      errors: { time: 'Enter a time longer than zero', pace: 'Enter a pace per mile, e.g. 8:30' },
    });
  });

  it('refuses a time faster than the world record, naming the record and the pace in the unit chosen', () => {
    // A 1:50:00 marathon is 2:36 a km; the record (2:00:35) is 2:51 a km.
    expect(calculatePace(input({ find: 'pace', distance: '42.195', time: '1:50:00' }))).toEqual({
      ok: false,
      errors: { time: 'That gives a pace of 2:36 /km, faster than the world record pace for the marathon (2:51 /km): check the time and distance' },
    });
    expect(calculatePace(input({ find: 'time', unit: 'mi', distance: '5 km', pace: '3:30' }))).toEqual({
      ok: false,
      errors: { pace: '3:30 /mi is faster than the world record pace for 5,000 m (4:03 /mi): check the pace' },
    });
    // Between record distances the shorter record bounds: 8 km at 2:20 /km is faster than 5,000 m record pace.
    expect(calculatePace(input({ find: 'time', distance: '8', pace: '2:20' })).ok).toBe(false);
    // A record itself is allowed.
    expect(calculatePace(input({ find: 'pace', distance: '42.195', time: '2:00:35' })).ok).toBe(true);
    expect(calculatePace(input({ find: 'pace', unit: 'mi', distance: '1', time: '3:43.13' })).ok).toBe(true);
    expect(calculatePace(input({ find: 'pace', unit: 'mi', distance: '1', time: '3:40' })).ok).toBe(false);
  });

  it('refuses a pace slower than a walk, and distances and times out of range', () => {
    expect(calculatePace(input({ find: 'time', distance: '10', pace: '45:00' }))).toEqual({
      ok: false,
      errors: { pace: '45:00 /km is slower than a walk (30:00 /km at most): check the pace' },
    });
    // A 10K "in 50 hours" (minutes typed as hours) gives a pace of 5 hours a km.
    expect(errorsOf({ find: 'pace', distance: '10', time: '50:00:00' }).time).toMatch(/^That gives a pace of 5:00:00 \/km, slower than a walk/);
    expect(errorsOf({ find: 'pace', distance: '0.05', time: '10' })).toEqual({ distance: 'Enter a distance of at least 0.1 km' });
    expect(errorsOf({ find: 'pace', unit: 'mi', distance: '700', time: '200:00:00' })).toEqual({ distance: 'Enter a distance of at most 621.37 mi' });
    expect(errorsOf({ find: 'pace', distance: '900', time: '600:00:00' })).toEqual({ time: 'Enter a time of at most 500 hours (500:00:00)' });
    expect(errorsOf({ find: 'distance', time: '0:20', pace: '5:00' })).toEqual({ time: 'That time at this pace covers 0.07 km; the calculator starts at 0.1 km' });
  });
});
