/**
 * Event images (issue 24): an organizer uploads up to MAX_EVENT_IMAGES pictures per event straight to S3 with a
 * presigned POST; the image function (lambdas/event-images/process-image.ts) turns each into WebP renditions at
 * IMAGE_WIDTHS, served from /media/* (CloudFront in AWS, the local gateway locally). The event item keeps the
 * finished images as a list, in the order the page shows them (the first is the cover).
 */
import * as z from 'zod';
import { UlidSchema } from './common.ts';

export const MAX_EVENT_IMAGES = 6;
/** What a browser may upload; the image function checks the bytes themselves, not this declared type. */
export const IMAGE_CONTENT_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;
export type ImageContentType = (typeof IMAGE_CONTENT_TYPES)[number];
/** Rendition widths for srcset; none wider than the original. */
export const IMAGE_WIDTHS = [400, 800, 1200, 1600] as const;
/** A larger picture is refused rather than decoded (sharp's limitInputPixels): 40 megapixels. */
export const MAX_IMAGE_PIXELS = 40_000_000;
export const MAX_ALT_TEXT = 200;

export const WRONG_TYPE_MESSAGE = 'Choose a JPEG, PNG or WebP image.';
export const tooLargeMessage = (maxMb: number) => `Choose an image of at most ${maxMb} MB.`;
export const TOO_MANY_MESSAGE = `An event has at most ${MAX_EVENT_IMAGES} images: remove one to add another.`;
export const TOO_MANY_REFUSED_MESSAGE = `${MAX_EVENT_IMAGES} uploads were refused: dismiss them to try another.`;

export const EventImageSchema = z.object({
  id: UlidSchema,
  /** The rendition widths stored, ascending (only those not wider than the original). */
  widths: z.array(z.number().int().positive()).min(1),
  /** The picture's size after EXIF rotation, for width/height attributes (no layout shift). */
  width: z.number().int().positive(),
  height: z.number().int().positive(),
  alt: z.string().max(MAX_ALT_TEXT),
});
export type EventImage = z.infer<typeof EventImageSchema>;

/** An upload asked for and not yet finished: still expected, or refused by the image function (and why). */
export const ImageUploadSchema = z.object({
  id: UlidSchema,
  status: z.enum(['pending', 'failed']),
  error: z.string().optional(),
  createdAt: z.iso.datetime({ offset: true }),
});
export type ImageUpload = z.infer<typeof ImageUploadSchema>;

export const EventImagesSchema = z.object({
  images: z.array(EventImageSchema),
  uploads: z.array(ImageUploadSchema),
  maxImages: z.number().int(),
  maxFileBytes: z.number().int(),
});
export type EventImages = z.infer<typeof EventImagesSchema>;

export const EventImagesPathSchema = z.strictObject({ id: UlidSchema });
export const EventImagePathSchema = z.strictObject({ id: UlidSchema, imageId: UlidSchema });

export const ImageUploadRequestSchema = z.strictObject({
  contentType: z.enum(IMAGE_CONTENT_TYPES, { message: WRONG_TYPE_MESSAGE }),
  /** Bytes; checked against the system config's max file size (and enforced again by the POST policy). */
  size: z.number().int().positive('The file is empty'),
});

/** The browser's presigned POST: send `fields` then the file as `file`, as multipart/form-data, to `url`. */
export const ImageUploadTicketSchema = z.object({
  imageId: UlidSchema,
  url: z.url(),
  fields: z.record(z.string(), z.string()),
  maxFileBytes: z.number().int(),
});
export type ImageUploadTicket = z.infer<typeof ImageUploadTicketSchema>;

/** The images in their new order with their alt texts: exactly the event's images, each once. */
export const EventImagesUpdateSchema = z.strictObject({
  images: z
    .array(z.strictObject({ id: UlidSchema, alt: z.string().trim().max(MAX_ALT_TEXT, `Alt text must be at most ${MAX_ALT_TEXT} characters`) }))
    .max(MAX_EVENT_IMAGES),
});

/** Where an upload lands in the uploads bucket: the image function reads the event and image ids back from it. */
export const uploadObjectKey = (eventId: string, imageId: string) => `events/${eventId}/${imageId}`;
/** The site's path of the media bucket: CloudFront's /media/* behaviour, the local gateway's. */
export const MEDIA_PATH = '/media/';
/** Where a rendition lives in the media bucket: its key is its path on the site, so CloudFront maps it as it is. */
export const renditionKey = (eventId: string, imageId: string, width: number) => `media/events/${eventId}/${imageId}/${width}.webp`;

export const imageUrl = (eventId: string, imageId: string, width: number) => `/${renditionKey(eventId, imageId, width)}`;
export const imageSrcSet = (eventId: string, image: Pick<EventImage, 'id' | 'widths'>) =>
  image.widths.map((width) => `${imageUrl(eventId, image.id, width)} ${width}w`).join(', ');
/** The rendition closest above `wanted` (else the widest): a link preview's or a thumbnail's one picture. */
export function imageUrlFor(eventId: string, image: Pick<EventImage, 'id' | 'widths'>, wanted: number): string {
  const width = image.widths.find((w) => w >= wanted) ?? image.widths[image.widths.length - 1]!;
  return imageUrl(eventId, image.id, width);
}
