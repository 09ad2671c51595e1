/**
 * /ai-coach (spec 001): tabs Today, Plans, Coach, Stats and Dashboard, in the URL (?tab=). Today follows the
 * active plan: Start and Pause (on this page), Complete (logs the workout on the server); missed workouts
 * bring an adjusted plan to review. Everything comes from the athlete's own data.
 */
import { useId, useState, type ReactNode } from 'react';
import { useSearchParams } from 'react-router-dom';
import { todayInNewYork } from '#shared/dates';
import { countOf } from '#shared/plural';
import { formatMinutes, workoutTypeLabel } from '#shared/training/workout-format';
import { planWorkoutDescription } from '#shared/training/workout-description';
import { formatDistance, formatPace, type DistanceUnit } from '#shared/units';
import { Button, ButtonLink } from '../../../components/button.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import type { PageGate } from '../../../components/role-gate.tsx';
import { LoadingBlock } from '../../../components/spinner.tsx';
import { Tabs, type TabSpec } from '../../../components/tabs.tsx';
import { useToast } from '../../../components/toast.tsx';
import { useDocumentTitle } from '../../../components/use-document-title.ts';
import { formatEventDate } from '../../../lib/event-format.ts';
import { useActivePlan, useCompleteWorkout, useGoals, useProposeAdjustment, useTrainingLogs, useTrainingPlans, useTrainingStats, useUnits } from '../api/use-training.ts';
import { AdjustmentReview } from '../components/adjustment-review.tsx';
import { CalendarFeed } from '../../../components/calendar-feed.tsx';
import { CoachChat } from '../components/coach-chat.tsx';
import { EffortBars } from '../components/effort-bars.tsx';
import { PlanForm } from '../components/plan-form.tsx';
import { PlanList } from '../components/plan-list.tsx';
import { PlanWeeks } from '../components/plan-weeks.tsx';
import { UnitsChoicePage } from '../components/units-choice.tsx';
import { WatchDownload } from '../components/watch-download.tsx';
import { WeeklyFigures } from '../components/weekly-figures.tsx';
import { WorkoutRow } from '../components/workout-row.tsx';
import '../components/training.css';
import '../../../components/dashboard-parts.css';
import '../../../components/state-panel.css';

/** Signed-in only (routes.tsx wraps the page in the role gate with these words). */
export const gate: PageGate = {
  signInTitle: 'AI Coach Access Required',
  signInText: 'Sign in to get your workout of the day, a training plan and a coach that knows your log.',
  loadingLabel: 'Loading your coach',
};

const TAB_IDS = ['today', 'plans', 'coach', 'stats', 'dashboard'] as const;
type TabId = (typeof TAB_IDS)[number];
const isTabId = (value: string | null): value is TabId => (TAB_IDS as readonly string[]).includes(value ?? '');

export default function AiCoachPage() {
  useDocumentTitle('AI Coach');
  const { unit } = useUnits();
  const [params, setParams] = useSearchParams();
  const tab = params.get('tab');
  const selected: TabId = isTabId(tab) ? tab : 'today';
  const select = (id: TabId) => setParams(id === 'today' ? {} : { tab: id }, { replace: true, preventScrollReset: true });
  const header = <PageHeader eyebrow="Training" title="AI Coach" lede="Today's workout, your plans and a coach that answers from your own log." />;
  if (!unit) return <UnitsChoicePage header={header} />;
  const tabs: TabSpec<TabId>[] = [
    { id: 'today', label: 'Today', panel: <TodayPanel unit={unit} onTalk={() => select('coach')} /> },
    { id: 'plans', label: 'Plans', panel: <PlansPanel unit={unit} /> },
    { id: 'coach', label: 'Coach', panel: <CoachChat unit={unit} /> },
    { id: 'stats', label: 'Stats', panel: <StatsPanel unit={unit} /> },
    { id: 'dashboard', label: 'Dashboard', panel: <DashboardPanel unit={unit} /> },
  ];
  return (
    <>
      {header}
      <div className="container training-page">
        <Tabs label="AI Coach" tabs={tabs} selected={selected} onSelect={select} />
      </div>
    </>
  );
}

