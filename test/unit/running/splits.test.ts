import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { evenPlan, negativeSplitHalves, negativeSplitPlan, splitInterval, splitsOf } from '#shared/running/splits';

const MARATHON_KM = 42.195;

describe('even splits', () => {
  it('gives a 10K in 50:00 ten splits of 5:00, elapsed 5:00 to 50:00', () => {
    const splits = splitsOf(evenPlan(10, 3000), 10, 3000, 'km');
    expect(splits.map((split) => split.mark)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect(splits.every((split) => split.splitSeconds === 300 && !split.partial)).toBe(true);
    expect(splits.map((split) => split.elapsedSeconds)).toEqual([300, 600, 900, 1200, 1500, 1800, 2100, 2400, 2700, 3000]);
  });

  it('ends a marathon in miles with a short last split of 0.22 mi', () => {
    const seconds = 3 * 3600 + 30 * 60;
    const splits = splitsOf(evenPlan(MARATHON_KM, seconds), MARATHON_KM, seconds, 'mi');
    expect(splits).toHaveLength(27);
    expect(splits[25]!.mark).toBe(26);
    expect(splits.at(-1)!.mark).toBeCloseTo(26.2188, 4);
    expect(splits.at(-1)!.partial).toBe(true);
    // 8:00.6 a mile, so the first mile is 8:01 and the short last bit 1:46.
    expect(splits[0]!.splitSeconds).toBe(481);
    expect(splits.at(-1)!.splitSeconds).toBe(105);
    expect(splits.at(-1)!.elapsedSeconds).toBe(seconds);
  });

  it('does not add a sliver row for a distance a rounding short of a whole unit (13.1 mi by way of km)', () => {
    const km = 13.1 * 1.609344;
    const splits = splitsOf(evenPlan(km, 6000), km, 6000, 'mi');
    expect(splits).toHaveLength(14);
    expect(splits.at(-1)!.mark).toBeCloseTo(13.1, 9);
  });

  it('splits long races every 2, 5 or 10 units so a table has at most 100 rows', () => {
    expect(splitInterval(100, 'km')).toBe(1);
    expect(splitInterval(160.9344, 'mi')).toBe(1);
    expect(splitInterval(161, 'km')).toBe(2);
    expect(splitInterval(1000, 'km')).toBe(10);
    const splits = splitsOf(evenPlan(1000, 500 * 3600), 1000, 500 * 3600, 'km');
    expect(splits).toHaveLength(100);
    expect(splits[0]!.mark).toBe(10);
  });
});

describe('negative splits', () => {
  it('runs the second half 2% faster than the first, the total unchanged', () => {
    // 3:30:00 = first + 0.98 first, so the first half is 1:46:04.8 and the second 1:43:55.2.
    const { first, second } = negativeSplitHalves(12600, 0.02);
    expect(first).toBeCloseTo(12600 / 1.98, 9);
    expect(first + second).toBeCloseTo(12600, 9);
    expect(second / first).toBeCloseTo(0.98, 12);
  });

  it('gives a 10K in 50:00 at 2% five kilometres of 5:03 and five of 4:57', () => {
    const splits = splitsOf(negativeSplitPlan(10, 3000, 0.02), 10, 3000, 'km');
    // First half 1515.15 s (303.03 s a km), second 1484.85 s (296.97 s a km).
    expect(splits.map((split) => split.elapsedSeconds)).toEqual([303, 606, 909, 1212, 1515, 1812, 2109, 2406, 2703, 3000]);
    expect(splits.map((split) => split.splitSeconds)).toEqual([303, 303, 303, 303, 303, 297, 297, 297, 297, 297]);
  });

  it('changes pace at halfway even inside a split (a half marathon in km: halfway is 10.55 km)', () => {
    const seconds = 6300;
    const plan = negativeSplitPlan(21.0975, seconds, 0.05);
    const { first } = negativeSplitHalves(seconds, 0.05);
    expect(plan(21.0975 / 2)).toBeCloseTo(first, 9);
    const splits = splitsOf(plan, 21.0975, seconds, 'km');
    const firstPace = Math.round(first / (21.0975 / 2));
    expect(splits[0]!.splitSeconds).toBe(firstPace);
    // The 11th km holds the change: slower than the second half's pace, faster than the first's.
    expect(splits[10]!.splitSeconds).toBeLessThan(firstPace);
    expect(splits[10]!.splitSeconds).toBeGreaterThan(splits[11]!.splitSeconds);
  });

  it('always adds up to the finish time, and each split is within a second of the plan between its marks', () => {
    fc.assert(
      fc.property(
        fc.double({ min: 0.1, max: 1000, noNaN: true }),
        fc.double({ min: 2.5, max: 30, noNaN: true }),
        fc.constantFrom(0, 0.01, 0.02, 0.03, 0.05),
        fc.constantFrom('km' as const, 'mi' as const),
        (km, minutesPerKm, fasterBy, unit) => {
          const seconds = km * minutesPerKm * 60;
          const plan = negativeSplitPlan(km, seconds, fasterBy);
          const splits = splitsOf(plan, km, seconds, unit);
          const perUnit = unit === 'mi' ? 1.609344 : 1;
          expect(splits.reduce((total, split) => total + split.splitSeconds, 0)).toBe(Math.round(seconds));
          expect(splits.at(-1)!.elapsedSeconds).toBe(Math.round(seconds));
          expect(splits.length).toBeLessThanOrEqual(100);
          splits.forEach((split, index) => {
            const from = index === 0 ? 0 : splits[index - 1]!.mark;
            const planned = plan(Math.min(km, split.mark * perUnit)) - plan(from * perUnit);
            expect(Math.abs(split.splitSeconds - planned)).toBeLessThanOrEqual(1);
          });
        },
      ),
      { numRuns: 300 },
    );
  });
});
