/**
 * GET /api/status (public, cached 30 s): whether maintenance mode is on and sign-up is open. Read by the
 * maintenance banner on every page and by the sign-up form. Fetched directly and checked by hand rather than
 * through the typed client (api.ts), which would bring zod to every visitor's home page for two booleans, and
 * kept in the query cache through the client's fetchQuery rather than the useQuery hook, which the first load
 * would otherwise carry in a chunk of its own (the first-load budget test measures it).
 */
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import type { SystemStatus } from '#shared/schemas/system-config';

export const SYSTEM_STATUS_QUERY_KEY = ['system-status'] as const;

/** The status, when the answer is one; anything else is no status (the page then shows nothing about it). */
export function parseSystemStatus(value: unknown): SystemStatus | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const { maintenanceMode, registrationEnabled } = value as Record<string, unknown>;
  if (typeof maintenanceMode !== 'boolean' || typeof registrationEnabled !== 'boolean') return undefined;
  return { maintenanceMode, registrationEnabled };
}

export async function fetchSystemStatus(signal?: AbortSignal): Promise<SystemStatus> {
  // Revalidated with the server on every load (not kept by the browser's HTTP cache for its 30 s), so a switch
  // an admin just made shows on their next page; shared caches may still serve it for those 30 s.
  const response = await fetch('/api/status', { headers: { accept: 'application/json' }, cache: 'no-cache', signal });
  if (!response.ok) throw new Error(`GET /api/status answered ${response.status}`);
  const status = parseSystemStatus(await response.json());
  if (!status) throw new Error('GET /api/status answered something else than a status');
  return status;
}

/** The platform status; undefined while it loads or when it cannot be had (nothing is then shown). */
export function useSystemStatus(): SystemStatus | undefined {
  const queryClient = useQueryClient();
  const [status, setStatus] = useState(() => queryClient.getQueryData<SystemStatus>(SYSTEM_STATUS_QUERY_KEY));
  useEffect(() => {
    let live = true;
    queryClient
      .fetchQuery({ queryKey: SYSTEM_STATUS_QUERY_KEY, queryFn: ({ signal }) => fetchSystemStatus(signal), staleTime: 30_000, retry: false })
      .then(
        (value) => live && setStatus(value),
        () => undefined,
      );
    return () => {
      live = false;
    };
  }, [queryClient]);
  return status;
}
