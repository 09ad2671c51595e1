/**
 * The athlete's training data, keyed by user: the log (the journal's pages), the figures, goals and units.
 * Every write refreshes what it moves: a log changes the figures and the goals' progress too.
 */
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { addDays, todayInNewYork } from '#shared/dates';
import type { DistanceUnit } from '#shared/units';
import type { GoalPatch, NewGoalBody } from '#shared/schemas/training-goal';
import type { LogSort, NewTrainingLogBody, TrainingLogPatch } from '#shared/schemas/training-log';
import type { TrainingPlanRequestInput } from '#shared/schemas/training-plan';
import { goalsArea } from '../../../lib/api-areas/goals.ts';
import { trainingArea } from '../../../lib/api-areas/training.ts';
import { trainingPlansArea } from '../../../lib/api-areas/training-plans.ts';
import { coachArea } from '../../../lib/api-areas/coach.ts';
import { usersArea } from '../../../lib/api-areas/users.ts';
import { useAuth } from '../../../lib/auth/auth-context.ts';
import { userQueryKey } from '../../../lib/auth/user-query-key.ts';
import { saveFile } from '../../../lib/save-file.ts';
import { useApi } from '../../../lib/use-api.ts';
import { meQueryKey, useMe } from '../../../lib/use-me.ts';

export interface JournalFilters {
  readonly q: string;
  readonly activity: string;
  readonly sort: LogSort;
}

/** Every training query's key starts so: a write refreshes them all (useRefreshTraining). */
export const trainingKey = (userId: string | undefined, ...rest: string[]) => userQueryKey(userId, 'training', ...rest);

/** Everything a log write can change: the journal, the figures, the goals' progress and the plans' missed counts. */
export function useRefreshTraining() {
  const { user } = useAuth();
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: trainingKey(user?.id) });
}

export function useTrainingStats() {
  const { user } = useAuth();
  const api = useApi(trainingArea);
  return useQuery({
    queryKey: trainingKey(user?.id, 'stats'),
    queryFn: ({ signal }) => api('getTrainingStats', {}, { signal }),
    enabled: user !== null,
  });
}

export function useTrainingLogs(filters: JournalFilters) {
  const { user } = useAuth();
  const api = useApi(trainingArea);
  return useInfiniteQuery({
    queryKey: [...trainingKey(user?.id, 'logs'), filters],
    queryFn: ({ signal, pageParam }) =>
      api(
        'listTrainingLogs',
        {
          query: {
            ...(filters.q.trim() ? { q: filters.q.trim() } : {}),
            ...(filters.activity ? { activity: filters.activity as never } : {}),
            sort: filters.sort,
            ...(pageParam ? { cursor: pageParam } : {}),
          },
        },
        { signal },
      ),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page) => page.nextCursor,
    enabled: user !== null,
    // A new search shows the old results until the new ones arrive, not an empty list.
    placeholderData: (previous) => previous,
  });
}

/** The last `days` days of training load, fitness, fatigue and form (the server's default range when omitted). */
export function useTrainingLoad(days?: number) {
  const { user } = useAuth();
  const api = useApi(trainingArea);
  return useQuery({
    queryKey: trainingKey(user?.id, 'load', String(days ?? 'default')),
    queryFn: ({ signal }) => {
      const to = todayInNewYork();
      return api('getTrainingLoad', { query: days ? { from: addDays(to, -(days - 1)), to } : {} }, { signal });
    },
    enabled: user !== null,
  });
}

/** One workout with everything recorded of it (its route, which the journal's pages leave out). */
export function useTrainingLog(id: string) {
  const { user } = useAuth();
  const api = useApi(trainingArea);
  return useQuery({
    queryKey: trainingKey(user?.id, 'log', id),
    queryFn: ({ signal }) => api('getTrainingLog', { path: { id } }, { signal }),
    enabled: user !== null,
  });
}

export function useSaveLog() {
  const api = useApi(trainingArea);
  const refresh = useRefreshTraining();
  return useMutation({
    mutationFn: ({ id, body }: { id?: string; body: NewTrainingLogBody }) =>
      id ? api('updateTrainingLog', { path: { id }, body: body as TrainingLogPatch }) : api('createTrainingLog', { body }),
    onSuccess: refresh,
  });
}

export function useDeleteLog() {
  const api = useApi(trainingArea);
  const refresh = useRefreshTraining();
  return useMutation({ mutationFn: (id: string) => api('deleteTrainingLog', { path: { id } }), onSuccess: refresh });
}

export function useGoals() {
  const { user } = useAuth();
  const api = useApi(goalsArea);
  return useQuery({
    queryKey: trainingKey(user?.id, 'goals'),
    queryFn: ({ signal }) => api('listGoals', {}, { signal }),
    enabled: user !== null,
  });
}

export function useSaveGoal() {
  const api = useApi(goalsArea);
  const refresh = useRefreshTraining();
  return useMutation({
    mutationFn: ({ id, body }: { id?: string; body: NewGoalBody | GoalPatch }) =>
      id ? api('updateGoal', { path: { id }, body: body as GoalPatch }) : api('createGoal', { body: body as NewGoalBody }),
    onSuccess: refresh,
  });
}

export function useDeleteGoal() {
  const api = useApi(goalsArea);
  const refresh = useRefreshTraining();
  return useMutation({ mutationFn: (id: string) => api('deleteGoal', { path: { id } }), onSuccess: refresh });
}

/** The athlete's units, or undefined while they have not chosen (the pages ask once). */
export function useUnits(): { unit: DistanceUnit | undefined; loading: boolean } {
  const me = useMe();
  return { unit: me.data?.units, loading: me.isLoading };
}

