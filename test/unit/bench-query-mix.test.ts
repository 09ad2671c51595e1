import { describe, expect, it } from 'vitest';
import type { RaceEvent } from '#shared/schemas/event';
import { baselineSql } from '../bench/postgres-baseline.ts';
import { addDays, pickRareWord, queryMix, toQueryString, toSearchQuery } from '../bench/query-mix.ts';

let sequence = 0;
function event(overrides: Partial<RaceEvent>): RaceEvent {
  sequence += 1;
  return {
    id: `01J00000000000000000000${String(sequence).padStart(3, '0')}`,
    title: 'Springfield 5K',
    eventDate: '2027-01-01',
    eventType: 'road_race',
    terrainType: 'road',
    locationName: 'Central Park',
    city: 'Springfield',
    state: 'IL',
    country: 'US',
    distances: ['5K'],
    tags: [],
    featured: false,
    verified: true,
    source: 'seed',
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-01-01T00:00:00.000Z',
    ...overrides,
  };
}

describe('bench rare word', () => {
  it('picks the least frequent word of at least 3 verified events that no description has and no longer word contains', () => {
    const events = [
      // 'ridge' is in 3 titles but also inside 'ridgeline' elsewhere: '%ridge%' would match more.
      ...['Ridge Run', 'Ridge Relay', 'Ridge Dash'].map((title) => event({ title })),
      event({ title: 'Ridgeline Classic' }),
      // 'hollow' is in 3 titles and one description: only the baseline searches descriptions.
      ...['Hollow Run', 'Hollow Relay', 'Hollow Dash'].map((title) => event({ title })),
      event({ title: 'Other', description: 'Near the hollow' }),
      // 'cedar' qualifies with 4; 'maple' with 3, but one of those events is unverified.
      ...['Cedar Run', 'Cedar Relay', 'Cedar Dash', 'Cedar Mile'].map((title) => event({ title })),
      ...['Maple Run', 'Maple Relay'].map((title) => event({ title })),
      event({ title: 'Maple Dash', verified: false }),
    ];
    expect(pickRareWord(events)).toEqual({ word: 'cedar', events: 4 });
  });

  it('fails clearly when no word qualifies', () => {
    expect(() => pickRareWord([event({ title: 'Solo' })])).toThrow(/No rare word/);
  });
});

describe('bench query mix', () => {
  const kinds = queryMix('2026-11-22', { word: 'cedar', events: 4 });
  const kind = (id: string) => kinds.find((candidate) => candidate.id === id)!;

  it('covers the nine kinds of the issue, text kinds marked for recall', () => {
    expect(kinds.map((candidate) => candidate.id)).toEqual(['none', 'state', 'dates', 'common', 'rare', 'prefix', 'two', 'word-state', 'nomatch']);
    expect(kinds.filter((candidate) => candidate.recall).map((candidate) => candidate.id)).toEqual(['common', 'rare', 'prefix', 'two', 'word-state']);
  });

  it('asks RaceFinder the same question in its query shape', () => {
    expect(toSearchQuery(kind('none'))).toEqual({});
    expect(toSearchQuery(kind('dates'))).toEqual({ from: '2026-11-22', to: addDays('2026-11-22', 30) });
    expect(toSearchQuery(kind('word-state'))).toEqual({ q: 'marathon', state: 'CA' });
    expect(toQueryString(kind('two'))).toEqual({ q: 'trail 50k' });
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
  });

  it('asks the baseline with one ilike group per word over the five columns, verified and upcoming, by date', () => {
    const { text, values } = baselineSql(kind('two'), '2026-11-22');
    expect(values).toEqual(['2026-11-22', '%trail%', '%50k%', 50]);
    expect(text).toContain("where verified and event_date >= $1 and (title ilike $2 or city ilike $2 or state ilike $2 or location_name ilike $2 or description ilike $2) and (title ilike $3");
    expect(text).toMatch(/order by event_date limit \$4$/);
  });

  it('turns filters into equality and range predicates', () => {
    expect(baselineSql(kind('word-state'), '2026-11-22').text).toContain('and state = $3');
    const dates = baselineSql(kind('dates'), '2026-11-22');
    expect(dates.text).toContain('event_date >= $2 and event_date <= $3');
    expect(dates.values).toEqual(['2026-11-22', '2026-11-22', '2026-12-22', 50]);
  });

  it('matches like for like at word starts in the indexed columns only, escaping the word', () => {
    const { text, values } = baselineSql({ ...kind('prefix'), words: ['bost'] }, '2026-11-22', 'word-start');
    expect(values[1]).toBe('\\mbost');
    expect(text).toContain('(title ~* $2 or city ~* $2 or state ~* $2 or location_name ~* $2)');
    expect(text).not.toContain('description ~*');
    expect(baselineSql({ ...kind('prefix'), words: ['50%'] }, '2026-11-22').values[1]).toBe('%50\\%%');
  });
});
