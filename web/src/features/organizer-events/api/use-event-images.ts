/**
 * An event's images on the edit page (docs/images.md): the list (polled while an upload is being processed), the
 * upload of one file (ask the API for a presigned POST, then send the file straight to S3 with progress), the
 * order and alt texts, and removal. Keyed by user and event.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { EventImages, ImageContentType } from '#shared/schemas/event-image';
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
