/**
 * Import jobs (DESIGN section 8): one item per RunSignup or JSON import run, the per-source lock that keeps
 * two runs of one source apart, and what a full sync remembers of the races it saw.
 *
 * | item           | PK                   | SK            | GSI1 (newest first)                  |
 * | import job     | IMPORTJOB#<id>       | JOB           | IMPORT_JOBS / <createdAt>#<id>       |
 * | races seen     | IMPORTJOB#<id>       | SEEN#<digest> |                                      |
 * | source lock    | IMPORTLOCK#<source>  | LOCK          |                                      |
 *
 * The lock holds the running job's id and an expiry (`expiresAt`, epoch seconds, also the table's TTL
 * attribute): it is taken in the same transaction that creates the job and released in the one that finishes
 * it, and a run that crashed without finishing blocks its source only until the expiry (each recorded page
 * pushes it on, so a long healthy run keeps it). 'races seen' items are written only by full syncs, one per
 * upserted page (not one per race), and expire with TTL a week later; see upsert-imported-events.ts.
 *
 * Access patterns (docs/data-model.md): one job (table, PK = IMPORTJOB#<id>, SK = JOB); jobs newest first (GSI1, GSI1PK =
 * IMPORT_JOBS, descending); a source's lock (table, PK = IMPORTLOCK#<source>, SK = LOCK); the races a run saw
 * (table, PK = IMPORTJOB#<id>, begins_with(SK, SEEN#)).
 */
import { createHash } from 'node:crypto';
import { ulid } from 'ulid';
import { ULID_SOURCE } from '#shared/ids';
import {
  ImportJobSchema,
  SKIP_REASONS,
  type ImportCounts,
  type ImportJob,
  type ImportJobStatus,
  type ImportSource,
} from '#shared/schemas/import-job';
import type * as z from 'zod';
import { decodeCursorText, encodeCursorText, invalidCursor } from '#lib/cursor';
import { defineEntity } from '#lib/kit/entity';
import { queryPages, table } from '#lib/kit/table';
import { retryingConflicts, transact } from '#lib/kit/transact';
import { ConflictError, NotFoundError } from '#lib/errors';
import { isConditionFailure } from '#lib/transactions';
import { TTL_ATTRIBUTE } from '#shared/table';

export type { ImportJob };
export type ImportError = z.infer<typeof ImportJobSchema>['errors'][number];

export const importJobKey = (id: string) => ({ PK: `IMPORTJOB#${id}`, SK: 'JOB' });
export const importLockKey = (source: ImportSource) => ({ PK: `IMPORTLOCK#${source}`, SK: 'LOCK' });
const JOBS_PARTITION = 'IMPORT_JOBS';
const SEEN_PREFIX = 'SEEN#';

/** How long a lock holds without news from its run: longer than any healthy gap between two pages. */
export const IMPORT_LOCK_SECONDS = 2 * 60 * 60;
/** Faults kept on the job item; `counts.errors` counts them all. */
export const MAX_RECORDED_ERRORS = 50;
/** How long a full sync's 'races seen' items stay (TTL): past any run, short enough to leave no litter. */
const SEEN_TTL_SECONDS = 7 * 24 * 60 * 60;

const SOURCE_LABELS: Record<ImportSource, string> = { runsignup: 'RunSignup', json: 'JSON' };

/** Another job of the same source holds the lock: a 409 through the wrapper. */
export class ImportAlreadyRunningError extends ConflictError {
  constructor(readonly source: ImportSource) {
    super(`An import from ${SOURCE_LABELS[source]} is already running. Wait for it to finish.`);
  }
}

export class ImportJobNotFoundError extends NotFoundError {
  constructor(readonly jobId: string) {
    super('Import job not found');
  }
}

const importJobs = defineEntity<ImportJob, [string]>({ name: 'import-job', key: importJobKey, schema: ImportJobSchema });
export const fromImportJobItem: (item: Readonly<Record<string, unknown>>) => ImportJob = importJobs.read;

const epochSeconds = (date: Date) => Math.floor(date.getTime() / 1000);
const FINAL_STATUSES: readonly ImportJobStatus[] = ['completed', 'completed-with-errors', 'failed'];
export const isFinished = (job: Pick<ImportJob, 'status'>) => FINAL_STATUSES.includes(job.status);

/** Zero counts, every skip reason present (the schema's record lists them all, and ADD needs the map). */
export function emptyCounts(): ImportCounts {
  return {
    fetched: 0,
    created: 0,
    updated: 0,
    unchanged: 0,
    flagged: 0,
    skipped: Object.fromEntries(SKIP_REASONS.map((reason) => [reason, 0])) as ImportCounts['skipped'],
    errors: 0,
  };
}

