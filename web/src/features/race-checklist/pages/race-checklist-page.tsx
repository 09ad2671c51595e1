/**
 * /race-checklist (signed in): pick one of your upcoming saved races and work through its checklist. The
 * chosen race is in the URL (?race=), so a reload or a shared link opens the same checklist.
 */
import { useRef } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { todayInNewYork } from '#shared/dates';
import { countOf } from '#shared/plural';
import type { EventSummary } from '#shared/schemas/search';
import { ButtonLink } from '../../../components/button.tsx';
import { LoadErrorPanel } from '../../../components/load-error-panel.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import type { PageGate } from '../../../components/role-gate.tsx';
import { LoadingBlock } from '../../../components/spinner.tsx';
import { useDocumentTitle } from '../../../components/use-document-title.ts';
import { formatEventDate } from '../../../lib/event-format.ts';
import { useSavedRaces } from '../api/use-saved-races.ts';
import { RaceChecklist } from '../components/race-checklist.tsx';
import '../components/race-checklist.css';
import '../../../components/state-panel.css';

/** Signed-in only (the router wraps the page in the role gate with these words). */
export const gate: PageGate = {
  signInText: 'Sign in to keep a checklist for each race you saved: gear, nutrition, logistics and race morning.',
  loadingLabel: 'Loading your race checklists',
};

const byDate = (a: EventSummary, b: EventSummary) => a.eventDate.localeCompare(b.eventDate) || a.title.localeCompare(b.title);

export default function RaceChecklistPage() {
  useDocumentTitle('Race Checklist');
  const saved = useSavedRaces();
  const [params] = useSearchParams();
  const checklistRef = useRef<HTMLDivElement>(null);
  const header = <PageHeader eyebrow="Runner tools" title="Race Checklist" lede="What to pack, eat and arrange for each race you saved, ticked off as you go and kept for you." />;

  if (saved.isPending) {
    return (
      <>
        {header}
        <div className="container checklist-page checklist-page--single">
          <LoadingBlock label="Loading your saved races" />
        </div>
      </>
    );
  }
  if (saved.isError) {
    return (
      <>
        {header}
        <div className="container checklist-page checklist-page--single">
          <LoadErrorPanel title="Your saved races could not load" error={saved.error} retry={() => void saved.refetch()} />
        </div>
      </>
    );
  }

  const today = todayInNewYork();
  const upcoming = saved.data.filter((event) => event.eventDate >= today).sort(byDate);
  // A race named in the URL may be a past one (a link kept from before): its checklist still opens.
  const selected = saved.data.find((event) => event.id === params.get('race')) ?? upcoming[0];

  if (!selected) {
    return (
      <>
        {header}
        <div className="container checklist-page checklist-page--single">
          <div className="state-panel">
            <h2 className="state-panel__title">No upcoming races saved</h2>
            <p className="state-panel__text">Save a race you are entering and its checklist appears here: gear, nutrition, logistics and race morning, made for its kind of race.</p>
            <ButtonLink to="/events" variant="primary">
              Find races
            </ButtonLink>
          </div>
        </div>
      </>
    );
  }

  // On a phone the list sits above the checklist: after a choice, bring the checklist into view.
  const showChecklist = () => {
    if (window.matchMedia?.('(max-width: 900px)').matches) requestAnimationFrame(() => checklistRef.current?.scrollIntoView({ block: 'start' }));
  };

  return (
    <>
      {header}
      <div className="container checklist-page">
        <nav className="checklist-panel" aria-labelledby="race-picker-title">
          <h2 id="race-picker-title" className="checklist-panel__title">
            Your upcoming races
          </h2>
          {upcoming.length > 0 ? (
            <ul className="race-picker">
              {upcoming.map((event) => (
                <li key={event.id}>
                  <Link
                    className="race-picker__race"
                    to={{ search: `?race=${event.id}` }}
                    replace
                    preventScrollReset
                    aria-current={event.id === selected.id ? 'true' : undefined}
                    onClick={showChecklist}
                  >
                    <span className="race-picker__title">{event.title}</span>
                    <span className="race-picker__meta">
                      {formatEventDate(event.eventDate)}
                      {event.city ? ` · ${event.city}, ${event.state}` : ''}
                    </span>
                  </Link>
                </li>
              ))}
            </ul>
          ) : (
            <p className="race-picker__meta">No upcoming races saved.</p>
          )}
          <p className="race-picker__meta">
            {countOf(upcoming.length, 'upcoming race')} saved. <Link to="/events">Find more races</Link>
          </p>
        </nav>
        <div ref={checklistRef} className="checklist-main">
          <RaceChecklist key={selected.id} race={selected} />
        </div>
      </div>
    </>
  );
}