/** A titled section, named by its heading (a landmark screen readers can jump to). */
function Panel({ title, children }: { title: string; children: ReactNode }) {
  const titleId = useId();
  return (
    <section className="training-panel" aria-labelledby={titleId}>
      <h2 id={titleId} className="training-panel__title">
        {title}
      </h2>
      {children}
    </section>
  );
}

function TodayPanel({ unit, onTalk }: { unit: DistanceUnit; onTalk(): void }) {
  const active = useActivePlan();
  const stats = useTrainingStats();
  const goals = useGoals();
  const complete = useCompleteWorkout();
  const propose = useProposeAdjustment();
  const { toast } = useToast();
  const [running, setRunning] = useState(false);
  const [review, setReview] = useState<{ planId: string; adjustmentId: string } | undefined>();
  const today = todayInNewYork();
  if (active.isLoading) return <LoadingBlock label="Loading today's workout" />;
  const plan = active.data?.plan ?? null;
  const workout = plan?.plan.weeks.flatMap((week) => week.workouts).find((entry) => entry.date === today);
  const done = workout && plan ? Boolean(plan.completions[workout.date]) : false;
  const goal = goals.data?.items.find((entry) => entry.status === 'active');

  const finish = () => {
    if (!plan || !workout) return;
    complete.mutate(
      { planId: plan.id, date: workout.date },
      {
        onSuccess: () => {
          setRunning(false);
          toast({ title: 'Workout Logged!', description: `${workoutTypeLabel(workout.type)} is in your log and your stats.` });
        },
        onError: () => toast({ title: 'Workout Complete', description: 'There was an issue saving it to your log. Please log it from your journal.', variant: 'destructive' }),
      },
    );
  };
  const adjust = () => {
    if (!plan) return;
    propose.mutate(
      { planId: plan.id, reason: 'Rebuilt after missed workouts' },
      {
        onSuccess: (adjustment) => setReview({ planId: plan.id, adjustmentId: adjustment.id }),
        onError: (error) => toast({ title: 'No safe change found', description: error.message, variant: 'destructive' }),
      },
    );
  };

  return (
    <div className="training-columns">
      <div className="training-stack">
        <Panel title={workout ? `Today: ${workoutTypeLabel(workout.type)}` : 'No Workout Planned'}>
          {workout && plan ? (
            <>
              <p>
                {workout.distanceKm > 0 ? `${formatDistance(unit, workout.distanceKm)} · ` : ''}
                {formatMinutes(workout.durationMinutes)} · {workout.intensity}
              </p>
              <p className="goal-row__meta">{planWorkoutDescription(plan.plan, workout, unit)}</p>
              <div className="training-actions">
                {done ? (
                  <span className="effort effort--easy">Completed</span>
                ) : (
                  <>
                    <Button
                      onClick={() => {
                        setRunning(!running);
                        toast({ title: running ? 'Workout Paused' : 'Workout Started', description: running ? 'Pick it up when you are ready.' : 'Have a good one.' });
                      }}
                    >
                      {running ? 'Pause' : 'Start Workout'}
                    </Button>
                    <Button variant="primary" onClick={finish} disabled={complete.isPending}>
                      Complete
                    </Button>
                  </>
                )}
                <WatchDownload file={{ planId: plan.id, date: workout.date }} look="button" label="Download for watch (.fit)" name={`today's ${workoutTypeLabel(workout.type)}`} />
              </div>
            </>
          ) : (
            <>
              <p>
                {!plan
                  ? 'Start a plan and your coach will have a workout for you each day.'
                  : plan.startDate > today
                    ? `${plan.name} starts on ${formatEventDate(plan.startDate)}. Until then, run easy or rest.`
                    : `Rest day in ${plan.name}. Race day: ${formatEventDate(plan.raceDate)}.`}
              </p>
              <Button onClick={onTalk}>Talk to Coach</Button>
            </>
          )}
        </Panel>
        {plan && plan.missedWorkouts > 0 && !review ? (
          <Panel title="Missed workouts">
            <p>
              {countOf(plan.missedWorkouts, 'planned workout')} of the last two weeks {plan.missedWorkouts === 1 ? 'was' : 'were'} missed. Your coach can rebuild the plan from what you actually ran,
              within the same safety rules; you see the change before anything moves.
            </p>
            <Button variant="primary" onClick={adjust} disabled={propose.isPending}>
              Suggest an adjusted plan
            </Button>
          </Panel>
        ) : null}
        {review ? <AdjustmentReview planId={review.planId} adjustmentId={review.adjustmentId} unit={unit} onDone={() => setReview(undefined)} /> : null}
      </div>
      <div className="training-stack">
        <Panel title="Current Goal">{goal ? <p>{goal.title}: {goal.progressPercent}%</p> : <p>No goal yet. Ask your coach to set one.</p>}</Panel>
        <Panel title="This Week">
          {stats.data ? (
            <p>
              {countOf(stats.data.thisWeek.workouts, 'workout')} · {formatDistance(unit, stats.data.thisWeek.distanceKm)} · {formatMinutes(stats.data.thisWeek.durationMinutes)}
            </p>
          ) : (
            <LoadingBlock label="Loading training data..." />
          )}
        </Panel>
      </div>
    </div>
  );
}

