/**
 * The edit page's Images section (issue 24, docs/images.md), loaded lazily with its own chunk: up to six pictures,
 * the first the cover. Files are picked with a real file input (keyboard and screen readers), checked here for type
 * and size before anything is sent, uploaded straight to S3 with progress, then processed by the image function
 * (polled until it is done or says why it refused the file). Order and alt texts are a draft saved with one button;
 * removing an image asks first. The server checks everything again: the owner or an admin, six at most, the policy.
 */
import { useId, useRef, useState } from 'react';
import {
  IMAGE_CONTENT_TYPES,
  MAX_ALT_TEXT,
  WRONG_TYPE_MESSAGE,
  imageSrcSet,
  imageUrlFor,
  tooLargeMessage,
  type EventImage,
  type ImageContentType,
  type ImageUploadTicket,
} from '#shared/schemas/event-image';
import { Alert } from '../../../components/alert.tsx';
import { Button, buttonClass } from '../../../components/button.tsx';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { LoadingBlock } from '../../../components/spinner.tsx';
import { useToast } from '../../../components/toast.tsx';
import { errorMessage } from '../../../lib/api-error.ts';
import { useArrangeImages, useEventImages, useRemoveImage, useRequestUpload } from '../api/use-event-images.ts';
import '../../../components/field.css';
import '../../../components/form-page.css';
import './event-images-section.css';

interface LocalUpload {
  readonly key: string;
  readonly name: string;
  /** 0..1 while sending; undefined before S3 was reached. */
  readonly progress?: number;
  readonly error?: string;
}

const isAllowedType = (type: string): type is ImageContentType => (IMAGE_CONTENT_TYPES as readonly string[]).includes(type);
const megabytes = (bytes: number) => Math.round(bytes / (1024 * 1024));

/** The server's images in the draft's order with the draft's alt texts; images added meanwhile go last. */
function arranged(images: readonly EventImage[], order: readonly string[] | undefined, alts: Readonly<Record<string, string>>): EventImage[] {
  const byId = new Map(images.map((image) => [image.id, image]));
  const ordered = order ? order.flatMap((id) => (byId.has(id) ? [byId.get(id)!] : [])) : [...images];
  for (const image of images) if (!ordered.includes(image)) ordered.push(image);
  return ordered.map((image) => (image.id in alts ? { ...image, alt: alts[image.id]! } : image));
}

