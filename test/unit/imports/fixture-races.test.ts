import { describe, expect, it } from 'vitest';
import { RunSignupRaceSchema } from '#imports/runsignup/race-schema';
import { normalizeRunSignupRace } from '#imports/runsignup/normalize-race';
import { AWKWARD_RACES, FIRST_GENERATED_RACE_ID, fixtureRaces } from '../../../infra/local/runsignup/fixture-races.ts';

const TODAY = '2026-11-23';

describe('RunSignup fixture races', () => {
  const races = fixtureRaces({ count: 400, today: TODAY, seed: 42 }) as { race: Record<string, unknown> }[];

  it('returns count races, the awkward ones first, with unique ids', () => {
    expect(races).toHaveLength(400);
    expect(races.slice(0, AWKWARD_RACES.length).map((item) => item.race.race_id)).toEqual(AWKWARD_RACES.map((entry) => entry.id));
    expect(races[AWKWARD_RACES.length]?.race.race_id).toBe(FIRST_GENERATED_RACE_ID);
    expect(new Set(races.map((item) => item.race.race_id)).size).toBe(400);
  });

  it('always includes every awkward race, even for a small count', () => {
    expect(fixtureRaces({ count: 3, today: TODAY, seed: 42 })).toHaveLength(AWKWARD_RACES.length);
    expect(() => fixtureRaces({ count: -1, today: TODAY, seed: 42 })).toThrow();
  });

  it('is deterministic for a seed and a day', () => {
    expect(fixtureRaces({ count: 60, today: TODAY, seed: 42 })).toEqual(races.slice(0, 60));
    expect(fixtureRaces({ count: 60, today: TODAY, seed: 43 })).not.toEqual(races.slice(0, 60));
  });

  it('speaks the RunSignup wire shape', () => {
    const generated = races.slice(AWKWARD_RACES.length);
    for (const item of generated) {
      const parsed = RunSignupRaceSchema.safeParse(item.race);
      expect(parsed.success).toBe(true);
      expect(item.race.next_date).toMatch(/^\d{2}\/\d{2}\/\d{4}$/);
      expect(item.race.is_draft_race).toBe('F');
    }
  });

  it('normalizes every generated race into an upcoming US event with distances', () => {
    const states = new Set<string>();
    for (const item of races.slice(AWKWARD_RACES.length)) {
      const result = normalizeRunSignupRace(item, { today: TODAY });
      if (!('event' in result)) throw new Error(`race ${String(item.race.race_id)} skipped: ${JSON.stringify(result)}`);
      expect(result.event.eventDate > TODAY).toBe(true);
      expect(result.event.distances.length).toBeGreaterThan(0);
      expect(result.event.latitude).toBeDefined();
      states.add(result.event.state);
    }
    // One race per state and DC comes first in the seed's plan.
    expect(states.size).toBe(51);
  });
});
