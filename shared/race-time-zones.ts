/**
 * The clock a race is run on: the time zone its start time is read in. A race names its own (RunSignup's
 * `timezone`), else its state's most populous zone stands for it (a split state's races are mostly in one).
 * Used by the imports, to read local times, and by the event store (lambdas/data/event.ts), which keeps a zone
 * on every event with a start time.
 */
import { isStateCode, type StateCode } from './us-states.ts';

/** Whether Intl knows a time zone name (RunSignup's `timezone` is an IANA name such as America/Denver). */
export function isTimeZone(name: string | undefined): name is string {
  if (!name) return false;
  let known = zoneNames.get(name);
  if (known === undefined) {
    // Building a formatter is the only portable check, and it is slow: remember each name's answer.
    try {
      new Intl.DateTimeFormat('en-US', { timeZone: name });
      known = true;
    } catch {
      known = false;
    }
    if (zoneNames.size < 1000) zoneNames.set(name, known);
  }
  return known;
}
const zoneNames = new Map<string, boolean>();

/** The product's calendar zone (shared/dates.ts); RunSignup writes registration times in it too. */
export const FALLBACK_TIME_ZONE = 'America/New_York';

/**
 * Each state's most populous time zone, for events that do not say theirs (JSON imports, organizers' events): a
 * state split between zones gets the zone most of its races are in, so a race in El Paso reads as Central Time
 * unless its import names America/Denver.
 */
const STATE_TIME_ZONES: Readonly<Record<StateCode, string>> = {
  AL: 'America/Chicago', AK: 'America/Anchorage', AZ: 'America/Phoenix', AR: 'America/Chicago',
  CA: 'America/Los_Angeles', CO: 'America/Denver', CT: 'America/New_York', DE: 'America/New_York',
  DC: 'America/New_York', FL: 'America/New_York', GA: 'America/New_York', HI: 'Pacific/Honolulu',
  ID: 'America/Boise', IL: 'America/Chicago', IN: 'America/Indiana/Indianapolis', IA: 'America/Chicago',
  KS: 'America/Chicago', KY: 'America/New_York', LA: 'America/Chicago', ME: 'America/New_York',
  MD: 'America/New_York', MA: 'America/New_York', MI: 'America/Detroit', MN: 'America/Chicago',
  MS: 'America/Chicago', MO: 'America/Chicago', MT: 'America/Denver', NE: 'America/Chicago',
  NV: 'America/Los_Angeles', NH: 'America/New_York', NJ: 'America/New_York', NM: 'America/Denver',
  NY: 'America/New_York', NC: 'America/New_York', ND: 'America/Chicago', OH: 'America/New_York',
  OK: 'America/Chicago', OR: 'America/Los_Angeles', PA: 'America/New_York', RI: 'America/New_York',
  SC: 'America/New_York', SD: 'America/Chicago', TN: 'America/Chicago', TX: 'America/Chicago',
  UT: 'America/Denver', VT: 'America/New_York', VA: 'America/New_York', WA: 'America/Los_Angeles',
  WV: 'America/New_York', WI: 'America/Chicago', WY: 'America/Denver',
};

/** The race's own zone: the one it names when Intl knows it, else its state's, else the product's. */
export function raceTimeZone(named: string | undefined, state: string | undefined): string {
  if (isTimeZone(named)) return named;
  if (state && isStateCode(state)) return STATE_TIME_ZONES[state];
  return FALLBACK_TIME_ZONE;
}

