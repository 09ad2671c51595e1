/**
 * The media bucket of event images (infra/event-images.ts): where the image function writes renditions and from
 * which CloudFront serves /media/*. Here because two areas delete an image's files: the image routes when one image
 * is removed, the admin's deletes (one event, a bulk delete, the flush) when the whole event goes. IMAGE_MEDIA_BUCKET is read when first needed, so
 * a function without it fails only if it reaches for the bucket.
 */
import { DeleteObjectCommand } from '@aws-sdk/client-s3';
import type { RaceEvent } from '#shared/schemas/event';
import { renditionKey, type EventImage } from '#shared/schemas/event-image';
import { s3 } from './s3.ts';

export function mediaBucket(): string {
  const value = process.env.IMAGE_MEDIA_BUCKET?.trim();
  if (!value) throw new Error('Missing required environment variable IMAGE_MEDIA_BUCKET');
  return value;
}

/** Deletes an image's renditions: one DeleteObject each (at most four), which S3 answers alike whether or not one is there. */
export async function deleteRenditions(eventId: string, image: Pick<EventImage, 'id' | 'widths'>): Promise<void> {
  const bucket = mediaBucket();
  await Promise.all(image.widths.map((width) => s3.send(new DeleteObjectCommand({ Bucket: bucket, Key: renditionKey(eventId, image.id, width) }))));
}

/** Deletes the files of every image of an event that is gone (an admin's delete, a bulk delete, the flush). */
export async function deleteEventImageFiles(event: Pick<RaceEvent, 'id' | 'images'>): Promise<void> {
  await Promise.all((event.images ?? []).map((image) => deleteRenditions(event.id, image)));
}
