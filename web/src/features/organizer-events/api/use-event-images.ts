/**
 * An event's images on the edit page (docs/images.md): the list (polled while an upload is being processed), the
 * upload of one file (ask the API for a presigned POST, then send the file straight to S3 with progress), the
 * order and alt texts, and removal. Keyed by user and event.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { EventImages, ImageContentType, ImageUploadTicket } from '#shared/schemas/event-image';
import { eventImagesArea } from '../../../lib/api-areas/event-images.ts';
import { useAuth } from '../../../lib/auth/auth-context.ts';
import { userQueryKey } from '../../../lib/auth/user-query-key.ts';
import { useApi, type AreaRequest } from '../../../lib/use-api.ts';

/** How often the list is read again while the image function works on an upload. */
const PROCESSING_POLL_MS = 1500;

export const eventImagesKey = (userId: string | undefined, eventId: string) => userQueryKey(userId, 'event-images', eventId);

export function useEventImages(eventId: string) {
  const { user } = useAuth();
  const api = useApi(eventImagesArea);
  return useQuery({
    queryKey: eventImagesKey(user?.id, eventId),
    queryFn: ({ signal }) => api('listEventImages', { path: { id: eventId } }, { signal }),
    enabled: user !== null,
    refetchInterval: (query) => (query.state.data?.uploads.some((upload) => upload.status === 'pending') ? PROCESSING_POLL_MS : false),
  });
}

type ImagesApi = AreaRequest<Awaited<ReturnType<typeof eventImagesArea>>>;

/** A change whose answer is the new list: it replaces the cached one. */
function useImagesMutation<Input>(eventId: string, call: (api: ImagesApi, input: Input) => Promise<EventImages>) {
  const { user } = useAuth();
  const api = useApi(eventImagesArea);
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: Input) => call(api, input),
    onSuccess: (images) => queryClient.setQueryData(eventImagesKey(user?.id, eventId), images),
  });
}

export const useArrangeImages = (eventId: string) =>
  useImagesMutation(eventId, (api, images: { id: string; alt: string }[]) => api('updateEventImages', { path: { id: eventId }, body: { images } }));

export const useRemoveImage = (eventId: string) =>
  useImagesMutation(eventId, (api, imageId: string) => api('deleteEventImage', { path: { id: eventId, imageId } }));

export function useRequestUpload(eventId: string) {
  const api = useApi(eventImagesArea);
  return (contentType: ImageContentType, size: number) => api('requestImageUpload', { path: { id: eventId }, body: { contentType, size } });
}

/** What S3 answered an upload it refused, in the words of the edit page. */
function s3Refusal(status: number, body: string): string {
  const code = /<Code>([^<]+)<\/Code>/.exec(body)?.[1];
  if (code === 'EntityTooLarge') return 'This file is larger than the upload allows.';
  if (code === 'AccessDenied' || status === 403) return 'The upload was refused: the file type or size is not allowed, or the upload took too long. Try again.';
  return 'The upload failed. Check your connection and try again.';
}

/**
 * Sends the file with the presigned POST (XMLHttpRequest, since fetch reports no upload progress); resolves when S3
 * has it, rejects with a message fit to show.
 */
export function sendUpload(ticket: ImageUploadTicket, file: File, onProgress: (fraction: number) => void): Promise<void> {
  return new Promise((resolve, reject) => {
    const form = new FormData();
    for (const [name, value] of Object.entries(ticket.fields)) form.append(name, value);
    // S3 reads the file last: every field after it is ignored.
    form.append('file', file);
    const request = new XMLHttpRequest();
    request.open('POST', ticket.url);
    request.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(event.loaded / event.total);
    };
    request.onload = () => (request.status >= 200 && request.status < 300 ? resolve() : reject(new Error(s3Refusal(request.status, request.responseText))));
    request.onerror = () => reject(new Error('The upload failed. Check your connection and try again.'));
    request.send(form);
  });
}
