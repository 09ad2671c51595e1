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
 * Each state's most populous time zone, for events that do not say theirs (JSON imports, organizers' events that
 * leave the choice as it is): a state split between zones gets the zone most of its races are in.
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

/**
 * The states split between time zones, each zone with where in the state it is kept, the state's most populous
 * first (STATE_TIME_ZONES). An organizer chooses among these on the event form, so a race in El Paso reads as
 * Mountain Time; imports may name any zone Intl knows.
 */
export const SPLIT_STATE_ZONES: Readonly<Partial<Record<StateCode, readonly { readonly zone: string; readonly where: string }[]>>> = {
  AK: [{ zone: 'America/Anchorage', where: 'most of Alaska' }, { zone: 'America/Adak', where: 'the western Aleutians' }],
  AZ: [{ zone: 'America/Phoenix', where: 'most of Arizona, no daylight saving time' }, { zone: 'America/Denver', where: 'the Navajo Nation, with daylight saving time' }],
  FL: [{ zone: 'America/New_York', where: 'most of Florida' }, { zone: 'America/Chicago', where: 'the western Panhandle (Pensacola, Panama City)' }],
  ID: [{ zone: 'America/Boise', where: 'southern Idaho (Boise)' }, { zone: 'America/Los_Angeles', where: "the Panhandle (Coeur d'Alene)" }],
  IN: [{ zone: 'America/Indiana/Indianapolis', where: 'most of Indiana' }, { zone: 'America/Chicago', where: 'the northwest and southwest corners (Gary, Evansville)' }],
  KS: [{ zone: 'America/Chicago', where: 'most of Kansas' }, { zone: 'America/Denver', where: 'the four counties on the Colorado line' }],
  KY: [{ zone: 'America/New_York', where: 'eastern Kentucky (Louisville, Lexington)' }, { zone: 'America/Chicago', where: 'western Kentucky (Bowling Green, Paducah)' }],
  MI: [{ zone: 'America/Detroit', where: 'most of Michigan' }, { zone: 'America/Menominee', where: 'the four Upper Peninsula counties on the Wisconsin line' }],
  ND: [{ zone: 'America/Chicago', where: 'most of North Dakota' }, { zone: 'America/Denver', where: 'the southwest (Dickinson)' }],
  NE: [{ zone: 'America/Chicago', where: 'eastern and central Nebraska (Omaha, North Platte)' }, { zone: 'America/Denver', where: 'the Panhandle (Scottsbluff)' }],
  OR: [{ zone: 'America/Los_Angeles', where: 'most of Oregon' }, { zone: 'America/Boise', where: 'most of Malheur County (Ontario)' }],
  SD: [{ zone: 'America/Chicago', where: 'eastern South Dakota (Sioux Falls)' }, { zone: 'America/Denver', where: 'western South Dakota (Rapid City)' }],
  TN: [{ zone: 'America/Chicago', where: 'Middle and West Tennessee (Nashville, Memphis)' }, { zone: 'America/New_York', where: 'East Tennessee (Knoxville, Chattanooga)' }],
  TX: [{ zone: 'America/Chicago', where: 'most of Texas' }, { zone: 'America/Denver', where: 'El Paso and Hudspeth counties' }],
};

/** The zones a race in this state may be run on: a split state's choices, else the state's one zone. */
export function stateTimeZones(state: string): readonly string[] {
  if (!isStateCode(state)) return [];
  return SPLIT_STATE_ZONES[state]?.map((choice) => choice.zone) ?? [STATE_TIME_ZONES[state]];
}

/** The race's own zone: the one it names when Intl knows it, else its state's, else the product's. */
export function raceTimeZone(named: string | undefined, state: string | undefined): string {
  if (isTimeZone(named)) return named;
  if (state && isStateCode(state)) return STATE_TIME_ZONES[state];
  return FALLBACK_TIME_ZONE;
}

