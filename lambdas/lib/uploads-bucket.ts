/**
 * The uploads bucket (infra/event-images.ts): browsers POST files straight into it with a presigned POST whose
 * policy fixes the key, the type and the size, and the bucket's ObjectCreated notification runs the function that
 * reads them: event images under events/ (lambdas/event-images), activity files under activities/
 * (lambdas/activity-uploads). Each original is deleted once read; the bucket keeps nothing past a day.
 * UPLOADS_BUCKET is read when first needed, so a function without it fails only if it reaches for the bucket.
 */
import { DeleteObjectCommand, GetObjectCommand } from '@aws-sdk/client-s3';
import { createPresignedPost } from '@aws-sdk/s3-presigned-post';
import type { SystemConfig } from '#shared/schemas/system-config';
import { s3 } from './s3.ts';

/** The one rule for how big an upload may be: the system config's max file size (admins set it in MB). */
export const maxFileBytesOf = (config: Pick<SystemConfig, 'maxFileSizeMb'>) => config.maxFileSizeMb * 1024 * 1024;

/** A presigned POST's lifetime: long enough to send the largest file allowed on a slow line, short enough not to be kept. */
export const UPLOAD_POST_SECONDS = 600;

export function uploadsBucket(): string {
  const value = process.env.UPLOADS_BUCKET?.trim();
  if (!value) throw new Error('Missing required environment variable UPLOADS_BUCKET');
  return value;
}

/**
 * The browser's upload: to this key only, with exactly this Content-Type (its start checked by the policy) and
 * at most maxBytes. S3 refuses any other POST with 403.
 */
export function uploadPost(key: string, contentType: string, typePrefix: string, maxBytes: number) {
  return createPresignedPost(s3, {
    Bucket: uploadsBucket(),
    Key: key,
    Conditions: [
      ['content-length-range', 1, maxBytes],
      ['starts-with', '$Content-Type', typePrefix],
    ],
    Fields: { 'Content-Type': contentType },
    Expires: UPLOAD_POST_SECONDS,
  });
}

export async function readUpload(bucket: string, key: string): Promise<Buffer> {
  const object = await s3.send(new GetObjectCommand({ Bucket: bucket, Key: key }));
  return Buffer.from(await object.Body!.transformToByteArray());
}

/** Originals are deleted once read (or refused): only what was made of them is kept. */
export async function deleteUpload(bucket: string, key: string): Promise<void> {
  await s3.send(new DeleteObjectCommand({ Bucket: bucket, Key: key }));
}

/** S3 sends an ObjectCreated notification's keys form-encoded (a space as '+'). */
export const notifiedKey = (key: string) => decodeURIComponent(key.replace(/\+/g, ' '));
