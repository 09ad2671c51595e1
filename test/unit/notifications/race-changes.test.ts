/** What about a race its savers are told (lambdas/data/race-change-notices.ts raceChangesOf): its status among the rest. */
import { describe, expect, it } from 'vitest';
import { raceChangesOf } from '../../../lambdas/data/race-change-notices.ts';
import { testRaceEvent } from '../../support/race-event.ts';

const race = testRaceEvent({ title: 'Harbor 10K', eventDate: '2027-05-01', city: 'Boston', state: 'MA' });

describe("a saved race's changes", () => {
  it('tells of a cancellation and of a postponement once, when the status turns to it', () => {
    expect(raceChangesOf(race, { ...race, status: 'cancelled' })).toEqual([{ field: 'status', to: 'cancelled' }]);
    expect(raceChangesOf(race, { ...race, status: 'postponed' })).toEqual([{ field: 'status', to: 'postponed' }]);
    expect(raceChangesOf({ ...race, status: 'postponed' }, { ...race, status: 'postponed', city: 'Cambridge' }).map((change) => change.field)).toEqual(['place']);
    expect(raceChangesOf({ ...race, status: 'postponed' }, { ...race, status: 'cancelled' })).toEqual([{ field: 'status', to: 'cancelled' }]);
  });

  it('tells of a rescheduled race by its new date, and of nothing when a race turns virtual or back to scheduled', () => {
    expect(raceChangesOf({ ...race, status: 'postponed' }, { ...race, status: 'rescheduled', eventDate: '2027-06-05', previousEventDate: '2027-05-01' })).toEqual([
      { field: 'date', from: '2027-05-01', to: '2027-06-05' },
    ]);
    expect(raceChangesOf(race, { ...race, status: 'virtual' })).toEqual([]);
    expect(raceChangesOf({ ...race, status: 'cancelled' }, race)).toEqual([]);
  });
});
