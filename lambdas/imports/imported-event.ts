/**
 * What normalization hands to the upsert: an event as a source describes it, before it has an id, timestamps
 * or the flags an admin sets. The RunSignup normalizer (./runsignup/normalize-race.ts) and the JSON import
 * normalizer both produce it; the upsert (import store) is the only consumer.
 */
import type { RaceEvent } from '#shared/schemas/event';
import type { SKIP_REASONS } from '#shared/schemas/import-job';

export type ImportedEvent = Omit<RaceEvent, 'id' | 'createdAt' | 'updatedAt' | 'featured' | 'verified' | 'sourceId'> & {
  /** The source's own id of the race (RunSignup race_id; for JSON a hash of title, date and city). */
  readonly sourceId: string;
  /** The source says the race is cancelled: flagged for review, never newly listed. */
  readonly cancelled?: boolean;
};

/** A race normalization refused, with why. */
export interface SkippedRace {
  readonly skipped: (typeof SKIP_REASONS)[number];
  readonly sourceId?: string;
  /** For 'invalid': which rule failed, recorded on the job. */
  readonly message?: string;
}

export type NormalizeResult = { readonly event: ImportedEvent } | SkippedRace;
