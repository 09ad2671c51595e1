/**
 * Personal data exports ("Export my data"): one item per ZIP a person asked for, in their own partition, so it
 * is never in the admins' export list (export-job.ts) and GET can only ever find the caller's own.
 *
 * | item                  | PK          | SK              | attributes                                                   |
 * | personal export job   | USER#<sub>  | EXPORT#<id>     | status, fileName, objectKey, size, error, timestamps; TTL     |
 * | latest export pointer | USER#<sub>  | EXPORTS         | jobId of the newest job; TTL                                 |
 *
 * Both expire (TTL) EXPORT_RETENTION_DAYS after the job was asked for, when the bucket's lifecycle rule deletes
 * the file. The job item names its file (`objectKey`, under exports/me/<id>/), so account deletion can remove
 * the files of a person's exports from their partition alone (personalExportObjectKeys).
 *
 * Starting an export writes the job and moves the pointer in one transaction, conditioned on the pointer still
 * naming the job read: two requests at once start one export, and a person with an export still processing
 * gets that one back rather than a second. The worker (lambdas/exports/run-personal-export.ts) ends a job once,
 * conditionally on it still processing; a job whose worker died without a word is reported failed once it is
 * older than the worker can run (export-job.ts STALE_AFTER_MS).
 *
 * Access patterns (docs/data-model.md): one of a person's exports (table, PK = USER#<sub>, SK = EXPORT#<id>);
 * their newest export (SK = EXPORTS, then its job); their exports' files (begins_with(SK, EXPORT#)).
 */
import { ulid } from 'ulid';
import { todayInNewYork } from '#shared/dates';
import { EXPORT_RETENTION_DAYS, PersonalExportSchema, type PersonalExport } from '#shared/schemas/personal-export';
import { TTL_ATTRIBUTE } from '#shared/table';
import { defineEntity } from '#lib/kit/entity';
import { getItem, queryPages } from '#lib/kit/table';
import { transact } from '#lib/kit/transact';
import { finishProcessingJob, STALE_AFTER_MS, STALE_MESSAGE } from './export-job.ts';

export type { PersonalExport };

const DAY_MS = 24 * 60 * 60 * 1000;
const userPk = (sub: string) => `USER#${sub}`;
const JOB_PREFIX = 'EXPORT#';

export const personalExportKey = (sub: string, id: string) => ({ PK: userPk(sub), SK: `${JOB_PREFIX}${id}` });
/** Not under EXPORT#, so listing a person's jobs never reads it as one. */
export const latestPersonalExportKey = (sub: string) => ({ PK: userPk(sub), SK: 'EXPORTS' });

const personalExports = defineEntity<PersonalExport, [string, string]>({ name: 'personal-export', key: personalExportKey, schema: PersonalExportSchema });

/** The file's name as the browser saves it: the day of the export in New York. */
export function personalExportFileName(createdAt: Date): string {
  return `racefinder-data-${todayInNewYork(createdAt)}.zip`;
}

/**
 * Where a job's file lives in the exports bucket: under exports/me/ and the job's id, apart from the admins'
 * exports/<id>/ files and never colliding with another export.
 */
export function personalExportObjectKey(job: Pick<PersonalExport, 'id' | 'fileName'>): string {
  return `exports/me/${job.id}/${job.fileName}`;
}

/** What the file is: S3 stores it with this type and download links ask for it. */
export const PERSONAL_EXPORT_CONTENT_TYPE = 'application/zip';

const availableUntil = (createdAt: Date) => new Date(createdAt.getTime() + EXPORT_RETENTION_DAYS * DAY_MS);
/** The TTL (epoch seconds) of the job's items: when its file goes too. */
const ttlOf = (job: Pick<PersonalExport, 'availableUntil'>) => Math.floor(Date.parse(job.availableUntil) / 1000);

/** The job of a stored item, reported failed when its worker can no longer be running. */
function jobOf(item: Readonly<Record<string, unknown>>, now: Date): PersonalExport {
  const job = personalExports.read(item);
  if (job.status === 'processing' && now.getTime() - Date.parse(job.createdAt) > STALE_AFTER_MS) {
    return { ...job, status: 'failed', error: STALE_MESSAGE };
  }
  return job;
}

/** The caller's export with this id; undefined for an unknown id or anyone else's (the key holds the sub). */
export async function getPersonalExport(sub: string, id: string, now: Date = new Date()): Promise<PersonalExport | undefined> {
  const item = await getItem(personalExportKey(sub, id), { consistent: true });
  return item ? jobOf(item, now) : undefined;
}

export interface StartedPersonalExport {
  readonly job: PersonalExport;
  /** False when the person's export already under way was answered instead of a new one. */
  readonly started: boolean;
}

/** Starts a new export job, or answers the one still processing (see the header). */
export async function startPersonalExport(sub: string, now: Date = new Date()): Promise<StartedPersonalExport> {
  return transact<StartedPersonalExport>(
    async () => {
      const pointer = await getItem(latestPersonalExportKey(sub), { consistent: true });
      const latestId = typeof pointer?.jobId === 'string' ? pointer.jobId : undefined;
      const latest = latestId ? await getPersonalExport(sub, latestId, now) : undefined;
      if (latest?.status === 'processing') return { items: [], result: { job: latest, started: false } };

      const id = ulid(now.getTime());
      const fileName = personalExportFileName(now);
      const job: PersonalExport = { id, status: 'processing', fileName, createdAt: now.toISOString(), availableUntil: availableUntil(now).toISOString() };
      return {
        items: [
          {
            Put: {
              Item: { ...personalExports.item(personalExportKey(sub, id), job), objectKey: personalExportObjectKey(job), [TTL_ATTRIBUTE]: ttlOf(job) },
              ConditionExpression: 'attribute_not_exists(PK)',
            },
          },
          {
            Put: {
              Item: { ...latestPersonalExportKey(sub), entity: 'personal-export-latest', jobId: id, [TTL_ATTRIBUTE]: ttlOf(job) },
              ...(latestId
                ? { ConditionExpression: 'jobId = :seen', ExpressionAttributeValues: { ':seen': latestId } }
                : { ConditionExpression: 'attribute_not_exists(PK)' }),
            },
            // Another request started one meanwhile: read again, and answer that one while it runs.
            ifConditionFails: 'retry',
          },
        ],
        result: { job, started: true },
      };
    },
    { attempts: 4 },
  );
}

export function completePersonalExport(sub: string, id: string, result: { size: number }, now: Date = new Date()): Promise<boolean> {
  return finishProcessingJob(personalExportKey(sub, id), { status: 'completed', size: result.size, finishedAt: now.toISOString() });
}

export function failPersonalExport(sub: string, id: string, error: string, now: Date = new Date()): Promise<boolean> {
  return finishProcessingJob(personalExportKey(sub, id), { status: 'failed', error, finishedAt: now.toISOString() });
}

/**
 * The exports bucket keys of every export job still in the person's partition (account deletion removes
 * those files before the items). Jobs whose TTL has removed them have had their files expire with them.
 */
export async function personalExportObjectKeys(sub: string): Promise<string[]> {
  const keys: string[] = [];
  for await (const items of queryPages({
    KeyConditionExpression: 'PK = :pk AND begins_with(SK, :prefix)',
    ExpressionAttributeValues: { ':pk': userPk(sub), ':prefix': JOB_PREFIX },
    ProjectionExpression: 'objectKey',
  })) {
    for (const item of items) if (typeof item.objectKey === 'string') keys.push(item.objectKey);
  }
  return keys;
}
