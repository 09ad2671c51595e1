/**
 * /training, the hub (spec 001) with the athlete's real figures: This Week, Time, Goal and Streak tiles, the
 * week's progress against their weekly distance goal, six plan cards that start the generator and the Create
 * Custom Plan form (which now saves a plan), their plans to start or delete, the recent activity, quick
 * actions that work, and three tips. Signed-in only; its code stays out of the public first load.
 */
import { useState } from 'react';
import type { TrainingPlan } from '#shared/schemas/training-plans';
import { todayInNewYork } from '#shared/dates';
import { formatMinutes } from '#shared/training/workout-format';
import { formatDistance, type DistanceUnit } from '#shared/units';
import { Button, ButtonLink } from '../../../components/button.tsx';
import { CheckBadgeIcon, FlagIcon } from '../../../components/detail-icons.tsx';
import { CalendarIcon, GaugeIcon, PinIcon, PlusIcon, SearchIcon } from '../../../components/icons.tsx';
import type { PageGate } from '../../../components/role-gate.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { LoadingBlock } from '../../../components/spinner.tsx';
import { Tile, TilesLoadError } from '../../../components/tile.tsx';
import { useToast } from '../../../components/toast.tsx';
import { useDocumentTitle } from '../../../components/use-document-title.ts';
import { formatEventDate } from '../../../lib/event-format.ts';
import { useDeletePlan, useGoals, useStartPlan, useTrainingLogs, useTrainingPlans, useTrainingStats, useUnits } from '../api/use-training.ts';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { PlanList } from '../components/plan-list.tsx';
import GoalDialog from '../components/goal-dialog.tsx';
import LogWorkoutDialog from '../components/log-workout-dialog.tsx';
import { PlanForm } from '../components/plan-form.tsx';
import { PlanPaces } from '../components/plan-paces.tsx';
import { PLAN_TEMPLATES, type PlanTemplate } from '../components/plan-templates.ts';
import { PlanWeeks } from '../components/plan-weeks.tsx';
import { UnitsChoicePage } from '../components/units-choice.tsx';
import { WorkoutRow } from '../components/workout-row.tsx';
import '../components/training.css';
import '../../../components/dashboard-parts.css';
import '../../../components/state-panel.css';

/** Signed-in only (routes.tsx wraps the page in the role gate with these words). */
export const gate: PageGate = {
  signInText: 'Sign in to see your week, build a training plan and keep your log.',
  loadingLabel: 'Loading training data...',
};

const TIPS = [
  { title: 'Hydration', text: 'Drink to thirst on most runs; on runs over an hour, carry water and take some every 15-20 minutes.' },
  { title: 'Recovery', text: 'Easy days and recovery weeks are where the training sinks in. Keep them easy, even when you feel great.' },
  { title: 'Consistency', text: 'Four ordinary weeks beat one heroic one. A short run on a busy day keeps the habit going.' },
];

const RECENT = 5;

export default function TrainingHubPage() {
  useDocumentTitle('Training Hub');
  const { unit } = useUnits();
  if (!unit) return <UnitsChoicePage header={<PageHeader eyebrow="Training" title="Training Hub" lede="Your week, your plans and your progress in one place." />} />;
  return <Hub unit={unit} />;
}

