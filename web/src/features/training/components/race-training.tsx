/**
 * The race page's training panel for a signed-in athlete (issue 25), in a chunk of its own: their plans for this
 * race ("Your plan for this race", each linking to the plan's page and saying when the race moved since), and
 * "Train for this race", which opens the hub's plan form for the race: its date is the race's and the distance one
 * of the race's own. A new plan opens on its page.
 */
import { useEffect, useRef, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { raceDistanceChoices, type RaceDistanceChoice } from '#shared/training/race-plans';
import { Alert } from '../../../components/alert.tsx';
import { Button, buttonClass } from '../../../components/button.tsx';
import { LoadingBlock } from '../../../components/spinner.tsx';
import { errorMessage } from '../../../lib/api-error.ts';
import { formatEventDate } from '../../../lib/event-format.ts';
import { useRacePlans } from '../api/use-race-plans.ts';
import { useUnits } from '../api/use-training.ts';
import { PlanForm } from './plan-form.tsx';
import { RaceMovedNotice } from './race-moved-notice.tsx';
import type { RaceForTraining, TrainingSectionComponent } from './race-training-slot.tsx';
import { UnitsChoice } from './units-choice.tsx';
import './training.css';
import './race-training.css';

/**
 * `ahead`: the race's date is one a plan can aim at (the slot knows it); `section` draws the section as the slot
 * does, with the id `sectionId` (passed in, so this chunk imports nothing of the event page's).
 */
export default function RaceTraining({
  event,
  ahead,
  section: TrainingSection,
  sectionId,
}: {
  event: RaceForTraining;
  ahead: boolean;
  section: TrainingSectionComponent;
  sectionId: string;
}) {
  const plans = useRacePlans(event.id);
  const choices = raceDistanceChoices(event);
  const offered = ahead && choices.some((choice) => choice.planDistance !== undefined);
  const location = useLocation();
  // Arriving for it (a saved race's "Train for this race", ?train=1): the form is open; at #train, in view.
  const [open, setOpen] = useState(() => offered && new URLSearchParams(location.search).get('train') === '1');
  const trigger = useRef<HTMLButtonElement>(null);
  const closedByCancel = useRef(false);
  // Cancel takes focus back to the button that opened the form (it is drawn again once the form is gone).
  useEffect(() => {
    if (open || !closedByCancel.current) return;
    closedByCancel.current = false;
    trigger.current?.focus();
  }, [open]);
  const settled = !plans.isPending;
  useEffect(() => {
    if (settled && location.hash === `#${sectionId}`) document.getElementById(sectionId)?.scrollIntoView({ block: 'start' });
  }, [settled, location.hash, sectionId]);

  if (plans.isPending) return ahead ? <TrainingSection title="Train for this race" loading /> : null;
  if (plans.isError) {
    return ahead ? (
      <TrainingSection title="Train for this race">
        <Alert tone="error" title="Your plans for this race could not be loaded">
          <p>{errorMessage(plans.error)}</p>
          <Button size="sm" onClick={() => void plans.refetch()} disabled={plans.isFetching}>
            {plans.isFetching ? 'Trying again…' : 'Try again'}
          </Button>
        </Alert>
      </TrainingSection>
    ) : null;
  }
  const items = plans.data.items;
  if (items.length === 0 && !ahead) return null;

  return (
    <TrainingSection title={items.length === 0 ? 'Train for this race' : items.length === 1 ? 'Your plan for this race' : 'Your plans for this race'}>
      {items.length > 0 ? (
        <ul className="race-plans">
          {items.map((plan) => (
            <li key={plan.planId} className="race-plans__item">
              <Link id={`race-plan-${plan.planId}`} className="race-plans__name" to={`/training/plans/${encodeURIComponent(plan.planId)}`}>
                {plan.name}
              </Link>
              <span className="race-plans__meta">
                {plan.distance} · builds up to {formatEventDate(plan.date)}
              </span>
              {plan.movedTo ? <RaceMovedNotice plan={{ planId: plan.planId, name: plan.name, from: plan.date, to: plan.movedTo }} focusAfter={`race-plan-${plan.planId}`} /> : null}
            </li>
          ))}
        </ul>
      ) : offered ? (
        <p className="race-training__muted">Get a plan that builds up to race day from your own training log, for the distance you are running.</p>
      ) : (
        <p className="race-training__muted">{noPlanReason(choices)}</p>
      )}
      {offered ? (
        open ? (
          <NewRacePlan
            event={event}
            choices={choices}
            onCancel={() => {
              closedByCancel.current = true;
              setOpen(false);
            }}
          />
        ) : (
          <div>
            <button ref={trigger} type="button" className={buttonClass({ variant: items.length === 0 ? 'primary' : 'secondary' })} onClick={() => setOpen(true)}>
              {items.length === 0 ? 'Train for this race' : 'Make another plan for this race'}
            </button>
          </div>
        )
      ) : null}
    </TrainingSection>
  );
}

/** The plan form for this race, after the athlete's units when they have not chosen them yet. */
function NewRacePlan({ event, choices, onCancel }: { event: RaceForTraining; choices: readonly RaceDistanceChoice[]; onCancel(): void }) {
  const { unit, loading } = useUnits();
  const navigate = useNavigate();
  const heading = useRef<HTMLHeadingElement>(null);
  // The button that opened the form is gone: focus moves to the form's heading, where reading it starts.
  useEffect(() => heading.current?.focus(), []);
  return (
    <div className="race-training__form">
      <div className="race-training__form-head">
        <h3 ref={heading} tabIndex={-1} className="race-training__form-title">
          A plan for {event.title}
        </h3>
        <Button size="sm" variant="ghost" onClick={onCancel}>
          Cancel
        </Button>
      </div>
      {loading ? (
        <LoadingBlock label="Loading your settings" />
      ) : unit ? (
        <PlanForm
          unit={unit}
          race={{ eventId: event.id, eventDate: event.eventDate, choices }}
          onCreated={(plan) => void navigate(`/training/plans/${encodeURIComponent(plan.id)}`)}
        />
      ) : (
        <div className="race-training__units">
          <UnitsChoice />
        </div>
      )}
    </div>
  );
}

/** Why a race still ahead gets no plan: it lists no distances yet, or none a plan is made for. */
function noPlanReason(choices: readonly RaceDistanceChoice[]): string {
  if (choices.length === 0) return 'The organizer has not listed this race’s distances yet: a plan can be made once they do.';
  return `Plans prepare for running races of 5K, 10K, half marathon, marathon and 50K; this race lists ${choices.map((choice) => choice.label).join(', ')}.`;
}
