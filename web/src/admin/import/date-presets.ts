/**
 * The date range presets of the RunSignup import (spec 001), computed from today in the product's calendar
 * (America/New_York) so the years move on by themselves. Ranges start today rather than on 1 January: past
 * races are never imported, so fetching them would only cost pages.
 */
export type DatePresetId = 'next-3-months' | 'next-6-months' | 'rest-of-year' | 'next-year' | 'this-and-next-year' | 'custom';

export interface DatePreset {
  readonly id: DatePresetId;
  readonly label: string;
  /** YYYY-MM-DD; empty for custom (the admin picks both dates). */
  readonly from: string;
  readonly to: string;
}

/** Spec 001's default range is "this year to next year". */
export const DEFAULT_DATE_PRESET: DatePresetId = 'this-and-next-year';

/** The presets in the order the selector lists them, for `today` (YYYY-MM-DD). */
export function datePresets(today: string): DatePreset[] {
  const year = Number(today.slice(0, 4));
  const next = year + 1;
  return [
    { id: 'next-3-months', label: 'Next 3 Months', from: today, to: addDays(today, 90) },
    { id: 'next-6-months', label: 'Next 6 Months', from: today, to: addDays(today, 180) },
    { id: 'rest-of-year', label: `Rest of ${year}`, from: today, to: `${year}-12-31` },
    { id: 'next-year', label: `All of ${next}`, from: `${next}-01-01`, to: `${next}-12-31` },
    { id: 'this-and-next-year', label: `${year}-${next}`, from: today, to: `${next}-12-31` },
    { id: 'custom', label: 'Custom', from: '', to: '' },
  ];
}

/** A calendar date plus whole days, by the calendar (UTC arithmetic on the date alone has no DST gaps). */
export function addDays(isoDate: string, days: number): string {
  const date = new Date(`${isoDate}T00:00:00.000Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

const DISPLAY_DATE = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' });

/** 'Nov 23, 2026' for '2026-11-23' (the date as written, whatever the reader's zone). */
export function formatDay(isoDate: string): string {
  return DISPLAY_DATE.format(new Date(`${isoDate}T00:00:00.000Z`));
}

/** 'Nov 23, 2026 – Dec 31, 2027'. */
export function formatRange(from: string, to: string): string {
  return `${formatDay(from)} – ${formatDay(to)}`;
}

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

/** A real calendar date in YYYY-MM-DD form (2026-02-30 is not). */
export function isIsoDate(value: string): boolean {
  return ISO_DATE.test(value) && new Date(`${value}T00:00:00.000Z`).toISOString().slice(0, 10) === value;
}