function Hub({ unit }: { unit: DistanceUnit }) {
  const stats = useTrainingStats();
  const goals = useGoals();
  const plans = useTrainingPlans();
  const recent = useTrainingLogs({ q: '', activity: '', sort: 'date_desc' });
  const startPlan = useStartPlan();
  const deletePlan = useDeletePlan();
  const { toast } = useToast();
  const [selected, setSelected] = useState<PlanTemplate | undefined>();
  const [formFor, setFormFor] = useState<{ template?: PlanTemplate } | undefined>();
  const [created, setCreated] = useState<TrainingPlan | undefined>();
  const [dialog, setDialog] = useState<'log' | 'goal' | undefined>();
  const [deleting, setDeleting] = useState<{ id: string; name: string } | undefined>();
  const today = todayInNewYork();

  const figures = stats.data;
  const weeklyGoal = goals.data?.items.find((goal) => goal.status === 'active' && goal.kind === 'weekly_distance');
  const firstGoal = weeklyGoal ?? goals.data?.items.find((goal) => goal.status === 'active');
  const weekKm = figures?.thisWeek.distanceKm ?? 0;

  const start = (id: string) =>
    startPlan.mutate(id, {
      onSuccess: (plan) => toast({ title: 'Plan Started', description: `${plan.name}: today's workout is on your AI Coach page.` }),
      onError: () => toast({ title: 'Error', description: 'The plan could not be started. Please try again.', variant: 'destructive' }),
    });

  return (
    <>
      <PageHeader
        eyebrow="Training"
        title="Training Hub"
        lede="Your week, your plans and your progress, from your own log."
        actions={
          <Button variant="primary" onClick={() => setDialog('log')}>
            <PlusIcon size={18} />
            Log Workout
          </Button>
        }
      />
      <div className="container training-page">
        <div>
          <ul className="dashboard-tiles" aria-label="Summary">
            <Tile icon={<GaugeIcon size={20} />} label="This Week" value={figures ? (formatDistance(unit, weekKm)) : undefined} />
            <Tile icon={<CalendarIcon size={20} />} label="Time" value={figures ? (formatMinutes(figures.thisWeek.durationMinutes)) : undefined} />
            <Tile icon={<FlagIcon size={20} />} label="Goal" value={firstGoal ? (`${firstGoal.progressPercent}%`) : undefined} note={firstGoal ? firstGoal.title : 'No goal set yet'} />
            <Tile icon={<CheckBadgeIcon size={20} />} label="Streak" value={figures?.streakDays} note="days in a row" />
          </ul>
          {stats.isError ? <TilesLoadError error={stats.error} retry={() => void stats.refetch()} /> : null}
        </div>

        <div className="training-columns">
          <div className="training-stack">
            <section className="training-panel" aria-labelledby="plans-title">
              <h2 id="plans-title" className="training-panel__title">
                Training plans
              </h2>
              <p>Pick a plan to start from, or build your own. Every plan grows safely from your own log, and ends with your race.</p>
              <ul className="plan-cards">
                {PLAN_TEMPLATES.map((template) => {
                  const isSelected = selected?.id === template.id;
                  return (
                    <li key={template.id}>
                      <button type="button" className="plan-card" aria-pressed={isSelected} onClick={() => setSelected(isSelected ? undefined : template)}>
                        <span className="plan-card__name">
                          {template.name}
                          {isSelected ? <span className="plan-card__badge">Selected</span> : null}
                        </span>
                        <span className="plan-card__facts">
                          {template.weeks} weeks · {template.daysPerWeek} runs a week · {template.level}
                        </span>
                        <span>{template.description}</span>
                      </button>
                    </li>
                  );
                })}
              </ul>
              <div className="training-actions" style={{ marginTop: 12 }}>
                {selected ? (
                  <Button variant="primary" onClick={() => setFormFor({ template: selected })}>
                    Start This Plan
                  </Button>
                ) : null}
                <Button onClick={() => setFormFor({})}>Create Custom Plan</Button>
              </div>
              {formFor ? (
                <div style={{ marginTop: 16 }}>
                  <h3>{formFor.template ? formFor.template.name : 'Create Custom Plan'}</h3>
                  <PlanForm
                    key={formFor.template?.id ?? 'custom'}
                    unit={unit}
                    template={formFor.template}
                    onCreated={(plan) => {
                      setCreated(plan);
                      setFormFor(undefined);
                      setSelected(undefined);
                    }}
                  />
                </div>
              ) : null}
            </section>

            {created ? (
              <section className="training-panel" aria-labelledby="created-title">
                <h2 id="created-title" className="training-panel__title">
                  {created.name}
                </h2>
                <p>
                  {created.weeks} weeks from {formatEventDate(created.startDate)} to race day, {formatEventDate(created.raceDate)}. Built from{' '}
                  {created.plan.assumptions.source === 'log' ? 'your training log' : created.plan.assumptions.source === 'stated' ? 'your answers' : 'your level'}: {formatDistance(unit, created.plan.assumptions.currentWeeklyKm)} a week, longest
                  run {formatDistance(unit, created.plan.assumptions.longestRunKm)}.
                </p>
                <PlanPaces plan={created.plan} unit={unit} />
                <div className="training-actions" style={{ marginBottom: 12 }}>
                  <Button variant="primary" disabled={startPlan.isPending} onClick={() => start(created.id)}>
                    Start This Plan
                  </Button>
                  <ButtonLink to={`/training/plans/${encodeURIComponent(created.id)}`}>Open the plan's page</ButtonLink>
                </div>
                <PlanWeeks plan={created} unit={unit} today={today} />
              </section>
            ) : null}

            <section className="training-panel" aria-labelledby="my-plans-title">
              <h2 id="my-plans-title" className="training-panel__title">
                Your plans
              </h2>
              {plans.isLoading ? (
                <LoadingBlock label="Loading your plans" />
              ) : (plans.data?.items.length ?? 0) === 0 ? (
                <p>No plans yet.</p>
              ) : (
                <PlanList
                  plans={plans.data!.items}
                  actions={(plan) => (
                    <>
                      {plan.active ? null : (
                        <Button size="sm" onClick={() => start(plan.id)} disabled={startPlan.isPending}>
                          Start
                        </Button>
                      )}
                      <Button size="sm" variant="ghost" onClick={() => setDeleting({ id: plan.id, name: plan.name })} aria-label={`Delete the plan ${plan.name}`}>
                        Delete
                      </Button>
                    </>
                  )}
                />
              )}
            </section>
          </div>

          <div className="training-stack">
            <section className="training-panel" aria-labelledby="progress-title">
              <h2 id="progress-title" className="training-panel__title">
                Weekly progress
              </h2>
              {weeklyGoal?.target ? (
                <>
                  <p>
                    {formatDistance(unit, weekKm)} of {formatDistance(unit, weeklyGoal.target)} · {formatDistance(unit, Math.max(0, weeklyGoal.target - weekKm))} to go
                  </p>
                  <div className="progress-bar" role="progressbar" aria-label="Distance this week" aria-valuemin={0} aria-valuemax={100} aria-valuenow={weeklyGoal.progressPercent}>
                    <div className="progress-bar__fill" style={{ width: `${weeklyGoal.progressPercent}%` }} />
                  </div>
                  <p className="goal-row__meta">{weeklyGoal.progressPercent}% of “{weeklyGoal.title}”</p>
                </>
              ) : (
                <>
                  <p>{formatDistance(unit, weekKm)} so far this week. Set a weekly distance goal to see how far you have to go.</p>
                  <Button size="sm" onClick={() => setDialog('goal')}>
                    Set Goal
                  </Button>
                </>
              )}
            </section>

            <section className="training-panel" aria-labelledby="recent-title">
              <h2 id="recent-title" className="training-panel__title">
                Recent Activity
              </h2>
              {recent.isLoading ? (
                <LoadingBlock label="Loading training data..." />
              ) : (recent.data?.pages[0]?.items.length ?? 0) === 0 ? (
                <p>Nothing logged yet.</p>
              ) : (
                <ul className="workout-list" aria-label="Recent activity">
                  {recent.data!.pages[0]!.items.slice(0, RECENT).map((log) => (
                    <WorkoutRow key={log.id} log={log} unit={unit} />
                  ))}
                </ul>
              )}
            </section>

            <section className="training-panel" aria-labelledby="quick-title">
              <h2 id="quick-title" className="training-panel__title">
                Quick Actions
              </h2>
              <div className="training-actions">
                <Button variant="primary" onClick={() => setDialog('log')}>
                  Log Workout
                </Button>
                <Button onClick={() => setDialog('goal')}>Set Goal</Button>
                <ButtonLink to="/events">
                  <SearchIcon size={18} />
                  Find Events
                </ButtonLink>
                <ButtonLink to="/local">
                  <PinIcon size={18} />
                  Find Routes
                </ButtonLink>
              </div>
            </section>

            <section className="training-panel" aria-labelledby="tips-title">
              <h2 id="tips-title" className="training-panel__title">
                Tips
              </h2>
              <ul className="goal-list">
                {TIPS.map((tip) => (
                  <li key={tip.title} className="goal-row">
                    <strong>{tip.title}</strong>
                    <span className="goal-row__meta">{tip.text}</span>
                  </li>
                ))}
              </ul>
            </section>
          </div>
        </div>
      </div>
      {dialog === 'log' ? <LogWorkoutDialog unit={unit} onClose={() => setDialog(undefined)} /> : null}
      {dialog === 'goal' ? <GoalDialog unit={unit} onClose={() => setDialog(undefined)} /> : null}
      {deleting ? (
        <ConfirmDialog
          title="Delete this plan?"
          confirmText="Delete plan"
          busy={deletePlan.isPending}
          onConfirm={() =>
            deletePlan.mutate(deleting.id, {
              onSuccess: () => toast({ title: 'Plan Deleted', description: `${deleting.name}. The workouts you logged stay in your journal.` }),
              onError: () => toast({ title: 'Error', description: 'The plan could not be deleted. Please try again.', variant: 'destructive' }),
              onSettled: () => setDeleting(undefined),
            })
          }
          onCancel={() => setDeleting(undefined)}
        >
          <p>“{deleting.name}” is removed. The workouts you logged from it stay in your journal.</p>
        </ConfirmDialog>
      ) : null}
    </>
  );
}
