/**
 * Event images' files (infra/event-images.ts): originals arrive in the uploads bucket (#lib/uploads-bucket) at
 * events/<event id>/<image id>, and the image function writes the WebP renditions the site serves at /media/* into
 * the media bucket (#lib/media-bucket, which also deletes them).
 */
import { PutObjectCommand } from '@aws-sdk/client-s3';
import { renditionKey, uploadObjectKey, type ImageContentType } from '#shared/schemas/event-image';
import { mediaBucket } from '#lib/media-bucket';
import { s3 } from '#lib/s3';
import { uploadPost as signedPost } from '#lib/uploads-bucket';

export { deleteUpload, readUpload } from '#lib/uploads-bucket';

/** Renditions are named by a fresh image id each: they never change, so browsers and CloudFront keep them. */
const IMMUTABLE = 'public, max-age=31536000, immutable';

/** The browser's upload of one image: this event's and image's key, exactly the declared type (jpeg, png or webp), at most maxBytes. */
export function uploadPost(eventId: string, imageId: string, contentType: ImageContentType, maxBytes: number) {
  return signedPost(uploadObjectKey(eventId, imageId), contentType, 'image/', maxBytes);
}

export async function putRendition(eventId: string, imageId: string, width: number, body: Buffer): Promise<void> {
  await s3.send(
    new PutObjectCommand({ Bucket: mediaBucket(), Key: renditionKey(eventId, imageId, width), Body: body, ContentType: 'image/webp', CacheControl: IMMUTABLE }),
  );
}
