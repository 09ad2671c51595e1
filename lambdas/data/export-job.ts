/**
 * Export jobs: one item per CSV export an admin asked for, newest first, expiring with its file.
 *
 * | item       | PK           | SK     | GSI1 (recent exports)            | TTL                          |
 * | export job | EXPORT#<id>  | EXPORT | EXPORTS / <createdAt>#<id>       | expiresAt = createdAt + 7 d  |
 *
 * The POST route creates the job as `processing`; the export worker (lambdas/exports/run-export.ts) moves it
 * to `completed` with its record count and size, or to `failed` with a reason, once, conditionally on it still
 * processing. A job whose worker died without a word (out of time or memory) is reported failed once it is
 * older than the worker can run (STALE_AFTER_MS), so no screen waits on it forever.
 *
 * Access patterns (docs/data-model.md): one export job (table, PK = EXPORT#<id>, SK = EXPORT); recent export jobs
 * (GSI1, GSI1PK = EXPORTS, descending).
 */
import { ulid } from 'ulid';
import { todayInNewYork } from '#shared/dates';
import { ULID_SOURCE } from '#shared/ids';
import type { AdminEventFilters } from '#shared/schemas/admin-event-filters';
import { EXPORT_RETENTION_DAYS, ExportJobSchema, type ExportJob, type ExportJobsPage, type ExportTable } from '#shared/schemas/export-job';
import { TTL_ATTRIBUTE } from '#shared/table';
import { decodeCursorText, encodeCursorText, invalidCursor } from '#lib/cursor';
import { defineEntity } from '#lib/kit/entity';
import { table } from '#lib/kit/table';
import { isConditionFailure } from '#lib/transactions';

export type { ExportJob };

const RECENT_PARTITION = 'EXPORTS';
const DAY_MS = 24 * 60 * 60 * 1000;
/** The worker's 15-minute limit and a margin: a job still processing after this will never finish. */
export const STALE_AFTER_MS = 20 * 60 * 1000;
export const STALE_MESSAGE = 'The export did not finish in time. Start it again.';

export const exportJobKey = (id: string) => ({ PK: `EXPORT#${id}`, SK: 'EXPORT' });

const exportJobs = defineEntity<ExportJob, [string]>({ name: 'export-job', key: exportJobKey, schema: ExportJobSchema });
const readExportJob = exportJobs.read;

export function toExportJobItem(job: ExportJob) {
  return {
    ...exportJobKey(job.id),
    entity: 'export-job',
    ...job,
    GSI1PK: RECENT_PARTITION,
    GSI1SK: `${job.createdAt}#${job.id}`,
    [TTL_ATTRIBUTE]: Math.floor((Date.parse(job.createdAt) + EXPORT_RETENTION_DAYS * DAY_MS) / 1000),
  };
}

/** The job of a stored item, reported failed when its worker can no longer be running. */
export function fromExportJobItem(item: Readonly<Record<string, unknown>>, now: Date = new Date()): ExportJob {
  const job = readExportJob(item);
  if (job.status === 'processing' && now.getTime() - Date.parse(job.createdAt) > STALE_AFTER_MS) {
    return { ...job, status: 'failed', error: STALE_MESSAGE };
  }
  return job;
}

/** The file's name as the browser saves it: the table and the day of the export in New York. */
export function exportFileName(table: ExportTable, createdAt: Date): string {
  return `${table}-${todayInNewYork(createdAt)}.csv`;
}

/** Where the file lives in the exports bucket: under the job's id, so two exports of a day never collide. */
export function exportObjectKey(job: Pick<ExportJob, 'id' | 'fileName'>): string {
  return `exports/${job.id}/${job.fileName}`;
}

export interface NewExportJob {
  readonly table: ExportTable;
  readonly filters?: AdminEventFilters;
  readonly requestedBy: string;
}

export async function createExportJob(input: NewExportJob, now: Date = new Date()): Promise<ExportJob> {
  const job: ExportJob = {
    id: ulid(now.getTime()),
    table: input.table,
    ...(input.filters && Object.keys(input.filters).length > 0 ? { filters: input.filters } : {}),
    status: 'processing',
    fileName: exportFileName(input.table, now),
    requestedBy: input.requestedBy,
    createdAt: now.toISOString(),
  };
  await table.put({ Item: toExportJobItem(job), ConditionExpression: 'attribute_not_exists(PK)' });
  return job;
}

export async function getExportJob(id: string, now: Date = new Date()): Promise<ExportJob | undefined> {
  const { Item } = await table.get({ Key: exportJobKey(id), ConsistentRead: true });
  return Item ? fromExportJobItem(Item, now) : undefined;
}

/**
 * Ends a processing job (an admin's export here, a person's in personal-export.ts), once: a job already ended (or
 * reported stale and started again) is left as it is, and false says so.
 */
export async function finishProcessingJob(key: Readonly<{ PK: string; SK: string }>, set: Record<string, unknown>): Promise<boolean> {
  const names: Record<string, string> = { '#status': 'status' };
  const values: Record<string, unknown> = { ':processing': 'processing' };
  const assignments: string[] = [];
  for (const [field, value] of Object.entries(set)) {
    names[`#${field}`] = field;
    values[`:${field}`] = value;
    assignments.push(`#${field} = :${field}`);
  }
  try {
    await table.update({
      Key: key,
      UpdateExpression: `SET ${assignments.join(', ')}`,
      ConditionExpression: 'attribute_exists(PK) AND #status = :processing',
      ExpressionAttributeNames: names,
      ExpressionAttributeValues: values,
    });
    return true;
  } catch (error) {
    if (isConditionFailure(error)) return false;
    throw error;
  }
}

export function completeExportJob(id: string, result: { recordCount: number; size: number }, now: Date = new Date()): Promise<boolean> {
  return finishProcessingJob(exportJobKey(id), { status: 'completed', recordCount: result.recordCount, size: result.size, finishedAt: now.toISOString() });
}

export function failExportJob(id: string, error: string, now: Date = new Date()): Promise<boolean> {
  return finishProcessingJob(exportJobKey(id), { status: 'failed', error, finishedAt: now.toISOString() });
}

const CURSOR_TEXT = new RegExp(`^(\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}:\\d{2}\\.\\d{3}Z)#(${ULID_SOURCE})$`);

/** Recent export jobs, newest first; the cursor names only the last job of the page. */
export async function listExportJobs(options: { limit: number; cursor?: string }, now: Date = new Date()): Promise<ExportJobsPage> {
  let startKey: Record<string, string> | undefined;
  if (options.cursor) {
    const match = CURSOR_TEXT.exec(decodeCursorText(options.cursor));
    if (!match) throw invalidCursor();
    const [, createdAt, id] = match as unknown as [string, string, string];
    startKey = { ...exportJobKey(id), GSI1PK: RECENT_PARTITION, GSI1SK: `${createdAt}#${id}` };
  }
  const page = await table.query({
    IndexName: 'GSI1',
    KeyConditionExpression: 'GSI1PK = :recent',
    ExpressionAttributeValues: { ':recent': RECENT_PARTITION },
    ScanIndexForward: false,
    Limit: options.limit,
    ...(startKey ? { ExclusiveStartKey: startKey } : {}),
  });
  const items = (page.Items ?? []).map((item) => fromExportJobItem(item, now));
  const last = items.at(-1);
  return {
    items,
    ...(page.LastEvaluatedKey && last ? { nextCursor: encodeCursorText(`${last.createdAt}#${last.id}`) } : {}),
  };
}
