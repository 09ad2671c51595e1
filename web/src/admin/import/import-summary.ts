/**
 * The words of the RunSignup import form: what the chosen options will do (shown under the form) and the
 * flash once the job has started, in spec 001's 'Started {mode} sync from RunSignup for {state or all
 * states} ({range})' form.
 */
import { US_STATES, type StateCode } from '#shared/us-states';
import { formatRange } from './date-presets.ts';

export type ImportMode = 'quick' | 'full';

export interface ImportChoices {
  mode: ImportMode;
  /** Absent: all states. */
  state?: StateCode;
  from: string;
  to: string;
  limit: number;
  autoVerify: boolean;
}

/** Max events choices (spec 001); the largest is the schema's ceiling, which the spec calls 'unlimited'. */
export const UNLIMITED = 10000;

export const MODE_LABELS: Record<ImportMode, string> = { quick: 'Quick Sync', full: 'Full Sync' };

export function placeName(state: StateCode | undefined): string {
  return state ? US_STATES[state] : 'all states';
}

export function limitText(limit: number): string {
  return limit >= UNLIMITED ? `${limit.toLocaleString('en-US')} (unlimited)` : limit.toLocaleString('en-US');
}

/** 'Started quick sync from RunSignup for Colorado (Nov 23, 2026 – Feb 21, 2027).' */
export function startedSentence({ mode, state, from, to }: ImportChoices): string {
  return `Started ${mode} sync from RunSignup for ${placeName(state)} (${formatRange(from, to)}).`;
}

/** What pressing start will do, in one or two sentences. */
export function summarySentence(choices: ImportChoices): string {
  const { mode, state, from, to, limit, autoVerify } = choices;
  const range = `${placeName(state)} (${formatRange(from, to)})`;
  const what =
    mode === 'full'
      ? `Full sync of RunSignup races for ${range}: every page is read, up to ${limitText(limit)} events are imported, and events RunSignup no longer lists are flagged for review.`
      : `Quick sync of up to ${limitText(limit)} RunSignup races for ${range}: it stops at the limit and flags nothing.`;
  const verify = autoVerify ? 'Imported events are verified automatically.' : 'Imported events stay unverified until an admin verifies them.';
  return `${what} ${verify}`;
}
