import { describe, expect, it } from 'vitest';
import { distanceCategoryOf } from '#shared/search-text';
import { normalizeDistance, normalizeDistances } from '#imports/normalize/distances';

describe('distance labels', () => {
  it.each([
    ['13.1 Miles', 'Half Marathon'],
    ['13.1', 'Half Marathon'],
    ['Half Marathon', 'Half Marathon'],
    ['half-marathon', 'Half Marathon'],
    ['1/2 Marathon', 'Half Marathon'],
    ['½ Marathon', 'Half Marathon'],
    ['21.1K', 'Half Marathon'],
    ['26.2', 'Marathon'],
    ['26.2 Miles', 'Marathon'],
    ['Marathon', 'Marathon'],
    ['Full Marathon', 'Marathon'],
    ['42.2 km', 'Marathon'],
    ['10K', '10K'],
    ['10k', '10K'],
    ['10 km', '10K'],
    ['6.2 Miles', '10K'],
    ['3.1 miles', '5K'],
    ['5 K', '5K'],
    ['5000 meters', '5K'],
    ['50K', '50K'],
    ['50k Ultra', '50K'],
    ['5 mi', '5 Miles'],
    ['5M', '5 Miles'],
    ['10-Miler', '10 Miles'],
    ['1 Mile', '1 Mile'],
    ['1 mi', '1 Mile'],
    ['1609 m', '1 Mile'],
    ['400m', '400 Meters'],
    ['100 Mile Endurance Run', '100 Miles'],
    ['Virtual 5K', '5K'],
    ['5K (Virtual)', '5K'],
    ['5K Run/Walk', '5K'],
    ['5K Walk', '5K Walk'],
    ['1 Mile Swim', '1 Mile Swim'],
    ['2.4 mile swim', '2.4 Mile Swim'],
    ['Sprint Triathlon', 'Sprint'],
    ['Olympic Tri', 'Olympic'],
    ['Half Ironman 70.3', 'Half Iron (70.3)'],
    ['Half Iron (70.3)', 'Half Iron (70.3)'],
    ['Full Iron (140.6)', 'Full Iron (140.6)'],
    ['Sprint Duathlon', 'Sprint Duathlon'],
    ['24 Hour', '24 Hour'],
    ['6 hr', '6 Hour'],
    ['Backyard Ultra', 'Backyard Ultra'],
    ['Vertical KM', 'Vertical K'],
    ['Marathon Relay', 'Marathon Relay'],
  ])('reads %s as %s', (written, label) => {
    expect(normalizeDistance(written)).toBe(label);
  });

  it('keeps unknown distances readable instead of dropping them', () => {
    expect(normalizeDistance('Kids Fun Run')).toBe('Kids Fun Run');
    expect(normalizeDistance('KIDS DASH')).toBe('Kids Dash');
    expect(normalizeDistance('  Mud   Mile ')).toBe('Mud Mile');
    expect(normalizeDistance('A very long distance description that goes on and on about the course')!.length).toBeLessThanOrEqual(40);
  });

  it('reads the event name when the distance says nothing', () => {
    expect(normalizeDistance('', '10k Turkey Trek')).toBe('10K');
    expect(normalizeDistance('Other', 'Half Marathon')).toBe('Half Marathon');
    expect(normalizeDistance('', undefined)).toBeUndefined();
    expect(normalizeDistance(undefined)).toBeUndefined();
  });

  it('gives labels the search puts in the right distance category', () => {
    expect(distanceCategoryOf(normalizeDistance('13.1 Miles')!)).toBe('half');
    expect(distanceCategoryOf(normalizeDistance('26.2')!)).toBe('marathon');
    expect(distanceCategoryOf(normalizeDistance('3.1 miles')!)).toBe('5k');
    expect(distanceCategoryOf(normalizeDistance('50K')!)).toBe('ultra');
    expect(distanceCategoryOf(normalizeDistance('Sprint Triathlon')!)).toBe('triathlon');
  });

  it('lists distinct labels of a race shortest first', () => {
    expect(
      normalizeDistances([
        { distance: '50K' },
        { distance: '13.1 Miles' },
        { distance: 'Half Marathon' },
        { distance: '5 mi' },
        { distance: '' },
        { distance: 'Kids Fun Run' },
        { distance: '1 Mile' },
      ]),
    ).toEqual(['1 Mile', '5 Miles', 'Half Marathon', '50K', 'Kids Fun Run']);
  });

  it('keeps at most twelve distances', () => {
    const many = Array.from({ length: 30 }, (_, index) => ({ distance: `${index + 1}K` }));
    expect(normalizeDistances(many)).toHaveLength(12);
  });
});