export function toImportJobItem(job: ImportJob) {
  return {
    ...importJobKey(job.id),
    entity: 'import-job',
    ...job,
    GSI1PK: JOBS_PARTITION,
    GSI1SK: `${job.createdAt}#${job.id}`,
  };
}

export interface CreateImportJobInput {
  readonly source: ImportSource;
  readonly options: ImportJob['options'];
  readonly startedBy: string;
  readonly expected: number;
  readonly now?: Date;
}

/**
 * Creates a pending job and takes its source's lock in one transaction, so a job exists exactly when its
 * source is locked for it. Throws ImportAlreadyRunningError while another job of the source holds the lock.
 */
export async function createImportJob(input: CreateImportJobInput): Promise<ImportJob> {
  const now = input.now ?? new Date();
  const job: ImportJob = {
    id: ulid(now.getTime()),
    source: input.source,
    status: 'pending',
    options: input.options,
    startedBy: input.startedBy,
    counts: emptyCounts(),
    errors: [],
    expected: input.expected,
    createdAt: now.toISOString(),
  };
  // A concurrent start of the same source conflicts on the lock item: it is running, as far as we know.
  const running = () => new ImportAlreadyRunningError(job.source);
  await transact(
    () => [
      { Put: { Item: toImportJobItem(job), ConditionExpression: 'attribute_not_exists(PK)' } },
      {
        Put: {
          Item: { ...importLockKey(job.source), entity: 'import-lock', jobId: job.id, [TTL_ATTRIBUTE]: epochSeconds(now) + IMPORT_LOCK_SECONDS },
          // A lock past its expiry is a crashed run's: take it over.
          ConditionExpression: 'attribute_not_exists(PK) OR #expiresAt < :now',
          ExpressionAttributeNames: { '#expiresAt': TTL_ATTRIBUTE },
          ExpressionAttributeValues: { ':now': epochSeconds(now) },
        },
        ifConditionFails: running,
      },
    ],
    { attempts: 1, onExhausted: running },
  );
  return job;
}

export async function getImportJob(id: string): Promise<ImportJob | undefined> {
  return importJobs.get(importJobKey(id), { consistent: true });
}

async function requireJob(id: string): Promise<ImportJob> {
  const job = await getImportJob(id);
  if (!job) throw new ImportJobNotFoundError(id);
  return job;
}

const CURSOR_TEXT = new RegExp(`^(\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}:\\d{2}(?:\\.\\d+)?Z)#(${ULID_SOURCE})$`);

/** The cursor names only the last job of the page (its createdAt and id); the partition is always IMPORT_JOBS. */
function decodeJobsCursor(cursor: string) {
  const match = CURSOR_TEXT.exec(decodeCursorText(cursor));
  if (!match) throw invalidCursor();
  const [createdAt, id] = [match[1]!, match[2]!];
  return { ...importJobKey(id), GSI1PK: JOBS_PARTITION, GSI1SK: `${createdAt}#${id}` };
}

export interface ImportJobsPage {
  readonly items: ImportJob[];
  readonly nextCursor?: string;
}

/** Jobs, newest first, `limit` a page. */
export async function listImportJobs({ cursor, limit }: { readonly cursor?: string; readonly limit: number }): Promise<ImportJobsPage> {
  const { Items = [], LastEvaluatedKey } = await table.query({
    IndexName: 'GSI1',
    KeyConditionExpression: 'GSI1PK = :pk',
    ExpressionAttributeValues: { ':pk': JOBS_PARTITION },
    ScanIndexForward: false,
    // One more than the page tells whether anything follows, so the last page has no cursor to an empty one.
    Limit: limit + 1,
    ...(cursor ? { ExclusiveStartKey: decodeJobsCursor(cursor) } : {}),
  });
  const items = Items.slice(0, limit).map(fromImportJobItem);
  const last = items.at(-1);
  // Fewer than asked for with a LastEvaluatedKey: the read stopped at 1 MB, and more may follow.
  const more = Items.length > limit || LastEvaluatedKey !== undefined;
  return { items, ...(more && last ? { nextCursor: encodeCursorText(`${last.createdAt}#${last.id}`) } : {}) };
}

/** The newest job of any source, if there is one. */
export async function latestImportJob(): Promise<ImportJob | undefined> {
  return (await listImportJobs({ limit: 1 })).items[0];
}

