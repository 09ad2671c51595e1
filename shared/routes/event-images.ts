/** Event images (issue 24): the owner organizer (admins: any event) lists, uploads, orders, describes and removes them. */
import { EventImagePathSchema, EventImagesPathSchema, EventImagesSchema, EventImagesUpdateSchema, ImageUploadRequestSchema, ImageUploadTicketSchema } from '../schemas/event-image.ts';
import { defineRoutes } from './define.ts';

export const EVENT_IMAGES_ROUTES = defineRoutes({
  listEventImages: {
    method: 'GET',
    path: '/api/events/{id}/images',
    access: 'organizer',
    data: 'read',
    handler: 'event-images/list-event-images',
    request: { path: EventImagesPathSchema },
    response: EventImagesSchema,
    summary: "An event's images and its unfinished uploads (pending, or refused and why), for its owner or an admin",
  },
  requestImageUpload: {
    method: 'POST',
    path: '/api/events/{id}/images',
    access: 'organizer',
    data: 'read-write',
    handler: 'event-images/request-image-upload',
    request: { path: EventImagesPathSchema, body: ImageUploadRequestSchema },
    response: ImageUploadTicketSchema,
    status: 201,
    throttle: { rate: 2, burst: 10 },
    summary: 'A presigned POST for one image (type and size limited by its policy); refuses past 6 images',
  },
  updateEventImages: {
    method: 'PUT',
    path: '/api/events/{id}/images',
    access: 'organizer',
    data: 'read-write',
    handler: 'event-images/update-event-images',
    request: { path: EventImagesPathSchema, body: EventImagesUpdateSchema },
    response: EventImagesSchema,
    throttle: { rate: 5, burst: 10 },
    summary: "Reorders an event's images and sets their alt texts",
  },
  deleteEventImage: {
    method: 'DELETE',
    path: '/api/events/{id}/images/{imageId}',
    access: 'organizer',
    data: 'read-write',
    handler: 'event-images/delete-event-image',
    request: { path: EventImagePathSchema },
    response: EventImagesSchema,
    throttle: { rate: 5, burst: 10 },
    summary: "Removes one image of an event (its owner, or any admin) and its files",
  },
});
