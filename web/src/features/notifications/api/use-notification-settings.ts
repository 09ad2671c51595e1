/** The preferences page's data: every kind with its switches as they apply, and saving the optional ones. */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { NotificationSettings } from '#shared/schemas/inbox';
import type { NotificationPreferences } from '#shared/schemas/notifications';
import { notificationsArea } from '../../../lib/api-areas/notifications.ts';
import { useAuth } from '../../../lib/auth/auth-context.ts';
import { userQueryKey } from '../../../lib/auth/user-query-key.ts';
import { useApi } from '../../../lib/use-api.ts';

const settingsKey = (userId: string | undefined) => userQueryKey(userId, 'notification-settings');

export function useNotificationSettings() {
  const api = useApi(notificationsArea);
  const { user } = useAuth();
  return useQuery({ queryKey: settingsKey(user?.id), queryFn: ({ signal }) => api('getNotificationPreferences', {}, { signal }) });
}

export function useSaveNotificationSettings() {
  const api = useApi(notificationsArea);
  const { user } = useAuth();
  const client = useQueryClient();
  return useMutation({
    mutationFn: (preferences: NotificationPreferences) => api('putNotificationPreferences', { body: { preferences } }),
    onSuccess: (saved: NotificationSettings) => client.setQueryData(settingsKey(user?.id), saved),
  });
}
