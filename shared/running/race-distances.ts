/** The race distances runners pick from and predict for, in kilometres (the official ones, not rounded). */
export interface RaceDistance {
  readonly id: string;
  readonly label: string;
  readonly km: number;
}

export const MILE_KM = 1.609344;

/** The calculator's quick picks. */
export const QUICK_DISTANCES: readonly RaceDistance[] = [
  { id: '5k', label: '5K', km: 5 },
  { id: '10k', label: '10K', km: 10 },
  { id: 'half', label: 'Half marathon', km: 21.0975 },
  { id: 'marathon', label: 'Marathon', km: 42.195 },
];

/** The distances race-time predictions are given for. */
export const PREDICTION_DISTANCES: readonly RaceDistance[] = [{ id: 'mile', label: 'Mile', km: MILE_KM }, ...QUICK_DISTANCES];