/** Marks a job running (its first start time kept). Idempotent; a finished job stays finished. */
export async function markImportJobRunning(id: string, now: Date = new Date()): Promise<ImportJob> {
  try {
    const { Attributes } = await table.update({
      Key: importJobKey(id),
      UpdateExpression: 'SET #status = :running, startedAt = if_not_exists(startedAt, :now)',
      ConditionExpression: 'attribute_exists(PK) AND #status IN (:pending, :running)',
      ExpressionAttributeNames: { '#status': 'status' },
      ExpressionAttributeValues: { ':running': 'running', ':pending': 'pending', ':now': now.toISOString() },
      ReturnValues: 'ALL_NEW',
    });
    return fromImportJobItem(Attributes!);
  } catch (error) {
    if (!isConditionFailure(error)) throw error;
    return requireJob(id);
  }
}

export interface ImportPageResult {
  /** Counts to add; `skipped` names only the reasons that occurred. */
  readonly counts: Partial<Omit<ImportCounts, 'skipped'>> & { readonly skipped?: Partial<ImportCounts['skipped']> };
  readonly errors: readonly ImportError[];
  /**
   * The page's number: a page recorded once is not counted again when Step Functions retries the task that
   * records it. Without it every call counts.
   */
  readonly page?: number;
}

/** Attempts of the optimistic error-list append before giving up on a busy job item. */
const RECORD_ATTEMPTS = 8;

/**
 * Adds a page's counts to the job (atomic ADDs, so pages recorded at once all count) and appends its
 * errors while fewer than MAX_RECORDED_ERRORS are kept; `counts.errors` grows by every error. Pushes the
 * source lock's expiry on, since the run is alive.
 */
export async function recordImportPage(id: string, result: ImportPageResult, now: Date = new Date()): Promise<ImportJob> {
  const adds: [string[], number][] = [];
  const { skipped, errors: countedErrors, ...plain } = result.counts;
  for (const [name, value] of Object.entries(plain)) if (value) adds.push([['counts', name], value]);
  for (const [reason, value] of Object.entries(skipped ?? {})) if (value) adds.push([['counts', 'skipped', reason], value]);
  // Every error handed over counts, recorded or not; a caller may count more than it hands over.
  const errorCount = Math.max(countedErrors ?? 0, result.errors.length);
  if (errorCount > 0) adds.push([['counts', 'errors'], errorCount]);

  return retryingConflicts(
    async () => {
      const job = await requireJob(id);
      const room = Math.max(0, MAX_RECORDED_ERRORS - job.errors.length);
      const appended = result.errors.slice(0, room).map((error) => ({ ...error }));
      const names: Record<string, string> = { '#errors': 'errors' };
      const values: Record<string, unknown> = { ':kept': job.errors.length };
      const addParts = adds.map(([path, value], index) => {
        const parts = path.map((segment, depth) => {
          const name = `#p${index}_${depth}`;
          names[name] = segment;
          return name;
        });
        values[`:a${index}`] = value;
        return `${parts.join('.')} :a${index}`;
      });
      const setParts: string[] = [];
      if (appended.length > 0) {
        setParts.push('#errors = list_append(#errors, :appended)');
        values[':appended'] = appended;
      }
      const conditions = ['attribute_exists(PK)', 'size(#errors) = :kept'];
      if (result.page !== undefined) {
        names['#pages'] = 'recordedPages';
        values[':page'] = result.page;
        values[':pageSet'] = new Set([result.page]);
        conditions.push('(attribute_not_exists(#pages) OR NOT contains(#pages, :page))');
        addParts.push('#pages :pageSet');
      }
      if (addParts.length === 0 && setParts.length === 0) return job;
      try {
        const { Attributes } = await table.update({
          Key: importJobKey(id),
          UpdateExpression: [setParts.length ? `SET ${setParts.join(', ')}` : '', addParts.length ? `ADD ${addParts.join(', ')}` : '']
            .filter(Boolean)
            .join(' '),
          ConditionExpression: conditions.join(' AND '),
          ExpressionAttributeNames: names,
          ExpressionAttributeValues: values,
          ReturnValues: 'ALL_NEW',
        });
        await extendLock(job, now);
        return fromImportJobItem(Attributes!);
      } catch (error) {
        if (!isConditionFailure(error)) throw error;
        const current = await requireJob(id);
        // Already recorded (a retried task): count nothing twice.
        if (result.page !== undefined && (await pageRecorded(id, result.page))) return current;
        // The error list grew meanwhile (another page of the job): read it again and append after it.
        throw error;
      }
    },
    { attempts: RECORD_ATTEMPTS, retryOn: isConditionFailure },
  );
}

async function pageRecorded(id: string, page: number): Promise<boolean> {
  const { Item } = await table.get({ Key: importJobKey(id), ConsistentRead: true, ProjectionExpression: 'recordedPages' });
  const pages = Item?.recordedPages as Set<number> | undefined;
  return pages?.has(page) ?? false;
}

