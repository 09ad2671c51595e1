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

/** "POSTPONED", "(Postponed)", "** POSTPONED **" in a race's name: a race whose new date is still to come. */
const POSTPONED_MARK = /[\s\-–—:*([]*\b(?:postponed|race postponed)\b[\s\-–—:*)\]!]*/gi;

/** Whether a name carries a mark (a global pattern, tested without its lastIndex). */
const hasMark = (name: string, mark: RegExp) => new RegExp(mark.source, 'i').test(name);

/** The name without the marks, so the title stays the race's own (the name as it is, when nothing else is left). */
function withoutMarks(name: string, ...marks: readonly RegExp[]): string {
  const stripped = marks.reduce((text, mark) => text.replace(mark, ' '), name).replace(/\s+/g, ' ').trim();
  return stripped || name.trim();
}

/** Whether a name marks its race as cancelled. */
export const isCancelledName = (name: string): boolean => hasMark(name, CANCELLED_MARK);

/** Whether a name marks its race as postponed. */
export const isPostponedName = (name: string): boolean => hasMark(name, POSTPONED_MARK);

/** The name without its cancellation mark ("CANCELLED - Pikes Peak 10K" -> "Pikes Peak 10K"). */
export const withoutCancelledMark = (name: string): string => withoutMarks(name, CANCELLED_MARK);

/** The name without its cancellation or postponement mark. */
export const withoutStatusMarks = (name: string): string => withoutMarks(name, CANCELLED_MARK, POSTPONED_MARK);
