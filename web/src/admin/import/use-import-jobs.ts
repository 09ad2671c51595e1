import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { StartImportJobBody } from '#shared/schemas/import-job';
import { adminImportsArea } from '../../lib/api-areas/admin-imports.ts';
import { useAuth } from '../../lib/auth/auth-context.ts';
import { userQueryKey } from '../../lib/auth/user-query-key.ts';
import { useApi } from '../../lib/use-api.ts';
import { adminOverviewQueryKey } from '../use-admin-overview.ts';
import { isActive } from './import-job-facts.ts';

/** Spec 001: the job list refreshes every 10 s and shows the last 10 jobs. */
export const JOBS_REFRESH_MS = 10_000;
export const JOBS_PAGE_SIZE = 10;

function importJobsKey(userId: string | undefined, ...rest: string[]) {
  return userQueryKey(userId, 'admin', 'import-jobs', ...rest);
}

/** One page of GET /api/admin/import-jobs (newest first), refreshed every 10 s while shown. */
export function useImportJobs(cursor: string | undefined) {
  const { user } = useAuth();
  const api = useApi(adminImportsArea);
  return useQuery({
    queryKey: importJobsKey(user?.id, 'page', cursor ?? ''),
    queryFn: ({ signal }) => api('listImportJobs', { query: { limit: JOBS_PAGE_SIZE, ...(cursor ? { cursor } : {}) } }, { signal }),
    staleTime: 0,
    refetchInterval: JOBS_REFRESH_MS,
    placeholderData: keepPreviousData,
  });
}

/** One job, polled every `intervalMs` while it is pending or running (the JSON import's progress). */
export function useImportJob(id: string | undefined, intervalMs: number) {
  const { user } = useAuth();
  const api = useApi(adminImportsArea);
  return useQuery({
    queryKey: importJobsKey(user?.id, 'job', id ?? ''),
    queryFn: ({ signal }) => api('getImportJob', { path: { id: id! } }, { signal }),
    enabled: Boolean(id),
    staleTime: 0,
    refetchInterval: (query) => (query.state.data && !isActive(query.state.data) ? false : intervalMs),
  });
}

/** POST /api/admin/import-jobs; on success the job list and the overview figures are read again. */
export function useStartImport() {
  const { user } = useAuth();
  const api = useApi(adminImportsArea);
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: StartImportJobBody) => api('startImportJob', { body }),
    onSuccess: (job) => {
      queryClient.setQueryData(importJobsKey(user?.id, 'job', job.id), job);
      void queryClient.invalidateQueries({ queryKey: importJobsKey(user?.id, 'page') });
      void queryClient.invalidateQueries({ queryKey: adminOverviewQueryKey(user?.id) });
    },
  });
}

/** Reads the job list and figures again (a job the screen followed has just ended). */
export function useRefreshImportFigures() {
  const { user } = useAuth();
  const queryClient = useQueryClient();
  return () => {
    void queryClient.invalidateQueries({ queryKey: importJobsKey(user?.id, 'page') });
    void queryClient.invalidateQueries({ queryKey: adminOverviewQueryKey(user?.id) });
  };
}
