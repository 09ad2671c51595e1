/**
 * /training/plans/:id, a plan's own page (issue 25): its race day and progress, the race it was made for (linked
 * to the race's page, and saying when the race moved since, with the offer to regenerate the plan for the new
 * date), its paces and its weeks; Start makes it the plan Today follows. The hub, the coach's Plans tab and the
 * race's page link here. Signed-in only; another athlete's plan is "not found".
 */
import type { ReactNode } from 'react';
import { ULID_PATTERN } from '#shared/ids';
import type { TrainingPlan } from '#shared/schemas/training-plans';
import { todayInNewYork } from '#shared/dates';
import type { DistanceUnit } from '#shared/units';
import { Link, useParams } from 'react-router-dom';
import { Alert } from '../../../components/alert.tsx';
import { Button, ButtonLink } from '../../../components/button.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import type { PageGate } from '../../../components/role-gate.tsx';
import { LoadingBlock } from '../../../components/spinner.tsx';
import { StatusPage } from '../../../components/status-page.tsx';
import { useToast } from '../../../components/toast.tsx';
import { useDocumentTitle } from '../../../components/use-document-title.ts';
import { ApiError, errorMessage } from '../../../lib/api-error.ts';
import { formatEventDate, formatLongDate } from '../../../lib/event-format.ts';
import { useTrainingPlan } from '../api/use-race-plans.ts';
import { useStartPlan, useUnits } from '../api/use-training.ts';
import { PlanPaces } from '../components/plan-paces.tsx';
import { PlanWeeks } from '../components/plan-weeks.tsx';
import { RaceMovedNotice } from '../components/race-moved-notice.tsx';
import { UnitsChoicePage } from '../components/units-choice.tsx';
import '../components/training.css';
import '../components/race-training.css';

/** Signed-in only (routes.tsx wraps the page in the role gate with these words). */
export const gate: PageGate = {
  signInText: 'Sign in to see your training plan.',
  loadingLabel: 'Loading your plan',
};

export default function TrainingPlanPage() {
  const { id } = useParams();
  const valid = id !== undefined && ULID_PATTERN.test(id);
  const plan = useTrainingPlan(valid ? id : undefined);
  const { unit } = useUnits();

  if (!valid || (plan.error instanceof ApiError && plan.error.status === 404)) {
    return (
      <StatusPage
        title="Plan not found"
        heading="Plan not found"
        text="This plan does not exist, or it was deleted."
        actions={
          <ButtonLink to="/training" variant="primary">
            Your plans
          </ButtonLink>
        }
      />
    );
  }
  if (plan.isError) {
    return (
      <StatusPage title="Training plan" heading="We couldn't load this plan">
        <Alert tone="error" title="Unable to load the plan">
          <p>{errorMessage(plan.error)}</p>
        </Alert>
        <div className="status-page__actions">
          <Button variant="primary" onClick={() => void plan.refetch()} disabled={plan.isFetching}>
            {plan.isFetching ? 'Trying again…' : 'Try again'}
          </Button>
          <ButtonLink to="/training">Your plans</ButtonLink>
        </div>
      </StatusPage>
    );
  }
  if (!plan.data) return <PlanLoading />;
  const header = <PlanHeader plan={plan.data} />;
  if (!unit) return <UnitsChoicePage header={header} />;
  return <PlanView plan={plan.data} unit={unit} header={header} />;
}

function PlanLoading() {
  useDocumentTitle('Training plan');
  return (
    <div className="container training-page">
      <LoadingBlock label="Loading your plan" />
    </div>
  );
}

function PlanHeader({ plan }: { plan: TrainingPlan }) {
  useDocumentTitle(plan.name);
  const startPlan = useStartPlan();
  const { toast } = useToast();
  const start = () =>
    startPlan.mutate(plan.id, {
      onSuccess: (started) => toast({ title: 'Plan Started', description: `${started.name}: today's workout is on your AI Coach page.` }),
      onError: () => toast({ title: 'Error', description: 'The plan could not be started. Please try again.', variant: 'destructive' }),
    });
  return (
    <PageHeader
      eyebrow="Training plan"
      title={plan.name}
      lede={`${plan.weeks} weeks from ${formatEventDate(plan.startDate)} to race day, ${formatLongDate(plan.raceDate)}.`}
      actions={
        plan.active ? (
          <span className="plan-page__active">Active: Today follows this plan</span>
        ) : (
          <Button variant="primary" onClick={start} disabled={startPlan.isPending}>
            {startPlan.isPending ? 'Starting…' : 'Start This Plan'}
          </Button>
        )
      }
    />
  );
}

function PlanView({ plan, unit, header }: { plan: TrainingPlan; unit: DistanceUnit; header: ReactNode }) {
  const { race } = plan;
  return (
    <>
      {header}
      <div className="container training-page">
        {race ? (
          <section className="training-panel" aria-labelledby="plan-race-title">
            <h2 id="plan-race-title" className="training-panel__title" tabIndex={-1}>
              The race
            </h2>
            {race.unlisted ? (
              <p>
                Made for <strong>{race.title}</strong> ({race.distance}), which is no longer listed on RaceFinder.
              </p>
            ) : (
              <p>
                Made for <Link to={`/events/${encodeURIComponent(race.eventId)}`}>{race.title}</Link> · {race.distance} · {formatLongDate(race.date)}
              </p>
            )}
            {race.movedTo ? <RaceMovedNotice plan={{ planId: plan.id, name: plan.name, from: race.date, to: race.movedTo }} focusAfter="plan-race-title" /> : null}
          </section>
        ) : null}
        <section className="training-panel" aria-labelledby="plan-weeks-title">
          <h2 id="plan-weeks-title" className="training-panel__title">
            Week by week
          </h2>
          <p className="goal-row__meta">
            {plan.completedWorkouts} of {plan.totalWorkouts} workouts done
            {plan.missedWorkouts ? ` · ${plan.missedWorkouts} missed lately` : ''}
          </p>
          <PlanPaces plan={plan.plan} unit={unit} />
          <PlanWeeks plan={plan} unit={unit} today={todayInNewYork()} />
        </section>
        <p>
          <Link to="/training">All your plans</Link>
        </p>
      </div>
    </>
  );
}
