/** The signed-in person's saved searches: the list, saving the search page's filters, renaming and deleting. */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { NewSavedSearch } from '#shared/schemas/saved-search';
import { savedSearchesArea } from '../../../lib/api-areas/saved-searches.ts';
import { useAuth } from '../../../lib/auth/auth-context.ts';
import { userQueryKey } from '../../../lib/auth/user-query-key.ts';
import { useApi } from '../../../lib/use-api.ts';

const listKey = (userId: string | undefined) => userQueryKey(userId, 'saved-searches');

export function useSavedSearches() {
  const api = useApi(savedSearchesArea);
  const { user } = useAuth();
  return useQuery({ queryKey: listKey(user?.id), queryFn: ({ signal }) => api('listSavedSearches', {}, { signal }) });
}

function useRefreshAfter() {
  const client = useQueryClient();
  const { user } = useAuth();
  return () => client.invalidateQueries({ queryKey: listKey(user?.id) });
}

export function useSaveSearch() {
  const api = useApi(savedSearchesArea);
  const refresh = useRefreshAfter();
  return useMutation({ mutationFn: (body: NewSavedSearch) => api('createSavedSearch', { body }), onSuccess: refresh });
}

export function useRenameSearch() {
  const api = useApi(savedSearchesArea);
  const refresh = useRefreshAfter();
  return useMutation({ mutationFn: ({ id, name }: { id: string; name: string }) => api('renameSavedSearch', { path: { id }, body: { name } }), onSuccess: refresh });
}

export function useDeleteSearch() {
  const api = useApi(savedSearchesArea);
  const refresh = useRefreshAfter();
  return useMutation({ mutationFn: (id: string) => api('deleteSavedSearch', { path: { id } }), onSuccess: refresh });
}