export function useChooseUnits() {
  const { user } = useAuth();
  const api = useApi(usersArea);
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (units: DistanceUnit) => api('updateMe', { body: { units } }),
    onSuccess: (profile) => queryClient.setQueryData(meQueryKey(user?.id), profile),
  });
}

/** The whole log as a CSV file, saved by the browser (the spec's Export Data). */
export function useExportLog() {
  const { getIdToken } = useAuth();
  return useMutation({
    mutationFn: async () => {
      const token = await getIdToken();
      const response = await fetch('/api/me/training-logs/export', { headers: token ? { authorization: `Bearer ${token}` } : {} });
      if (!response.ok) throw new Error('Failed to export your training log. Please try again.');
      const url = URL.createObjectURL(await response.blob());
      const link = Object.assign(document.createElement('a'), { href: url, download: 'racefinder-training-log.csv' });
      link.click();
      URL.revokeObjectURL(url);
    },
  });
}

export function useTrainingPlans() {
  const { user } = useAuth();
  const api = useApi(trainingPlansArea);
  return useQuery({
    queryKey: trainingKey(user?.id, 'plans'),
    queryFn: ({ signal }) => api('listTrainingPlans', {}, { signal }),
    enabled: user !== null,
  });
}

export function useCreatePlan() {
  const api = useApi(trainingPlansArea);
  const refresh = useRefreshTraining();
  return useMutation({ mutationFn: (body: TrainingPlanRequestInput) => api('createTrainingPlan', { body }), onSuccess: refresh });
}

export function useStartPlan() {
  const api = useApi(trainingPlansArea);
  const refresh = useRefreshTraining();
  return useMutation({ mutationFn: (id: string) => api('startTrainingPlan', { path: { id } }), onSuccess: refresh });
}

export function useDeletePlan() {
  const api = useApi(trainingPlansArea);
  const refresh = useRefreshTraining();
  return useMutation({ mutationFn: (id: string) => api('deleteTrainingPlan', { path: { id } }), onSuccess: refresh });
}

/** What the log's last 4 weeks give a new plan, for the plan form to show; refreshed with the log. */
export function usePlanStartingPoint() {
  const { user } = useAuth();
  const api = useApi(trainingPlansArea);
  return useQuery({
    queryKey: trainingKey(user?.id, 'logs', 'starting-point'),
    queryFn: ({ signal }) => api('getPlanStartingPoint', {}, { signal }),
    enabled: user !== null,
  });
}

export function useActivePlan() {
  const { user } = useAuth();
  const api = useApi(trainingPlansArea);
  return useQuery({
    queryKey: trainingKey(user?.id, 'active-plan'),
    queryFn: ({ signal }) => api('getActiveTrainingPlan', {}, { signal }),
    enabled: user !== null,
  });
}

export function useCompleteWorkout() {
  const api = useApi(trainingPlansArea);
  const refresh = useRefreshTraining();
  return useMutation({ mutationFn: ({ planId, date }: { planId: string; date: string }) => api('completePlanWorkout', { path: { id: planId, date } }), onSuccess: refresh });
}

/** A file of a plan for a watch: one day's workout (FIT) or a week's workouts (a ZIP of them). */
export type WatchFile = { readonly planId: string; readonly date: string; readonly week?: never } | { readonly planId: string; readonly week: string; readonly date?: never };

/** Fetches a plan's workout or week for a watch and hands it to the browser to save; answers the file's name. */
export function useDownloadWatchFile() {
  const api = useApi(trainingPlansArea);
  return useMutation({
    mutationFn: async (file: WatchFile) => {
      const download = file.week
        ? await api('getPlanWeekFiles', { path: { id: file.planId, weekStart: `${file.week}.zip` } })
        : await api('getPlanWorkoutFile', { path: { id: file.planId, date: `${file.date}.fit` } });
      saveFile(download);
      return download.filename;
    },
  });
}

export function useProposeAdjustment() {
  const api = useApi(trainingPlansArea);
  return useMutation({ mutationFn: ({ planId, reason }: { planId: string; reason: string }) => api('proposePlanAdjustment', { path: { id: planId }, body: { reason } }) });
}

export function useAdjustment(planId: string | undefined, adjustmentId: string | undefined) {
  const { user } = useAuth();
  const api = useApi(trainingPlansArea);
  return useQuery({
    queryKey: trainingKey(user?.id, 'adjustment', planId ?? '', adjustmentId ?? ''),
    queryFn: ({ signal }) => api('getPlanAdjustment', { path: { id: planId!, adjustmentId: adjustmentId! } }, { signal }),
    enabled: user !== null && Boolean(planId && adjustmentId),
  });
}

export function useAnswerAdjustment() {
  const api = useApi(trainingPlansArea);
  const refresh = useRefreshTraining();
  return useMutation({
    mutationFn: ({ planId, adjustmentId, accept }: { planId: string; adjustmentId: string; accept: boolean }) =>
      accept ? api('acceptPlanAdjustment', { path: { id: planId, adjustmentId } }) : api('declinePlanAdjustment', { path: { id: planId, adjustmentId } }),
    onSuccess: refresh,
  });
}

export function useCoachMessages() {
  const { user } = useAuth();
  const api = useApi(coachArea);
  return useInfiniteQuery({
    queryKey: trainingKey(user?.id, 'coach'),
    queryFn: ({ signal, pageParam }) => api('listCoachMessages', { query: pageParam ? { cursor: pageParam } : {} }, { signal }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page) => page.nextCursor,
    enabled: user !== null,
  });
}

export function useAskCoach() {
  const api = useApi(coachArea);
  const refresh = useRefreshTraining();
  // A reply may have logged a workout, set a goal or proposed a change: everything training shows may move.
  return useMutation({ mutationFn: (message: string) => api('sendCoachMessage', { body: { message } }), onSuccess: refresh });
}
