/**
 * The image function: the uploads bucket's ObjectCreated notification (in AWS; the S3 stand-in calls it the same
 * way locally). For each upload it checks and converts the file (image-processing.ts), writes the renditions to the
 * media bucket, adds the image to its event and deletes the original. A refused file marks its upload failed with
 * the reason the edit page shows. An object that no pending upload names (expired, dismissed, or a second delivery
 * of the same notification) is deleted without further work.
 */
import type { S3Event } from 'aws-lambda';
import { ULID_SOURCE } from '#shared/ids';
import { addProcessedImage, failUpload, getUpload, TooManyImagesError } from '#data/event-image';
import { logger } from '#lib/logger';
import { deleteRenditions } from '#lib/media-bucket';
import { notifiedKey } from '#lib/uploads-bucket';
import { deleteUpload, putRendition, readUpload } from './image-buckets.ts';
import { ImageRejectedError, processImage } from './image-processing.ts';

const UPLOAD_KEY = new RegExp(`^events/(${ULID_SOURCE})/(${ULID_SOURCE})$`);
const PROCESSING_FAILED = 'We could not process this image. Try again, or choose another file.';

export async function processUpload(bucket: string, key: string): Promise<void> {
  const match = UPLOAD_KEY.exec(key);
  if (!match) {
    logger.warn('Upload at an unexpected key; deleted', { key });
    await deleteUpload(bucket, key);
    return;
  }
  const [, eventId, imageId] = match as unknown as [string, string, string];
  const upload = await getUpload(eventId, imageId);
  if (!upload || upload.status !== 'pending') {
    await deleteUpload(bucket, key);
    return;
  }
  try {
    const processed = await processImage(await readUpload(bucket, key));
    await Promise.all(processed.renditions.map((rendition) => putRendition(eventId, imageId, rendition.width, rendition.body)));
    const image = { id: imageId, widths: processed.renditions.map((rendition) => rendition.width), width: processed.width, height: processed.height };
    const added = await addProcessedImage(eventId, image).catch(async (error: unknown) => {
      // Not added: its renditions would be files no event names.
      await deleteRenditions(eventId, image);
      throw error;
    });
    if (!added) await deleteRenditions(eventId, image);
  } catch (error) {
    const known = error instanceof ImageRejectedError || error instanceof TooManyImagesError;
    if (!known) logger.error('Image processing failed', { eventId, imageId, error });
    await failUpload(eventId, imageId, known ? error.message : PROCESSING_FAILED);
  } finally {
    await deleteUpload(bucket, key);
  }
}

export const handler = async (event: S3Event): Promise<void> => {
  for (const record of event.Records) {
    await processUpload(record.s3.bucket.name, notifiedKey(record.s3.object.key));
  }
};
