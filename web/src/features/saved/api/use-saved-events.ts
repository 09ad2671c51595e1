import { useMutation, useMutationState, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useMemo, useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import type { z } from 'zod';
import type { SavedEventEntrySchema } from '#shared/schemas/saved-event';
import type { EventSummary } from '#shared/schemas/search';
import { useToast } from '../../../components/toast.tsx';
import { useApi } from '../../../lib/use-api.ts';
import { savedArea } from '../../../lib/api-areas/saved.ts';
import { useAuth } from '../../../lib/auth/auth-context.ts';
import { userQueryKey } from '../../../lib/auth/user-query-key.ts';
import { signInPath } from '../../../lib/sign-in-path.ts';
import { rememberPendingSave } from './pending-save.ts';

export type SavedEventEntry = z.infer<typeof SavedEventEntrySchema>;

/**
 * What the save toggle needs: the id and title (for the toasts and accessible names). When the caller has the
 * event's card fields too (cards, the detail page), the saved list is updated at once instead of on refetch.
 */
export type SaveTarget = { id: string; title: string } & Partial<Omit<EventSummary, 'id' | 'title'>>;

/** Under the user root, so a sign-out drops the list and another user never sees it. */
export function savedEventsQueryKey(userId: string | undefined) {
  return userQueryKey(userId, 'saved-events');
}

function saveMutationKey(userId: string | undefined) {
  return userQueryKey(userId, 'saved-events', 'toggle');
}

interface ToggleVariables {
  event: SaveTarget;
  save: boolean;
}

const NO_ENTRIES: SavedEventEntry[] = [];
/** A defensive bound: the server pages 50 at a time, so this is far more saved events than anyone keeps. */
const MAX_PAGES = 100;

export interface SavedEventsState {
  /** Newest first, every page of GET /api/me/saved-events. */
  entries: SavedEventEntry[];
  /** Ids of saved events, including saves in flight and without removals in flight (optimistic). */
  savedIds: ReadonlySet<string>;
  isLoading: boolean;
  error: unknown;
}

/** The signed-in user's saved events; empty (and not loading) for visitors. */
export function useSavedEvents(): SavedEventsState {
  const { status, user } = useAuth();
  const api = useApi(savedArea);
  const signedIn = status === 'signedIn' && user !== null;
  const query = useQuery({
    queryKey: savedEventsQueryKey(user?.id),
    queryFn: async ({ signal }) => {
      const entries: SavedEventEntry[] = [];
      let cursor: string | undefined;
      for (let page = 0; page < MAX_PAGES; page += 1) {
        const result = await api('listSavedEvents', { query: cursor ? { cursor } : {} }, { signal });
        entries.push(...result.items);
        if (!result.nextCursor || result.nextCursor === cursor) break;
        cursor = result.nextCursor;
      }
      return entries;
    },
    enabled: signedIn,
    staleTime: 60_000,
  });

  // Toggles in flight anywhere on the page: a heart shows its new state while the request runs, even when
  // the toggled event's card fields were not at hand to put into the list.
  const inFlight = useMutationState({
    filters: { mutationKey: saveMutationKey(user?.id), status: 'pending' },
    select: (mutation) => mutation.state.variables as ToggleVariables | undefined,
  });

  const entries = signedIn ? (query.data ?? NO_ENTRIES) : NO_ENTRIES;
  const savedIds = useMemo(() => {
    const ids = new Set(entries.map((entry) => entry.event.id));
    for (const variables of inFlight) {
      if (!variables) continue;
      if (variables.save) ids.add(variables.event.id);
      else ids.delete(variables.event.id);
    }
    return ids;
  }, [entries, inFlight]);

  return {
    entries,
    savedIds,
    isLoading: signedIn && query.isPending,
    error: signedIn ? query.error : null,
  };
}

/** The card fields of a target, when it carries all of them. */
function summaryOf(event: SaveTarget): EventSummary | undefined {
  const { id, title, description, eventDate, city, state, locationName, eventType, terrainType, distances } = event;
  if (!eventDate || city === undefined || !state || locationName === undefined || !eventType || !terrainType || !distances) return undefined;
  const { registrationFee, priceTiers, registrationUrl, imageUrl, featured = false, verified = true, promotion } = event;
  return {
    id, title, description, eventDate, city, state, locationName, eventType, terrainType, distances,
    registrationFee, priceTiers, registrationUrl, imageUrl, featured, verified, promotion,
  };
}

export interface ToggleSave {
  /** Saves the event when it is not saved, removes it when it is; reports the outcome with a toast. Never rejects. */
  toggle(event: SaveTarget): Promise<void>;
  /** Saves the event (never removes it): the save a visitor asked for before signing in. Never rejects. */
  save(event: SaveTarget): Promise<void>;
  /** The event whose toggle this hook has in flight. */
  pendingId?: string;
  /** Saved event ids, as useSavedEvents gives them (so a button needs one subscription, not two). */
  savedIds: ReadonlySet<string>;
}

export function useToggleSave(): ToggleSave {
  const { status, user } = useAuth();
  const api = useApi(savedArea);
  const queryClient = useQueryClient();
  const { toast } = useToast();
  const navigate = useNavigate();
  const location = useLocation();
  const { savedIds } = useSavedEvents();
  const [pendingId, setPendingId] = useState<string>();
  const key = savedEventsQueryKey(user?.id);

  const mutation = useMutation({
    mutationKey: saveMutationKey(user?.id),
    mutationFn: async ({ event, save }: ToggleVariables) => {
      if (save) await api('saveEvent', { path: { eventId: event.id } });
      else await api('unsaveEvent', { path: { eventId: event.id } });
    },
    onMutate: async ({ event, save }) => {
      // An in-flight list fetch could land after this and undo the optimistic change.
      await queryClient.cancelQueries({ queryKey: key });
      const previous = queryClient.getQueryData<SavedEventEntry[]>(key);
      if (previous) {
        const others = previous.filter((entry) => entry.event.id !== event.id);
        const summary = save ? summaryOf(event) : undefined;
        queryClient.setQueryData<SavedEventEntry[]>(key, summary ? [{ savedAt: new Date().toISOString(), event: summary }, ...others] : others);
      }
      return { previous };
    },
    onError: (_error, { save }, context) => {
      if (context?.previous) queryClient.setQueryData(key, context.previous);
      toast({
        title: 'Error',
        description: save ? 'Failed to save event. Please try again.' : 'Failed to remove event. Please try again.',
        variant: 'destructive',
      });
    },
    onSuccess: (_data, { save }) => {
      toast(
        save
          ? { title: 'Event saved!', description: 'Event has been added to your dashboard' }
          : { title: 'Event removed', description: 'Event has been removed from your dashboard' },
      );
    },
    // The server's list is the truth (savedAt, the event's current fields). Not awaited: the button is busy for
    // the write alone, so a click after the server answered counts even while the list is read again (a later
    // toggle's onMutate cancels that read); awaited, a busy machine ignored the click that removed a save.
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: key });
    },
  });
  const { mutateAsync } = mutation;

  const run = useCallback(
    async (event: SaveTarget, save: boolean) => {
      // One toggle per event at a time: a double click must not save and remove in a race.
      if (pendingId === event.id) return;
      setPendingId(event.id);
      try {
        await mutateAsync({ event, save });
      } catch {
        // Reported by onError with a toast.
      } finally {
        setPendingId((current) => (current === event.id ? undefined : current));
      }
    },
    [pendingId, mutateAsync],
  );

  const here = location.pathname + location.search + location.hash;
  const toggle = useCallback(
    async (event: SaveTarget) => {
      if (status !== 'signedIn' || !user) {
        toast({
          title: 'Please sign in',
          description: 'You need to be signed in to save events',
          variant: 'destructive',
          // Signing in comes back here and finishes the save (pending-save.ts, PendingSaveRunner).
          action: {
            label: 'Sign in',
            onClick: () => {
              rememberPendingSave({ id: event.id, title: event.title });
              void navigate(signInPath(here));
            },
          },
        });
        return;
      }
      await run(event, !savedIds.has(event.id));
    },
    [status, user, toast, navigate, here, run, savedIds],
  );
  const save = useCallback((event: SaveTarget) => run(event, true), [run]);

  return { toggle, save, pendingId, savedIds };
}
