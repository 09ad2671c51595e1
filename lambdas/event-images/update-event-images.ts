/** PUT /api/events/{id}/images: the images' order (the first is the cover) and alt texts. */
import { EVENT_IMAGES_ROUTES } from '#shared/routes/event-images';
import { arrangeImages, imagesOf } from '#data/event-image';
import { cachedSystemConfig } from '#data/system-config';
import { createHandler } from '#handler';
import { maxFileBytesOf } from '#lib/uploads-bucket';

export const handler = createHandler(EVENT_IMAGES_ROUTES.updateEventImages, async ({ path, body, caller }) =>
  imagesOf(await arrangeImages(caller, path.id, body.images), maxFileBytesOf(await cachedSystemConfig.get())),
);
