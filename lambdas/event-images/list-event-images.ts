/** GET /api/events/{id}/images: the images and unfinished uploads of an event the caller may edit. */
import { EVENT_IMAGES_ROUTES } from '#shared/routes/event-images';
import { getImageEditableEvent, imagesOf } from '#data/event-image';
import { cachedSystemConfig } from '#data/system-config';
import { createHandler } from '#handler';
import { maxFileBytesOf } from '#lib/uploads-bucket';

export const handler = createHandler(EVENT_IMAGES_ROUTES.listEventImages, async ({ path, caller }) =>
  imagesOf(await getImageEditableEvent(caller, path.id), maxFileBytesOf(await cachedSystemConfig.get())),
);
