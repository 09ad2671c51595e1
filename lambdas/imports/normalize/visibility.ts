/**
 * Which imported races may ever be public. Drafts and private (invitation-only) races are not meant to be
 * found, and a race that is over is no use to anyone looking for one; all three are skipped with their
 * reason, so the job's counts say why. A cancelled race is not skipped: the upsert needs to see it to flag
 * the listing it may already have (ImportedEvent.cancelled).
 */
import type { SkippedRace } from '#imports/imported-event';

export interface VisibilityInput {
  readonly draft: boolean;
  readonly private: boolean;
  /** The race's last day (its end date, or its date when it has one day), YYYY-MM-DD. */
  readonly lastDay: string;
  /** The product's today, YYYY-MM-DD (America/New_York). */
  readonly today: string;
}

/** Why a race must stay out of the catalogue, or undefined when it may be listed. */
export function visibilitySkip(input: VisibilityInput): SkippedRace['skipped'] | undefined {
  if (input.draft || input.private) return 'draft-or-private';
  if (input.lastDay < input.today) return 'past';
  return undefined;
}

/**
 * "CANCELLED", "Canceled", "(cancelled)", "** CANCELED **" in a race's name: how organizers mark a cancelled
 * race on RunSignup, whose race search has no cancellation field unless extra date info is requested.
 */
const CANCELLED_MARK = /[\s\-–—:*([]*\b(?:cancell?ed|race cancell?ed)\b[\s\-–—:*)\]!]*/gi;

/** Whether a name marks its race as cancelled. */
export function isCancelledName(name: string): boolean {
  return new RegExp(CANCELLED_MARK.source, 'i').test(name);
}

/** The name without its cancellation mark ("CANCELLED - Pikes Peak 10K" -> "Pikes Peak 10K"), so the title stays the race's own. */
export function withoutCancelledMark(name: string): string {
  const stripped = name.replace(CANCELLED_MARK, ' ').replace(/\s+/g, ' ').trim();
  return stripped || name.trim();
}

/** "POSTPONED", "(Postponed)", "** POSTPONED **" in a race's name: a race whose new date is still to come. */
const POSTPONED_MARK = /[\s\-–—:*([]*\b(?:postponed|race postponed)\b[\s\-–—:*)\]!]*/gi;

/** Whether a name marks its race as postponed. */
export function isPostponedName(name: string): boolean {
  return new RegExp(POSTPONED_MARK.source, 'i').test(name);
}

/** The name without its cancellation or postponement mark, so the title stays the race's own. */
export function withoutStatusMarks(name: string): string {
  const stripped = withoutCancelledMark(name).replace(POSTPONED_MARK, ' ').replace(/\s+/g, ' ').trim();
  return stripped || name.trim();
}
