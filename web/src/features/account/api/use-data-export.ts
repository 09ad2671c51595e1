/**
 * "Export my data": start an export of the signed-in person's data and follow the job every two seconds until
 * the worker ends it; a completed job carries a download link that works for a few minutes, so a link that has
 * run out is asked for again rather than followed. POST answers the export already under way, if any, so a
 * second click (or a second tab) never starts another.
 */
import { useMutation, useQuery } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import type { PersonalExport, PersonalExportWithDownload } from '#shared/schemas/personal-export';
import { myExportsArea } from '../../../lib/api-areas/my-exports.ts';
import { useAuth } from '../../../lib/auth/auth-context.ts';
import { userQueryKey } from '../../../lib/auth/user-query-key.ts';
import { useApi } from '../../../lib/use-api.ts';

/** How often a job is asked about while the worker runs. */
export const EXPORT_POLL_INTERVAL_MS = 2000;

export function dataExportQueryKey(userId: string | undefined, jobId: string | undefined): readonly unknown[] {
  return userQueryKey(userId, 'my-exports', jobId ?? 'none');
}

export interface DataExport {
  /** The job as last seen: processing, completed (with its link) or failed; undefined before the first start. */
  readonly job: PersonalExport | PersonalExportWithDownload | undefined;
  /** The POST is on its way. */
  readonly starting: boolean;
  /** Started and not yet ended. */
  readonly running: boolean;
  /** The start or the following failed (not the job: a failed job says why in `job.error`). */
  readonly error: unknown;
  /** Starts an export (or picks up the one under way). */
  start(): void;
  /** Asks about the job again: after a failed poll, or for a fresh link once the last one has run out. */
  refresh(): void;
}

export function useDataExport(): DataExport {
  const api = useApi(myExportsArea);
  const { user } = useAuth();
  const [jobId, setJobId] = useState<string>();

  const started = useMutation({
    mutationFn: () => api('startMyExport'),
    onSuccess: (job) => setJobId(job.id),
  });
  const followed = useQuery({
    queryKey: dataExportQueryKey(user?.id, jobId),
    queryFn: ({ signal }) => api('getMyExport', { path: { id: jobId! } }, { signal }),
    enabled: jobId !== undefined,
    // Every two seconds while the worker runs; not after it ended, nor after a failed read (Try again asks).
    refetchInterval: (query) =>
      query.state.status === 'error' || (query.state.data !== undefined && query.state.data.status !== 'processing') ? false : EXPORT_POLL_INTERVAL_MS,
  });

  const job = (followed.data?.id === jobId ? followed.data : undefined) ?? (started.data?.id === jobId ? started.data : undefined);
  const { mutate } = started;
  const start = useCallback(() => mutate(), [mutate]);
  const { refetch } = followed;
  const refresh = useCallback(() => void refetch(), [refetch]);
  return {
    job,
    starting: started.isPending,
    running: started.isPending || job?.status === 'processing',
    error: started.error ?? (followed.isError ? followed.error : null),
    start,
    refresh,
  };
}
