/**
 * Export jobs on the admin screens: start one and follow it until the worker ends it, the recent list, and
 * downloading a finished file through a fresh short-lived link (a link in the list would have expired by the
 * time someone clicks it).
 */
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import type { AdminEventFiltersInput } from '#shared/schemas/admin-event-filters';
import type { ExportJob, ExportJobWithDownload, ExportTable } from '#shared/schemas/export-job';
import { adminExportsArea } from '../../lib/api-areas/admin-exports.ts';
import { useAuth } from '../../lib/auth/auth-context.ts';
import { userQueryKey } from '../../lib/auth/user-query-key.ts';
import { useApi } from '../../lib/use-api.ts';
import { saveFile } from './save-file.ts';

/** How often a job is asked about while its worker runs. */
export const FOLLOW_INTERVAL_MS = 1500;
const RECENT_PAGE_SIZE = 10;

export function useExportsQueryKey(): readonly unknown[] {
  const { user } = useAuth();
  return userQueryKey(user?.id, 'admin-exports');
}

/** How an export ended: its job, or no job when it could not even be started. */
export interface ExportResult {
  readonly table: ExportTable;
  readonly status: 'completed' | 'failed';
  readonly job?: ExportJob;
}

export interface ExportRun {
  /** The job as last seen; undefined before the first start. */
  readonly job: ExportJob | undefined;
  readonly starting: boolean;
  /** Started and not yet ended. */
  readonly running: boolean;
  readonly error: unknown;
  start(): void;
}

/**
 * Starts an export of one table (events with the admin list's filters) and follows the job; `onEnded` hears
 * once of each job's end, completed or failed.
 */
export function useExportRun(
  table: ExportTable,
  filters: AdminEventFiltersInput | undefined,
  onEnded?: (result: ExportResult) => void,
): ExportRun {
  const api = useApi(adminExportsArea);
  const queryClient = useQueryClient();
  const exportsKey = useExportsQueryKey();
  const [jobId, setJobId] = useState<string>();
  const onEndedRef = useRef(onEnded);
  useEffect(() => {
    onEndedRef.current = onEnded;
  });
  const mutation = useMutation({
    mutationFn: () => api('startExport', { body: { table, ...(table === 'events' && filters ? { filters } : {}) } }),
    onSuccess: (job) => {
      setJobId(job.id);
      void queryClient.invalidateQueries({ queryKey: [...exportsKey, 'recent'] });
    },
    onError: () => onEndedRef.current?.({ table, status: 'failed' }),
  });
  const followed = useQuery({
    queryKey: [...exportsKey, 'job', jobId],
    queryFn: ({ signal }) => api('getExport', { path: { id: jobId! } }, { signal }),
    enabled: jobId !== undefined,
    refetchInterval: (query) => (query.state.data?.status === 'completed' || query.state.data?.status === 'failed' ? false : FOLLOW_INTERVAL_MS),
  });
  const job: ExportJob | undefined = (followed.data?.id === jobId ? followed.data : undefined) ?? (mutation.data?.id === jobId ? mutation.data : undefined);

  const told = useRef<string | undefined>(undefined);
  useEffect(() => {
    if (!job || job.status === 'processing' || told.current === job.id) return;
    told.current = job.id;
    void queryClient.invalidateQueries({ queryKey: [...exportsKey, 'recent'] });
    onEndedRef.current?.({ table: job.table, status: job.status, job });
  }, [job, exportsKey, queryClient]);

  const { mutate } = mutation;
  const start = useCallback(() => mutate(), [mutate]);
  return {
    job,
    starting: mutation.isPending,
    running: mutation.isPending || job?.status === 'processing',
    error: mutation.error ?? followed.error,
    start,
  };
}

/** Fetches a fresh link for a finished export and hands it to the browser. */
export function useDownloadExport(): (id: string) => Promise<ExportJobWithDownload> {
  const api = useApi(adminExportsArea);
  return useCallback(
    async (id: string) => {
      const job = await api('getExport', { path: { id } });
      if (!job.downloadUrl) throw new Error('This export has no file to download');
      saveFile(job.downloadUrl, job.fileName);
      return job;
    },
    [api],
  );
}

/** Recent exports, newest first, ten at a time; refreshed while any of them is still processing. */
export function useRecentExports() {
  const api = useApi(adminExportsArea);
  const exportsKey = useExportsQueryKey();
  const query = useInfiniteQuery({
    queryKey: [...exportsKey, 'recent'],
    queryFn: ({ pageParam, signal }) =>
      api('listExports', { query: { limit: RECENT_PAGE_SIZE, ...(pageParam ? { cursor: pageParam } : {}) } }, { signal }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page) => page.nextCursor,
    refetchInterval: (q) =>
      q.state.data?.pages.some((page) => page.items.some((job) => job.status === 'processing')) ? FOLLOW_INTERVAL_MS * 2 : false,
  });
  const jobs = query.data?.pages.flatMap((page) => page.items) ?? [];
  return { ...query, jobs };
}