function PlansPanel({ unit }: { unit: DistanceUnit }) {
  const plans = useTrainingPlans();
  const active = useActivePlan();
  const [creating, setCreating] = useState(false);
  return (
    <div className="training-stack">
      <Panel title="Your plans">
        {plans.isLoading ? <LoadingBlock label="Loading your plans" /> : (plans.data?.items.length ?? 0) === 0 ? <p>No plans yet.</p> : <PlanList plans={plans.data!.items} />}
        <div className="training-actions" style={{ marginTop: 12 }}>
          <Button variant="primary" onClick={() => setCreating(!creating)}>
            Generate Training Plan
          </Button>
          <ButtonLink to="/training">Plan templates</ButtonLink>
        </div>
        {creating ? <PlanForm unit={unit} onCreated={() => setCreating(false)} /> : null}
      </Panel>
      {active.data?.plan ? (
        <Panel title={`Active: ${active.data.plan.name}`}>
          <PlanWeeks plan={active.data.plan} unit={unit} today={todayInNewYork()} />
        </Panel>
      ) : null}
      <Panel title="Calendar feed">
        <CalendarFeed
          kind="training-plan"
          what="your active plan"
          gives="each workout appears on its day, in your units, and follows the plan as it changes."
        />
      </Panel>
    </div>
  );
}

function StatsPanel({ unit }: { unit: DistanceUnit }) {
  const stats = useTrainingStats();
  const recent = useTrainingLogs({ q: '', activity: '', sort: 'date_desc' });
  if (!stats.data) return <LoadingBlock label="Loading training data..." />;
  const figures = stats.data;
  return (
    <div className="training-columns">
      <div className="training-stack">
        <WeeklyFigures weeks={figures.weeks} unit={unit} />
        <Panel title="Recent Workouts">
          <ul className="workout-list" aria-label="Recent workouts">
            {(recent.data?.pages[0]?.items ?? []).slice(0, 5).map((log) => (
              <WorkoutRow key={log.id} log={log} unit={unit} />
            ))}
          </ul>
        </Panel>
      </div>
      <Panel title="Your numbers">
        <p>
          {countOf(figures.totalWorkouts, 'workout')} · {formatDistance(unit, figures.totalDistanceKm)} in all · streak {countOf(figures.streakDays, 'day')}
        </p>
        <p>{figures.averagePaceMinPerKm ? `Average running pace ${formatPace(unit, figures.averagePaceMinPerKm)}` : 'No pace yet.'}</p>
        <EffortBars effort={figures.effort} />
      </Panel>
    </div>
  );
}

function DashboardPanel({ unit }: { unit: DistanceUnit }) {
  const plans = useTrainingPlans();
  const recent = useTrainingLogs({ q: '', activity: '', sort: 'date_desc' });
  return (
    <div className="training-columns">
      <Panel title="Plans">
        <PlanList plans={(plans.data?.items ?? []).slice(0, 3)} />
      </Panel>
      <Panel title="Workouts">
        <ul className="workout-list">
          {(recent.data?.pages[0]?.items ?? []).slice(0, 5).map((log) => (
            <WorkoutRow key={log.id} log={log} unit={unit} />
          ))}
        </ul>
        <ButtonLink to="/training-dashboard">View All</ButtonLink>
      </Panel>
    </div>
  );
}
