/**
 * Event images (issue 24; docs/images.md): the finished images live as a list on the event item (`images`, in
 * page order, the first the cover), written through the event store like every other event change; an upload
 * that was asked for and has not finished is an item of its own beside the event.
 *
 * | item          | PK          | SK                       | TTL                 |
 * | image upload  | EVENT#<id>  | IMAGEUPLOAD#<imageId>    | 1 day after it asked |
 *
 * The upload item says what the image function may add: it adds an image only for an upload item it finds, and
 * deletes that item in the same transaction as it adds the image, so an image is added at most once and a
 * failed or abandoned upload leaves nothing but an item that expires (and an object the bucket's lifecycle
 * expires). A refused file keeps its item, marked failed with the reason, until the owner dismisses it or it expires.
 *
 * Access patterns (docs/data-model.md): an event's uploads (table, PK = EVENT#<id>, begins_with(SK, IMAGEUPLOAD#)).
 */
import { roleSatisfies } from '#shared/roles';
import type { RaceEvent } from '#shared/schemas/event';
import {
  MAX_EVENT_IMAGES,
  TOO_MANY_MESSAGE,
  TOO_MANY_REFUSED_MESSAGE,
  ImageUploadSchema,
  type EventImage,
  type EventImages,
  type ImageUpload,
} from '#shared/schemas/event-image';
import * as z from 'zod';
import { TTL_ATTRIBUTE } from '#shared/table';
import type { Caller } from '#lib/caller';
import { BadRequestError, ConflictError, NotFoundError } from '#lib/errors';
import { defineEntity } from '#lib/kit/entity';
import { queryAll, table } from '#lib/kit/table';
import type { TransactItem } from '#lib/kit/transact';
import { EventWriteConflictError, eventKey, getEvent, updateEvent } from './event.ts';
import { actorOf, eventChangeItem, type ChangedField } from './event-change.ts';
import { eventNotFound } from './event-visibility.ts';

const UPLOAD_PREFIX = 'IMAGEUPLOAD#';
/** A pending upload item is kept a day; one that never arrived then vanishes on its own. */
const UPLOAD_KEEP_SECONDS = 86_400;
/**
 * How long a pending upload holds a place among the six: the presigned POST lives 10 minutes and the function
 * takes seconds, so one older than this was abandoned (the browser never sent it) and no longer counts.
 */
const PENDING_HOLDS_PLACE_MS = 15 * 60_000;

/**
 * An upload item as stored: what the owner sees, and who asked for it, so the image it becomes has a change
 * record naming them (the function that adds it has no caller). Items from before `requestedBy` (they live a
 * day) add their image without a record.
 */
const StoredUploadSchema = ImageUploadSchema.extend({ requestedBy: z.object({ id: z.string(), email: z.string().optional() }).optional() });
type StoredUpload = z.infer<typeof StoredUploadSchema>;

const uploadKey = (eventId: string, imageId: string) => ({ PK: eventKey(eventId).PK, SK: `${UPLOAD_PREFIX}${imageId}` });
const uploads = defineEntity<StoredUpload, [string, string]>({ name: 'image-upload', key: uploadKey, schema: StoredUploadSchema });

/** What the owner is shown of an upload: not who asked for it. */
const shownUpload = ({ requestedBy: _requestedBy, ...upload }: StoredUpload): ImageUpload => upload;

/** A change record's value for a list of images: each one's id and description, in page order; null for none. */
const imagesValue = (images: readonly EventImage[] | undefined) => (images?.length ? images.map(({ id, alt }) => ({ id, alt })) : null);
const imagesChange = (before: readonly EventImage[] | undefined, after: readonly EventImage[] | undefined): ChangedField => ({
  name: 'images',
  before: imagesValue(before),
  after: imagesValue(after),
});

/** Too many images for one more: the request's 400, the image function's refusal. */
export class TooManyImagesError extends BadRequestError {
  constructor() {
    super(TOO_MANY_MESSAGE);
  }
}

