/**
 * A plan's own page and the plans made for a race (issue 25): read under the training keys, so every training
 * write (a plan made, started, deleted or regenerated) refreshes them with the rest.
 */
import { useMutation, useQuery } from '@tanstack/react-query';
import { trainingPlansArea } from '../../../lib/api-areas/training-plans.ts';
import { useAuth } from '../../../lib/auth/auth-context.ts';
import { useApi } from '../../../lib/use-api.ts';
import { trainingKey, useRefreshTraining } from './use-training.ts';

/** One of the athlete's plans, with its race's date now when the race moved. */
export function useTrainingPlan(id: string | undefined) {
  const { user } = useAuth();
  const api = useApi(trainingPlansArea);
  return useQuery({
    queryKey: trainingKey(user?.id, 'plans', id ?? ''),
    queryFn: ({ signal }) => api('getTrainingPlan', { path: { id: id! } }, { signal }),
    enabled: user !== null && id !== undefined,
  });
}

/** The athlete's plans for one race, newest first, each saying when the race moved. */
export function useRacePlans(eventId: string) {
  const { user } = useAuth();
  const api = useApi(trainingPlansArea);
  return useQuery({
    queryKey: trainingKey(user?.id, 'race-plans', eventId),
    queryFn: ({ signal }) => api('listRacePlans', { path: { eventId } }, { signal }),
    enabled: user !== null,
  });
}

/** Regenerates a plan for its race's date now (the server reads the date from the race). */
export function useFollowRace() {
  const api = useApi(trainingPlansArea);
  const refresh = useRefreshTraining();
  return useMutation({ mutationFn: (planId: string) => api('followRaceDate', { path: { id: planId } }), onSuccess: refresh });
}
