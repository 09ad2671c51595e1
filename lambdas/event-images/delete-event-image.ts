/**
 * DELETE /api/events/{id}/images/{imageId}: removes an image from its event (the owner, or any admin) and then its
 * renditions; or dismisses an unfinished upload. The event no longer names the files once the first step is done,
 * so a failure deleting them leaves unreachable files, never a broken picture.
 */
import { EVENT_IMAGES_ROUTES } from '#shared/routes/event-images';
import { imagesOf, removeImage } from '#data/event-image';
import { cachedSystemConfig } from '#data/system-config';
import { createHandler } from '#handler';
import { logger } from '#lib/logger';
import { deleteRenditions } from '#lib/media-bucket';
import { maxFileBytesOf } from '#lib/uploads-bucket';

export const handler = createHandler(EVENT_IMAGES_ROUTES.deleteEventImage, async ({ path, caller }) => {
  const { event, removed } = await removeImage(caller, path.id, path.imageId);
  // The removal is done: a failure deleting its files is logged, not answered as a failed removal.
  if (removed) await deleteRenditions(event.id, removed).catch((error: unknown) => logger.error('Image files not deleted', { eventId: event.id, imageId: removed.id, error }));
  return imagesOf(event, maxFileBytesOf(await cachedSystemConfig.get()));
});
