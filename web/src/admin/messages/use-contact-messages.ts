/**
 * The admins' contact inbox: pages of GET /api/admin/contact-messages for one status, numbered over the
 * server's cursors (../use-cursor-pages.ts), and marking a message handled or open again.
 */
import type { ContactStatus } from '#shared/contact';
import type { ContactMessage } from '#shared/schemas/contact-message';
import { adminContactMessagesArea } from '../../lib/api-areas/admin-contact-messages.ts';
import { useApi } from '../../lib/use-api.ts';
import { useCursorPages } from '../use-cursor-pages.ts';

export const CONTACT_MESSAGES_KEY = ['admin', 'contact-messages'] as const;

export function useContactMessages(status: ContactStatus) {
  const api = useApi(adminContactMessagesArea);
  return useCursorPages(CONTACT_MESSAGES_KEY, status, (cursor, signal) =>
    api('listContactMessages', { query: { status, ...(cursor ? { cursor } : {}) } }, { signal }),
  );
}

/** Marks a message handled or open again; resolves to the message as it now is. */
export function useSetMessageStatus() {
  const api = useApi(adminContactMessagesArea);
  return (message: ContactMessage, status: ContactStatus) => api('updateContactMessage', { path: { id: message.id }, body: { status } });
}