/** The event when the caller may change its images: its owner organizer, or any admin (as PATCH /api/events/{id}). */
export async function getImageEditableEvent(caller: Caller, eventId: string): Promise<RaceEvent> {
  const event = await getEvent(eventId);
  if (!event || (event.organizerId !== caller.sub && !roleSatisfies(caller.profile.role, 'admin'))) throw eventNotFound(eventId);
  return event;
}

export async function listUploads(eventId: string): Promise<ImageUpload[]> {
  const items = await queryAll({
    KeyConditionExpression: 'PK = :pk AND begins_with(SK, :prefix)',
    ExpressionAttributeValues: { ':pk': eventKey(eventId).PK, ':prefix': UPLOAD_PREFIX },
    ConsistentRead: true,
  });
  return items.map((item) => shownUpload(uploads.read(item)));
}

/** What GET (and every change) answers: the images and the uploads still worth showing. */
export async function imagesOf(event: RaceEvent, maxFileBytes: number): Promise<EventImages> {
  return { images: event.images ?? [], uploads: await listUploads(event.id), maxImages: MAX_EVENT_IMAGES, maxFileBytes };
}

const holdsPlace = (upload: ImageUpload, now: Date) => upload.status === 'pending' && now.getTime() - Date.parse(upload.createdAt) < PENDING_HOLDS_PLACE_MS;

/** Records an upload `caller` is about to send to S3; refuses one that would make more than MAX_EVENT_IMAGES. */
export async function startUpload(caller: Caller, event: RaceEvent, imageId: string, now: Date = new Date()): Promise<void> {
  const current = await listUploads(event.id);
  const pending = current.filter((upload) => holdsPlace(upload, now)).length;
  if ((event.images?.length ?? 0) + pending >= MAX_EVENT_IMAGES) throw new TooManyImagesError();
  // Refused uploads keep their item (and message) for a day: without a bound, retrying bad files would pile them up.
  if (current.filter((upload) => upload.status === 'failed').length >= MAX_EVENT_IMAGES) throw new BadRequestError(TOO_MANY_REFUSED_MESSAGE);
  const upload: StoredUpload = { id: imageId, status: 'pending', createdAt: now.toISOString(), requestedBy: actorOf(caller) };
  await uploads.put(uploadKey(event.id, imageId), { ...upload, [TTL_ATTRIBUTE]: Math.floor(now.getTime() / 1000) + UPLOAD_KEEP_SECONDS });
}

export async function getUpload(eventId: string, imageId: string): Promise<StoredUpload | undefined> {
  return uploads.get(uploadKey(eventId, imageId), { consistent: true });
}

/** Marks an upload refused, with the message its owner sees; its item still expires as before. */
export async function failUpload(eventId: string, imageId: string, message: string): Promise<void> {
  await table.update({
    Key: uploadKey(eventId, imageId),
    UpdateExpression: 'SET #status = :failed, #error = :message',
    ConditionExpression: 'attribute_exists(PK)',
    ExpressionAttributeNames: { '#status': 'status', '#error': 'error' },
    ExpressionAttributeValues: { ':failed': 'failed', ':message': message },
  }).catch((error: unknown) => {
    // Dismissed or expired meanwhile: nobody is waiting for the message.
    if ((error as Error).name !== 'ConditionalCheckFailedException') throw error;
  });
}

/** Conflicts with concurrent edits of the event are retried this often before giving up. */
const WRITE_ATTEMPTS = 5;

async function retryingEventConflicts<T>(write: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await write();
    } catch (error) {
      // A TransactionCanceled for the upload item's condition arrives as the same conflict: read again and see.
      if (!(error instanceof EventWriteConflictError) || attempt >= WRITE_ATTEMPTS) throw error;
    }
  }
}

