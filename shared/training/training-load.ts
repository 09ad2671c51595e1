/**
 * Training load (issue 25): how hard each workout was, and what the days of them add up to.
 *
 * - **A workout's load** is Banister's training impulse (TRIMP): minutes x HRr x 0.64 x e^(1.92 x HRr), where HRr is
 *   the heart-rate reserve the workout was done at. A recording with heart rate gives it (its average, between a
 *   resting 60 and a maximum 190 bpm, until athletes can set their own); otherwise the athlete's effort (1 to 10)
 *   stands for it, from 0.4 (very easy) to 0.95 (all out), and a workout logged without effort counts as moderate
 *   (5). One scale for both, so a week of typed runs and a week of recorded ones compare. An hour easy is about 70,
 *   an hour of tempo about 140.
 * - **Fitness** and **fatigue** are the load's exponentially weighted averages over 42 and 7 days; **form** is
 *   fitness less fatigue (negative while training hard, positive when rested); the **ramp rate** is how much fitness
 *   rose over the last 7 days (more than about 8 a week is a steep build).
 *
 * The log keeps each day's load in its month aggregates (lambdas/data/training-figures.ts), in tenths so sums never
 * drift; the averages are worked out from those days when read, so an edit to an old workout moves every day after it.
 */
import { addDays } from '../dates.ts';

export const REST_HEART_RATE = 60;
export const MAX_HEART_RATE = 190;
export const FITNESS_DAYS = 42;
export const FATIGUE_DAYS = 7;
/** Effort a workout logged without one counts at. */
export const DEFAULT_EFFORT = 5;
/**
 * Days of load read before the first day shown, so its fitness starts from what came before: after 252 days (six
 * times the fitness constant) what is left out weighs e^-6, a quarter of a percent.
 */
export const WARM_UP_DAYS = 6 * FITNESS_DAYS;
/** The longest stretch one answer covers: three years and a little. */
export const MAX_LOAD_DAYS = 1_100;

export interface LoadInput {
  readonly durationMinutes?: number;
  readonly effortLevel?: number;
  readonly recording?: { readonly movingSeconds: number; readonly avgHeartRate?: number };
}

const clamp = (value: number, low: number, high: number) => Math.min(high, Math.max(low, value));

/** The heart-rate reserve an effort of 1 to 10 stands for. */
export const effortReserve = (effort: number) => 0.4 + ((clamp(effort, 1, 10) - 1) * 0.55) / 9;

/** A workout's load in tenths of a TRIMP point (whole numbers add up exactly); 0 without a duration. */
export function workoutLoadTenths(log: LoadInput): number {
  const minutes = log.recording ? log.recording.movingSeconds / 60 : (log.durationMinutes ?? 0);
  if (!(minutes > 0)) return 0;
  const heartRate = log.recording?.avgHeartRate;
  const reserve = heartRate !== undefined ? clamp((heartRate - REST_HEART_RATE) / (MAX_HEART_RATE - REST_HEART_RATE), 0, 1) : effortReserve(log.effortLevel ?? DEFAULT_EFFORT);
  return Math.round(minutes * reserve * 0.64 * Math.exp(1.92 * reserve) * 10);
}

export interface LoadDay {
  readonly date: string;
  readonly load: number;
  readonly fitness: number;
  readonly fatigue: number;
  readonly form: number;
}

const round1 = (value: number) => Math.round(value * 10) / 10;

/**
 * The days from `from` to `to` with their load, fitness, fatigue and form, from the loads of every day since
 * `since` (days missing from `loads` had none). `since` is at most `from`: the days before it warm the averages up.
 */
export function loadDays(loads: ReadonlyMap<string, number>, since: string, from: string, to: string): LoadDay[] {
  const days: LoadDay[] = [];
  let fitness = 0;
  let fatigue = 0;
  for (let date = since; date <= to; date = addDays(date, 1)) {
    const load = loads.get(date) ?? 0;
    fitness += (load - fitness) / FITNESS_DAYS;
    fatigue += (load - fatigue) / FATIGUE_DAYS;
    if (date >= from) days.push({ date, load: round1(load), fitness: round1(fitness), fatigue: round1(fatigue), form: round1(fitness - fatigue) });
  }
  return days;
}

/** How much fitness rose over the last 7 days of the series (its last day against the one a week before); undefined for a shorter series. */
export function rampRate(days: readonly LoadDay[]): number | undefined {
  const last = days.at(-1);
  const weekBefore = days.at(-8);
  return last && weekBefore ? round1(last.fitness - weekBefore.fitness) : undefined;
}

/** Today's figures the coach and the dashboard speak of. */
export interface LoadToday {
  readonly fitness: number;
  readonly fatigue: number;
  readonly form: number;
  readonly rampRate?: number;
}

/** What a form means for the next days, in a few words. */
export function formWords(form: number): string {
  if (form < -30) return 'very tired: rest before the next hard day';
  if (form < -10) return 'training hard';
  if (form <= 5) return 'steady';
  return 'fresh';
}

/** Fitness gained in a week past which a build is steep: the usual advice keeps it at 5 to 8. */
export const STEEP_RAMP = 8;

/** What the ramp rate says: 'Fitness rose 3 this week.' (with a warning past STEEP_RAMP). */
export function rampSentence(rampRate: number): string {
  if (rampRate > STEEP_RAMP) return `Fitness rose ${rampRate} this week: a steep build; an easier week soon keeps injuries away.`;
  if (rampRate > 0) return `Fitness rose ${rampRate} this week.`;
  if (rampRate < 0) return `Fitness fell ${Math.abs(rampRate)} this week.`;
  return 'Fitness held steady this week.';
}

/** The figures in a sentence, as the coach cites them: 'Your fitness is 42, fatigue 55 and form -13 (training hard). Fitness rose 3 this week.' */
export function loadSentence({ fitness, fatigue, form, rampRate }: LoadToday): string {
  const figures = `Your fitness is ${Math.round(fitness)}, fatigue ${Math.round(fatigue)} and form ${Math.round(form)} (${formWords(form)}).`;
  return rampRate === undefined ? figures : `${figures} ${rampSentence(rampRate)}`;
}