export default function EventImagesSection({ eventId }: { eventId: string }) {
  const titleId = useId();
  const inputId = useId();
  const hintId = useId();
  const fileInput = useRef<HTMLInputElement>(null);
  const loaded = useEventImages(eventId);
  const requestUpload = useRequestUpload(eventId);
  const arrange = useArrangeImages(eventId);
  const remove = useRemoveImage(eventId);
  const { toast } = useToast();
  const [local, setLocal] = useState<LocalUpload[]>([]);
  const [order, setOrder] = useState<string[]>();
  const [alts, setAlts] = useState<Record<string, string>>({});
  const [confirming, setConfirming] = useState<EventImage>();

  const data = loaded.data;
  const images = data ? arranged(data.images, order, alts) : [];
  const dirty = data !== undefined && JSON.stringify(images.map(({ id, alt }) => [id, alt])) !== JSON.stringify(data.images.map(({ id, alt }) => [id, alt]));
  const pending = data?.uploads.filter((upload) => upload.status === 'pending') ?? [];
  const failed = data?.uploads.filter((upload) => upload.status === 'failed') ?? [];
  const sending = local.filter((upload) => !upload.error);
  const room = data ? data.maxImages - data.images.length - pending.length - sending.length : 0;

  const patchLocal = (key: string, change: Partial<LocalUpload>) => setLocal((all) => all.map((upload) => (upload.key === key ? { ...upload, ...change } : upload)));

  /** Asks for the upload (in pick order: the server keeps images in the order they were asked for), then sends it. */
  async function start(file: File, key: string, maxFileBytes: number): Promise<void> {
    if (!isAllowedType(file.type)) return patchLocal(key, { error: `${WRONG_TYPE_MESSAGE} This file is ${file.type || 'of an unknown type'}.` });
    if (file.size > maxFileBytes) return patchLocal(key, { error: tooLargeMessage(megabytes(maxFileBytes)) });
    let ticket: ImageUploadTicket;
    try {
      ticket = await requestUpload(file.type, file.size);
    } catch (error) {
      return patchLocal(key, { error: errorMessage(error) });
    }
    patchLocal(key, { progress: 0 });
    // Loaded when a file is sent: shared with the journal's activity import, a chunk of its own that no page's first load lists.
    void import('../../../lib/presigned-upload.ts')
      .then(({ sendUpload }) => sendUpload(ticket, file, (progress) => patchLocal(key, { progress })))
      // The server's list now holds the upload as pending, until the image function is done with it.
      .then(() => loaded.refetch())
      .then(() => setLocal((all) => all.filter((entry) => entry.key !== key)))
      .catch((error: unknown) => patchLocal(key, { error: errorMessage(error) }));
  }

  async function onFiles(files: FileList | null) {
    if (!files || !data) return;
    const picked = [...files];
    const accepted = picked.slice(0, Math.max(room, 0));
    const entries = picked.map((file, index) => ({
      key: `${Date.now()}-${index}-${file.name}`,
      name: file.name,
      ...(index < accepted.length ? {} : { error: `Not uploaded: an event has at most ${data.maxImages} images.` }),
    }));
    setLocal((all) => [...all.filter((entry) => !entry.error), ...entries]);
    if (fileInput.current) fileInput.current.value = '';
    for (const [index, file] of accepted.entries()) await start(file, entries[index]!.key, data.maxFileBytes);
  }

  function move(index: number, by: -1 | 1) {
    const ids = images.map((image) => image.id);
    const [moved] = ids.splice(index, 1);
    ids.splice(index + by, 0, moved!);
    setOrder(ids);
  }

  async function save() {
    try {
      await arrange.mutateAsync(images.map(({ id, alt }) => ({ id, alt })));
      setOrder(undefined);
      setAlts({});
      toast({ title: 'Images Saved', description: 'The order and descriptions are saved.' });
    } catch (error) {
      toast({ title: 'Images Not Saved', description: errorMessage(error), variant: 'destructive' });
      void loaded.refetch();
    }
  }

  async function confirmRemove(image: EventImage) {
    try {
      await remove.mutateAsync(image.id);
      setConfirming(undefined);
      toast({ title: 'Image Removed', description: 'It no longer shows on the event page.' });
    } catch (error) {
      setConfirming(undefined);
      toast({ title: 'Image Not Removed', description: errorMessage(error), variant: 'destructive' });
    }
  }

  return (
    <section className="form-page__section event-images" aria-labelledby={titleId}>
      <h2 id={titleId} className="event-images__title">
        Images
      </h2>
      {loaded.isLoading ? <LoadingBlock label="Loading the images" /> : null}
      {loaded.isError ? (
        <Alert tone="error" title="Unable to load the images">
          {errorMessage(loaded.error)}{' '}
          <Button size="sm" onClick={() => void loaded.refetch()}>
            Try again
          </Button>
        </Alert>
      ) : null}
      {data ? (
        <>
          <p id={hintId} className="event-images__hint">
            Up to {data.maxImages} JPEG, PNG or WebP pictures of at most {megabytes(data.maxFileBytes)} MB each. The first is the cover of the event page. Describe each one for
            people who cannot see it. Images are saved as they upload: Save Changes above is not needed for them.
          </p>
          {images.length === 0 && pending.length === 0 ? <p className="event-images__empty">No images yet: the event page shows the race type&apos;s artwork.</p> : null}
          {images.length > 0 ? (
            <ol className="event-images__list" aria-label="Images, in page order">
              {images.map((image, index) => (
                <li key={image.id} className="event-images__item">
                  <img className="event-images__thumb" src={imageUrlFor(eventId, image, 400)} srcSet={imageSrcSet(eventId, image)} sizes="160px" width={image.width} height={image.height} alt="" />
                  <div className="event-images__details">
                    <p className="event-images__position">{index === 0 ? 'Cover image' : `Image ${index + 1}`}</p>
                    <label className="field__label" htmlFor={`${inputId}-alt-${image.id}`}>
                      Description (alt text)
                    </label>
                    <input
                      id={`${inputId}-alt-${image.id}`}
                      className="field__input"
                      value={image.alt}
                      maxLength={MAX_ALT_TEXT}
                      placeholder="e.g. Runners at the finish line"
                      onChange={(event) => setAlts((all) => ({ ...all, [image.id]: event.target.value }))}
                    />
                    <div className="event-images__actions">
                      <Button size="sm" disabled={index === 0} onClick={() => move(index, -1)} aria-label={`Move image ${index + 1} earlier`}>
                        Move up
                      </Button>
                      <Button size="sm" disabled={index === images.length - 1} onClick={() => move(index, 1)} aria-label={`Move image ${index + 1} later`}>
                        Move down
                      </Button>
                      <Button size="sm" variant="danger" onClick={() => setConfirming(image)} aria-label={`Remove image ${index + 1}`}>
                        Remove
                      </Button>
                    </div>
                  </div>
                </li>
              ))}
            </ol>
          ) : null}
          {dirty ? (
            <div className="event-images__save">
              <Button variant="primary" disabled={arrange.isPending} onClick={() => void save()}>
                {arrange.isPending ? 'Saving…' : 'Save Order and Descriptions'}
              </Button>
              <Button
                onClick={() => {
                  setOrder(undefined);
                  setAlts({});
                }}
              >
                Discard Changes
              </Button>
            </div>
          ) : null}
          <ul className="event-images__uploads" aria-live="polite">
            {local.map((entry) => (
              <li key={entry.key} className={`event-images__upload${entry.error ? ' event-images__upload--error' : ''}`}>
                <span className="event-images__file">{entry.name}</span>
                {entry.error ? (
                  <span role="alert">{entry.error}</span>
                ) : entry.progress === undefined ? (
                  <span>Preparing…</span>
                ) : (
                  <>
                    <progress max={1} value={entry.progress} aria-label={`Uploading ${entry.name}`} />
                    <span>{Math.round(entry.progress * 100)}%</span>
                  </>
                )}
                {entry.error ? (
                  <Button size="sm" onClick={() => setLocal((all) => all.filter((other) => other.key !== entry.key))}>
                    Dismiss
                  </Button>
                ) : null}
              </li>
            ))}
            {pending.map((upload) => (
              <li key={upload.id} className="event-images__upload">
                <span>Processing an image…</span>
              </li>
            ))}
            {failed.map((upload) => (
              <li key={upload.id} className="event-images__upload event-images__upload--error">
                <span role="alert">Processing failed: {upload.error ?? 'the image could not be processed.'}</span>
                <Button size="sm" onClick={() => remove.mutate(upload.id)}>
                  Dismiss
                </Button>
              </li>
            ))}
          </ul>
          <div className="event-images__pick">
            <label htmlFor={inputId} className={buttonClass({ variant: 'secondary' }, room <= 0 ? 'event-images__pick--full' : undefined)}>
              Add Images
            </label>
            <input
              ref={fileInput}
              id={inputId}
              className="event-images__input"
              type="file"
              accept={IMAGE_CONTENT_TYPES.join(',')}
              multiple
              disabled={room <= 0}
              aria-describedby={hintId}
              onChange={(event) => void onFiles(event.target.files)}
            />
            <span className="event-images__room">{room > 0 ? `${room} more can be added.` : `This event has its ${data.maxImages} images.`}</span>
          </div>
        </>
      ) : null}
      {confirming ? (
        <ConfirmDialog title="Remove this image?" confirmText="Remove Image" busy={remove.isPending} onConfirm={() => void confirmRemove(confirming)} onCancel={() => setConfirming(undefined)}>
          <p>It is removed from the event page at once and its files are deleted. This cannot be undone.</p>
        </ConfirmDialog>
      ) : null}
    </section>
  );
}
