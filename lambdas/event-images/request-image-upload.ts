/**
 * POST /api/events/{id}/images: records a pending upload and answers the presigned POST the browser sends the file
 * with (docs/images.md). Refuses a file too big for the system config, and a seventh image, with a clear 400.
 */
import { ulid } from 'ulid';
import { EVENT_IMAGES_ROUTES } from '#shared/routes/event-images';
import { tooLargeMessage } from '#shared/schemas/event-image';
import { getImageEditableEvent, startUpload } from '#data/event-image';
import { cachedSystemConfig } from '#data/system-config';
import { BadRequestError } from '#lib/errors';
import { createHandler } from '#handler';
import { uploadPost } from './image-buckets.ts';
import { maxFileBytesOf } from '#lib/uploads-bucket';

export const handler = createHandler(EVENT_IMAGES_ROUTES.requestImageUpload, async ({ path, body, caller }) => {
  const config = await cachedSystemConfig.get();
  const maxFileBytes = maxFileBytesOf(config);
  if (body.size > maxFileBytes) throw new BadRequestError('Some fields are not valid', { 'body.size': [tooLargeMessage(config.maxFileSizeMb)] });
  const event = await getImageEditableEvent(caller, path.id);
  const imageId = ulid();
  await startUpload(caller, event, imageId);
  const post = await uploadPost(event.id, imageId, body.contentType, maxFileBytes);
  return { imageId, url: post.url, fields: post.fields, maxFileBytes };
});
