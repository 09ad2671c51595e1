/**
 * Peter Riegel's endurance formula (American Scientist, 1981): T2 = T1 x (D2 / D1)^1.06. Riegel fitted it to
 * efforts of about 3.5 to 230 minutes; outside that it says less.
 */
export const RIEGEL_EXPONENT = 1.06;

/** Riegel's range of efforts, in seconds. */
export const RIEGEL_RANGE_SECONDS = { min: 3.5 * 60, max: 230 * 60 } as const;

/** The time over `toKm` that matches `seconds` over `fromKm`. */
export function riegelTime(seconds: number, fromKm: number, toKm: number, exponent: number = RIEGEL_EXPONENT): number {
  return seconds * (toKm / fromKm) ** exponent;
}
