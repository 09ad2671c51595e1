/**
 * ImportPage and RecordPageFailure, the import state machine's page tasks (one function, two states).
 *
 * ImportPage reads one RunSignup page, normalizes each race, upserts the events through the event store and
 * records the page's counts on the job. It returns only small counts and whether later pages may hold more
 * races: the races never enter the execution's state (Step Functions' 256 KB payload limit), and a page is
 * the unit of retry: the upsert is idempotent by source id, so a page read twice writes nothing new, and
 * counts what its first attempt wrote (the lookups keep the page and outcome), whichever attempt records.
 *
 * RecordPageFailure runs when ImportPage failed after its retries (bad JSON, a 500 every time, a timeout):
 * the fault is recorded on the job and the run goes on with the next pages.
 */
import { SKIP_REASONS } from '#shared/schemas/import-job';
import { logger } from '#lib/logger';
import { recordImportPage } from '#data/import-job';
import type { ImportedEvent } from '#imports/imported-event';
import { baseUrlFromEnv, fetchRacesPage } from '#imports/runsignup/client';
import { normalizeRunSignupRace } from '#imports/runsignup/normalize-race';
import { upsertImportedEvents } from '#imports/upsert-imported-events';
import { PAGE_LOST_PREFIX, PageFailureInputSchema, PageInputSchema, causeMessage, nextBatch, type PageInput, type PageResult } from './task-io.ts';

type SkipReason = (typeof SKIP_REASONS)[number];
type ImportErrorEntry = { page?: number; sourceId?: string; message: string };

const baseUrl = baseUrlFromEnv();

/** Every skip reason with its count (0 where none): the job's counts name them all. */
function allReasons(counts: Partial<Record<SkipReason, number>>): Record<SkipReason, number> {
  return Object.fromEntries(SKIP_REASONS.map((reason) => [reason, counts[reason] ?? 0])) as Record<SkipReason, number>;
}

/** The race inside one entry of the page (`{ race: {...} }`); anything else is passed on for the normalizer to refuse. */
function raceOf(entry: unknown): unknown {
  return entry !== null && typeof entry === 'object' && 'race' in entry ? (entry as { race: unknown }).race : entry;
}

async function importPage({ run, page }: PageInput): Promise<PageResult> {
  const next = nextBatch(page);
  // The batch after the last page that can hold `limit` races: nothing to read.
  if (page > run.maxPages) return { page, fetched: 0, failed: false, more: false, next };

  const { races } = await fetchRacesPage({ baseUrl, page, resultsPerPage: run.pageSize, options: run.options });
  // Quick and full sync alike stop at `limit` races; the rest of the last page is counted, not imported.
  const room = Math.max(0, run.options.limit - (page - 1) * run.pageSize);
  const skipped: Partial<Record<SkipReason, number>> = {};
  const skip = (reason: SkipReason, count = 1) => {
    if (count > 0) skipped[reason] = (skipped[reason] ?? 0) + count;
  };
  skip('over-limit', races.length - Math.min(room, races.length));

  const events: ImportedEvent[] = [];
  const errors: ImportErrorEntry[] = [];
  for (const entry of races.slice(0, room)) {
    const result = normalizeRunSignupRace(raceOf(entry), { today: run.today });
    if ('event' in result) {
      events.push(result.event);
      continue;
    }
    skip(result.skipped);
    if (result.skipped === 'invalid') {
      errors.push({ page, ...(result.sourceId ? { sourceId: result.sourceId } : {}), message: result.message ?? 'The race failed validation' });
    }
  }

  const upserted = await upsertImportedEvents(events, { autoVerify: run.options.autoVerify, jobId: run.jobId, page, fullSync: run.options.mode === 'full' });
  for (const [reason, count] of Object.entries(upserted.skipped)) skip(reason as SkipReason, count);
  const upsertErrors = upserted.errors.map((error) => ({ page, ...error }));
  // With its page number: a retried task that records the same page again is not counted twice.
  await recordImportPage(run.jobId, {
    page,
    counts: {
      fetched: races.length,
      created: upserted.created,
      updated: upserted.updated,
      unchanged: upserted.unchanged,
      flagged: upserted.flagged,
      skipped: allReasons(skipped),
      errors: errors.length + upsertErrors.length,
    },
    errors: [...errors, ...upsertErrors],
  });
  return { page, fetched: races.length, failed: false, more: races.length >= run.pageSize && page < run.maxPages, next };
}

async function recordPageFailure(input: PageInput & { error: { Error: string; Cause?: unknown } }): Promise<PageResult> {
  const { run, page } = input;
  const message = causeMessage(input.error);
  logger.warn('Import page failed after its retries', { jobId: run.jobId, page, error: input.error.Error });
  await recordImportPage(run.jobId, {
    page,
    counts: { fetched: 0, created: 0, updated: 0, unchanged: 0, flagged: 0, skipped: allReasons({}), errors: 1 },
    errors: [{ page, message: `${PAGE_LOST_PREFIX}${message}` }],
  });
  // What the lost page held is unknown: go on while the limit allows, and a short or empty page ends the run.
  return { page, fetched: 0, failed: true, more: page < run.maxPages, next: nextBatch(page) };
}

export async function handler(event: unknown): Promise<PageResult> {
  if (event !== null && typeof event === 'object' && 'error' in event) return recordPageFailure(PageFailureInputSchema.parse(event));
  return importPage(PageInputSchema.parse(event));
}
