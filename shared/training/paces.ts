/**
 * Training paces from one performance, by Daniels' VDOT (shared/running/vdot.ts): a recent race or time trial the
 * athlete enters, else the best effort in their log, else their level's easy pace. Each pace is the speed whose
 * oxygen cost is a share of the athlete's VDOT, as Daniels defines them: easy running at about 70% of VO2max
 * (inside his 59-74% band), threshold (tempo) at 88%, intervals at 98%. Race pace and the predicted race time are
 * the equivalent time at the race's distance, so the plan's paces and its race-day prediction agree.
 *
 * All paces are minutes per km; screens convert with shared/units.ts.
 */
import { timeForVdot, vdotOf } from '../running/vdot.ts';
import type { PaceSource, PlanPaces, RaceDistance } from '../schemas/training-plan.ts';
import { PACE_OFFSET_MIN_PER_KM, RACE_KM, RACE_PACE_OFFSET_MIN_PER_KM } from './plan-rules.ts';

/** Shares of VO2max each kind of running is done at (Daniels' Running Formula, E, T and I paces). */
const VO2_SHARE = { easy: 0.7, tempo: 0.88, interval: 0.98 } as const;

/** Below this VDOT (a brisk walk) the formula says little; an effort like that gives no paces. */
const MIN_USEFUL_VDOT = 15;
/** Efforts shorter than this are sprints; VDOT's fitted range starts around 1500 m. */
const MIN_EFFORT_KM = 1.5;

/** Metres per minute at which running costs `vo2` ml/kg/min: the inverse of Daniels' oxygen-cost curve. */
function speedForOxygen(vo2: number): number {
  const [a, b, c] = [0.000104, 0.182258, -4.6 - vo2];
  return (-b + Math.sqrt(b * b - 4 * a * c)) / (2 * a);
}

const minPerKmAt = (metresPerMinute: number) => 1000 / metresPerMinute;

/** Two decimals of a minute (under a second): enough for any pace a plan prints. */
const rounded = (minPerKm: number) => Math.round(minPerKm * 100) / 100;

/** The VDOT of an effort, or undefined when it is too short or too slow to say anything. */
export function effortVdot(km: number, minutes: number): number | undefined {
  if (!(km >= MIN_EFFORT_KM && minutes > 0)) return undefined;
  const vdot = vdotOf(km, minutes * 60);
  return vdot >= MIN_USEFUL_VDOT ? vdot : undefined;
}

/** The paces and the race-day time of a runner with this VDOT, for a race of `distance`. */
export function pacesFromVdot(vdot: number, distance: RaceDistance, source: Exclude<PaceSource, 'level default'>): PlanPaces {
  const easy = rounded(minPerKmAt(speedForOxygen(vdot * VO2_SHARE.easy)));
  const raceSeconds = timeForVdot(vdot, RACE_KM[distance]) ?? RACE_KM[distance] * 60 * (easy + RACE_PACE_OFFSET_MIN_PER_KM[distance]);
  return {
    easy,
    recovery: rounded(easy + PACE_OFFSET_MIN_PER_KM.recovery),
    tempo: rounded(minPerKmAt(speedForOxygen(vdot * VO2_SHARE.tempo))),
    interval: rounded(minPerKmAt(speedForOxygen(vdot * VO2_SHARE.interval))),
    race: rounded(raceSeconds / 60 / RACE_KM[distance]),
    source,
    vdot: Math.round(vdot * 10) / 10,
  };
}

/**
 * The paces of an easy pace alone, by plan-rules.ts's fixed offsets: a level's default (no race and no log to
 * measure), or a plan stored before paces came from VDOT, whose text is rebuilt from them as it was.
 */
export function pacesFromEasy(easy: number, distance: RaceDistance): PlanPaces {
  return {
    easy,
    recovery: rounded(easy + PACE_OFFSET_MIN_PER_KM.recovery),
    tempo: rounded(easy + PACE_OFFSET_MIN_PER_KM.tempo),
    interval: rounded(easy + PACE_OFFSET_MIN_PER_KM.interval),
    race: rounded(easy + RACE_PACE_OFFSET_MIN_PER_KM[distance]),
    source: 'level default',
  };
}

/**
 * The average pace of a whole session, which its duration is counted at: quality sessions spend their warm-up,
 * cool-down and recoveries at easy pace, so they average about halfway between easy and the session's pace.
 */
export function sessionPace(paces: PlanPaces, type: 'easy_run' | 'long_run' | 'recovery' | 'tempo' | 'interval' | 'hill_training' | 'race'): number {
  switch (type) {
    case 'recovery':
      return paces.recovery;
    case 'tempo':
    case 'interval':
      return (paces.easy + paces[type]) / 2;
    case 'race':
      return paces.race;
    default:
      return paces.easy;
  }
}

/** The predicted race-day time, in whole minutes: race pace over the race's official distance. */
export function predictedRaceMinutes(paces: PlanPaces, distance: RaceDistance): number {
  return Math.round(paces.race * RACE_KM[distance]);
}
