/**
 * Import jobs (DESIGN section 8): one item per run of the RunSignup import or a JSON paste import, with its
 * options, status, counts and recorded faults. The admin import screens read these; the state machine's
 * task handlers and the JSON import write them.
 */
import * as z from 'zod';
import { IsoDateSchema, IsoDateTimeSchema, UlidSchema } from './common.ts';
import { StateCodeSchema } from './event.ts';

export const IMPORT_SOURCES = ['runsignup', 'json'] as const;
export const ImportSourceSchema = z.enum(IMPORT_SOURCES);
export type ImportSource = z.infer<typeof ImportSourceSchema>;

export const IMPORT_JOB_STATUSES = ['pending', 'running', 'completed', 'completed-with-errors', 'failed'] as const;
export const ImportJobStatusSchema = z.enum(IMPORT_JOB_STATUSES);
export type ImportJobStatus = z.infer<typeof ImportJobStatusSchema>;

/** Max events choices of spec 001 (10,000 is its 'unlimited'); the default is 1,000. */
export const IMPORT_LIMITS = [500, 1000, 2500, 5000, 10000] as const;
export const IMPORT_LIMIT_DEFAULT = 1000;
/** Most events one JSON paste may carry (spec 001 imports them in batches of 50). */
export const JSON_IMPORT_MAX_EVENTS = 1000;

/**
 * Full sync walks every page the options select and flags this source's events in that range that the
 * source no longer lists; quick sync stops at `limit` races and flags nothing (it cannot tell a race that
 * left from one it did not reach).
 */
export const IMPORT_MODES = ['quick', 'full'] as const;

export const RunSignupImportOptionsSchema = z
  .strictObject({
    /** Absent: all states. */
    state: StateCodeSchema.optional(),
    from: IsoDateSchema,
    to: IsoDateSchema,
    limit: z.number().int().min(1).max(10000).default(IMPORT_LIMIT_DEFAULT),
    autoVerify: z.boolean().default(true),
    mode: z.enum(IMPORT_MODES).default('quick'),
  })
  .refine((options) => options.from <= options.to, { message: 'The end date must be on or after the start date', path: ['to'] });
export type RunSignupImportOptions = z.output<typeof RunSignupImportOptionsSchema>;

/** POST /api/admin/import-jobs body. JSON events are checked one by one by the handler (spec 001's messages). */
export const StartImportJobBodySchema = z.discriminatedUnion('source', [
  z.strictObject({ source: z.literal('runsignup'), options: RunSignupImportOptionsSchema }),
  z.strictObject({
    source: z.literal('json'),
    events: z
      .array(z.unknown(), { message: 'Data must be an array of events' })
      .min(1, 'Please enter JSON data to import')
      .max(JSON_IMPORT_MAX_EVENTS, `At most ${JSON_IMPORT_MAX_EVENTS} events can be imported at once`),
    autoVerify: z.boolean().default(false),
  }),
]);
export type StartImportJobBody = z.input<typeof StartImportJobBodySchema>;

/** Why a race was not imported, with how many were skipped for it. */
export const SKIP_REASONS = ['not-us', 'past', 'draft-or-private', 'invalid', 'duplicate-in-run', 'over-limit'] as const;
export const SkipReasonSchema = z.enum(SKIP_REASONS);

export const ImportCountsSchema = z.object({
  /** Races read from the source (or events in the paste). */
  fetched: z.number().int().nonnegative(),
  created: z.number().int().nonnegative(),
  updated: z.number().int().nonnegative(),
  unchanged: z.number().int().nonnegative(),
  /** Flagged for review: disappeared from the source, cancelled, or matching an event from another source. */
  flagged: z.number().int().nonnegative(),
  skipped: z.record(SkipReasonSchema, z.number().int().nonnegative()),
  errors: z.number().int().nonnegative(),
});
export type ImportCounts = z.infer<typeof ImportCountsSchema>;

/** One recorded fault: a page that failed after its retries, or a race that failed validation. */
export const ImportErrorSchema = z.object({
  page: z.number().int().nonnegative().optional(),
  sourceId: z.string().optional(),
  message: z.string(),
});

export const ImportJobSchema = z.object({
  id: UlidSchema,
  source: ImportSourceSchema,
  status: ImportJobStatusSchema,
  /** RunSignup options, or for JSON the number of events pasted and autoVerify. */
  options: z.union([RunSignupImportOptionsSchema, z.object({ events: z.number().int(), autoVerify: z.boolean() })]),
  /** Who started it: 'schedule' for the nightly run, else the admin's user id. */
  startedBy: z.string(),
  counts: ImportCountsSchema,
  /** The first faults recorded (at most 50 are kept; `counts.errors` has them all). */
  errors: z.array(ImportErrorSchema),
  /** How many races the job expects to handle at most, for a progress bar (the limit, or the paste's length). */
  expected: z.number().int().nonnegative(),
  createdAt: IsoDateTimeSchema,
  startedAt: IsoDateTimeSchema.optional(),
  finishedAt: IsoDateTimeSchema.optional(),
});
export type ImportJob = z.infer<typeof ImportJobSchema>;

export const ImportJobPathSchema = z.strictObject({ id: UlidSchema });
export const ImportJobsQuerySchema = z.strictObject({
  cursor: z.string().max(2048, 'cursor is not valid').optional(),
  limit: z.coerce.number().int().min(1).max(50).default(10),
});
export const ImportJobsPageSchema = z.object({ items: z.array(ImportJobSchema), nextCursor: z.string().optional() });
