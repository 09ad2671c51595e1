/**
 * The signed-in person's inbox: its pages (newest first, a cursor each), its unread count for the header's bell,
 * and marking read. Every query sits under one key, so marking anything read refreshes the bell and the list.
 */
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { InboxPage, MarkReadBody } from '#shared/schemas/inbox';
import { notificationsArea } from '../../../lib/api-areas/notifications.ts';
import { useAuth } from '../../../lib/auth/auth-context.ts';
import { userQueryKey } from '../../../lib/auth/user-query-key.ts';
import { useApi } from '../../../lib/use-api.ts';

/** The bell asks again this often while a page is open (and whenever the tab comes back into view). */
export const UNREAD_POLL_MS = 60_000;

const inboxKey = (userId: string | undefined, ...rest: string[]) => userQueryKey(userId, 'notifications', ...rest);

export function useUnreadCount() {
  const api = useApi(notificationsArea);
  const { user } = useAuth();
  return useQuery({
    queryKey: inboxKey(user?.id, 'unread'),
    queryFn: async ({ signal }) => (await api('listNotifications', { query: {} }, { signal })).unreadCount,
    refetchInterval: UNREAD_POLL_MS,
    refetchOnWindowFocus: true,
  });
}

export function useInbox() {
  const api = useApi(notificationsArea);
  const { user } = useAuth();
  return useInfiniteQuery({
    queryKey: inboxKey(user?.id, 'pages'),
    queryFn: ({ pageParam, signal }): Promise<InboxPage> => api('listNotifications', { query: pageParam ? { cursor: pageParam } : {} }, { signal }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor,
  });
}

export function useMarkRead() {
  const api = useApi(notificationsArea);
  const { user } = useAuth();
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: MarkReadBody) => api('markNotificationsRead', { body }),
    onSuccess: ({ unreadCount }) => {
      client.setQueryData(inboxKey(user?.id, 'unread'), unreadCount);
      return client.invalidateQueries({ queryKey: inboxKey(user?.id, 'pages') });
    },
  });
}
