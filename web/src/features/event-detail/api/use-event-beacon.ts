/**
 * The analytics beacon of the event page: one 'view' when the page shows an event, one 'register' when the
 * Register button is used. Fire and forget: counting must never slow or break the page, so failures are
 * ignored. The server decides what counts (no bots, no repeats within 30 minutes).
 */
import { useCallback, useEffect } from 'react';
import type { BeaconKind } from '#shared/analytics';
import { analyticsArea } from '../../../lib/api-areas/analytics.ts';
import { useApi } from '../../../lib/use-api.ts';

export function useEventBeacon(eventId: string): () => void {
  const api = useApi(analyticsArea);
  const send = useCallback(
    (kind: BeaconKind) => {
      void api('recordBeacon', { path: { id: eventId }, body: { kind } }).catch(() => undefined);
    },
    [api, eventId],
  );
  useEffect(() => send('view'), [send]);
  return useCallback(() => send('register'), [send]);
}
