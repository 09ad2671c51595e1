/**
 * Distances as sources write them ("13.1 Miles", "half marathon", "10k", "5 mi", "26.2", "5000 meters",
 * "Sprint Triathlon") turned into the labels the catalogue uses everywhere (the seed, search and the
 * distance filter, see infra/local/seed/formats.ts and shared/search-text.ts): '5K', '10K', '1 Mile',
 * '10 Miles', 'Half Marathon', 'Marathon', '50K', 'Sprint', 'Half Iron (70.3)'... so that a RunSignup
 * "13.1 Miles" and a seeded 'Half Marathon' are the same filter chip and the same search words.
 * A label this does not recognise is kept, tidied, never dropped: an admin can still read and fix it.
 */
import { distanceKm } from '#shared/search-text';

/** Longest label kept; beyond it a "distance" is a sentence, cut at a word. */
const MAX_LABEL = 40;
/** Most distances one event lists (a race with 30 age-group "events" is still a handful of distances). */
export const MAX_DISTANCES = 12;

const HALF = 'Half Marathon';
const FULL = 'Marathon';

const fold = (value: string) => value.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
const near = (value: number, target: number, tolerance: number) => Math.abs(value - target) <= tolerance;
/** 5 -> "5", 13.10 -> "13.1", 0.5 -> "0.5". */
const number = (value: number) => String(Number(value.toFixed(2)));

