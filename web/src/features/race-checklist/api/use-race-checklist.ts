/**
 * The athlete's checklist for one saved race: read, ticked (optimistically: the tick shows at once and goes
 * back, with a toast, if the server refuses), items added and removed.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ChecklistSection } from '#shared/race-checklist/vocabulary';
import type { Checklist, ChecklistItem } from '#shared/schemas/race-checklist';
import { useToast } from '../../../components/toast.tsx';
import { errorMessage } from '../../../lib/api-error.ts';
import { raceChecklistsArea } from '../../../lib/api-areas/race-checklists.ts';
import { useAuth } from '../../../lib/auth/auth-context.ts';
import { userQueryKey } from '../../../lib/auth/user-query-key.ts';
import { useApi } from '../../../lib/use-api.ts';

export function raceChecklistQueryKey(userId: string | undefined, eventId: string) {
  return userQueryKey(userId, 'race-checklist', eventId);
}

export function useRaceChecklist(eventId: string) {
  const { user } = useAuth();
  const api = useApi(raceChecklistsArea);
  return useQuery({
    queryKey: raceChecklistQueryKey(user?.id, eventId),
    queryFn: ({ signal }) => api('getRaceChecklist', { path: { eventId } }, { signal }),
    enabled: user !== null,
  });
}

interface TickVariables {
  readonly item: ChecklistItem;
  readonly checked: boolean;
}

/**
 * Ticks and unticks: the cache takes the tick as the request goes, goes back if the server refuses (with a
 * toast), and the list is read again from the server once no tick is in flight. The returned promise settles
 * with the request and never rejects (the toast has said it), so a caller can hold the tick on screen until
 * then (RaceChecklist's useOptimistic: the cache's change reaches the screen a task later, too late for the
 * click that made it).
 */
export function useTickChecklistItem(eventId: string) {
  const { user } = useAuth();
  const api = useApi(raceChecklistsArea);
  const queryClient = useQueryClient();
  const { toast } = useToast();
  const key = raceChecklistQueryKey(user?.id, eventId);
  const mutationKey = [...key, 'tick'];
  const setChecked = (itemId: string, checked: boolean) =>
    queryClient.setQueryData<Checklist>(key, (list) => list && { ...list, items: list.items.map((item) => (item.id === itemId ? { ...item, checked } : item)) });
  const { mutateAsync } = useMutation({
    mutationKey,
    mutationFn: ({ item, checked }: TickVariables) => api('checkRaceChecklistItem', { path: { eventId, itemId: item.id }, body: { checked } }),
    onMutate: async ({ item, checked }) => {
      // A read in flight (another tick's) could land after this one and undo it on screen: stop it, and set
      // the tick again over whatever the cancelled read put back.
      await queryClient.cancelQueries({ queryKey: key });
      setChecked(item.id, checked);
    },
    onError: (error, { item, checked }) => {
      setChecked(item.id, !checked);
      toast({ title: checked ? 'Not ticked' : 'Not unticked', description: `“${item.text}”: ${errorMessage(error)}`, variant: 'destructive' });
    },
    onSettled: () => {
      // The last tick to settle reads the list again; earlier ones would overwrite ticks still in flight.
      if (queryClient.isMutating({ mutationKey }) === 1) void queryClient.invalidateQueries({ queryKey: key });
    },
  });
  return (item: ChecklistItem, checked: boolean): Promise<void> =>
    mutateAsync({ item, checked }).then(
      () => undefined,
      () => undefined,
    );
}

export function useAddChecklistItem(eventId: string) {
  const { user } = useAuth();
  const api = useApi(raceChecklistsArea);
  const queryClient = useQueryClient();
  const key = raceChecklistQueryKey(user?.id, eventId);
  return useMutation({
    mutationFn: (input: { text: string; section: ChecklistSection }) => api('addRaceChecklistItem', { path: { eventId }, body: input }),
    onSuccess: (item) => {
      queryClient.setQueryData<Checklist>(key, (list) => list && { ...list, items: [...list.items, item] });
    },
  });
}

export function useRemoveChecklistItem(eventId: string) {
  const { user } = useAuth();
  const api = useApi(raceChecklistsArea);
  const queryClient = useQueryClient();
  const key = raceChecklistQueryKey(user?.id, eventId);
  return useMutation({
    mutationFn: (item: ChecklistItem) => api('removeRaceChecklistItem', { path: { eventId, itemId: item.id } }),
    onSuccess: (_nothing, item) => {
      queryClient.setQueryData<Checklist>(key, (list) => list && { ...list, items: list.items.filter((entry) => entry.id !== item.id) });
    },
  });
}
