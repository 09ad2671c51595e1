/**
 * /training-dashboard (spec 001) with real figures: Total Workouts, Active Plans, This Week and the streak
 * from the server's aggregates; the week's progress against the athlete's weekly goal (5 workouts when they
 * have none, the spec's target); the last 12 weeks as a chart and a table; effort, pace and the insights;
 * goals to set, complete, edit and delete; plans; the recent workouts with delete; quick actions.
 */
import { useState } from 'react';
import { Link } from 'react-router-dom';
import type { Goal } from '#shared/schemas/training-goal';
import type { TrainingLog } from '#shared/schemas/training-log';
import { trainingInsights } from '#shared/training/insights';
import { formatDistance, formatPace } from '#shared/units';
import { Button, ButtonLink } from '../../../components/button.tsx';
import { CheckBadgeIcon, FlagIcon } from '../../../components/detail-icons.tsx';
import { CalendarIcon, CoachIcon, GaugeIcon, PlusIcon } from '../../../components/icons.tsx';
import { LoadErrorPanel } from '../../../components/load-error-panel.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { LoadingBlock } from '../../../components/spinner.tsx';
import { Tile, TilesLoadError } from '../../../components/tile.tsx';
import { useToast } from '../../../components/toast.tsx';
import { useDocumentTitle } from '../../../components/use-document-title.ts';
import { formatEventDate } from '../../../lib/event-format.ts';
import { useChooseUnits, useDeleteGoal, useDeleteLog, useExportLog, useGoals, useSaveGoal, useTrainingLogs, useTrainingPlans, useTrainingStats, useUnits } from '../api/use-training.ts';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { PlanList } from '../components/plan-list.tsx';
import { EffortBars } from '../components/effort-bars.tsx';
import GoalDialog, { goalKindLabel } from '../components/goal-dialog.tsx';
import LogWorkoutDialog from '../components/log-workout-dialog.tsx';
import { UnitsChoicePage } from '../components/units-choice.tsx';
import { WeeklyFigures } from '../components/weekly-figures.tsx';
import { LoadPanel } from '../components/load-panel.tsx';
import { WorkoutRow } from '../components/workout-row.tsx';
import '../components/training.css';
import '../../../components/dashboard-parts.css';
import '../../../components/state-panel.css';
import type { PageGate } from '../../../components/role-gate.tsx';

/** Spec 001: the weekly progress bar counts workouts out of 5 when the athlete has set no weekly goal. */
const DEFAULT_WEEKLY_WORKOUTS = 5;
const RECENT_WORKOUTS = 10;

type Deleting = { kind: 'log'; log: TrainingLog } | { kind: 'goal'; goal: Goal };

/** Signed-in only (routes.tsx wraps the page in the role gate with these words). */
export const gate: PageGate = {
  signInText: 'Sign in to see your workouts, plans, goals and weekly progress.',
  loadingLabel: 'Loading training data...',
};

