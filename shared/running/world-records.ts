/**
 * Men's world records, the fastest anyone has covered each distance: a pace faster than these is a typo, and
 * the pacing calculator says so instead of working with it. Where a record has been lowered more than once
 * lately the lowest time we know of is kept, so the bound errs on the side of letting a time through.
 */

export interface WorldRecord {
  /** As a sentence names it: 'the mile', 'the marathon'. */
  readonly name: string;
  readonly km: number;
  readonly seconds: number;
}

export const WORLD_RECORDS: readonly WorldRecord[] = [
  { name: '100 m', km: 0.1, seconds: 9.58 }, // Usain Bolt, 2009
  { name: '400 m', km: 0.4, seconds: 43.03 }, // Wayde van Niekerk, 2016
  { name: '800 m', km: 0.8, seconds: 100.91 }, // David Rudisha, 2012
  { name: 'the mile', km: 1.609344, seconds: 223.13 }, // Hicham El Guerrouj, 1999
  { name: '5,000 m', km: 5, seconds: 755.36 }, // Joshua Cheptegei, 2020
  { name: '10,000 m', km: 10, seconds: 1571 }, // Joshua Cheptegei, 2020
  { name: 'the half marathon', km: 21.0975, seconds: 3402 }, // Jacob Kiplimo, 2025 (56:42)
  { name: 'the marathon', km: 42.195, seconds: 7235 }, // Kelvin Kiptum, 2023 (2:00:35)
];

/**
 * The record that bounds a pace over `km`: the longest record distance no longer than it. Record paces slow
 * as distances grow, so a pace faster than that record's is faster than any record at this distance.
 */
export function boundingRecord(km: number): WorldRecord {
  let bound = WORLD_RECORDS[0]!;
  for (const record of WORLD_RECORDS) if (record.km <= km + 1e-9) bound = record;
  return bound;
}

/** Seconds per km of a record's pace. */
export const recordPace = (record: WorldRecord): number => record.seconds / record.km;
