/**
 * Generates the local catalogue: realistic upcoming races across every state and DC, every event type and
 * every terrain. Deterministic for a seed (same seed, same events, on any machine and in any time zone), so
 * a local stack and its tests agree on what is in the database. The first events are placed to guarantee
 * coverage (one per state, then one per type and terrain pairing); the rest follow population and how
 * common each kind of race is.
 */
import { ulid } from 'ulid';
import { EVENT_TYPES, type EventType, type TerrainType } from '#shared/event-vocabulary';
import type { RaceEvent } from '#shared/schemas/event';
import { STATE_CODES, US_STATES, type StateCode } from '#shared/us-states';
import { addDays, dayOfWeek, holidayDates, monthOf, parseIsoDate } from './calendar.ts';
import { CLOSERS, FORMATS, titleDistance, type RaceContext, type RaceFormat } from './formats.ts';
import { PLACES, SWIM_KINDS, VENUE_TERRAINS, type Place, type Venue } from './places.ts';
import { createRandom, type Random } from './random.ts';

export interface SeedOptions {
  readonly count: number;
  /** First possible race day, YYYY-MM-DD (today in America/New_York). */
  readonly today: string;
  readonly seed: number;
}

export const DEFAULT_SEED = 20_240_601;
/** Races are dated from today to about 18 months ahead, as far as real calendars reach. */
export const SEED_HORIZON_DAYS = 548;

/** Where open-water racing runs all year, or most of it; elsewhere it is a May to September sport. */
const YEAR_ROUND_WATER = new Set<StateCode>(['FL', 'HI']);
const LONG_SEASON_WATER = new Set<StateCode>(['AZ', 'CA', 'TX', 'LA', 'GA', 'SC', 'AL', 'MS', 'NV']);
/** No reliable snow, so no snowshoe races. */
const NO_SNOW = new Set<StateCode>(['FL', 'HI', 'LA', 'MS', 'AL', 'GA', 'SC', 'TX', 'DC', 'DE', 'AR', 'OK']);
const WARM_WINTERS = new Set<StateCode>([...YEAR_ROUND_WATER, ...LONG_SEASON_WATER]);

const ALL_MONTHS = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12];

function allowedMonths(format: RaceFormat, state: StateCode): readonly number[] {
  if (format.season === 'winter') return [12, 1, 2, 3];
  if (format.season === 'summer') {
    if (YEAR_ROUND_WATER.has(state)) return ALL_MONTHS;
    if (LONG_SEASON_WATER.has(state)) return [3, 4, 5, 6, 7, 8, 9, 10, 11];
    return [5, 6, 7, 8, 9];
  }
  if (format.season === 'mild') return WARM_WINTERS.has(state) ? ALL_MONTHS : [4, 5, 6, 7, 8, 9, 10];
  return ALL_MONTHS;
}

function seasonWord(date: string, state: StateCode, random: Random): string {
  const month = monthOf(date);
  if (month === 12 || month <= 2) return WARM_WINTERS.has(state) ? 'Winter' : random.pick(['Winter', 'Frostbite']);
  if (month <= 5) return random.pick(['Spring', 'Blossom']);
  if (month <= 8) return random.pick(['Summer', 'Midsummer', 'Sunset']);
  return random.pick(['Fall', 'Harvest', 'Autumn']);
}

/** One place an event of a format can be held, with the terrains it can have there. */
interface Slot {
  readonly state: StateCode;
  readonly place: Place;
  readonly venue: Venue;
  readonly terrains: readonly TerrainType[];
}

function slotsFor(format: RaceFormat): Slot[] {
  const slots: Slot[] = [];
  for (const state of STATE_CODES) {
    if (format.season === 'winter' && NO_SNOW.has(state)) continue;
    for (const place of PLACES[state].places) {
      for (const venue of place.venues) {
        if (!format.kinds.includes(venue.kind)) continue;
        if (format.swim && !SWIM_KINDS.has(venue.kind)) continue;
        const terrains = format.terrains.filter((terrain) => VENUE_TERRAINS[venue.kind].includes(terrain));
        if (terrains.length > 0) slots.push({ state, place, venue, terrains });
      }
    }
  }
  return slots;
}

/** Every (type, terrain) pairing some format can produce, so coverage events can ask for each. */
function typeTerrainPairs(): [EventType, TerrainType][] {
  const seen = new Set<string>();
  const pairs: [EventType, TerrainType][] = [];
  for (const type of EVENT_TYPES) {
    for (const format of FORMATS.filter((candidate) => candidate.type === type)) {
      for (const terrain of format.terrains) {
        if (seen.has(`${type}/${terrain}`)) continue;
        seen.add(`${type}/${terrain}`);
        pairs.push([type, terrain]);
      }
    }
  }
  return pairs;
}

interface Plan {
  readonly format: RaceFormat;
  readonly slot: Slot;
  readonly terrain: TerrainType;
}

