/**
 * What the import state machine (infra/imports.ts) passes between its task Lambdas, validated with zod at
 * each task's edge. The state carries ids, options and small counts only, never race data: Step Functions
 * limits a state's payload to 256 KB, and each page's races live and die inside one ImportPage invocation.
 *
 *   StartJob          { jobId } from the API, or a ScheduledRun            -> RunState | { skipped: true }
 *   ImportPage        { run, page }                                         -> PageResult
 *   RecordPageFailure { run, page, error }  (a page's failure after its retries) -> PageResult
 *   FinishJob         { jobId, run }                                       -> { jobId, status }
 *   FailJob           any state of the run with { error }                  -> { jobId?, status: 'failed' }
 */
import * as z from 'zod';
import { IsoDateSchema, UlidSchema } from '#shared/schemas/common';
import { StateCodeSchema } from '#shared/schemas/event';
import { IMPORT_MODES, RunSignupImportOptionsSchema } from '#shared/schemas/import-job';

/** Races asked for per RunSignup page: small enough that one page's upsert ends well inside the task timeout. */
export const RUNSIGNUP_PAGE_SIZE = 250;
/** RUNSIGNUP_PAGE_SIZE overrides the page size (tests use small pages to walk many); read at cold start. */
export function pageSizeFromEnv(env: NodeJS.ProcessEnv = process.env): number {
  const raw = env.RUNSIGNUP_PAGE_SIZE?.trim();
  if (!raw) return RUNSIGNUP_PAGE_SIZE;
  const size = Number(raw);
  if (!Number.isInteger(size) || size < 1 || size > 1000) throw new Error(`RUNSIGNUP_PAGE_SIZE must be a whole number from 1 to 1000, got "${raw}"`);
  return size;
}

/** Page fetches at once (DESIGN section 8: at most 2 calls to RunSignup at a time); the Map's batch size. */
export const PAGES_AT_ONCE = 2;

/** The nightly schedule's options: a window of days from the day it runs rather than fixed dates. */
export const ScheduledOptionsSchema = z.strictObject({
  state: StateCodeSchema.optional(),
  days: z.number().int().min(1).max(730),
  limit: z.number().int().min(1).max(10000).optional(),
  autoVerify: z.boolean().optional(),
  mode: z.enum(IMPORT_MODES).optional(),
});
export type ScheduledOptions = z.infer<typeof ScheduledOptionsSchema>;

export const StartJobInputSchema = z.union([
  z.strictObject({ jobId: UlidSchema }),
  z.strictObject({ source: z.literal('runsignup'), startedBy: z.literal('schedule'), options: ScheduledOptionsSchema }),
]);
export type StartJobInput = z.infer<typeof StartJobInputSchema>;

/** What every page task needs to know about the run. */
export const RunSchema = z.object({
  jobId: UlidSchema,
  options: RunSignupImportOptionsSchema,
  pageSize: z.number().int().min(1).max(1000),
  /** Pages that can hold `limit` races; none after it is fetched. */
  maxPages: z.number().int().min(1),
  /** The day the run normalizes against (past races are skipped), fixed at its start. */
  today: IsoDateSchema,
});
export type Run = z.infer<typeof RunSchema>;

export interface RunState {
  readonly skipped: false;
  readonly jobId: string;
  readonly run: Run;
  /** The first batch of page numbers. */
  readonly pages: readonly number[];
}
export interface SkippedRun {
  readonly skipped: true;
  readonly reason: string;
}

export const PageInputSchema = z.object({ run: RunSchema, page: z.number().int().min(1) });
export type PageInput = z.infer<typeof PageInputSchema>;

/** A Catch's result: Step Functions' error name and cause. */
export const CaughtErrorSchema = z.object({ Error: z.string(), Cause: z.unknown().optional() });

export const PageFailureInputSchema = PageInputSchema.extend({ error: CaughtErrorSchema });

export interface PageResult {
  readonly page: number;
  readonly fetched: number;
  readonly failed: boolean;
  /** Whether pages after this one may hold races of the run (this page was full and the limit not reached). */
  readonly more: boolean;
  /** The batch after the one this page ends. */
  readonly next: readonly number[];
}

export const FinishInputSchema = z.object({ jobId: UlidSchema, run: RunSchema });

/** FailJob gets whatever state the run failed in; the job id is wherever that state kept it, if anywhere. */
export const FailInputSchema = z.object({
  jobId: UlidSchema.optional(),
  run: z.object({ jobId: UlidSchema }).optional(),
  error: CaughtErrorSchema.optional(),
});

/** How a lost page's error entry on the job begins; FinishJob looks for it before flagging missing races. */
export const PAGE_LOST_PREFIX = 'Page not imported: ';

export function isPageLoss(error: { readonly page?: number; readonly message: string }): boolean {
  return error.page !== undefined && error.message.startsWith(PAGE_LOST_PREFIX);
}

export function nextBatch(page: number): number[] {
  return Array.from({ length: PAGES_AT_ONCE }, (_, index) => page + 1 + index);
}

/** A short, safe message from a caught error's cause (Step Functions passes the Lambda error as JSON text). */
export function causeMessage(error: z.infer<typeof CaughtErrorSchema> | undefined): string {
  if (!error) return 'The import failed';
  let message: unknown = error.Cause;
  if (typeof message === 'string') {
    try {
      const parsed = JSON.parse(message) as { errorMessage?: unknown };
      if (typeof parsed.errorMessage === 'string') message = parsed.errorMessage;
    } catch {
      // A plain-text cause is the message itself.
    }
  } else if (message && typeof message === 'object' && typeof (message as { errorMessage?: unknown }).errorMessage === 'string') {
    message = (message as { errorMessage: string }).errorMessage;
  }
  const text = typeof message === 'string' && message.trim() ? message.trim() : error.Error;
  return text.slice(0, 300);
}
