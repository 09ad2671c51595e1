/**
 * The two buckets of event images (infra/event-images.ts): uploads, where browsers POST originals with a presigned
 * POST whose policy limits key, type and size, and media, where the image function writes the WebP renditions the
 * site serves at /media/* (#lib/media-bucket, which also deletes them). Read once at cold start (DESIGN section 4); each function gets only the variables of
 * the buckets it reaches.
 */
import { DeleteObjectCommand, GetObjectCommand, PutObjectCommand } from '@aws-sdk/client-s3';
import { createPresignedPost } from '@aws-sdk/s3-presigned-post';
import { renditionKey, uploadObjectKey, type ImageContentType } from '#shared/schemas/event-image';
import { mediaBucket } from '#lib/media-bucket';
import { s3 } from '#lib/s3';

/** The presigned POST's lifetime: long enough to send 10 MB on a slow line, short enough not to be kept. */
export const UPLOAD_POST_SECONDS = 600;
/** Renditions are named by a fresh image id each: they never change, so browsers and CloudFront keep them. */
const IMMUTABLE = 'public, max-age=31536000, immutable';

function bucketVariable(name: string): string {
  const value = process.env[name]?.trim();
  if (!value) throw new Error(`Missing required environment variable ${name}`);
  return value;
}

export const uploadsBucket = () => bucketVariable('IMAGE_UPLOADS_BUCKET');

/**
 * The browser's upload: to the uploads bucket, at this event's and image's key only, with exactly the declared
 * type (one of jpeg, png, webp: the route's schema) and at most maxBytes. S3 refuses any other POST with 403.
 */
export async function uploadPost(eventId: string, imageId: string, contentType: ImageContentType, maxBytes: number) {
  return createPresignedPost(s3, {
    Bucket: uploadsBucket(),
    Key: uploadObjectKey(eventId, imageId),
    Conditions: [
      ['content-length-range', 1, maxBytes],
      ['starts-with', '$Content-Type', 'image/'],
    ],
    Fields: { 'Content-Type': contentType },
    Expires: UPLOAD_POST_SECONDS,
  });
}

export async function readUpload(bucket: string, key: string): Promise<Buffer> {
  const object = await s3.send(new GetObjectCommand({ Bucket: bucket, Key: key }));
  return Buffer.from(await object.Body!.transformToByteArray());
}

/** The original is deleted once processed (or refused): only the renditions, without metadata, are kept. */
export async function deleteUpload(bucket: string, key: string): Promise<void> {
  await s3.send(new DeleteObjectCommand({ Bucket: bucket, Key: key }));
}

export async function putRendition(eventId: string, imageId: string, width: number, body: Buffer): Promise<void> {
  await s3.send(
    new PutObjectCommand({ Bucket: mediaBucket(), Key: renditionKey(eventId, imageId, width), Body: body, ContentType: 'image/webp', CacheControl: IMMUTABLE }),
  );
}
