/**
 * The athlete's checklist for one saved race: read, ticked, items added and removed.
 *
 * What the page shows never goes back on the athlete's own change:
 * - a tick shows in the same event as the click (React's optimistic state, not the query cache, whose news
 *   reaches the page a timer later: a controlled checkbox would meanwhile be set back to the old value), and
 *   stays until the server has answered; a refused tick goes back, with a toast;
 * - every write (tick, add, remove) drops a read of the list in flight when it starts: that read may have
 *   been answered before the write and would undo it on screen. The last write to settle reads the list again.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { startTransition, useOptimistic } from 'react';
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

/** What every write to the checklist shares: the API, the cache of the list, and the rule above. */
function useChecklistWrites(eventId: string) {
  const { user } = useAuth();
  const api = useApi(raceChecklistsArea);
  const queryClient = useQueryClient();
  const key = raceChecklistQueryKey(user?.id, eventId);
  const mutationKey = [...key, 'write'];
  return {
    api,
    /** Puts the server's answer to a write into the cached list. */
    update: (change: (items: ChecklistItem[]) => ChecklistItem[]) =>
      queryClient.setQueryData<Checklist>(key, (list) => list && { ...list, items: change(list.items) }),
    options: {
      mutationKey,
      onMutate: () => queryClient.cancelQueries({ queryKey: key }),
      onSettled: () => {
        // This write is still counted: it is the last one when it is the only one.
        if (queryClient.isMutating({ mutationKey }) === 1) void queryClient.invalidateQueries({ queryKey: key });
      },
    },
  };
}

interface Tick {
  readonly item: ChecklistItem;
  readonly checked: boolean;
}

/** The items as they show (with the ticks in flight) and the way to tick one. */
export function useChecklistTicks(eventId: string, items: readonly ChecklistItem[]) {
  const { api, update, options } = useChecklistWrites(eventId);
  const { toast } = useToast();
  const [shown, show] = useOptimistic(items, (current, { item, checked }: Tick) =>
    current.map((entry) => (entry.id === item.id ? { ...entry, checked } : entry)),
  );
  const { mutateAsync } = useMutation({
    ...options,
    mutationFn: ({ item, checked }: Tick) => api('checkRaceChecklistItem', { path: { eventId, itemId: item.id }, body: { checked } }),
    onSuccess: (saved) => update((list) => list.map((entry) => (entry.id === saved.id ? saved : entry))),
    onError: (error, { item, checked }) => {
      toast({ title: checked ? 'Not ticked' : 'Not unticked', description: `“${item.text}”: ${errorMessage(error)}`, variant: 'destructive' });
    },
  });
  const tick = (item: ChecklistItem, checked: boolean) =>
    startTransition(async () => {
      show({ item, checked });
      // A refusal is reported by onError; the tick then goes back as the optimistic state ends.
      await mutateAsync({ item, checked }).catch(() => undefined);
    });
  return { items: shown, tick };
}

export function useAddChecklistItem(eventId: string) {
  const { api, update, options } = useChecklistWrites(eventId);
  return useMutation({
    ...options,
    mutationFn: (input: { text: string; section: ChecklistSection }) => api('addRaceChecklistItem', { path: { eventId }, body: input }),
    onSuccess: (item) => update((list) => [...list, item]),
  });
}

export function useRemoveChecklistItem(eventId: string) {
  const { api, update, options } = useChecklistWrites(eventId);
  return useMutation({
    ...options,
    mutationFn: (item: ChecklistItem) => api('removeRaceChecklistItem', { path: { eventId, itemId: item.id } }),
    onSuccess: (_nothing, item) => update((list) => list.filter((entry) => entry.id !== item.id)),
  });
}