/**
 * Where a newly processed image goes: before the first image asked for after it (ids are ULIDs, in the order the
 * uploads were asked for), else last. Uploads picked together keep their order however their processing ends.
 */
function withNewImage(images: readonly EventImage[], image: EventImage): EventImage[] {
  const at = images.findIndex((other) => other.id > image.id);
  return at < 0 ? [...images, image] : [...images.slice(0, at), image, ...images.slice(at)];
}

/**
 * Adds a processed image to the event's list (withNewImage) and deletes its upload item, in one transaction; false
 * when the upload item is gone (dismissed, expired, or already added by an earlier delivery of the same event).
 * Throws TooManyImagesError when the event already has MAX_EVENT_IMAGES.
 */
export async function addProcessedImage(eventId: string, image: Omit<EventImage, 'alt'>, now: Date = new Date()): Promise<boolean> {
  return retryingEventConflicts(async () => {
    const upload = await getUpload(eventId, image.id);
    if (!upload) return false;
    // The change record is made from the event as updateEvent reads it, and so joins this attempt's transaction.
    const extraItems: TransactItem[] = [{ Delete: { Key: uploadKey(eventId, image.id), ConditionExpression: 'attribute_exists(PK)' } }];
    await updateEvent(
      eventId,
      (before) => {
        const images = before.images ?? [];
        if (images.length >= MAX_EVENT_IMAGES) throw new TooManyImagesError();
        const after = withNewImage(images, { ...image, alt: '' });
        if (upload.requestedBy) extraItems.push(eventChangeItem(before, [imagesChange(images, after)], upload.requestedBy, now));
        return { images: after };
      },
      now,
      { extraItems },
    );
    return true;
  });
}

/**
 * Removes an image (or dismisses an unfinished upload) of an event the caller may edit. Returns the removed
 * image, whose files the caller deletes; undefined for a dismissed upload. An unknown id is a 404.
 */
export async function removeImage(caller: Caller, eventId: string, imageId: string, now: Date = new Date()): Promise<{ event: RaceEvent; removed?: EventImage }> {
  return retryingEventConflicts(async () => {
    const event = await getImageEditableEvent(caller, eventId);
    const removed = event.images?.find((image) => image.id === imageId);
    if (!removed) {
      if (!(await getUpload(eventId, imageId))) throw new NotFoundError('Image not found');
      await table.delete({ Key: uploadKey(eventId, imageId) });
      return { event };
    }
    const images = event.images!.filter((image) => image.id !== imageId);
    const after = await updateEvent(eventId, { images: images.length > 0 ? images : undefined }, now, {
      expectedUpdatedAt: event.updatedAt,
      extraItems: [eventChangeItem(event, [imagesChange(event.images, images)], actorOf(caller), now)],
    });
    return { event: after, removed };
  });
}

/** Puts the event's images in the order sent, with the alt texts sent: exactly its images, each once. */
export async function arrangeImages(caller: Caller, eventId: string, order: readonly { id: string; alt: string }[], now: Date = new Date()): Promise<RaceEvent> {
  const event = await getImageEditableEvent(caller, eventId);
  const current = new Map((event.images ?? []).map((image) => [image.id, image]));
  if (new Set(order.map((entry) => entry.id)).size !== order.length) {
    throw new BadRequestError('Some fields are not valid', { 'body.images': ['List each image once'] });
  }
  if (order.length !== current.size || order.some((entry) => !current.has(entry.id))) {
    throw new ConflictError("The event's images changed meanwhile. Reload them and try again.");
  }
  const images = order.map((entry) => ({ ...current.get(entry.id)!, alt: entry.alt }));
  if (JSON.stringify(images) === JSON.stringify(event.images ?? [])) return event;
  return updateEvent(eventId, { images }, now, {
    expectedUpdatedAt: event.updatedAt,
    extraItems: [eventChangeItem(event, [imagesChange(event.images, images)], actorOf(caller), now)],
  });
}
