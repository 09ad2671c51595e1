/** Sending the contact form (POST /api/contact-messages, open to everyone). */
import { useMutation } from '@tanstack/react-query';
import type { ContactMessageBody } from '#shared/schemas/contact-message';
import { contactMessagesArea } from '../../../lib/api-areas/contact-messages.ts';
import { useApi } from '../../../lib/use-api.ts';

export function useSendContactMessage() {
  const api = useApi(contactMessagesArea);
  return useMutation({ mutationFn: (body: ContactMessageBody) => api('sendContactMessage', { body }) });
}
