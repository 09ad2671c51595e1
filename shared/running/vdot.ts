/**
 * Jack Daniels' and Jimmy Gilbert's running formula (Oxygen Power, 1979; Daniels' Running Formula): the oxygen
 * a runner uses at a speed, and the share of their VO2max they can hold for a race of a given duration. A
 * race's VDOT is the first divided by the second; an equivalent time at another distance is the duration whose
 * VDOT is the same, found by bisection (VDOT falls as the time grows, for every distance and time we allow).
 * Daniels' published tables are this formula rounded: they agree within a second or two up to the half
 * marathon and within about ten seconds at the marathon (test/unit/running).
 */

/** ml of oxygen per kg per minute at a speed in metres per minute. */
export function oxygenCost(metresPerMinute: number): number {
  return -4.6 + 0.182258 * metresPerMinute + 0.000104 * metresPerMinute ** 2;
}

/** The fraction of VO2max a runner sustains for a race of this many minutes. */
export function fractionOfMax(minutes: number): number {
  return 0.8 + 0.1894393 * Math.exp(-0.012778 * minutes) + 0.2989558 * Math.exp(-0.1932605 * minutes);
}

/** The VDOT of a race: `km` in `seconds`. */
export function vdotOf(km: number, seconds: number): number {
  const minutes = seconds / 60;
  return oxygenCost((km * 1000) / minutes) / fractionOfMax(minutes);
}

/** Daniels' tables run from VDOT 30 to 85, for races from 1500 m to the marathon. */
export const VDOT_TABLE_RANGE = { min: 30, max: 85 } as const;

const SEARCH = { minSeconds: 1, maxSeconds: 1000 * 3600, steps: 100 } as const;

/**
 * The time over `km` of a runner with this VDOT, in seconds; undefined when no time in reach matches it, or
 * the VDOT is not positive (the oxygen-cost curve goes below zero at a stroll, where it means nothing).
 */
export function timeForVdot(vdot: number, km: number): number | undefined {
  if (!(vdot > 0)) return undefined;
  let fast: number = SEARCH.minSeconds;
  let slow: number = SEARCH.maxSeconds;
  if (!(vdotOf(km, fast) >= vdot && vdotOf(km, slow) <= vdot)) return undefined;
  for (let step = 0; step < SEARCH.steps && slow - fast > 1e-6; step += 1) {
    const middle = (fast + slow) / 2;
    if (vdotOf(km, middle) > vdot) fast = middle;
    else slow = middle;
  }
  return (fast + slow) / 2;
}
