/**
 * Race-time predictions from one performance, by both models side by side: Riegel's power law and Daniels'
 * VDOT. Each says when a performance lies outside the range it was fitted on, so the page can say so.
 */
import { PREDICTION_DISTANCES, type RaceDistance } from './race-distances.ts';
import { RIEGEL_RANGE_SECONDS, riegelTime } from './riegel.ts';
import { VDOT_TABLE_RANGE, timeForVdot, vdotOf } from './vdot.ts';

export interface Prediction {
  readonly distance: RaceDistance;
  readonly riegelSeconds: number;
  /** Undefined when the VDOT is too low for any time in reach (a slow walk over a long way). */
  readonly vdotSeconds: number | undefined;
}

export interface Predictions {
  readonly vdot: number;
  /** Daniels' tables cover VDOT 30 to 85 and races from 1500 m to the marathon. */
  readonly withinVdotTables: boolean;
  /** Riegel fitted efforts of 3.5 to 230 minutes. */
  readonly withinRiegelRange: boolean;
  readonly predictions: readonly Prediction[];
}

const TABLE_DISTANCES_KM = { min: 1.5, max: 42.195 } as const;

export function predictRaces(distanceKm: number, seconds: number): Predictions {
  const vdot = vdotOf(distanceKm, seconds);
  return {
    vdot,
    withinVdotTables:
      vdot >= VDOT_TABLE_RANGE.min && vdot <= VDOT_TABLE_RANGE.max && distanceKm >= TABLE_DISTANCES_KM.min - 1e-9 && distanceKm <= TABLE_DISTANCES_KM.max + 1e-9,
    withinRiegelRange: seconds >= RIEGEL_RANGE_SECONDS.min && seconds <= RIEGEL_RANGE_SECONDS.max,
    predictions: PREDICTION_DISTANCES.map((distance) => ({
      distance,
      riegelSeconds: riegelTime(seconds, distanceKm, distance.km),
      vdotSeconds: timeForVdot(vdot, distance.km),
    })),
  };
}
