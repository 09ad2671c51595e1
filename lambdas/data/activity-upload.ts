/**
 * Activity uploads (issue 25): one item per file an athlete sends, from the presigned POST to the outcome of the
 * import, which the page polls. Kept a week, then removed by the table's TTL.
 *
 * | item             | PK          | SK                      |
 * | activity upload  | USER#<sub>  | ACTIVITY_UPLOAD#<id>    |
 *
 * Access patterns (docs/data-model.md): one upload (table, PK = USER#<sub>, SK = ACTIVITY_UPLOAD#<id>). Under the
 * athlete's own partition, so an account's deletion takes its uploads with it.
 */
import * as z from 'zod';
import { ActivityUploadSchema, MAX_LISTED_FILE_ERRORS, type ActivityUpload } from '#shared/schemas/activity-upload';
import { TTL_ATTRIBUTE } from '#shared/table';
import { defineEntity } from '#lib/kit/entity';
import { table } from '#lib/kit/table';
import { NotFoundError } from '#lib/errors';

/** A week: long enough to come back to an import's outcome, short enough that nobody keeps a list of them. */
const UPLOAD_KEEP_SECONDS = 7 * 86_400;

/** What the import needs beyond what the athlete sees: the clock their GPX and TCX times are read on. */
const StoredActivityUploadSchema = ActivityUploadSchema.extend({ timeZone: z.string().optional() });
export type StoredActivityUpload = z.infer<typeof StoredActivityUploadSchema>;

export const activityUploadKey = (sub: string, id: string) => ({ PK: `USER#${sub}`, SK: `ACTIVITY_UPLOAD#${id}` });

const uploads = defineEntity<StoredActivityUpload, [string, string]>({ name: 'activity-upload', key: activityUploadKey, schema: StoredActivityUploadSchema });

export class ActivityUploadNotFoundError extends NotFoundError {
  constructor() {
    super('Upload not found');
  }
}

export async function startActivityUpload(sub: string, id: string, fileName: string, timeZone: string | undefined, now: Date = new Date()): Promise<void> {
  const upload: StoredActivityUpload = {
    id,
    fileName,
    status: 'pending',
    logIds: [],
    created: 0,
    updated: 0,
    errors: [],
    errorCount: 0,
    createdAt: now.toISOString(),
    ...(timeZone ? { timeZone } : {}),
  };
  await uploads.put(activityUploadKey(sub, id), { ...upload, [TTL_ATTRIBUTE]: Math.floor(now.getTime() / 1000) + UPLOAD_KEEP_SECONDS });
}

/**
 * How long an upload may stay unfinished before the page is told it will not finish: past the presigned POST's
 * lifetime a file that has not arrived never will, and past the import function's timeout an import that has not
 * finished was stopped.
 */
export const UNFINISHED_AFTER_MS = 20 * 60_000;
const NEVER_FINISHED = {
  pending: 'The file did not arrive. Upload it again.',
  processing: 'The import stopped before it finished. Upload the file again: activities already in your log are updated, not doubled.',
} as const;

/** The athlete's own upload as they see it; another athlete's is not found. */
export async function getActivityUpload(sub: string, id: string, now: Date = new Date()): Promise<ActivityUpload> {
  const upload = await uploads.get(activityUploadKey(sub, id), { consistent: true });
  if (!upload) throw new ActivityUploadNotFoundError();
  const { timeZone: _timeZone, ...seen } = upload;
  if ((seen.status === 'pending' || seen.status === 'processing') && now.getTime() - Date.parse(seen.createdAt) > UNFINISHED_AFTER_MS) {
    return { ...seen, status: 'failed', errors: [{ file: seen.fileName, reason: NEVER_FINISHED[seen.status] }], errorCount: 1 };
  }
  return seen;
}

/**
 * Takes a pending upload for import: undefined if there is none to take (expired, or a second delivery of the
 * same notification while the first runs or after it finished), so a file is imported once.
 */
export async function claimActivityUpload(sub: string, id: string): Promise<StoredActivityUpload | undefined> {
  try {
    const { Attributes } = await table.update({
      Key: activityUploadKey(sub, id),
      UpdateExpression: 'SET #status = :processing',
      ConditionExpression: '#status = :pending',
      ExpressionAttributeNames: { '#status': 'status' },
      ExpressionAttributeValues: { ':processing': 'processing', ':pending': 'pending' },
      ReturnValues: 'ALL_NEW',
    });
    return StoredActivityUploadSchema.parse(Attributes);
  } catch (error) {
    if ((error as Error).name === 'ConditionalCheckFailedException') return undefined;
    throw error;
  }
}

export interface ImportOutcome {
  readonly logIds: readonly string[];
  readonly created: number;
  readonly updated: number;
  readonly errors: readonly { readonly file: string; readonly reason: string }[];
}

/** Records how the import went: done when any activity came in or nothing failed, failed when every file failed. */
export async function finishActivityUpload(sub: string, id: string, outcome: ImportOutcome, now: Date = new Date()): Promise<void> {
  const status = outcome.logIds.length === 0 && outcome.errors.length > 0 ? 'failed' : 'done';
  await table.update({
    Key: activityUploadKey(sub, id),
    UpdateExpression: 'SET #status = :status, logIds = :logIds, created = :created, updated = :updated, errors = :errors, errorCount = :errorCount, finishedAt = :now',
    ExpressionAttributeNames: { '#status': 'status' },
    ExpressionAttributeValues: {
      ':status': status,
      ':logIds': outcome.logIds,
      ':created': outcome.created,
      ':updated': outcome.updated,
      ':errors': outcome.errors.slice(0, MAX_LISTED_FILE_ERRORS),
      ':errorCount': outcome.errors.length,
      ':now': now.toISOString(),
    },
  });
}
