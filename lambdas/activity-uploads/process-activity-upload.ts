/**
 * The activity import function: the uploads bucket's ObjectCreated notification for activities/<sub>/<upload id>
 * (in AWS; the S3 stand-in calls it the same way locally). It takes the pending upload (once, however often S3
 * delivers the notification), imports the file's activities into the athlete's log (import-activities.ts), records
 * the outcome on the upload and deletes the file. An object no pending upload names is deleted without further work.
 */
import type { S3Event } from 'aws-lambda';
import { ULID_SOURCE } from '#shared/ids';
import { claimActivityUpload, finishActivityUpload } from '#data/activity-upload';
import { logger } from '#lib/logger';
import { deleteUpload, notifiedKey, readUpload } from '#lib/uploads-bucket';
import { importActivities } from './import-activities.ts';

const UPLOAD_KEY = new RegExp(`^activities/([0-9a-zA-Z-]{1,128})/(${ULID_SOURCE})$`);
const IMPORT_FAILED = 'We could not import this file. Try again, or export the activities again from where they were recorded.';

export async function processActivityUpload(bucket: string, key: string): Promise<void> {
  const match = UPLOAD_KEY.exec(key);
  if (!match) {
    logger.warn('Activity upload at an unexpected key; deleted', { key });
    await deleteUpload(bucket, key);
    return;
  }
  const [, sub, uploadId] = match as unknown as [string, string, string];
  try {
    const upload = await claimActivityUpload(sub, uploadId);
    if (!upload) return;
    try {
      const outcome = await importActivities(sub, upload.fileName, await readUpload(bucket, key), upload.timeZone);
      await finishActivityUpload(sub, uploadId, outcome);
    } catch (error) {
      logger.error('Activity import failed', { uploadId, error });
      await finishActivityUpload(sub, uploadId, { logIds: [], created: 0, updated: 0, errors: [{ file: upload.fileName, reason: IMPORT_FAILED }] });
    }
  } finally {
    await deleteUpload(bucket, key);
  }
}

export const handler = async (event: S3Event): Promise<void> => {
  for (const record of event.Records) await processActivityUpload(record.s3.bucket.name, notifiedKey(record.s3.object.key));
};
