/**
 * "Train for this race" on a race's page (issue 25), the part that ships with the event page: small, so the page
 * stays light (it reads no distance labels: race-training.tsx does). A visitor is invited to sign in to a running
 * race still ahead (the server renders this too, so it is the same for every visitor); a signed-in athlete gets the
 * panel (race-training.tsx) in a chunk of its own with the plan form. Nothing shows for a race past, cancelled or
 * postponed, unless the athlete already has a plan for it.
 */
import { lazy, Suspense, type ReactNode } from 'react';
import { useLocation } from 'react-router-dom';
import { todayInNewYork } from '#shared/dates';
import type { EventStatus } from '#shared/event-status';
import type { EventType } from '#shared/event-vocabulary';
import { raceDateState } from '#shared/training/race-plan-date';
import { ButtonLink } from '../../../components/button.tsx';
import { LoadingBlock } from '../../../components/spinner.tsx';
import { useAuth } from '../../../lib/auth/auth-context.ts';
import { signInPath } from '../../../lib/sign-in-path.ts';
import './race-training-slot.css';

const RaceTraining = lazy(() => import('./race-training.tsx'));

/** What the section reads of the race (the event page's EventDetail has it all). */
export interface RaceForTraining {
  readonly id: string;
  readonly title: string;
  readonly eventDate: string;
  readonly status?: EventStatus;
  readonly eventType: EventType;
  readonly distances: readonly string[];
}

/** The section's anchor: signing in from it, or a saved race's "Train for this race", comes back to it. */
const TRAIN_SECTION_ID = 'train';
const TITLE_ID = 'train-title';

/** Races whose distances are no running race's (their run is a leg): the visitor is not invited to plan for one. */
const NOT_RUNNING_RACES: ReadonlySet<EventType> = new Set(['triathlon', 'duathlon', 'cycling']);

export function RaceTrainingSlot({ event }: { event: RaceForTraining }) {
  const { status } = useAuth();
  const location = useLocation();
  const ahead = raceDateState(event, todayInNewYork()) === 'ahead';
  if (status === 'signedIn') {
    // While the panel loads, only a race still ahead shows its section; a past one shows it only if the athlete
    // has a plan for it, which the panel learns.
    return (
      <Suspense fallback={ahead ? <TrainingSection title="Train for this race" loading /> : null}>
        <RaceTraining event={event} ahead={ahead} section={TrainingSection} sectionId={TRAIN_SECTION_ID} />
      </Suspense>
    );
  }
  if (status !== 'signedOut' || !ahead || NOT_RUNNING_RACES.has(event.eventType) || event.distances.length === 0) return null;
  return (
    <TrainingSection title="Train for this race">
      <p className="event-muted">Get a plan that builds up to race day from your own training log, for the distance you are running.</p>
      <div>
        <ButtonLink to={signInPath(`${location.pathname}${location.search}#${TRAIN_SECTION_ID}`)}>Sign in to train for this race</ButtonLink>
      </div>
    </TrainingSection>
  );
}

/** The section as the event page draws its others (event-detail.css), under the race's distances. */
function TrainingSection({ title, loading, children }: { title: string; loading?: boolean; children?: ReactNode }) {
  return (
    <section id={TRAIN_SECTION_ID} className="event-section race-training" aria-labelledby={TITLE_ID}>
      <h2 id={TITLE_ID} className="event-section__title">
        {title}
      </h2>
      {loading ? <LoadingBlock label="Loading your plans for this race" /> : children}
    </section>
  );
}

export type TrainingSectionComponent = typeof TrainingSection;
