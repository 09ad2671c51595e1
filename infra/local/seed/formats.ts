/**
 * The kinds of races the seed creates, modelled on how real races are named, priced and described: a
 * format fixes the event type, the terrains and venues it fits, the distance menus it offers, how its
 * title reads ('Boston Harbor Half Marathon', 'Moab Slickrock 50K', 'Lake Placid Sprint Triathlon') and
 * what it costs. Distance lists run shortest to longest; the longest is the headline the title and the
 * fee follow.
 */
import type { EventType, TerrainType } from '#shared/event-vocabulary';
import type { Holiday } from './calendar.ts';
import type { VenueKind } from './places.ts';
import type { Random } from './random.ts';

export interface RaceContext {
  readonly city: string;
  /** The venue's name, or undefined where the venue is just streets (then titles use the city). */
  readonly venue: string | undefined;
  /** Where the race is: the venue's name, always set. */
  readonly locationName: string;
  readonly stateName: string;
  readonly terrain: TerrainType;
  readonly distances: readonly string[];
  /** The headline (longest) distance as titles write it: '10 Miler', 'Half Marathon', 'Half Iron'. */
  readonly distance: string;
  /** A season word for the race month: 'Spring', 'Harvest', 'Frostbite'. */
  readonly season: string;
  readonly random: Random;
}

type Text = (context: RaceContext) => string | undefined;
type FeeTable = Readonly<Record<string, readonly [number, number]>>;

export interface RaceFormat {
  readonly id: string;
  readonly type: EventType;
  readonly terrains: readonly TerrainType[];
  readonly kinds: readonly VenueKind[];
  /** Relative frequency in the catalogue. */
  readonly weight: number;
  readonly distances: readonly (readonly string[])[];
  readonly titles: readonly Text[];
  /** First sentence of the description. */
  readonly openings: readonly Text[];
  /** Middle sentences: course, logistics, rules. */
  readonly details: readonly Text[];
  /** Fee range in dollars by headline distance. */
  readonly fees: FeeTable;
  /** Share of events of this format that are free. */
  readonly freeChance?: number;
  /** Field size range when the event caps it. */
  readonly field: readonly [number, number];
  readonly tags: readonly string[];
  /**
   * When the format runs where winters are cold: 'summer' for open water (May to September), 'mild' for
   * mud, gravel and long mountain days (April to October), 'winter' for snow (December to March).
   */
  readonly season?: 'summer' | 'mild' | 'winter';
  readonly holiday?: Holiday;
  /** Needs open water at the venue (swims, triathlons). */
  readonly swim?: boolean;
}

const TITLE_DISTANCE: Readonly<Record<string, string>> = {
  '1 Mile': 'Mile',
  '2 Miles': 'Two Miler',
  '4 Miles': 'Four Miler',
  '8 Miles': '8 Miler',
  '10 Miles': '10 Miler',
  '12 Miles': '12 Miler',
  '50 Miles': '50 Mile',
  '100 Miles': '100 Mile',
  'Half Iron (70.3)': 'Half Iron',
  'Full Iron (140.6)': 'Iron-Distance',
};

export function titleDistance(label: string): string {
  return TITLE_DISTANCE[label] ?? label;
}

const RUN_FEES: FeeTable = {
  '1 Mile': [15, 30], '2 Miles': [20, 35], '3K': [15, 30], '5K': [25, 45], '4 Miles': [30, 45], '8K': [30, 50],
  '10K': [35, 60], '15K': [45, 70], '8 Miles': [45, 75], '10 Miles': [50, 85], '12 Miles': [50, 85],
  'Half Marathon': [65, 130], '25K': [55, 95], '30K': [65, 105], 'Marathon': [90, 180], '50K': [85, 160],
  '50 Miles': [140, 230], '100K': [160, 270], '100 Miles': [240, 420], '6 Hour': [60, 100], '12 Hour': [80, 130],
  '24 Hour': [110, 190], 'Backyard Ultra': [75, 140], 'Vertical K': [35, 60],
};

const FUN_FEES: FeeTable = { '1 Mile': [10, 25], '3K': [15, 30], '2 Miles': [20, 35], '5K': [25, 40] };

const ROAD_KINDS: readonly VenueKind[] = ['downtown', 'park', 'waterfront', 'lake', 'beach', 'fairground'];
const TRAIL_KINDS: readonly VenueKind[] = ['trail', 'mountain', 'lake'];

const ROAD_FLAVORS = ['Classic', 'Challenge', 'Dash', 'Chase', 'Stride', 'Flyer'];
const CAUSES = ['the Kids', 'Hope', 'Literacy', 'Heroes', 'Clean Water', 'the Animals', 'Veterans', 'the Food Bank'];
const TRAIL_WORDS: Readonly<Record<TerrainType, readonly string[]>> = {
  mountain: ['Summit', 'Peak', 'Ridge', 'Skyline', 'High Country', 'Alpine'],
  trail: ['Trail', 'Woods', 'Hollow', 'Timber', 'Backwoods', 'Wildflower'],
  mixed: ['Trail', 'Backroads', 'Cross Country'],
  road: ['Trail'],
  beach: ['Dunes'],
};

const place = (c: RaceContext) => c.venue ?? c.city;
const trailWord = (c: RaceContext) => c.random.pick(TRAIL_WORDS[c.terrain]);
const second = (c: RaceContext) => titleDistance(c.distances[c.distances.length - 2] ?? '');
const includes = (c: RaceContext, label: string) => c.distances.includes(label);

