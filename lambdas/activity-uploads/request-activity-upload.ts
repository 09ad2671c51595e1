/**
 * POST /api/me/activity-uploads: records a pending upload and answers the presigned POST the browser sends the
 * file with (docs/activity-files.md). A file too big for the system config is a clear 400 before anything is stored.
 */
import { ulid } from 'ulid';
import { TRAINING_ROUTES } from '#shared/routes/training';
import { activityFileTooLargeMessage, activityUploadKey } from '#shared/schemas/activity-upload';
import { startActivityUpload } from '#data/activity-upload';
import { cachedSystemConfig } from '#data/system-config';
import { BadRequestError } from '#lib/errors';
import { createHandler } from '#handler';
import { maxFileBytesOf, uploadPost } from '#lib/uploads-bucket';

export const handler = createHandler(TRAINING_ROUTES.requestActivityUpload, async ({ body, caller }) => {
  const config = await cachedSystemConfig.get();
  const maxFileBytes = maxFileBytesOf(config);
  if (body.size > maxFileBytes) throw new BadRequestError('Some fields are not valid', { 'body.size': [activityFileTooLargeMessage(config.maxFileSizeMb)] });
  const id = ulid();
  await startActivityUpload(caller.sub, id, body.fileName, body.timeZone);
  const post = await uploadPost(activityUploadKey(caller.sub, id), body.contentType, 'application/', maxFileBytes);
  return { id, upload: { url: post.url, fields: post.fields }, maxFileBytes };
});
