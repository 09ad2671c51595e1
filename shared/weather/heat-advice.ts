/**
 * Race-day heat advice from a forecast: the heat index of the hours a race is run (see RACE_HOURS) decides a
 * level, and each level says what to do about it (pace, fluids, clothing, when to start). The levels follow the
 * NWS heat index categories (caution from 80 °F, extreme caution from 90 °F, danger from 103 °F), which already
 * assume exertion makes heat worse. Pure: the server sends its result, and unit tests check it.
 */
import { heatIndexF, wholeCelsius } from './heat-index.ts';

export const HEAT_LEVELS = ['good', 'caution', 'high-risk', 'extreme'] as const;
export type HeatLevel = (typeof HEAT_LEVELS)[number];

/**
 * The local hours (their start, 0-23) whose weather counts for a race: most road and trail races start between
 * 6 and 8 am and their field finishes by early afternoon, so the hours from 6 am to 1 pm.
 */
export const RACE_HOURS = { first: 6, last: 12 } as const;

/** One hour of race-day weather; no humidity when the forecast does not give one. */
export interface RaceHour {
  /** ISO 8601 with the place's own offset, as the NWS writes times ("2025-07-12T06:00:00-05:00"). */
  readonly time: string;
  readonly temperatureF: number;
  readonly relativeHumidity: number | null;
}

export interface HeatAdvice {
  readonly level: HeatLevel;
  readonly label: string;
  /** The highest heat index of the race hours (°F, and °C), rounded. */
  readonly heatIndexF: number;
  readonly heatIndexC: number;
  /** The air temperature and humidity of that hour. */
  readonly temperatureF: number;
  readonly relativeHumidity: number | null;
  /** When it is reached (the hour's start, local time with offset). */
  readonly at: string;
  /** 'temperature-only' when no humidity was forecast: the heat index is then the air temperature. */
  readonly basis: 'humidity' | 'temperature-only';
  /** How much slower than goal pace to run; `max` absent means "and more". */
  readonly paceSlowdownPercent: { readonly min: number; readonly max?: number };
  readonly tips: string[];
}

interface LevelRule {
  readonly level: HeatLevel;
  /** The lowest heat index (°F) of the level. */
  readonly fromF: number;
  readonly label: string;
  readonly pace: { readonly min: number; readonly max?: number };
  readonly tips: readonly string[];
}

const HEAT_ILLNESS =
  'Know the signs of heat illness: dizziness, nausea, headache, confusion, chills or no longer sweating. Stop, get into shade, cool off and ask for medical help.';

/** Hottest first: a heat index belongs to the first level it reaches. */
const LEVEL_RULES: readonly LevelRule[] = [
  {
    level: 'extreme',
    fromF: 103,
    label: 'Extreme heat risk',
    pace: { min: 10 },
    tips: [
      'Consider running for completion only, or switching to a shorter distance: slow down by more than 10% and walk the hills.',
      'Drink 400–600 ml (14–20 oz) in the 2–3 hours before the start, then 150–250 ml (5–8 oz) every 15–20 minutes with electrolytes.',
      'Soak your head, neck and arms at every aid station; carry ice in your cap if you can.',
      HEAT_ILLNESS,
      "Check the organizer's heat policy: a race may move its start, shorten the course or cancel in heat like this.",
    ],
  },
  {
    level: 'high-risk',
    fromF: 90,
    label: 'High heat risk',
    pace: { min: 5, max: 10 },
    tips: [
      'Slow your goal pace by 5–10% from the first mile and run by effort, not by the watch.',
      'Drink 400–600 ml (14–20 oz) in the 2–3 hours before the start, then 150–250 ml (5–8 oz) every 15–20 minutes with electrolytes.',
      'Pour water over your head and neck at aid stations; wear light, loose clothing and a cap.',
      HEAT_ILLNESS,
    ],
  },
  {
    level: 'caution',
    fromF: 80,
    label: 'Warm: take care',
    pace: { min: 2, max: 5 },
    tips: [
      'Slow your goal pace by 2–5% and hold back over the first miles.',
      'Drink 400–600 ml (14–20 oz) in the 2–3 hours before the start and sip at every aid station.',
      'Wear light, breathable clothing, a cap and sunscreen.',
    ],
  },
  {
    level: 'good',
    fromF: Number.NEGATIVE_INFINITY,
    label: 'Good running weather',
    pace: { min: 0, max: 0 },
    tips: ['No pace adjustment for heat: drink to thirst and fuel as you trained.'],
  },
];

/** The level of a heat index in °F. */
export function heatLevelOf(heatIndex: number): HeatLevel {
  return ruleOf(heatIndex).level;
}

function ruleOf(heatIndex: number): LevelRule {
  return LEVEL_RULES.find((rule) => Math.round(heatIndex) >= rule.fromF) ?? LEVEL_RULES.at(-1)!;
}

/** "6 am", "noon", "1 pm" of an ISO time written with its local offset. */
export function localHourLabel(time: string): string {
  const hour = Number(time.slice(11, 13));
  if (hour === 0) return 'midnight';
  if (hour === 12) return 'noon';
  return hour < 12 ? `${hour} am` : `${hour - 12} pm`;
}

/** An hour's "feels like": the heat index with a humidity, else the air temperature itself. */
function feelsLike(hour: RaceHour): number {
  return hour.relativeHumidity === null ? hour.temperatureF : heatIndexF(hour.temperatureF, hour.relativeHumidity);
}

/**
 * The advice for a race day's hours (in time order; at least one). With hourly humidity the heat index of the
 * hottest hour decides; an hour without humidity counts at its air temperature and says so.
 */
export function heatAdvice(hours: readonly RaceHour[]): HeatAdvice {
  if (hours.length === 0) throw new Error('heatAdvice needs at least one hour of forecast');
  const rated = hours.map((hour) => ({ hour, feels: feelsLike(hour) }));
  const peak = rated.reduce((hottest, entry) => (entry.feels > hottest.feels ? entry : hottest));
  const first = rated[0]!;
  const rule = ruleOf(peak.feels);
  const heatIndex = Math.round(peak.feels);
  const tips = [...rule.tips];
  // Earlier is cooler when the heat builds through the race hours: worth saying whenever it matters at all.
  if (rule.level !== 'good' && peak.hour !== first.hour && peak.feels - first.feels >= 4) {
    tips.splice(1, 0, `Start as early as you can: it feels like ${Math.round(first.feels)}°F at ${localHourLabel(first.hour.time)} and ${heatIndex}°F by ${localHourLabel(peak.hour.time)}.`);
  }
  const basis = peak.hour.relativeHumidity === null ? 'temperature-only' : 'humidity';
  if (basis === 'temperature-only') {
    tips.push('Humidity is not forecast for race day yet: this advice goes by the air temperature alone, and humid air would make it feel hotter.');
  }
  return {
    level: rule.level,
    label: rule.label,
    heatIndexF: heatIndex,
    heatIndexC: wholeCelsius(peak.feels),
    temperatureF: Math.round(peak.hour.temperatureF),
    relativeHumidity: peak.hour.relativeHumidity === null ? null : Math.round(peak.hour.relativeHumidity),
    at: peak.hour.time,
    basis,
    paceSlowdownPercent: rule.pace,
    tips,
  };
}
