/**
 * A race's event type and terrain in the product's vocabulary (shared/event-vocabulary.ts) from what a
 * source says: RunSignup's per-event `event_type` first, then the words of the race's and events' names
 * ("Trail", "Ultra", "Mud Run") and its distances (50K and longer is an ultra).
 */
import type { EventType, TerrainType } from '#shared/event-vocabulary';
import { distanceCategoryOf } from '#shared/search-text';

/**
 * RunSignup's event types (its API "Datatypes" list, plus names seen in race searches) onto the product's.
 * Virtual races have no course; they read as 'other' unless their names say more.
 */
const RUNSIGNUP_TYPES: Readonly<Record<string, EventType>> = {
  running_race: 'road_race',
  running_only: 'road_race',
  road_race: 'road_race',
  trail_race: 'trail_race',
  trail_run: 'trail_race',
  open_course_trail: 'trail_race',
  ultra: 'ultra_marathon',
  ultra_marathon: 'ultra_marathon',
  triathlon: 'triathlon',
  aquathlon: 'triathlon',
  aquabike: 'triathlon',
  swimrun: 'triathlon',
  duathlon: 'duathlon',
  bike_race: 'cycling',
  bike_ride: 'cycling',
  ride: 'cycling',
  cycling: 'cycling',
  mountain_bike_race: 'cycling',
  gravel_race: 'cycling',
  cyclocross: 'cycling',
  obstacle_course: 'obstacle_race',
  obstacle_race: 'obstacle_race',
  mud_run: 'obstacle_race',
  walk: 'fun_run',
  walking_only: 'fun_run',
  fun_run: 'fun_run',
  kids_race: 'fun_run',
  nonprofit_event: 'fun_run',
  virtual_race: 'other',
  swim: 'other',
  open_water_swim: 'other',
  adventure_race: 'other',
  other: 'other',
};

/** When a race's events have several types, the most specific one names the race. */
const SPECIFICITY: readonly EventType[] = [
  'triathlon', 'duathlon', 'obstacle_race', 'cycling', 'ultra_marathon', 'trail_race', 'road_race', 'fun_run', 'other',
];

/** The product's type of one source type; undefined when the source's type is unknown or absent. */
export function mapSourceEventType(sourceType: string | undefined): EventType | undefined {
  if (!sourceType) return undefined;
  const key = sourceType.trim().toLowerCase().replace(/[\s-]+/g, '_');
  return Object.hasOwn(RUNSIGNUP_TYPES, key) ? RUNSIGNUP_TYPES[key] : undefined;
}

const has = (text: string, pattern: RegExp) => pattern.test(text);

/** A type the names alone make clear, strongest first; undefined if they say nothing. */
function typeFromNames(text: string): EventType | undefined {
  if (has(text, /\b(triathlon|tri|aquabike|aquathlon|swimrun)\b/)) return 'triathlon';
  if (has(text, /\bduathlon\b/)) return 'duathlon';
  if (has(text, /\b(mud run|mud|obstacle|ocr|spartan|warrior dash|tough mudder)\b/)) return 'obstacle_race';
  if (has(text, /\b(gran fondo|granfondo|century ride|criterium|bike race|cyclocross|gravel grinder)\b/)) return 'cycling';
  if (has(text, /\b(ultra|ultramarathon|backyard)\b/)) return 'ultra_marathon';
  if (has(text, /\btrail\b/)) return 'trail_race';
  if (has(text, /\b(fun run|color run|kids run|kids dash|walk)\b/)) return 'fun_run';
  return undefined;
}

/** The terrain the names and type suggest: trail types run on trails, mountain words lift them to 'mountain'. */
function terrainOf(type: EventType, text: string): TerrainType {
  const trailish = type === 'trail_race' || type === 'ultra_marathon' || has(text, /\btrail\b/);
  if (trailish && has(text, /\b(mountain|summit|peak|skyrace|sky race|vertical|ridge|alpine)\b/)) return 'mountain';
  if (has(text, /\b(cross country|xc|gravel)\b/)) return 'mixed';
  if (trailish) return has(text, /\broad\b/) && !has(text, /\btrail\b/) ? 'road' : 'trail';
  if (has(text, /\b(beach|sand)\s+(run|race|dash|5k|10k)\b/)) return 'beach';
  if (type === 'obstacle_race') return 'mixed';
  return 'road';
}

export interface TypeInput {
  /** The source's type of each of the race's events (absent ones ignored). */
  readonly sourceTypes: readonly (string | undefined)[];
  /** The race's name and its events' names. */
  readonly names: readonly (string | undefined)[];
  /** The race's distances as catalogue labels (normalize/distances.ts). */
  readonly distances: readonly string[];
}

/**
 * The product's event type and terrain of a race. The source's types decide the kind of sport; a running
 * race whose names say "Trail", "Ultra", "Mud Run" or "Fun Run" is that; a running race with a distance of
 * 50K or more is an ultra marathon (so the Ultra filter finds it).
 */
export function classifyRace(input: TypeInput): { eventType: EventType; terrainType: TerrainType } {
  const text = input.names
    .filter((name): name is string => Boolean(name))
    .join(' ')
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase();
  const mapped = input.sourceTypes.map(mapSourceEventType).filter((type): type is EventType => type !== undefined);
  const fromSource = SPECIFICITY.find((type) => mapped.includes(type));
  const fromNames = typeFromNames(text);
  let eventType: EventType = fromSource ?? fromNames ?? 'road_race';
  // Running and unknown types are refined by the names; a source's triathlon or cycling is never overruled.
  if ((eventType === 'road_race' || eventType === 'other' || eventType === 'fun_run') && fromNames && fromNames !== 'fun_run') {
    eventType = fromNames;
  } else if (eventType === 'other' && fromNames === 'fun_run') {
    eventType = 'fun_run';
  }
  const running = eventType === 'road_race' || eventType === 'trail_race' || eventType === 'other';
  if (running && input.distances.some((label) => distanceCategoryOf(label) === 'ultra')) eventType = 'ultra_marathon';
  return { eventType, terrainType: terrainOf(eventType, text) };
}
