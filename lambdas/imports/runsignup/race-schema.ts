/**
 * One race as RunSignup's keyless race search returns it (GET /Rest/races?format=json&events=T: the body is
 * `{ races: [ { race: {...} } ] }`; this schema is the inner `race`). Written from RunSignup's documented
 * "Get Races" output and real responses: flags are "T"/"F", dates are "MM/DD/YYYY" (race dates) or
 * "M/D/YYYY HH:MM" (event and registration times), fees are "$45.00" strings, absent values are null, ""
 * or missing, and ids sometimes come as strings.
 *
 * Lenient where RunSignup is loose (those shapes all parse, unknown keys are ignored), strict where a wrong
 * value would put a wrong race in the catalogue: the race id must be a positive integer and the race must
 * have a name; a date or time that is present but unreadable fails the race instead of guessing.
 *
 * Times: event start and end times are in the race's own `timezone`; every other date and time
 * (registration periods, created, last_modified) is in US Eastern time, per RunSignup's API documentation.
 */
import * as z from 'zod';

/** "" and null mean absent, as RunSignup writes them. */
const blankToUndefined = (value: unknown) => (value === '' || value === null ? undefined : value);

/** Optional text: trims, and "" or null is absent. */
const text = (max: number) =>
  z.preprocess(
    (value) => blankToUndefined(typeof value === 'string' ? value.trim() : typeof value === 'number' ? String(value) : value),
    z.string().max(max).optional(),
  );

/** Long free text (descriptions): cut rather than refused, since its length says nothing about the race. */
const longText = (max: number) =>
  z.preprocess((value) => blankToUndefined(typeof value === 'string' ? value.trim().slice(0, max) : value), z.string().optional());

/** "T" / "F" (also true/false, "1"/"0"): absent is false. */
const flag = z.preprocess((value) => {
  if (value === undefined || value === null || value === '') return false;
  if (typeof value === 'boolean') return value;
  if (value === 'T' || value === 't' || value === '1' || value === 1) return true;
  if (value === 'F' || value === 'f' || value === '0' || value === 0) return false;
  return value;
}, z.boolean({ message: 'must be "T" or "F"' }));

/** A positive integer id, given as a number or a numeric string. */
const id = z.preprocess(
  (value) => (typeof value === 'string' && /^\s*\d+\s*$/.test(value) ? Number(value) : value),
  z.number({ message: 'must be a positive integer' }).int().positive(),
);
const optionalId = z.preprocess(blankToUndefined, id.optional());

/**
 * RunSignup's dates and times: "11/23/2026", "11/23/2026 07:00", "1/9/2027 17:10", and (seen in some
 * outputs) ISO "2026-11-23" / "2026-11-23 07:00". Kept as written; normalize/dates.ts reads them.
 */
export const RUNSIGNUP_DATE_TIME = /^(?:\d{1,2}\/\d{1,2}\/\d{4}|\d{4}-\d{2}-\d{2})(?:[ T]\d{1,2}:\d{2}(?::\d{2})?)?$/;
const dateTime = z.preprocess(
  (value) => blankToUndefined(typeof value === 'string' ? value.trim() : value),
  z.string().regex(RUNSIGNUP_DATE_TIME, 'must be a date like 11/23/2026 or 11/23/2026 07:00').optional(),
);

/** A fee: "$45.00", "45", 45, "$1,045.00". Kept as given; normalize/fee.ts reads it. */
const fee = z.preprocess(blankToUndefined, z.union([z.string().max(40), z.number()]).optional());

export const RunSignupRegistrationPeriodSchema = z.object({
  registration_opens: dateTime,
  registration_closes: dateTime,
  race_fee: fee,
  processing_fee: fee,
});

export const RunSignupEventSchema = z.object({
  event_id: optionalId,
  race_event_days_id: optionalId,
  name: text(300),
  details: longText(20_000),
  start_time: dateTime,
  end_time: dateTime,
  /** Free text: "5K", "13.1 Miles", "Half Marathon", "26.2", sometimes "". */
  distance: text(100),
  volunteer: flag,
  require_dob: flag,
  require_phone: flag,
  registration_opens: dateTime,
  /** running_race, trail_race, virtual_race, triathlon, duathlon, bike_race, obstacle_course, ... */
  event_type: text(60),
  registration_periods: z.preprocess((value) => value ?? [], z.array(RunSignupRegistrationPeriodSchema).max(200)),
});

export const RunSignupAddressSchema = z.object({
  street: text(300),
  street2: text(300),
  city: text(120),
  state: text(60),
  /** Sometimes a number, which loses New England's leading zero (2116 for "02116"); normalize/address.ts restores it. */
  zipcode: z.preprocess(blankToUndefined, z.union([z.string().max(20), z.number().int().nonnegative()]).optional()),
  country_code: text(3),
});

export const RunSignupRaceSchema = z.object({
  race_id: id,
  name: z.preprocess(
    (value) => (typeof value === 'string' ? value.trim() : value),
    z.string({ message: 'is required' }).min(1, 'is required').max(300),
  ),
  last_date: dateTime,
  last_end_date: dateTime,
  next_date: dateTime,
  next_end_date: dateTime,
  is_draft_race: flag,
  is_private_race: flag,
  is_registration_open: flag,
  created: dateTime,
  last_modified: dateTime,
  description: longText(100_000),
  url: text(2048),
  external_race_url: text(2048),
  external_results_url: text(2048),
  fb_page_id: text(200),
  fb_event_id: text(200),
  address: z.preprocess((value) => value ?? {}, RunSignupAddressSchema),
  /** IANA zone of the race ("America/Denver"); event start and end times are in it. */
  timezone: text(64),
  logo_url: text(2048),
  real_time_notifications_enabled: flag,
  events: z.preprocess((value) => value ?? [], z.array(RunSignupEventSchema).max(500)),
});

export type RunSignupRace = z.output<typeof RunSignupRaceSchema>;
export type RunSignupEvent = z.output<typeof RunSignupEventSchema>;
export type RunSignupRegistrationPeriod = z.output<typeof RunSignupRegistrationPeriodSchema>;

/** One item of a races page: `{ race: {...} }`. The race itself is checked by RunSignupRaceSchema, one at a time. */
export const RunSignupRaceItemSchema = z.object({ race: z.unknown() });

/** A page of the race search. Each race is validated apart, so one bad race fails alone, not its page. */
export const RunSignupRacesPageSchema = z.object({
  races: z.array(RunSignupRaceItemSchema),
});
