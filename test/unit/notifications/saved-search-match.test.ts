/**
 * The percolator's rules (shared/saved-search-match.ts): a search is filed under an anchor every race it matches
 * has among its keys, and a match is the search page's own reading of the filters.
 */
import { describe, expect, it } from 'vitest';
import { anchorsOf, matchesSavedSearch, prepareRace, raceKeysOf, type PercolatedSearch } from '#shared/saved-search-match';
import type { RaceEvent } from '#shared/schemas/event';
import { testRaceEvent } from '../../support/race-event.ts';

const boulderTrail = testRaceEvent({
  title: 'Chautauqua Trail Half',
  eventDate: '2099-06-01',
  eventType: 'trail_race',
  terrainType: 'trail',
  city: 'Boulder',
  state: 'CO',
  distances: ['Half Marathon', '10K'],
  latitude: 39.999,
  longitude: -105.281,
  tags: ['Charity'],
  // 19 m of climb per km: 'hilly' (shared/course-elevation.ts).
  course: { distanceMeters: 21_097, gainMeters: 400, lossMeters: 400 },
});
const denverRoad = testRaceEvent({ title: 'Colfax Marathon', eventDate: '2099-05-17', city: 'Denver', state: 'CO', distances: ['Marathon'], latitude: 39.74, longitude: -104.99 });
const bostonRoad = testRaceEvent({ title: 'Boston Marathon', eventDate: '2099-04-20', city: 'Boston', state: 'MA', distances: ['Marathon'] });

const matches = (race: RaceEvent, search: PercolatedSearch) => matchesSavedSearch(prepareRace(race), search);

/** A search is found for a race only if one of its anchors is among the race's keys. */
const found = (race: RaceEvent, search: PercolatedSearch) => anchorsOf(search).some((anchor) => raceKeysOf(race).includes(anchor));

const SEARCHES: [string, PercolatedSearch, RaceEvent[]][] = [
  ['words by prefix', { q: 'chautauq' }, [boulderTrail]],
  // 'Half Marathon' is a word of the half's distances, as on the search page.
  ['words and a state', { q: 'marathon', state: 'CO' }, [boulderTrail, denverRoad]],
  ['words that narrow', { q: 'colfax marathon' }, [denverRoad]],
  ['a state alone', { state: 'CO' }, [boulderTrail, denverRoad]],
  ['a kind word', { q: 'trail', state: 'CO' }, [boulderTrail]],
  ['a kind word alone', { q: 'trail' }, [boulderTrail]],
  ['a type', { type: 'road_race' }, [denverRoad, bostonRoad]],
  ['a terrain', { terrain: 'trail' }, [boulderTrail]],
  ['a distance', { distance: 'half' }, [boulderTrail]],
  ['a distance word', { q: '26.2' }, [denverRoad, bostonRoad]],
  ['a tag, in any case', { tag: 'charity' }, [boulderTrail]],
  ['an elevation class', { elevation: 'hilly' }, [boulderTrail]],
  // A race without an uploaded course is no class at all, not 'flat'.
  ['an elevation class no course has', { elevation: 'flat', state: 'CO' }, []],
  ['a radius around a place', { near: '80302', radius: 10, point: { latitude: 40.02, longitude: -105.28 } }, [boulderTrail]],
  ['a wider radius', { near: '80302', radius: 50, point: { latitude: 40.02, longitude: -105.28 } }, [boulderTrail, denverRoad]],
];

describe('matching a saved search', () => {
  it.each(SEARCHES)('matches %s as the search page would, and files it where each match finds it', (_name, search, expected) => {
    for (const race of [boulderTrail, denverRoad, bostonRoad]) {
      const should = expected.includes(race);
      expect(matches(race, search), `${race.title}`).toBe(should);
      // Every race a search matches must reach it: the anchor is among the race's keys.
      if (should) expect(found(race, search), `${race.title} reaches ${anchorsOf(search).join(', ')}`).toBe(true);
    }
  });

  it('files a search under one narrow anchor, and a radius search under the cells its circle covers', () => {
    expect(anchorsOf({ q: 'boulder trail', state: 'CO' })).toEqual(['WORD#boulde']);
    expect(anchorsOf({ state: 'CO', type: 'trail_race' })).toEqual(['STATE#CO']);
    expect(anchorsOf({ type: 'trail_race' })).toEqual(['TYPE#trail_race']);
    expect(anchorsOf({ elevation: 'hilly' })).toEqual(['ELEV#hilly']);
    const cells = anchorsOf({ near: '80302', radius: 25, point: { latitude: 40.02, longitude: -105.28 } });
    expect(cells.length).toBeGreaterThan(1);
    expect(cells.every((cell) => cell.startsWith('NEAR#h#'))).toBe(true);
  });

  it('gives a race no more keys than its words, filters and grid cells', () => {
    const keys = raceKeysOf(boulderTrail);
    expect(keys).toContain('STATE#CO');
    expect(keys).toContain('TAG#charity');
    expect(keys).toContain('ANY');
    expect(keys.filter((key) => key.startsWith('NEAR#'))).toHaveLength(4);
    expect(new Set(keys).size).toBe(keys.length);
    expect(keys.length).toBeLessThan(40);
  });
});
