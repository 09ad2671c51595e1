/**
 * The JSON paste import (spec 001): every pasted event is normalized first, and if any misses a required
 * field nothing is imported (400 'N events have missing required fields'); otherwise a job is created (taking
 * the JSON source's lock), the events go through the same upsert as RunSignup's in batches of 50, each batch
 * recorded on the job, and the finished job is returned.
 */
import { todayInNewYork } from '#shared/dates';
import type { ImportCounts } from '#shared/schemas/import-job';
import {
  createImportJob,
  finishImportJob,
  markImportJobRunning,
  recordImportPage,
  type ImportError,
  type ImportJob,
} from '#data/import-job';
import { BadRequestError } from '#lib/errors';
import type { ImportedEvent, NormalizeResult } from './imported-event.ts';
import { normalizeJsonEvent } from './json/normalize-json-event.ts';
import { finishIndexesOfJob, upsertImportedEvents } from './upsert-imported-events.ts';
import { chunksOf } from '#shared/chunks';

/** Spec 001 imports pasted events in batches of 50. */
export const JSON_IMPORT_BATCH = 50;
/** Events named in the 400's field list; the message counts them all. */
const LISTED_MISSING = 20;

export interface JsonImportInput {
  readonly events: readonly unknown[];
  readonly autoVerify: boolean;
  readonly startedBy: string;
  readonly now?: Date;
}

function missingFieldsError(missing: readonly { index: number; fields: readonly string[] }[]): BadRequestError {
  const count = missing.length;
  const fields = Object.fromEntries(
    missing.slice(0, LISTED_MISSING).map(({ index, fields: names }) => [`body.events.${index}`, [`missing ${names.join(', ')}`]]),
  );
  return new BadRequestError(`${count} ${count === 1 ? 'event has' : 'events have'} missing required fields`, fields);
}

export async function importJsonEvents(input: JsonImportInput): Promise<ImportJob> {
  const now = input.now ?? new Date();
  const today = todayInNewYork(now);
  const normalized: NormalizeResult[] = [];
  const missing: { index: number; fields: readonly string[] }[] = [];
  input.events.forEach((raw, index) => {
    const outcome = normalizeJsonEvent(raw, { today });
    if ('missing' in outcome) missing.push({ index, fields: outcome.missing });
    else normalized.push(outcome);
  });
  if (missing.length > 0) throw missingFieldsError(missing);

  const job = await createImportJob({
    source: 'json',
    options: { events: input.events.length, autoVerify: input.autoVerify },
    startedBy: input.startedBy,
    expected: input.events.length,
    now,
  });
  try {
    await markImportJobRunning(job.id, now);
    for (const [page, batch] of chunksOf(normalized, JSON_IMPORT_BATCH).entries()) {
      const start = page * JSON_IMPORT_BATCH;
      const skipped: Partial<ImportCounts['skipped']> = {};
      const errors: ImportError[] = [];
      const events: ImportedEvent[] = [];
      batch.forEach((outcome, offset) => {
        if ('event' in outcome) {
          events.push(outcome.event);
          return;
        }
        skipped[outcome.skipped] = (skipped[outcome.skipped] ?? 0) + 1;
        // A race that failed validation is a fault worth reading on the job, with the rule it broke.
        if (outcome.skipped === 'invalid') {
          errors.push({ ...(outcome.sourceId ? { sourceId: outcome.sourceId } : {}), message: `Event ${start + offset + 1}: ${outcome.message ?? 'not valid'}` });
        }
      });
      const upserted = events.length > 0 ? await upsertImportedEvents(events, { autoVerify: input.autoVerify, jobId: job.id, now }) : undefined;
      for (const [reason, count] of Object.entries(upserted?.skipped ?? {})) {
        const key = reason as keyof ImportCounts['skipped'];
        skipped[key] = (skipped[key] ?? 0) + (count ?? 0);
      }
      await recordImportPage(
        job.id,
        {
          counts: {
            fetched: batch.length,
            created: upserted?.created ?? 0,
            updated: upserted?.updated ?? 0,
            unchanged: upserted?.unchanged ?? 0,
            flagged: upserted?.flagged ?? 0,
            skipped,
          },
          errors: [...errors, ...(upserted?.errors ?? [])],
          page,
        },
        now,
      );
    }
  } catch (error) {
    // The lock must not outlive the request: the job says it failed, and the cause is logged by the wrapper.
    await finishIndexesOfJob(job.id);
    await finishImportJob(job.id, { failure: 'The import stopped on an unexpected error; the events saved so far are kept' }, new Date());
    throw error;
  }
  await finishIndexesOfJob(job.id);
  return finishImportJob(job.id, {}, new Date());
}
