/**
 * The personal data export, run by the export worker (run-export.ts dispatches a `personal` invocation here):
 * gathers everything about the person (lambdas/data/personal-data.ts), builds the files, zips them and puts the
 * ZIP in the exports bucket under the job's object key, then ends the job as completed with the file's size,
 * or as failed. One person's data fits in memory many times over (three years of daily logs are about a
 * megabyte of JSON), so the ZIP is built whole with fflate's zipSync and sent as one PutObject. Running again
 * for a job that has ended (a retried invocation) changes nothing.
 */
import { PutObjectCommand } from '@aws-sdk/client-s3';
import { strToU8, zipSync, type Zippable } from 'fflate';
import type { PlanForCalendar } from '#shared/training/plan-calendar';
import { collectPersonalData, type PersonalData } from '#data/personal-data';
import { completePersonalExport, failPersonalExport, getPersonalExport, PERSONAL_EXPORT_CONTENT_TYPE, personalExportObjectKey } from '#data/personal-export';
import { activePlanForCalendar } from '#data/training-plan';
import { logger } from '#lib/logger';
import { s3 } from '#lib/s3';
import { exportsBucket } from './exports-bucket.ts';
import { personalExportFiles } from './personal-export-files.ts';

export const PERSONAL_EXPORT_FAILED = 'Your data could not be exported. Try again in a moment.';

export interface PersonalExportOutcome {
  readonly status: 'completed' | 'failed' | 'skipped';
  readonly size?: number;
}

/**
 * The plan for the .ics: the active one exactly as its calendar feed has it, else the most recent plan (the
 * document lists plans newest first), whose entries then carry the plan's first revision.
 */
async function calendarPlan(sub: string, data: PersonalData): Promise<PlanForCalendar | undefined> {
  if (data.training.activePlanId) {
    const active = await activePlanForCalendar(sub);
    if (active) return active;
  }
  const latest = data.training.plans[0];
  return latest ? { id: latest.id, name: latest.name, plan: latest.plan, completions: latest.completions, revision: 1 } : undefined;
}

/** The ZIP of the files; file times are the export's, the deflate level the usual 6. */
export function zipFiles(files: Readonly<Record<string, string>>, now: Date): Uint8Array {
  const entries: Zippable = {};
  for (const [name, text] of Object.entries(files)) entries[name] = strToU8(text);
  return zipSync(entries, { level: 6, mtime: now });
}

export async function runPersonalExport(sub: string, jobId: string, now: Date = new Date()): Promise<PersonalExportOutcome> {
  const job = await getPersonalExport(sub, jobId, now);
  if (!job || job.status !== 'processing') {
    logger.warn('personal export is not waiting to run', { jobId, status: job?.status });
    return { status: 'skipped' };
  }
  let size: number;
  try {
    const data = await collectPersonalData(sub, now);
    const zip = zipFiles(personalExportFiles(data, await calendarPlan(sub, data), now), now);
    await s3.send(
      new PutObjectCommand({
        Bucket: exportsBucket,
        Key: personalExportObjectKey(job),
        Body: zip,
        ContentType: PERSONAL_EXPORT_CONTENT_TYPE,
        ContentDisposition: `attachment; filename="${job.fileName}"`,
      }),
    );
    size = zip.byteLength;
  } catch (error) {
    logger.error('personal export failed', { jobId, error: error as Error });
    await failPersonalExport(sub, jobId, PERSONAL_EXPORT_FAILED);
    return { status: 'failed' };
  }
  await completePersonalExport(sub, jobId, { size });
  logger.info('personal export completed', { jobId, size });
  return { status: 'completed', size };
}
