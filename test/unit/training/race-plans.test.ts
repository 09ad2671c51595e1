import { describe, expect, it } from 'vitest';
import { planDistanceOf, raceDistanceChoices } from '../../../shared/training/race-plans.ts';

describe('planDistanceOf', () => {
  it('reads the running distances a plan is made for, however a race writes them', () => {
    const read = (labels: string[], eventType?: Parameters<typeof planDistanceOf>[1]) => labels.map((label) => planDistanceOf(label, eventType));
    expect(read(['5K', '5 km', '10K', '10 Km', '6.2 Miles'])).toEqual(['5k', '5k', '10k', '10k', '10k']);
    expect(read(['Half Marathon', 'Half', '13.1 Miles', 'Marathon', 'Full', '26.2 mi'])).toEqual(['half', 'half', 'half', 'marathon', 'marathon', 'marathon']);
    expect(read(['50K', '31 Miles'], 'trail_race')).toEqual(['50k', '50k']);
  });

  it('has no plan for other lengths, timed ultras, relays, triathlons and rides', () => {
    const none = ['1 Mile', '5 Miles', '15K', '100K', '50 Miles', '24 Hour', 'Marathon Relay', 'Sprint Triathlon', 'Half Iron', 'Century Ride', 'Kids Dash'];
    expect(none.map((label) => planDistanceOf(label))).toEqual(none.map(() => undefined));
    // A triathlon's 5K is its run leg, not a 5K race.
    expect(planDistanceOf('5K', 'triathlon')).toBeUndefined();
  });
});

describe('raceDistanceChoices', () => {
  it("lists each of the race's distances once, in its order, with what a plan for it would be", () => {
    expect(raceDistanceChoices({ distances: ['Half Marathon', ' 5K ', '100 Miles', '5K', ''], eventType: 'road_race' })).toEqual([
      { label: 'Half Marathon', planDistance: 'half' },
      { label: '5K', planDistance: '5k' },
      { label: '100 Miles' },
    ]);
  });
});