/** Pushes the lock's expiry on while its job is alive; a lock another job holds is left alone. */
async function extendLock(job: ImportJob, now: Date): Promise<void> {
  await table
    .update({
      Key: importLockKey(job.source),
      UpdateExpression: 'SET #expiresAt = :until',
      ConditionExpression: 'jobId = :id',
      ExpressionAttributeNames: { '#expiresAt': TTL_ATTRIBUTE },
      ExpressionAttributeValues: { ':until': epochSeconds(now) + IMPORT_LOCK_SECONDS, ':id': job.id },
    })
    .catch((error: unknown) => {
      if (!isConditionFailure(error)) throw error;
    });
}

/**
 * Finishes a job: 'failed' when `failure` says why (recorded as its last error), else 'completed', or
 * 'completed-with-errors' when any error was counted; sets finishedAt and releases the source lock if this
 * job holds it, in one transaction. Idempotent: a finished job is returned as it is.
 */
export async function finishImportJob(id: string, result: { readonly failure?: string } = {}, now: Date = new Date()): Promise<ImportJob> {
  return transact(
    async () => {
      const job = await requireJob(id);
      if (isFinished(job)) return { items: [], result: job };
      const { Item: lock } = await table.get({ Key: importLockKey(job.source), ConsistentRead: true });
      const holdsLock = lock?.jobId === id;
      const failed = result.failure !== undefined;
      const errors = failed ? job.counts.errors + 1 : job.counts.errors;
      const status: ImportJobStatus = failed ? 'failed' : errors > 0 ? 'completed-with-errors' : 'completed';
      const finished: ImportJob = {
        ...job,
        status,
        finishedAt: now.toISOString(),
        counts: { ...job.counts, errors },
        errors:
          failed && job.errors.length < MAX_RECORDED_ERRORS ? [...job.errors, { message: result.failure! }] : job.errors,
      };
      return {
        items: [
          {
            Update: {
              Key: importJobKey(id),
              UpdateExpression: 'SET #status = :status, finishedAt = :now, #errors = :errors ADD #counts.#errorCount :failed',
              ConditionExpression: '#status IN (:pending, :running) AND size(#errors) = :kept',
              ExpressionAttributeNames: { '#status': 'status', '#errors': 'errors', '#counts': 'counts', '#errorCount': 'errors' },
              ExpressionAttributeValues: {
                ':status': status,
                ':now': finished.finishedAt,
                ':errors': finished.errors,
                ':failed': failed ? 1 : 0,
                ':pending': 'pending',
                ':running': 'running',
                ':kept': job.errors.length,
              },
            },
          },
          ...(holdsLock
            ? [{ Delete: { Key: importLockKey(job.source), ConditionExpression: 'jobId = :id', ExpressionAttributeValues: { ':id': id } } }]
            : []),
        ],
        result: finished,
      };
    },
    // A page recorded meanwhile, a lock that changed hands, or a concurrent finish: read again and retry.
    { attempts: RECORD_ATTEMPTS, ifAnyConditionFails: 'retry', ifOtherwiseCancelled: 'retry' },
  );
}

/** The digest naming one page's 'races seen' item: a retried page overwrites its own item. */
function digestOf(sourceIds: readonly string[]): string {
  return createHash('sha256').update([...sourceIds].sort().join('\n')).digest('base64url').slice(0, 22);
}

/** Remembers the source ids one page of a full sync saw: one item, however many races. */
export async function recordSeenSourceIds(jobId: string, sourceIds: readonly string[], now: Date = new Date()): Promise<void> {
  if (sourceIds.length === 0) return;
  await table.put({
    Item: {
      PK: importJobKey(jobId).PK,
      SK: `${SEEN_PREFIX}${digestOf(sourceIds)}`,
      entity: 'import-seen',
      sourceIds: [...new Set(sourceIds)],
      [TTL_ATTRIBUTE]: epochSeconds(now) + SEEN_TTL_SECONDS,
    },
  });
}

/** Every source id a run recorded as seen. */
export async function seenSourceIds(jobId: string): Promise<Set<string>> {
  const seen = new Set<string>();
  const pages = queryPages({
    KeyConditionExpression: 'PK = :pk AND begins_with(SK, :seen)',
    ExpressionAttributeValues: { ':pk': importJobKey(jobId).PK, ':seen': SEEN_PREFIX },
    ConsistentRead: true,
  });
  for await (const items of pages) for (const item of items) for (const id of (item.sourceIds as string[] | undefined) ?? []) seen.add(id);
  return seen;
}