/** Sentences that fit the end of any description. */
export const CLOSERS: readonly Text[] = [
  () => 'Post-race party with live music and local food trucks.',
  () => 'Proceeds benefit local youth running programs.',
  () => 'Registration closes when the field fills, so sign up early.',
  (c) => `Parking is limited; shuttles run from downtown ${c.city} before the start.`,
  () => 'Race-day registration is available if the field is not full.',
  () => 'Awards go to the top three in each age group.',
  () => 'Volunteers get a free entry to next year\u2019s race.',
  () => 'Spectators are welcome at the start and finish.',
  (c) => `Every finisher gets a medal made by a ${c.stateName} artist.`,
];

const ROAD_DETAILS: readonly Text[] = [
  () => 'Chip timing, finisher medals and age-group awards five deep.',
  () => 'Aid stations every two miles with water and electrolyte drink.',
  () => 'Strollers and leashed dogs are welcome at the back of the pack.',
  () => 'The course is USATF certified, with pacers for common goal times.',
  () => 'Packet pickup runs the day before at a local running store.',
  () => 'Roads are closed to traffic for the whole race.',
];

const TRAIL_DETAILS: readonly Text[] = [
  () => 'Aid stations carry real food, and the course is marked with pink flags.',
  () => 'Trail shoes are recommended; parts of the course get muddy after rain.',
  () => 'Cutoffs are generous, so hikers are welcome.',
  () => 'The race is cup-free: bring a soft flask or a hydration vest.',
  (c) => `Expect about ${c.random.int(8, 40) * 100} feet of climbing.`,
];

const ULTRA_DETAILS: readonly Text[] = [
  () => 'Drop bags are available at two aid stations.',
  () => 'Runners must be self-sufficient between aid stations up to eight miles apart.',
  () => 'Pacers are allowed after the halfway point.',
  () => 'Finishers receive a handmade award and a hot meal at the line.',
  () => 'Mandatory gear includes a headlamp, a jacket and a phone.',
];

const TRI_DETAILS: readonly Text[] = [
  (c) => `The swim starts at ${c.locationName}; wetsuits are usually legal.`,
  () => 'The bike course is closed to traffic and mostly flat.',
  () => 'Transition opens at 5:30 a.m. on race morning.',
  () => 'Relay teams of two or three are welcome.',
  () => 'First-timers get a free clinic the day before.',
];