/** Collapsed whitespace, no wrapping punctuation, bounded; ALL CAPS or all lower case turned to Title Case. */
export function tidyLabel(value: string): string {
  let label = value.replace(/\s+/g, ' ').replace(/^[\s\-–—:]+|[\s\-–—:]+$/g, '').trim();
  // Unbalanced brackets are leftovers of a cut ('(Virtual 5K'); balanced ones are part of the label ('Half Iron (70.3)').
  if (label.startsWith('(') && !label.includes(')')) label = label.slice(1).trim();
  if (label.endsWith(')') && !label.includes('(')) label = label.slice(0, -1).trim();
  if (label.length > MAX_LABEL) label = label.slice(0, MAX_LABEL).replace(/\s+\S*$/, '');
  const hasUpper = /\p{Lu}/u.test(label);
  const hasLower = /\p{Ll}/u.test(label);
  if (hasUpper && hasLower) return label;
  return label.toLowerCase().replace(/(^|[\s\-/(])(\p{L})/gu, (_, before: string, letter: string) => before + letter.toUpperCase());
}

/** Triathlon distances by their names, as the seed writes them. */
function triathlonLabel(text: string): string | undefined {
  if (/\b(70\.3|half[\s-]*iron(?:man)?)\b/.test(text)) return 'Half Iron (70.3)';
  if (/\b(140\.6|full[\s-]*iron(?:man)?|iron[\s-]*distance|ironman)\b/.test(text)) return 'Full Iron (140.6)';
  if (/\bsuper[\s-]*sprint\b/.test(text)) return 'Super Sprint';
  if (/\bsprint\b/.test(text)) return 'Sprint';
  if (/\b(olympic|international)\b/.test(text)) return 'Olympic';
  if (/\bstandard\b/.test(text)) return 'Standard';
  if (/\blong[\s-]*course\b/.test(text)) return 'Long Course';
  return undefined;
}

interface Measure {
  readonly value: number;
  readonly unit: 'km' | 'mi' | 'm' | 'yd';
}

const MEASURE =
  /(\d+(?:\.\d+)?)\s*-?\s*(kilometers?|kilometres?|kms?|k|miles?|miler|mi|meters?|metres?|m|yards?|yds?)(?![\p{L}])/u;

function measureOf(text: string): Measure | undefined {
  const match = MEASURE.exec(text);
  if (!match) return undefined;
  const value = Number(match[1]);
  const unit = match[2] as string;
  if (!(value > 0)) return undefined;
  if (unit.startsWith('k')) return { value, unit: 'km' };
  if (unit.startsWith('y')) return { value, unit: 'yd' };
  if (unit === 'm') {
    // "400m" is metres; "5M" on a US race is 5 miles ("5M Turkey Trot"). No one runs a 99-metre race.
    return value >= 100 ? { value, unit: 'm' } : { value, unit: 'mi' };
  }
  if (unit.startsWith('mi')) return { value, unit: 'mi' };
  return { value, unit: 'm' };
}

/** The catalogue's label of a measured distance: road-race conventions first (3.1 miles is a 5K). */
function measureLabel({ value, unit }: Measure): string {
  if (unit === 'mi') {
    if (near(value, 3.1, 0.05)) return '5K';
    if (near(value, 6.2, 0.05)) return '10K';
    if (near(value, 13.1, 0.05)) return HALF;
    if (near(value, 26.2, 0.05)) return FULL;
    return value === 1 ? '1 Mile' : `${number(value)} Miles`;
  }
  if (unit === 'km') {
    if (near(value, 21.1, 0.05)) return HALF;
    if (near(value, 42.2, 0.05)) return FULL;
    return `${number(value)}K`;
  }
  if (unit === 'm') {
    if (value % 1000 === 0) return measureLabel({ value: value / 1000, unit: 'km' });
    if (near(value, 1609, 1)) return '1 Mile';
    return `${number(value)} Meters`;
  }
  return `${number(value)} Yards`;
}

/** A bare number is miles, as US race sites write it ("26.2", "13.1", "10"). */
function bareNumberLabel(text: string): string | undefined {
  const match = /^(\d+(?:\.\d+)?)$/.exec(text);
  if (!match) return undefined;
  const value = Number(match[1]);
  return value > 0 ? measureLabel({ value, unit: 'mi' }) : undefined;
}

/** Words after a measure that make it a different kind of distance, kept on the label like the seed's '1 Mile Swim'. */
function qualifier(text: string): string {
  if (/\bswim\b/.test(text)) return ' Swim';
  if (/\btime[\s-]*trial\b/.test(text)) return ' Time Trial';
  if (/\bwalk\b/.test(text) && !/\b(run\s*\/\s*walk|walk\s*\/\s*run|run\s*-\s*walk|run\s+or\s+walk|run\s*&\s*walk)\b/.test(text)) return ' Walk';
  return '';
}

/**
 * The catalogue's label for one distance as a source wrote it; undefined only for empty input. `hint` is
 * the source's event name, read when the distance itself says nothing ("", "Other").
 */
export function normalizeDistance(raw: string | undefined, hint?: string): string | undefined {
  const written = raw?.replace(/\s+/g, ' ').trim() ?? '';
  if (!written || /^(other|n\/?a|tbd|none|-)$/i.test(written)) return hint ? normalizeDistance(hint) : undefined;
  const text = fold(written.replace(/½/g, ' 1/2 '))
    .replace(/\bvirtual\b|\bin[\s-]person\b/g, ' ')
    .replace(/,/g, '')
    .replace(/\s+/g, ' ')
    .trim();
  if (!text) return hint ? normalizeDistance(hint) : undefined;

  // Relays and multisport names keep their own wording: their legs are not the runner's distance.
  if (/\brelay\b/.test(text)) return tidyLabel(written);
  if (/\b(duathlon|aquathlon|aquabike|swimrun)\b/.test(text)) return tidyLabel(written);
  // Iron distances are unambiguous anywhere; sprint and olympic only name a triathlon in one's context.
  if (/\btri(athlon)?\b/.test(text) || /\b(70\.3|140\.6|half[\s-]*iron|full[\s-]*iron|iron[\s-]*distance)\b/.test(text) || /^(sprint|super sprint|olympic)$/.test(text)) {
    const label = triathlonLabel(text);
    if (label) return label;
  }
  if (/\bbackyard\b/.test(text)) return 'Backyard Ultra';
  if (/\bvertical\s*(k|km|kilometer|kilometre)\b/.test(text)) return 'Vertical K';
  const timed = /\b(\d+)\s*-?\s*(hours?|hrs?|h)\b/.exec(text);
  if (timed) return `${timed[1]} Hour`;

  const bare = bareNumberLabel(text);
  if (bare) return bare;
  const measure = measureOf(text);
  if (measure) {
    const label = measureLabel(measure);
    const extra = qualifier(text);
    if (!extra || label === HALF || label === FULL) return label;
    // Before a qualifier the unit reads as an adjective, as the seed writes it: '2.4 Mile Swim', '500 Meter Swim'.
    return label.replace(/ Miles$/, ' Mile').replace(/ Meters$/, ' Meter').replace(/ Yards$/, ' Yard') + extra;
  }
  if (/\b(half|1\/2)\s*-?\s*(marathon|mary)\b/.test(text) || /^half$/.test(text)) return HALF;
  if (/\bmarathon\b/.test(text) && !/\bultra\b/.test(text)) return FULL;
  return tidyLabel(written);
}

/** Kilometres used to order labels; named ones by their standard length, unknown ones last. */
const NAMED_KM: Readonly<Record<string, number>> = {
  [HALF]: 21.0975,
  [FULL]: 42.195,
  'Super Sprint': 12.9,
  Sprint: 25.75,
  Olympic: 51.5,
  Standard: 51.5,
  'Long Course': 80,
  'Half Iron (70.3)': 113,
  'Full Iron (140.6)': 226,
  'Vertical K': 5,
};

function orderKm(label: string): number {
  return NAMED_KM[label] ?? distanceKm(label) ?? (/^\d+ Hour$/.test(label) ? 100 + Number.parseInt(label, 10) : Number.POSITIVE_INFINITY);
}

/**
 * The distinct catalogue labels of a race's distances, shortest first like the seed's menus, at most
 * MAX_DISTANCES. Each item is a distance as written with the event name as a hint.
 */
export function normalizeDistances(items: readonly { readonly distance?: string; readonly name?: string }[]): string[] {
  const labels = new Map<string, string>();
  for (const item of items) {
    const label = normalizeDistance(item.distance, item.name);
    if (label && !labels.has(label.toLowerCase())) labels.set(label.toLowerCase(), label);
  }
  return [...labels.values()]
    .map((label, index) => ({ label, index, km: orderKm(label) }))
    .sort((a, b) => a.km - b.km || a.index - b.index)
    .slice(0, MAX_DISTANCES)
    .map(({ label }) => label);
}
