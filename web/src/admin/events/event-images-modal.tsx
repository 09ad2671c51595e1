/**
 * The admin's look at one event's images from the events list (issue 24: admins may remove any image), loaded
 * lazily when first opened. Each picture with its description and a Remove that asks first; the server checks the
 * admin's role again (DELETE /api/events/{id}/images/{imageId}). Ordering and describing stay on the edit page.
 */
import Alert from '@cloudscape-design/components/alert';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Modal from '@cloudscape-design/components/modal';
import SpaceBetween from '@cloudscape-design/components/space-between';
import Spinner from '@cloudscape-design/components/spinner';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { imageUrlFor, type EventImage } from '#shared/schemas/event-image';
import { errorMessage } from '../../lib/api-error.ts';
import { eventImagesArea } from '../../lib/api-areas/event-images.ts';
import { useApi } from '../../lib/use-api.ts';

export default function EventImagesModal({ eventId, title, onDismiss }: { eventId: string; title: string; onDismiss(): void }) {
  const api = useApi(eventImagesArea);
  const queryClient = useQueryClient();
  const key = ['admin-event-images', eventId];
  const images = useQuery({ queryKey: key, queryFn: ({ signal }) => api('listEventImages', { path: { id: eventId } }, { signal }) });
  const [confirming, setConfirming] = useState<EventImage>();
  const remove = useMutation({
    mutationFn: (imageId: string) => api('deleteEventImage', { path: { id: eventId, imageId } }),
    onSuccess: (answer) => {
      queryClient.setQueryData(key, answer);
      setConfirming(undefined);
    },
  });
  const list = images.data?.images ?? [];

  return (
    <Modal visible onDismiss={onDismiss} header={`Images of ${title}`} closeAriaLabel="Close" size="large" footer={<Box float="right"><Button onClick={onDismiss}>Close</Button></Box>}>
      <SpaceBetween size="m">
        {images.isLoading && <Spinner size="large" />}
        {images.isError && (
          <Alert type="error" header="Unable to load the images" action={<Button onClick={() => void images.refetch()}>Retry</Button>}>
            {errorMessage(images.error)}
          </Alert>
        )}
        {remove.isError && <Alert type="error" header="The image was not removed">{errorMessage(remove.error)}</Alert>}
        {images.data && list.length === 0 && <Box color="text-body-secondary">This event has no images.</Box>}
        {confirming && (
          <Alert
            type="warning"
            header="Remove this image?"
            action={
              <SpaceBetween size="xs" direction="horizontal">
                <Button onClick={() => setConfirming(undefined)}>Cancel</Button>
                <Button variant="primary" loading={remove.isPending} onClick={() => remove.mutate(confirming.id)}>
                  Remove image
                </Button>
              </SpaceBetween>
            }
          >
            It disappears from the event page at once and its files are deleted. This cannot be undone.
          </Alert>
        )}
        {list.map((image, index) => (
          <SpaceBetween key={image.id} size="m" direction="horizontal" alignItems="center">
            <img src={imageUrlFor(eventId, image, 400)} width={160} height={Math.round((160 * image.height) / image.width)} alt={image.alt} style={{ objectFit: 'cover', borderRadius: 8 }} />
            <SpaceBetween size="xxs">
              <Box variant="strong">{index === 0 ? 'Cover image' : `Image ${index + 1}`}</Box>
              <Box color="text-body-secondary">{image.alt || 'No description'}</Box>
              <Button disabled={remove.isPending} ariaLabel={`Remove image ${index + 1}`} onClick={() => setConfirming(image)}>
                Remove
              </Button>
            </SpaceBetween>
          </SpaceBetween>
        ))}
      </SpaceBetween>
    </Modal>
  );
}