class Planner {
  private readonly slots = new Map<RaceFormat, Slot[]>(FORMATS.map((format) => [format, slotsFor(format)]));
  private readonly stateWeights = STATE_CODES.map((state) => [state, PLACES[state].populationMillions ** 0.6] as const);
  /** Per state: each format that fits somewhere in it, weighted, with the places it fits. */
  private readonly byState = new Map<StateCode, (readonly [readonly [RaceFormat, Slot[]], number])[]>();

  constructor(private readonly random: Random) {
    for (const [format, slots] of this.slots) {
      if (slots.length === 0) throw new Error(`Seed format ${format.id} fits no venue`);
    }
    for (const state of STATE_CODES) {
      const options = FORMATS.map((format) => [format, (this.slots.get(format) ?? []).filter((slot) => slot.state === state)] as const);
      this.byState.set(
        state,
        options.filter(([, slots]) => slots.length > 0).map((option) => [option, option[0].weight] as const),
      );
    }
  }

  randomState(): StateCode {
    return this.random.weighted(this.stateWeights);
  }

  forState(state: StateCode): Plan {
    const [format, slots] = this.random.weighted(this.byState.get(state) ?? []);
    const slot = this.random.pick(slots);
    return { format, slot, terrain: this.random.pick(slot.terrains) };
  }

  forPair(type: EventType, terrain: TerrainType): Plan {
    const options = FORMATS.filter((format) => format.type === type).flatMap((format) =>
      (this.slots.get(format) ?? []).filter((slot) => slot.terrains.includes(terrain)).map((slot) => ({ format, slot })),
    );
    if (options.length === 0) throw new Error(`No seed venue fits ${type} on ${terrain}`);
    const { format, slot } = this.random.pick(options);
    return { format, slot, terrain };
  }
}

/** Race days: mostly Saturdays, some Sundays, a few weekday evenings; holidays keep their own day. */
class RaceDays {
  private readonly days: { readonly date: string; readonly month: number; readonly weekday: number }[] = [];
  private readonly candidates = new Map<string, string[]>();
  private readonly end: string;

  constructor(
    private readonly today: string,
    private readonly random: Random,
  ) {
    for (let offset = 0; offset <= SEED_HORIZON_DAYS; offset += 1) {
      const date = addDays(today, offset);
      this.days.push({ date, month: monthOf(date), weekday: dayOfWeek(date) });
    }
    this.end = addDays(today, SEED_HORIZON_DAYS);
  }

  pick(format: RaceFormat, state: StateCode): string {
    const { holiday } = format;
    if (holiday) return this.random.pick(this.cached(holiday, () => holidayDates(holiday, this.today, this.end)));
    const months = allowedMonths(format, state);
    const roll = this.random.next();
    const weekdays = roll < 0.7 ? [6] : roll < 0.92 ? [0] : [1, 2, 3, 4, 5];
    const dates = this.cached(`${months.join()}|${weekdays.join()}`, () =>
      this.days.filter((day) => months.includes(day.month) && weekdays.includes(day.weekday)).map((day) => day.date),
    );
    return this.random.pick(dates);
  }

  private cached(key: string, compute: () => string[]): string[] {
    let dates = this.candidates.get(key);
    if (!dates) this.candidates.set(key, (dates = compute()));
    return dates;
  }
}

function roundPrice(random: Random, [min, max]: readonly [number, number]): number {
  const raw = random.float(min, max);
  const rounded = Math.round(raw / 5) * 5;
  const price = rounded >= min && rounded <= max ? rounded : Math.round(raw);
  // Many races price just under a round number: $39, $49, $129.
  return price >= 20 && price - 1 >= min && price % 10 === 0 && random.chance(0.35) ? price - 1 : price;
}