export const FORMATS: readonly RaceFormat[] = [
  {
    id: 'road-short',
    type: 'road_race',
    terrains: ['road'],
    kinds: ROAD_KINDS,
    weight: 12,
    distances: [['5K'], ['5K'], ['10K'], ['5K', '10K'], ['1 Mile', '5K'], ['8K'], ['4 Miles'], ['5K', '10K'], ['15K']],
    titles: [
      (c) => `${c.city} ${c.distance}`,
      (c) => c.venue && `${c.venue} ${c.distance}`,
      (c) => `${c.city} ${c.season} ${c.distance}`,
      (c) => `Run ${c.city} ${c.distance}`,
      (c) => c.venue && `${c.venue} ${c.season} ${c.distance}`,
      (c) => `${c.city} ${c.random.pick(ROAD_FLAVORS)} ${c.distance}`,
      (c) => `${c.city} Run for ${c.random.pick(CAUSES)} ${c.distance}`,
      (c) => (c.distances.length > 1 ? `${place(c)} ${c.distance} & ${second(c)}` : undefined),
    ],
    openings: [
      (c) => `A fast, flat course through ${c.locationName} built for personal bests.`,
      (c) => `Runners loop through ${c.locationName} and the streets of ${c.city} with crowd support at every turn.`,
      (c) => `The course starts and finishes at ${c.locationName}, with wide roads and gentle rollers in between.`,
      (c) => `${c.city}'s favorite ${c.distance} returns to ${c.locationName}.`,
    ],
    details: ROAD_DETAILS,
    fees: RUN_FEES,
    field: [200, 3000],
    tags: ['chip-timed', 'family-friendly'],
  },
  {
    id: 'road-half',
    type: 'road_race',
    terrains: ['road'],
    kinds: ROAD_KINDS,
    weight: 7,
    distances: [['Half Marathon'], ['10K', 'Half Marathon'], ['5K', '10K', 'Half Marathon'], ['5K', 'Half Marathon'], ['10 Miles'], ['10 Miles', 'Half Marathon']],
    titles: [
      (c) => `${c.city} ${c.distance}`,
      (c) => c.venue && `${c.venue} ${c.distance}`,
      (c) => `${c.city} ${c.season} ${c.distance}`,
      (c) => c.venue && `${c.city} ${c.venue} ${c.distance}`,
      (c) => (c.distances.length > 1 ? `${place(c)} ${c.distance} & ${second(c)}` : undefined),
      (c) => `Run ${c.city} ${c.distance}`,
    ],
    openings: [
      (c) => `A point-to-point ${c.distance.toLowerCase()} that ends at ${c.locationName}.`,
      (c) => `${c.city}'s ${c.distance.toLowerCase()} showcases ${c.locationName} on a fast, certified course.`,
      (c) => `${c.distance === 'Half Marathon' ? 'Thirteen miles' : 'Ten miles'} of ${c.city} neighborhoods, with the finish line at ${c.locationName}.`,
    ],
    details: ROAD_DETAILS,
    fees: RUN_FEES,
    field: [800, 8000],
    tags: ['chip-timed', 'usatf-certified'],
  },
  {
    id: 'road-marathon',
    type: 'road_race',
    terrains: ['road'],
    kinds: ['downtown', 'park', 'waterfront', 'lake'],
    weight: 4,
    distances: [['Marathon'], ['Half Marathon', 'Marathon'], ['5K', 'Half Marathon', 'Marathon'], ['5K', '10K', 'Half Marathon', 'Marathon']],
    titles: [
      (c) => `${c.city} Marathon`,
      (c) => c.venue && `${c.venue} Marathon`,
      (c) => `${c.city} ${c.season} Marathon`,
      (c) => (c.distances.length > 1 ? `${c.city} Marathon & Half Marathon` : undefined),
      (c) => (c.distances.length > 2 ? `${c.city} Running Festival` : undefined),
      (c) => (c.distances.length > 2 ? `${c.city} Marathon Weekend` : undefined),
    ],
    openings: [
      (c) => `The ${c.city} marathon tours the city's neighborhoods and finishes at ${c.locationName}.`,
      (c) => `A Boston qualifier on a fast, certified course with a finish at ${c.locationName}.`,
      (c) => `Twenty-six miles through ${c.city}, from the historic center to ${c.locationName}.`,
    ],
    details: [...ROAD_DETAILS, () => 'Pace groups run every five minutes from 3:00 to 5:30.'],
    fees: RUN_FEES,
    field: [1500, 20000],
    tags: ['boston-qualifier', 'usatf-certified', 'chip-timed'],
  },
  {
    id: 'turkey-trot',
    type: 'road_race',
    terrains: ['road'],
    kinds: ROAD_KINDS,
    weight: 3,
    holiday: 'thanksgiving',
    distances: [['5K'], ['1 Mile', '5K'], ['5K', '10K'], ['4 Miles']],
    titles: [
      (c) => `${c.city} Turkey Trot`,
      (c) => c.venue && `${c.venue} Turkey Trot ${c.distance}`,
      (c) => `${c.city} Thanksgiving Day ${c.distance}`,
      (c) => `${c.city} Gobbler Gallop`,
      (c) => `Turkey Trot ${c.distance} at ${place(c)}`,
    ],
    openings: [
      (c) => `${c.city}'s Thanksgiving morning tradition: run a few miles before the feast.`,
      (c) => `Families, costumes and a few thousand neighbors at ${c.locationName} on Thanksgiving morning.`,
    ],
    details: [() => 'Pie for the top finishers and a canned-food drive at the start.', () => 'Turkey hats encouraged; strollers welcome.'],
    fees: RUN_FEES,
    field: [500, 6000],
    tags: ['holiday', 'family-friendly', 'costumes'],
  },
  {
    id: 'new-year',
    type: 'road_race',
    terrains: ['road'],
    kinds: ROAD_KINDS,
    weight: 1,
    holiday: 'newYear',
    distances: [['5K'], ['5K', '10K']],
    titles: [
      (c) => `${c.city} Resolution Run ${c.distance}`,
      (c) => `First Day ${c.distance} at ${place(c)}`,
      (c) => `${c.city} Hangover Hustle`,
    ],
    openings: [(c) => `Start the year on your feet at ${c.locationName}.`, () => 'The first race of the year, with a late start for the night owls.'],
    details: ROAD_DETAILS,
    fees: RUN_FEES,
    field: [200, 2000],
    tags: ['holiday'],
  },
  {
    id: 'st-patricks',
    type: 'road_race',
    terrains: ['road'],
    kinds: ROAD_KINDS,
    weight: 1,
    holiday: 'stPatricks',
    distances: [['5K'], ['8K'], ['5K', '10K']],
    titles: [
      (c) => `${c.city} Shamrock Shuffle ${c.distance}`,
      (c) => `${c.city} St. Patrick's Day ${c.distance}`,
      (c) => `Lucky Leprechaun ${c.distance} at ${place(c)}`,
    ],
    openings: [(c) => `Wear green and run the streets around ${c.locationName}.`, () => 'A St. Patrick\u2019s Day favorite with a party at the finish.'],
    details: ROAD_DETAILS,
    fees: RUN_FEES,
    field: [300, 4000],
    tags: ['holiday', 'costumes'],
  },
  {
    id: 'independence-day',
    type: 'road_race',
    terrains: ['road'],
    kinds: ROAD_KINDS,
    weight: 1.5,
    holiday: 'independenceDay',
    distances: [['5K'], ['4 Miles'], ['1 Mile', '5K'], ['10K']],
    titles: [
      (c) => `${c.city} Firecracker ${c.distance}`,
      (c) => `${c.city} Fourth of July ${c.distance}`,
      (c) => `Freedom Run ${c.distance} at ${place(c)}`,
      (c) => `${c.city} Independence Day ${c.distance}`,
    ],
    openings: [(c) => `An early start beats the heat on the Fourth at ${c.locationName}.`, (c) => `${c.city} celebrates the Fourth with a run before the parade.`],
    details: ROAD_DETAILS,
    fees: RUN_FEES,
    field: [300, 5000],
    tags: ['holiday', 'family-friendly'],
  },
  {
    id: 'memorial-day',
    type: 'road_race',
    terrains: ['road'],
    kinds: ROAD_KINDS,
    weight: 0.7,
    holiday: 'memorialDay',
    distances: [['5K'], ['10K'], ['5K', '10K']],
    titles: [
      (c) => `${c.city} Memorial Day ${c.distance}`,
      (c) => `Run to Remember ${c.distance} at ${place(c)}`,
      (c) => `${c.city} Heroes ${c.distance}`,
    ],
    openings: [() => 'A run honoring the fallen, with a moment of silence before the start.'],
    details: ROAD_DETAILS,
    fees: RUN_FEES,
    field: [200, 2500],
    tags: ['holiday', 'charity'],
  },
  {
    id: 'trail-short',
    type: 'trail_race',
    terrains: ['trail', 'mixed', 'mountain'],
    kinds: [...TRAIL_KINDS, 'park'],
    weight: 9,
    distances: [['5K'], ['10K'], ['5K', '10K'], ['8 Miles'], ['10K', 'Half Marathon'], ['Half Marathon'], ['15K', '30K'], ['25K'], ['12 Miles']],
    titles: [
      (c) => `${place(c)} Trail ${c.distance}`,
      (c) => `${c.city} ${trailWord(c)} ${c.distance}`,
      (c) => `${place(c)} ${c.distance} Trail Race`,
      (c) => `${place(c)} ${trailWord(c)} Run`,
      (c) => `${c.city} ${c.season} Trail Run`,
      (c) => c.venue && `${c.venue} ${c.season} ${c.distance}`,
    ],
    openings: [
      (c) =>
        c.terrain === 'mountain'
          ? `A true mountain race on ${c.locationName}, with steep climbs and views to match.`
          : `Single-track and fire roads through ${c.locationName}, with roots, rocks and a few honest climbs.`,
      (c) => `A runnable trail course in ${c.locationName} that rewards patient pacing on the hills.`,
      (c) => `Creek crossings, shaded forest and a fast finish at ${c.locationName}.`,
    ],
    details: TRAIL_DETAILS,
    fees: RUN_FEES,
    field: [100, 600],
    tags: ['scenic', 'trail-shoes-recommended'],
  },
  {
    id: 'trail-marathon',
    season: 'mild',
    type: 'trail_race',
    terrains: ['trail', 'mountain', 'mixed'],
    kinds: TRAIL_KINDS,
    weight: 3,
    distances: [['Marathon'], ['Half Marathon', 'Marathon'], ['10K', 'Half Marathon', 'Marathon']],
    titles: [
      (c) => `${place(c)} Trail Marathon`,
      (c) => `${c.city} ${trailWord(c)} Marathon`,
      (c) => (c.distances.length > 1 ? `${place(c)} Trail Marathon & Half` : undefined),
    ],
    openings: [
      (c) => `Twenty-six miles of ${c.terrain === 'mountain' ? 'mountain' : 'forest'} trail in ${c.locationName}.`,
      (c) => `A marathon that takes in the best single-track of ${c.locationName}.`,
    ],
    details: TRAIL_DETAILS,
    fees: RUN_FEES,
    field: [150, 800],
    tags: ['scenic', 'hilly'],
  },
  {
    id: 'vertical',
    season: 'mild',
    type: 'trail_race',
    terrains: ['mountain'],
    kinds: ['mountain'],
    weight: 1,
    distances: [['Vertical K'], ['5K', 'Vertical K'], ['Vertical K', '15K']],
    titles: [
      (c) => `${c.locationName} Vertical K`,
      (c) => `Race to the Top of ${c.locationName}`,
      (c) => `${c.locationName} Skyrace`,
      (c) => `${c.city} Uphill Challenge`,
    ],
    openings: [(c) => `One kilometer of climbing, straight up ${c.locationName}.`, () => 'Short, steep and brutal: poles allowed.'],
    details: TRAIL_DETAILS,
    fees: RUN_FEES,
    field: [80, 400],
    tags: ['hilly', 'uphill'],
  },
  {
    id: 'ultra-50k',
    type: 'ultra_marathon',
    terrains: ['trail', 'mountain', 'mixed'],
    kinds: TRAIL_KINDS,
    weight: 4,
    distances: [['50K'], ['25K', '50K'], ['50K', '50 Miles'], ['Half Marathon', '50K']],
    titles: [
      (c) => `${place(c)} ${c.distance}`,
      (c) => `${c.city} ${trailWord(c)} ${c.distance}`,
      (c) => `${place(c)} Ultra`,
      (c) => `${c.city} ${trailWord(c)} Ultra`,
      (c) => `${place(c)} ${c.season} ${c.distance}`,
    ],
    openings: [
      (c) => `A classic ${c.distance} on the trails of ${c.locationName}.`,
      (c) => `The first ultra for many, with ${c.random.int(3, 9)} aid stations and a finish at ${c.locationName}.`,
    ],
    details: [...ULTRA_DETAILS, ...TRAIL_DETAILS],
    fees: RUN_FEES,
    field: [80, 400],
    tags: ['ultra', 'scenic'],
  },
  {
    id: 'ultra-100',
    season: 'mild',
    type: 'ultra_marathon',
    terrains: ['trail', 'mountain'],
    kinds: ['trail', 'mountain'],
    weight: 1.5,
    distances: [['100 Miles'], ['50 Miles', '100 Miles'], ['100K'], ['50 Miles', '100K'], ['50K', '50 Miles', '100 Miles']],
    titles: [
      (c) => `${place(c)} ${c.distance.replace(' Mile', '')}`,
      (c) => `${place(c)} ${c.distance} Endurance Run`,
      (c) => `${c.city} ${trailWord(c)} ${c.distance.replace(' Mile', '')}`,
      (c) => `${place(c)} Endurance Run`,
    ],
    openings: [
      (c) => `A ${c.distance.toLowerCase()} journey across ${c.locationName} and the country around ${c.city}.`,
      () => 'One of the toughest ultras in the region, with a cutoff of 32 hours.',
    ],
    details: ULTRA_DETAILS,
    fees: RUN_FEES,
    field: [80, 350],
    tags: ['ultra', 'qualifier', 'night-running'],
  },
  {
    id: 'ultra-timed',
    type: 'ultra_marathon',
    terrains: ['road', 'mixed', 'trail'],
    kinds: ['park', 'lake', 'fairground', 'trail'],
    weight: 1,
    distances: [['6 Hour', '12 Hour', '24 Hour'], ['24 Hour'], ['12 Hour'], ['Backyard Ultra']],
    titles: [
      (c) => `${place(c)} ${c.distance} Run`,
      (c) => `${c.city} ${c.distance} Ultra`,
      (c) => (includes(c, 'Backyard Ultra') ? `${place(c)} Backyard Ultra` : `${place(c)} Timed Ultra`),
      (c) => `${c.city} Last Runner Standing`,
    ],
    openings: [
      (c) => `Run as many laps of ${c.locationName} as you can before the clock runs out.`,
      () => 'A looped course with your gear a few steps away every lap.',
    ],
    details: [
      () => 'Your drop bag sits beside the course, so you pass it every lap.',
      () => 'The aid station at the start and finish is stocked around the clock.',
      () => 'Lap counts are chip-timed and shown live on a screen at the timing tent.',
      ...ULTRA_DETAILS.slice(3),
    ],
    fees: RUN_FEES,
    field: [50, 250],
    tags: ['ultra', 'looped-course'],
  },
  {
    id: 'ultra-road',
    type: 'ultra_marathon',
    terrains: ['road'],
    kinds: ['downtown', 'waterfront', 'park'],
    weight: 0.8,
    distances: [['50K'], ['Marathon', '50K'], ['50 Miles']],
    titles: [(c) => `${c.city} Road ${c.distance}`, (c) => `${place(c)} Ultra`, (c) => `${c.city} ${c.distance} Road Race`],
    openings: [(c) => `A road ultra that strings together the parks and paths of ${c.city}.`],
    details: [...ULTRA_DETAILS.slice(0, 2), ...ROAD_DETAILS.slice(0, 2)],
    fees: RUN_FEES,
    field: [100, 500],
    tags: ['ultra', 'road-ultra'],
  },
  {
    id: 'triathlon',
    type: 'triathlon',
    terrains: ['road', 'beach', 'mixed'],
    kinds: ['lake', 'beach', 'waterfront'],
    swim: true,
    season: 'summer',
    weight: 5,
    distances: [['Sprint'], ['Super Sprint', 'Sprint'], ['Sprint', 'Olympic'], ['Olympic']],
    titles: [
      (c) => `${c.city} ${c.distance} Triathlon`,
      (c) => c.venue && `${c.venue} Triathlon`,
      (c) => `${c.city} Tri`,
      (c) => `Tri ${c.city}`,
      (c) => c.venue && `${c.venue} ${c.season} Triathlon`,
      (c) => c.venue && `${c.venue} ${c.distance} Tri`,
    ],
    openings: [
      (c) => `Swim in ${c.locationName}, ride the roads around ${c.city} and run to a finish by the water.`,
      () => 'A friendly, well-run triathlon that suits first-timers and podium hunters alike.',
    ],
    details: TRI_DETAILS,
    fees: { 'Super Sprint': [55, 85], Sprint: [80, 140], Olympic: [120, 200] },
    field: [250, 2000],
    tags: ['usat-sanctioned', 'wetsuit-legal'],
  },
  {
    id: 'triathlon-long',
    type: 'triathlon',
    terrains: ['road', 'beach', 'mixed'],
    kinds: ['lake', 'beach', 'waterfront'],
    swim: true,
    season: 'summer',
    weight: 1.2,
    distances: [['Half Iron (70.3)'], ['Olympic', 'Half Iron (70.3)'], ['Full Iron (140.6)'], ['Half Iron (70.3)', 'Full Iron (140.6)']],
    titles: [
      (c) => `${c.city} ${c.distance} Triathlon`,
      (c) => `${place(c)} Long Course Triathlon`,
      (c) => `${place(c)} ${c.distance} Tri`,
    ],
    openings: [
      (c) => `A long day of swimming, riding and running around ${c.locationName}.`,
      () => 'Long-course racing with a bike course that climbs just enough to hurt.',
    ],
    details: TRI_DETAILS,
    fees: { Olympic: [120, 200], 'Half Iron (70.3)': [260, 420], 'Full Iron (140.6)': [700, 975] },
    field: [800, 2800],
    tags: ['long-course', 'wetsuit-legal', 'usat-sanctioned'],
  },
  {
    id: 'duathlon',
    type: 'duathlon',
    terrains: ['road', 'mixed'],
    kinds: ['park', 'lake', 'fairground', 'waterfront', 'downtown'],
    weight: 3,
    distances: [['Sprint'], ['Sprint', 'Standard'], ['Standard'], ['Long Course']],
    titles: [
      (c) => `${c.city} Duathlon`,
      (c) => `${place(c)} Du`,
      (c) => `${c.city} Run-Bike-Run`,
      (c) => `${place(c)} ${c.season} Duathlon`,
      (c) => `${c.city} ${c.distance} Duathlon`,
    ],
    openings: [
      (c) => `Run, bike, run at ${c.locationName}: a multisport race with no swim.`,
      () => 'A great first multisport event, with a compact, spectator-friendly transition.',
    ],
    details: [() => 'The bike course is two loops on closed roads.', () => 'Relays welcome: one runner, one cyclist.', ...ROAD_DETAILS.slice(0, 2)],
    fees: { Sprint: [60, 95], Standard: [85, 130], 'Long Course': [120, 180] },
    field: [150, 600],
    tags: ['multisport', 'usat-sanctioned'],
  },
  {
    id: 'cycling-road',
    type: 'cycling',
    terrains: ['road'],
    kinds: ['downtown', 'park', 'waterfront', 'fairground', 'lake'],
    weight: 4,
    distances: [['25 Miles', '62 Miles'], ['30 Miles', '62 Miles', '100 Miles'], ['100 Miles'], ['62 Miles'], ['40 Miles', '75 Miles']],
    titles: [
      (c) => (includes(c, '100 Miles') ? `${c.city} Century` : undefined),
      (c) => (c.distance === '62 Miles' ? `${c.city} Metric Century` : undefined),
      (c) => `Tour de ${c.city}`,
      (c) => `${place(c)} Gran Fondo`,
      (c) => `Ride ${c.city}`,
      (c) => `${c.city} ${c.season} Classic Ride`,
    ],
    openings: [
      (c) => `Quiet country roads out of ${c.city}, with routes for every kind of rider.`,
      (c) => `A fully supported ride that starts and ends at ${c.locationName}.`,
    ],
    details: [
      () => 'Rest stops every 15 miles, mechanical support and SAG vehicles on course.',
      () => 'Roads are open to traffic; riders follow the rules of the road.',
      () => 'Helmets are required.',
      () => 'A timed climb crowns the king and queen of the mountain.',
    ],
    fees: { '62 Miles': [55, 90], '75 Miles': [65, 100], '100 Miles': [75, 140] },
    field: [200, 2000],
    tags: ['cycling', 'supported-ride'],
  },
  {
    id: 'cycling-time-trial',
    type: 'cycling',
    terrains: ['road'],
    kinds: ['downtown', 'park', 'fairground', 'waterfront'],
    weight: 0.8,
    distances: [['20K Time Trial'], ['40K Time Trial'], ['20K Time Trial', '40K Time Trial']],
    titles: [
      (c) => `${c.city} Time Trial`,
      (c) => `${place(c)} ${c.distance}`,
      (c) => `${c.city} Race of Truth`,
      (c) => `${c.city} ${c.season} Time Trial`,
    ],
    openings: [
      () => 'A flat, fast out-and-back time trial; riders start alone at 30-second intervals.',
      (c) => `Just you and the clock on the roads around ${c.locationName}.`,
    ],
    details: [() => 'Aero bars and disc wheels allowed; drafting is not.', () => 'Helmets are required.', () => 'Categories by age and by bike type.'],
    fees: { '20K Time Trial': [30, 50], '40K Time Trial': [40, 65] },
    field: [60, 300],
    tags: ['cycling', 'time-trial'],
  },
  {
    id: 'cycling-gravel',
    season: 'mild',
    type: 'cycling',
    terrains: ['mixed'],
    kinds: ['trail', 'fairground', 'lake', 'park', 'mountain'],
    weight: 2.5,
    distances: [['35 Miles', '70 Miles'], ['50 Miles', '100 Miles'], ['25 Miles', '50 Miles', '100 Miles'], ['200 Miles']],
    titles: [
      (c) => `${c.city} Gravel Grinder`,
      (c) => `${place(c)} Gravel`,
      (c) => `Gravel ${c.city}`,
      (c) => `${c.city} ${c.season} Gravel Classic`,
      (c) => `${place(c)} Dirty ${c.distance.replace(/ Miles?$/, '')}`,
    ],
    openings: [
      (c) => `Gravel and dirt roads through the back country around ${c.city}.`,
      (c) => `A gravel race from ${c.locationName} with long, lonely miles and honest climbs.`,
    ],
    details: [() => 'Tires of 38 mm or wider recommended.', () => 'Self-supported between the two aid stations.', () => 'Helmets are required.'],
    fees: { '70 Miles': [75, 120], '100 Miles': [110, 180], '200 Miles': [220, 320] },
    field: [150, 1500],
    tags: ['cycling', 'gravel'],
  },
  {
    id: 'cycling-mtb',
    season: 'mild',
    type: 'cycling',
    terrains: ['trail', 'mountain'],
    kinds: ['trail', 'mountain'],
    weight: 1.5,
    distances: [['15 Miles'], ['20 Miles', '40 Miles'], ['6 Hour'], ['50 Miles']],
    titles: [
      (c) => `${place(c)} ${place(c).endsWith('Mountain') ? 'Bike Race' : 'Mountain Bike Race'}`,
      (c) => `${place(c)} Fat Tire Classic`,
      (c) => `${c.city} MTB Challenge`,
      (c) => `${c.distance} of ${place(c)}`,
    ],
    openings: [(c) => `Flowing single-track and technical rock gardens at ${c.locationName}.`],
    details: [() => 'Categories for beginners through pros.', () => 'Helmets are required.'],
    fees: { '15 Miles': [40, 65], '40 Miles': [55, 90], '6 Hour': [60, 95], '50 Miles': [70, 110] },
    field: [80, 500],
    tags: ['cycling', 'mountain-bike'],
  },
  {
    id: 'cycling-climb',
    type: 'cycling',
    terrains: ['mountain'],
    kinds: ['mountain'],
    weight: 0.6,
    season: 'summer',
    distances: [['8 Miles'], ['12 Miles']],
    titles: [(c) => `${c.locationName} Hill Climb`, (c) => `Ride to the Top of ${c.locationName}`],
    openings: [(c) => `A timed ride straight up ${c.locationName}.`],
    details: [() => 'Riders start one at a time, 30 seconds apart.', () => 'A sag wagon carries warm clothes down from the top.'],
    fees: { '8 Miles': [35, 60], '12 Miles': [45, 70] },
    field: [100, 800],
    tags: ['cycling', 'hill-climb'],
  },
  {
    id: 'obstacle',
    season: 'mild',
    type: 'obstacle_race',
    terrains: ['mixed', 'trail', 'mountain'],
    kinds: ['fairground', 'park', 'trail', 'mountain'],
    weight: 5,
    distances: [['5K'], ['Mud Mile', '5K'], ['5K', '10K'], ['10K'], ['5K', '10K', 'Half Marathon'], ['8 Miles']],
    titles: [
      (c) => `${c.city} Mud Run`,
      (c) => `${place(c)} Mud Run ${c.distance}`,
      (c) => (includes(c, 'Mud Mile') ? `Mudder Mile ${c.city}` : undefined),
      (c) => `${c.city} Mud & Guts Challenge`,
      (c) => c.venue && `Conquer ${c.venue}`,
      (c) => `${place(c)} Obstacle Challenge`,
      (c) => `Dirty Dash ${c.city}`,
      (c) => `${c.city} Gauntlet ${c.distance}`,
    ],
    openings: [
      (c) => `More than ${c.random.int(15, 35)} obstacles: mud pits, cargo nets, walls and a rope climb.`,
      (c) => `Crawl, climb and carry your way around ${c.locationName}.`,
    ],
    details: [
      () => 'Waves start every 15 minutes; spectators can walk the course.',
      () => 'Expect to get wet and muddy; a rinse station waits at the finish.',
      () => 'Open and competitive waves; competitive racers must complete every obstacle.',
    ],
    fees: { 'Mud Mile': [39, 59], '5K': [69, 119], '10K': [89, 149], 'Half Marathon': [129, 189], '8 Miles': [99, 159] },
    field: [500, 5000],
    tags: ['obstacles', 'mud', 'team-friendly'],
  },
  {
    id: 'fun-themed',
    type: 'fun_run',
    terrains: ['road', 'mixed'],
    kinds: ['park', 'fairground', 'downtown', 'waterfront'],
    weight: 3,
    freeChance: 0.2,
    distances: [['5K'], ['1 Mile', '5K'], ['3K']],
    titles: [
      (c) => `${c.city} Color Run ${c.distance}`,
      (c) => `Glow Run ${c.city}`,
      (c) => `${c.city} Bubble Run`,
      (c) => `${place(c)} Foam Fest ${c.distance}`,
      (c) => `${c.city} Donut Dash`,
      (c) => `${c.city} Family Fun Run`,
      (c) => c.venue && `${c.venue} Fun Run`,
    ],
    openings: [
      () => 'Not a race so much as a party: walk, jog or dance your way to the finish.',
      (c) => `Colors, music and a lap of ${c.locationName} for the whole family.`,
    ],
    details: [
      () => 'Costumes encouraged and strollers welcome.',
      () => 'Every finisher gets a medal and a treat.',
      () => 'Untimed, so walkers are as welcome as runners.',
    ],
    fees: FUN_FEES,
    field: [300, 5000],
    tags: ['family-friendly', 'untimed', 'beginner-friendly'],
  },
  {
    id: 'fun-beach',
    type: 'fun_run',
    terrains: ['beach'],
    kinds: ['beach'],
    weight: 1.2,
    freeChance: 0.25,
    distances: [['5K'], ['2 Miles'], ['1 Mile', '5K']],
    titles: [
      (c) => `${c.locationName} Beach Run`,
      (c) => `${c.city} Sunrise Beach ${c.distance}`,
      (c) => `${c.city} Sand Dash`,
      (c) => `Barefoot on ${c.locationName}`,
    ],
    openings: [(c) => `Run on the hard-packed sand at ${c.locationName} at low tide.`, () => 'Shoes optional; sunscreen is not.'],
    details: [() => 'The start time follows the tide table.', () => 'Kids\u2019 dash at the water\u2019s edge after the main race.'],
    fees: FUN_FEES,
    field: [150, 1500],
    tags: ['beach', 'family-friendly'],
  },
  {
    id: 'fun-community',
    type: 'fun_run',
    terrains: ['road', 'mixed', 'trail'],
    kinds: ['park', 'downtown', 'waterfront', 'trail', 'lake'],
    weight: 2.5,
    freeChance: 0.4,
    distances: [['5K'], ['1 Mile', '5K'], ['1 Mile'], ['2 Miles']],
    titles: [
      (c) => `${c.city} Heart & Sole ${c.distance}`,
      (c) => c.venue && `${c.venue} Pancake Run`,
      (c) => `Run ${c.city} for ${c.random.pick(CAUSES)}`,
      (c) => `${c.city} K9 ${c.distance}`,
      (c) => `Mutt Strut ${c.city}`,
      (c) => `${place(c)} Community ${c.distance}`,
      (c) => (includes(c, '1 Mile') ? `${c.city} Kids' Dash` : undefined),
    ],
    openings: [
      (c) => `A community run at ${c.locationName} that raises money for local causes.`,
      (c) => `Neighbors, dogs and kids take over ${c.locationName} for a morning.`,
    ],
    details: [
      () => 'Leashed dogs welcome.',
      () => 'The kids\u2019 dash starts 30 minutes before the main run.',
      () => 'Free pancakes for everyone at the finish.',
    ],
    fees: FUN_FEES,
    field: [100, 1500],
    tags: ['charity', 'dog-friendly', 'family-friendly'],
  },
  {
    id: 'fun-holiday',
    type: 'fun_run',
    terrains: ['road', 'mixed'],
    kinds: ['park', 'downtown', 'waterfront'],
    weight: 1.5,
    holiday: 'december',
    freeChance: 0.15,
    distances: [['5K'], ['1 Mile', '5K']],
    titles: [
      (c) => `${c.city} Jingle Bell Run`,
      (c) => `${c.city} Reindeer Run ${c.distance}`,
      (c) => `Ugly Sweater ${c.distance} at ${place(c)}`,
      (c) => `${c.city} Santa Dash`,
    ],
    openings: [(c) => `Bells on your shoes and lights along ${c.locationName}.`, () => 'Santa suits for the first 500 registrants.'],
    details: [() => 'Costumes encouraged and strollers welcome.', () => 'Hot cocoa at the finish.'],
    fees: FUN_FEES,
    field: [300, 4000],
    tags: ['holiday', 'costumes', 'family-friendly'],
  },
  {
    id: 'fun-halloween',
    type: 'fun_run',
    terrains: ['road', 'mixed', 'trail'],
    kinds: ['park', 'downtown', 'trail'],
    weight: 1,
    holiday: 'halloween',
    freeChance: 0.1,
    distances: [['5K'], ['1 Mile', '5K']],
    titles: [(c) => `${c.city} Monster Dash ${c.distance}`, (c) => `${place(c)} Haunted ${c.distance}`, (c) => `${c.city} Zombie Run`],
    openings: [() => 'A costume run with spooky surprises around every corner.'],
    details: [() => 'Prizes for the best costumes.', () => 'Glow sticks for the evening start.'],
    fees: FUN_FEES,
    field: [200, 3000],
    tags: ['holiday', 'costumes', 'night-race'],
  },
  {
    id: 'fun-valentines',
    type: 'fun_run',
    terrains: ['road'],
    kinds: ['park', 'downtown', 'waterfront'],
    weight: 0.5,
    holiday: 'valentines',
    distances: [['5K'], ['2 Miles']],
    titles: [(c) => `${c.city} Sweetheart ${c.distance}`, (c) => `Cupid's Chase ${c.city}`],
    openings: [() => 'Run solo or as a couple; pairs are timed together.'],
    details: [() => 'Chocolate at the finish.'],
    fees: FUN_FEES,
    field: [150, 1500],
    tags: ['holiday', 'couples'],
  },
  {
    id: 'relay',
    type: 'other',
    terrains: ['road'],
    kinds: ['downtown', 'waterfront', 'park'],
    weight: 0.8,
    distances: [['Marathon Relay'], ['200 Mile Relay']],
    titles: [
      (c) => (includes(c, '200 Mile Relay') ? `${c.stateName} 200 Relay` : `${c.city} Marathon Relay`),
      (c) => `${place(c)} Relay`,
    ],
    openings: [() => 'Teams split the distance and share one timing chip.', (c) => `Teams hand off along ${c.locationName}.`],
    details: [() => 'Teams of two to twelve runners; vans for the long relay.', () => 'Costume contest for the team with the best theme.'],
    fees: { 'Marathon Relay': [150, 260], '200 Mile Relay': [1200, 1800] },
    field: [50, 400],
    tags: ['relay', 'team'],
  },
  {
    id: 'open-water-swim',
    type: 'other',
    terrains: ['beach'],
    kinds: ['beach'],
    swim: true,
    season: 'summer',
    weight: 1,
    distances: [['1 Mile Swim'], ['1 Mile Swim', '2.4 Mile Swim'], ['500 Meter Swim', '1 Mile Swim'], ['5K Swim']],
    titles: [(c) => `${c.locationName} Open Water Swim`, (c) => `${c.city} Swim Challenge`, (c) => `${c.locationName} Mile Swim`],
    openings: [(c) => `An open-water swim off ${c.locationName}, marked with big orange buoys.`],
    details: [() => 'Wetsuits optional; kayakers and lifeguards on the course.', () => 'Swim caps provided.'],
    fees: { '1 Mile Swim': [35, 60], '2.4 Mile Swim': [55, 85], '5K Swim': [60, 95] },
    field: [100, 600],
    tags: ['swim', 'open-water'],
  },
  {
    id: 'aquathlon',
    type: 'other',
    terrains: ['beach', 'mixed'],
    kinds: ['beach'],
    swim: true,
    season: 'summer',
    weight: 0.6,
    distances: [['Sprint Aquathlon'], ['Sprint Aquathlon', 'Long Aquathlon']],
    titles: [(c) => `${c.locationName} Aquathlon`, (c) => `${c.city} Swim-Run`],
    openings: [(c) => `Swim, then run the shore at ${c.locationName}: no bike needed.`],
    details: TRI_DETAILS.slice(0, 1),
    fees: { 'Sprint Aquathlon': [40, 65], 'Long Aquathlon': [55, 85] },
    field: [80, 400],
    tags: ['multisport', 'swim'],
  },
  {
    id: 'snowshoe',
    type: 'other',
    terrains: ['mountain', 'trail'],
    kinds: ['mountain', 'trail'],
    season: 'winter',
    weight: 0.8,
    distances: [['5K'], ['5K', '10K'], ['10K']],
    titles: [(c) => `${place(c)} Snowshoe Race`, (c) => `${c.city} Snowshoe ${c.distance}`, (c) => `${c.city} Frosty Snowshoe Shuffle`],
    openings: [(c) => `Packed snow trails at ${c.locationName}, with demo snowshoes for first-timers.`],
    details: [() => 'Snowshoes required; rentals available at registration.', () => 'Hot soup at the finish.'],
    fees: RUN_FEES,
    field: [50, 300],
    tags: ['snowshoe', 'winter'],
  },
  {
    id: 'ruck',
    type: 'other',
    terrains: ['trail', 'mixed', 'road'],
    kinds: ['trail', 'park'],
    weight: 0.6,
    distances: [['12 Miles'], ['6 Miles', '12 Miles']],
    titles: [(c) => `${c.city} Ruck March`, (c) => `${place(c)} Ruck Challenge`, (c) => `${c.city} Memorial Ruck`],
    openings: [() => 'Carry a weighted pack over a marked course to honor service members.'],
    details: [() => 'Minimum pack weight of 20 pounds for the timed division.'],
    fees: { '12 Miles': [40, 70] },
    field: [50, 500],
    tags: ['rucking', 'charity'],
  },
  {
    id: 'charity-walk',
    type: 'other',
    terrains: ['road', 'mixed'],
    kinds: ['park', 'downtown', 'waterfront'],
    weight: 0.8,
    freeChance: 0.5,
    distances: [['5K Walk'], ['1 Mile Walk', '5K Walk']],
    titles: [(c) => `${c.city} Heart Walk`, (c) => `${c.city} Walk for Hope`, (c) => `${place(c)} Memory Walk`],
    openings: [(c) => `A walk around ${c.locationName} that raises money for research.`],
    details: [() => 'Teams encouraged; every dollar raised goes to the cause.'],
    fees: { '5K Walk': [0, 25] },
    field: [200, 3000],
    tags: ['walk', 'charity'],
  },
];