export default function TrainingDashboardPage() {
  useDocumentTitle('Training Dashboard');
  const { unit } = useUnits();
  const stats = useTrainingStats();
  const goals = useGoals();
  const plans = useTrainingPlans();
  const recent = useTrainingLogs({ q: '', activity: '', sort: 'date_desc' });
  const saveGoal = useSaveGoal();
  const deleteLog = useDeleteLog();
  const deleteGoal = useDeleteGoal();
  const exportLog = useExportLog();
  const chooseUnits = useChooseUnits();
  const { toast } = useToast();
  const [logging, setLogging] = useState(false);
  const [goalEditing, setGoalEditing] = useState<Goal | 'new' | undefined>();
  const [deleting, setDeleting] = useState<Deleting | undefined>();

  if (!unit) return <UnitsChoicePage header={<PageHeader eyebrow="Training" title="Training Dashboard" lede="Your workouts, plans, goals and weekly progress." />} />;

  const figures = stats.data;
  const activeGoals = goals.data?.items.filter((goal) => goal.status === 'active') ?? [];
  const weeklyGoal = activeGoals.find((goal) => goal.kind === 'weekly_workouts');
  const weeklyTarget = weeklyGoal?.target ?? DEFAULT_WEEKLY_WORKOUTS;
  const done = figures?.thisWeek.workouts ?? 0;
  const recentLogs = recent.data?.pages[0]?.items.slice(0, RECENT_WORKOUTS) ?? [];
  const activePlans = plans.data?.items.filter((plan) => plan.active).length;

  function confirmDelete() {
    if (!deleting) return;
    const done = () => setDeleting(undefined);
    if (deleting.kind === 'log') {
      deleteLog.mutate(deleting.log.id, {
        onSuccess: () => toast({ title: 'Workout Deleted', description: 'It is gone from your log and your stats.' }),
        onError: () => toast({ title: 'Failed to delete workout', description: 'Please try again.', variant: 'destructive' }),
        onSettled: done,
      });
    } else {
      deleteGoal.mutate(deleting.goal.id, {
        onSuccess: () => toast({ title: 'Goal Deleted', description: deleting.goal.title }),
        onError: () => toast({ title: 'Failed to delete goal', description: 'Please try again.', variant: 'destructive' }),
        onSettled: done,
      });
    }
  }

  const completeGoal = (goal: Goal) =>
    saveGoal.mutate(
      { id: goal.id, body: { status: goal.status === 'completed' ? 'active' : 'completed' } },
      { onSuccess: (saved) => toast({ title: saved.status === 'completed' ? 'Goal Completed! 🎉' : 'Goal Reopened', description: saved.title }) },
    );

  return (
    <>
      <PageHeader
        eyebrow="Training"
        title="Training Dashboard"
        lede="Your workouts, plans, goals and weekly progress, from your own log."
        actions={
          <>
            <Button onClick={() => setGoalEditing('new')}>Set Goal</Button>
            <Button variant="primary" onClick={() => setLogging(true)}>
              <PlusIcon size={18} />
              Log Workout
            </Button>
          </>
        }
      />
      <div className="container training-page">
        <div>
          <ul className="dashboard-tiles" aria-label="Summary">
            <Tile icon={<FlagIcon size={20} />} label="Total Workouts" value={figures?.totalWorkouts} note={figures ? `${formatDistance(unit, figures.totalDistanceKm)} in all` : undefined} />
            <Tile icon={<CalendarIcon size={20} />} label="Active Plans" value={activePlans} />
            <Tile icon={<GaugeIcon size={20} />} label="This Week" value={figures?.thisWeek.workouts} note={figures ? formatDistance(unit, figures.thisWeek.distanceKm) : undefined} />
            <Tile icon={<CheckBadgeIcon size={20} />} label="Streak" value={figures?.streakDays} note="days in a row" />
          </ul>
          {stats.isError ? <TilesLoadError error={stats.error} retry={() => void stats.refetch()} /> : null}
        </div>

        <section className="training-panel" aria-labelledby="week-progress-title">
          <h2 id="week-progress-title" className="training-panel__title">
            This week
          </h2>
          <p>
            {done} of {weeklyTarget} workouts{weeklyGoal ? ` (your goal “${weeklyGoal.title}”)` : ''}
          </p>
          <div className="progress-bar" role="progressbar" aria-label="Workouts this week" aria-valuemin={0} aria-valuemax={weeklyTarget} aria-valuenow={Math.min(done, weeklyTarget)}>
            <div className="progress-bar__fill" style={{ width: `${Math.min(100, (done / weeklyTarget) * 100)}%` }} />
          </div>
        </section>

        <div className="training-columns">
          <div className="training-stack">
            {stats.isLoading ? <LoadingBlock label="Loading training data..." /> : null}
            {figures ? <WeeklyFigures weeks={figures.weeks} unit={unit} /> : null}
            {figures && figures.totalWorkouts > 0 ? <LoadPanel /> : null}
            <section className="training-panel" aria-labelledby="recent-title">
              <h2 id="recent-title" className="training-panel__title">
                Recent Workouts
              </h2>
              {recent.isLoading ? (
                <LoadingBlock label="Loading training data..." />
              ) : recent.isError ? (
                <LoadErrorPanel title="Failed to load training data" error={recent.error} retry={() => void recent.refetch()} />
              ) : recentLogs.length === 0 ? (
                <p>No workouts yet. Log your first one to start your stats.</p>
              ) : (
                <ul className="workout-list" aria-label="Recent workouts">
                  {recentLogs.map((log) => (
                    <WorkoutRow
                      key={log.id}
                      log={log}
                      unit={unit}
                      actions={
                        <Button size="sm" variant="ghost" onClick={() => setDeleting({ kind: 'log', log })} aria-label={`Delete the workout of ${log.logDate}`}>
                          Delete
                        </Button>
                      }
                    />
                  ))}
                </ul>
              )}
              <p>
                <Link to="/training-journal">Open your training journal</Link>
              </p>
            </section>
          </div>
          <div className="training-stack">
            {figures ? (
              <section className="training-panel" aria-labelledby="effort-title">
                <h2 id="effort-title" className="training-panel__title">
                  Effort and pace
                </h2>
                <EffortBars effort={figures.effort} />
                <p>{figures.averagePaceMinPerKm ? `Average running pace: ${formatPace(unit, figures.averagePaceMinPerKm)}` : 'Log a run with a distance and a time to see your pace.'}</p>
                <ul className="insight-list" aria-label="Insights">
                  {trainingInsights(figures).map((insight) => (
                    <li key={insight.kind} className="alert alert--info">
                      {insight.text}
                    </li>
                  ))}
                </ul>
              </section>
            ) : null}
            <section className="training-panel" aria-labelledby="goals-title">
              <h2 id="goals-title" className="training-panel__title">
                Goals
              </h2>
              {goals.isError ? (
                <LoadErrorPanel title="Failed to load your goals" error={goals.error} retry={() => void goals.refetch()} />
              ) : (goals.data?.items.length ?? 0) === 0 ? (
                <p>No goals yet. A weekly distance goal fills the progress on your training hub.</p>
              ) : (
                <ul className="goal-list">
                  {goals.data!.items.map((goal) => (
                    <li key={goal.id} className={goal.status === 'completed' ? 'goal-row goal-row--done' : 'goal-row'}>
                      <div className="goal-row__head">
                        <span>{goal.title}</span>
                        <span>{goal.progressPercent}%</span>
                      </div>
                      <div className="progress-bar" role="progressbar" aria-label={`Progress of ${goal.title}`} aria-valuemin={0} aria-valuemax={100} aria-valuenow={goal.progressPercent}>
                        <div className="progress-bar__fill" style={{ width: `${goal.progressPercent}%` }} />
                      </div>
                      <span className="goal-row__meta">
                        {goal.status === 'completed'
                          ? 'Completed'
                          : goal.kind === 'custom'
                            ? goalKindLabel(goal.kind, unit)
                            : `${goal.kind === 'weekly_workouts' ? `${goal.current ?? 0} of ${goal.target}` : `${formatDistance(unit, goal.current ?? 0)} of ${formatDistance(unit, goal.target ?? 0)}`} · ${goalKindLabel(goal.kind, unit)}`}
                        {goal.deadline ? ` · by ${formatEventDate(goal.deadline)}` : ''}
                      </span>
                      <div className="training-actions">
                        <Button size="sm" onClick={() => completeGoal(goal)} disabled={saveGoal.isPending}>
                          {goal.status === 'completed' ? 'Reopen' : 'Complete'}
                        </Button>
                        <Button size="sm" onClick={() => setGoalEditing(goal)}>
                          Edit
                        </Button>
                        <Button size="sm" variant="ghost" onClick={() => setDeleting({ kind: 'goal', goal })} aria-label={`Delete the goal ${goal.title}`}>
                          Delete
                        </Button>
                      </div>
                    </li>
                  ))}
                </ul>
              )}
            </section>
            <section className="training-panel" aria-labelledby="plans-title">
              <h2 id="plans-title" className="training-panel__title">
                Training Plans
              </h2>
              {(plans.data?.items.length ?? 0) === 0 ? (
                <p>No plans yet. The AI Coach builds one for your race that grows safely from your own log.</p>
              ) : (
                <PlanList plans={plans.data!.items} />
              )}
            </section>
            <section className="training-panel" aria-labelledby="actions-title">
              <h2 id="actions-title" className="training-panel__title">
                Quick Actions
              </h2>
              <div className="training-actions">
                <Button variant="primary" onClick={() => setLogging(true)}>
                  Log Workout
                </Button>
                <Button onClick={() => setGoalEditing('new')}>Set Goal</Button>
                <ButtonLink to="/ai-coach">
                  <CoachIcon size={18} />
                  AI Coach
                </ButtonLink>
                <ButtonLink to="/training-journal">Training Journal</ButtonLink>
                <Button onClick={() => chooseUnits.mutate(unit === 'mi' ? 'km' : 'mi')} disabled={chooseUnits.isPending}>
                  Show {unit === 'mi' ? 'kilometres' : 'miles'}
                </Button>
                <Button onClick={() => exportLog.mutate(undefined, { onError: (error) => toast({ title: 'Export failed', description: error.message, variant: 'destructive' }) })} disabled={exportLog.isPending}>
                  Export Data
                </Button>
              </div>
            </section>
          </div>
        </div>
      </div>
      {logging ? <LogWorkoutDialog unit={unit} onClose={() => setLogging(false)} /> : null}
      {goalEditing ? <GoalDialog goal={goalEditing === 'new' ? undefined : goalEditing} unit={unit} onClose={() => setGoalEditing(undefined)} /> : null}
      {deleting ? (
        <ConfirmDialog
          title={deleting.kind === 'log' ? 'Delete this workout?' : 'Delete this goal?'}
          confirmText={deleting.kind === 'log' ? 'Delete workout' : 'Delete goal'}
          busy={deleteLog.isPending || deleteGoal.isPending}
          onConfirm={confirmDelete}
          onCancel={() => setDeleting(undefined)}
        >
          <p>{deleting.kind === 'log' ? `The workout of ${deleting.log.logDate} leaves your log and your stats.` : `“${deleting.goal.title}” and its progress are removed.`} This cannot be undone.</p>
        </ConfirmDialog>
      ) : null}
    </>
  );
}