function slugify(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/['\u2018\u2019\u02bb]/g, '')
    .replace(/&/g, ' and ')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

function ordinal(n: number): string {
  const tens = n % 100;
  const suffix = tens >= 11 && tens <= 13 ? 'th' : (['th', 'st', 'nd', 'rd'][n % 10] ?? 'th');
  return `${n}${suffix}`;
}

const round = (value: number, digits: number) => Number(value.toFixed(digits));

const EXTRA_TAGS = ['finisher-medal', 'age-group-awards', 'beginner-friendly', 'scenic', 'post-race-party', 'kids-race', 'charity'];

export function generateSeedEvents({ count, today, seed }: SeedOptions): RaceEvent[] {
  if (!Number.isInteger(count) || count < 0) throw new Error(`count must be a non-negative integer, got ${count}`);
  const todayMs = parseIsoDate(today);
  const random = createRandom(seed);
  const planner = new Planner(random);
  const raceDays = new RaceDays(today, random);
  const pairs = typeTerrainPairs();
  const usedTitles = new Set<string>();
  const events: RaceEvent[] = [];

  for (let index = 0; index < count; index += 1) {
    const pair = pairs[index - STATE_CODES.length];
    const plan =
      index < STATE_CODES.length
        ? planner.forState(STATE_CODES[index] as StateCode)
        : pair
          ? planner.forPair(...pair)
          : planner.forState(planner.randomState());
    events.push(buildEvent(plan, { random, raceDays, usedTitles, todayMs, today }));
  }
  return events;
}

interface BuildState {
  readonly random: Random;
  readonly raceDays: RaceDays;
  readonly usedTitles: Set<string>;
  readonly todayMs: number;
  readonly today: string;
}

function buildEvent({ format, slot, terrain }: Plan, { random, raceDays, usedTitles, todayMs, today }: BuildState): RaceEvent {
  const { state, place, venue } = slot;
  const distances = random.pick(format.distances);
  const headline = distances[distances.length - 1] as string;
  const eventDate = raceDays.pick(format, state);
  const context: RaceContext = {
    city: place.city,
    venue: venue.kind === 'downtown' ? undefined : venue.name,
    locationName: venue.name,
    stateName: US_STATES[state],
    terrain,
    distances,
    distance: titleDistance(headline),
    season: seasonWord(eventDate, state, random),
    random,
  };

  const title = pickTitle(format, context, usedTitles, random);
  const slug = slugify(title);
  const feeRange = format.fees[headline];
  if (!feeRange) throw new Error(`Seed format ${format.id} has no fee for ${headline}`);

  // Created some weeks ago, as a catalogue fills over time; the id's time part is the creation time.
  const createdMs = todayMs - random.int(1, 120) * 86_400_000 + random.int(0, 86_399_999);
  const updatedMs = random.chance(0.3) ? createdMs + random.int(60_000, 10 * 86_400_000) : createdMs;
  const registrationEndDate = addDays(eventDate, -random.pick([1, 2, 3, 5, 7, 10, 14]));
  const verified = random.chance(0.9);

  const event: RaceEvent = {
    id: ulid(createdMs, random.next),
    title,
    description: random.chance(0.08) ? undefined : describe(format, context, random),
    eventDate,
    registrationEndDate: random.chance(0.55) && registrationEndDate >= today ? registrationEndDate : undefined,
    eventType: format.type,
    terrainType: terrain,
    locationName: venue.name,
    city: place.city,
    state,
    country: 'US',
    zipCode: place.zipCode,
    latitude: round(place.latitude + random.float(-0.02, 0.02), 5),
    longitude: round(place.longitude + random.float(-0.025, 0.025), 5),
    distances: [...distances],
    registrationFee: random.chance(0.03) ? undefined : format.freeChance && random.chance(format.freeChance) ? 0 : roundPrice(random, feeRange),
    maxParticipants: random.chance(0.4) ? Math.max(50, Math.round(random.int(...format.field) / 50) * 50) : undefined,
    registrationUrl: random.chance(0.92) ? `https://register.example.com/races/${slug}-${eventDate.slice(0, 4)}` : undefined,
    websiteUrl: random.chance(0.65) ? `https://races.example.org/${slug}` : undefined,
    // No imageUrl: the local stack is offline, so a remote image could never load; cards show their
    // placeholder for seeded events.
    tags: pickTags(format, terrain, random),
    featured: verified && random.chance(0.05),
    verified,
    source: 'seed',
    createdAt: new Date(createdMs).toISOString(),
    updatedAt: new Date(Math.min(updatedMs, todayMs - 1)).toISOString(),
  };
  // Absent optional fields are left out entirely, as the API and DynamoDB store them.
  return Object.fromEntries(Object.entries(event).filter(([, value]) => value !== undefined)) as RaceEvent;
}

function pickTitle(format: RaceFormat, context: RaceContext, usedTitles: Set<string>, random: Random): string {
  const titles = random
    .shuffle(format.titles)
    .map((title) => title(context))
    .filter((title): title is string => Boolean(title));
  const first = titles[0];
  if (!first) throw new Error(`Seed format ${format.id} produced no title`);
  // Real calendars have few exact repeats: a repeat becomes 'the 12th Annual ...', as long-running races are named.
  const chosen = titles.find((title) => !usedTitles.has(title)) ?? `${ordinal(random.int(2, 45))} Annual ${first}`;
  usedTitles.add(chosen);
  return chosen;
}

function describe(format: RaceFormat, context: RaceContext, random: Random): string {
  const sentences = [random.pick(format.openings)(context)];
  const roll = random.next();
  if (roll > 0.25) sentences.push(random.pick(format.details)(context));
  if (roll > 0.7) sentences.push(random.pick(CLOSERS)(context));
  return sentences.filter(Boolean).join(' ');
}

function pickTags(format: RaceFormat, terrain: TerrainType, random: Random): string[] {
  const tags = new Set(random.shuffle(format.tags).slice(0, random.int(1, format.tags.length)));
  if (terrain === 'road' && random.chance(0.3)) tags.add('flat-and-fast');
  if (terrain === 'mountain') tags.add('hilly');
  for (const extra of random.shuffle(EXTRA_TAGS).slice(0, random.int(0, 2))) tags.add(extra);
  return [...tags];
}
