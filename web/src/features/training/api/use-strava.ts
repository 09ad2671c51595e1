/**
 * The athlete's Strava connection (docs/strava.md): its status (asked again every few seconds while the 90-day
 * backfill runs, and now and then while connected, so activities that arrive show without a reload), Connect
 * (the browser goes to Strava's authorize page), the return from Strava, and Disconnect.
 */
import { useEffect, useRef } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { StravaConnection } from '#shared/schemas/strava';
import { stravaArea } from '../../../lib/api-areas/strava.ts';
import { useAuth } from '../../../lib/auth/auth-context.ts';
import { userQueryKey } from '../../../lib/auth/user-query-key.ts';
import { useApi } from '../../../lib/use-api.ts';
import { useRefreshTraining } from './use-training.ts';

const BACKFILL_POLL_MS = 2000;
const CONNECTED_POLL_MS = 20_000;

const stravaKey = (userId: string | undefined) => userQueryKey(userId, 'strava');

export function useStravaConnection() {
  const { user } = useAuth();
  const api = useApi(stravaArea);
  const refresh = useRefreshTraining();
  const query = useQuery({
    queryKey: stravaKey(user?.id),
    queryFn: ({ signal }) => api('getStravaConnection', {}, { signal }),
    enabled: user !== null,
    refetchInterval: (current) => {
      const data = current.state.data;
      if (!data?.connected) return false;
      return data.backfill.status === 'running' ? BACKFILL_POLL_MS : CONNECTED_POLL_MS;
    },
  });
  // An activity came in (or the backfill moved on): the journal and the figures are read again.
  const seen = useRef<string | undefined>(undefined);
  const data = query.data;
  const mark = data?.connected ? `${data.lastSyncAt ?? ''}#${data.backfill.imported}#${data.backfill.status}` : undefined;
  useEffect(() => {
    if (mark === undefined) return;
    if (seen.current !== undefined && seen.current !== mark) void refresh();
    seen.current = mark;
  }, [mark, refresh]);
  return query;
}

/** Asks for Strava's authorize URL and sends the browser there. */
export function useConnectStrava() {
  const api = useApi(stravaArea);
  return useMutation({
    mutationFn: () => api('connectStrava', {}),
    onSuccess: ({ authorizeUrl }) => window.location.assign(authorizeUrl),
  });
}

/** The return page's part: the code and state Strava added to its URL, exchanged by the server. */
export function useFinishStrava() {
  const { user } = useAuth();
  const api = useApi(stravaArea);
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { code: string; state: string; scope?: string }) => api('finishStravaConnection', { body }),
    onSuccess: (connection: StravaConnection) => queryClient.setQueryData(stravaKey(user?.id), connection),
  });
}

export function useDisconnectStrava() {
  const { user } = useAuth();
  const api = useApi(stravaArea);
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api('disconnectStrava', {}),
    onSuccess: () => queryClient.setQueryData(stravaKey(user?.id), { connected: false, available: true } satisfies StravaConnection),
  });
}
