import type { ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import type { EventSummary } from '#shared/schemas/search';
import { Alert } from '../../../components/alert.tsx';
import { Button, ButtonLink } from '../../../components/button.tsx';
import { ArrowRightIcon, CalendarIcon, CoachIcon, SearchIcon } from '../../../components/icons.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { LoadingBlock } from '../../../components/spinner.tsx';
import { useDocumentTitle } from '../../../components/use-document-title.ts';
import { errorMessage } from '../../../lib/api-error.ts';
import { todayInNewYork as todayInProductZone } from '#shared/dates';
import { FlagIcon, HeartIcon } from '../../../components/detail-icons.tsx';
import { Tabs, type TabSpec } from '../../../components/tabs.tsx';
import { splitSaved, type SavedEventEntry } from '../api/saved-split.ts';
import { SavedEventRow } from '../components/saved-event-row.tsx';
import { Tile } from '../../../components/tile.tsx';
import './dashboard.css';
import '../../../components/state-panel.css';

const TAB_IDS = ['saved', 'upcoming', 'completed', 'training'] as const;
type TabId = (typeof TAB_IDS)[number];

function isTabId(value: string | null): value is TabId {
  return (TAB_IDS as readonly string[]).includes(value ?? '');
}

export interface DashboardSaved {
  /** Newest saved first, as the server lists them. */
  entries: readonly SavedEventEntry[];
  isLoading: boolean;
  error: unknown;
  retry(): void;
}

export interface DashboardPageProps {
  /** The greeting the page opens with ('Welcome back, Jordan'). */
  title: string;
  saved: DashboardSaved;
  /** How many training plans the athlete has (from the training feature, composed in app/); undefined while loading. */
  planCount?: number;
  /** One saved event's card (the search page's list card with its save heart), from the composing page. */
  renderEvent(event: EventSummary): ReactNode;
}

/**
 * /dashboard: the signed-in athlete's saved races split into upcoming and completed, and their training. The
 * app composes it (app/pages/dashboard-route.tsx) behind the role gate, with the saved list and the cards.
 */
export default function DashboardPage({ title, saved: savedEvents, planCount, renderEvent }: DashboardPageProps) {
  useDocumentTitle('My Dashboard');
  const { entries, isLoading, error, retry } = savedEvents;
  const [params, setParams] = useSearchParams();
  const tabParam = params.get('tab');
  const selected: TabId = isTabId(tabParam) ? tabParam : 'saved';
  const { saved, upcoming, completed } = splitSaved(entries, todayInProductZone());

  function selectTab(id: TabId) {
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (id === 'saved') next.delete('tab');
        else next.set('tab', id);
        return next;
      },
      { replace: true, preventScrollReset: true },
    );
  }

  let body: ReactNode;
  if (isLoading) {
    body = <LoadingBlock label="Loading your saved events" />;
  } else if (error) {
    body = (
      <div className="dashboard-error">
        <Alert tone="error" title="Failed to load dashboard data">
          <p>{errorMessage(error)}</p>
        </Alert>
        <Button variant="primary" onClick={retry}>
          Try again
        </Button>
      </div>
    );
  } else {
    const tabs: TabSpec<TabId>[] = [
      {
        id: 'saved',
        label: 'Saved',
        count: saved.length,
        panel: (
          <EventList
            entries={saved}
            title="Saved events"
            upcoming={upcoming}
            renderEvent={renderEvent}
            empty={<EmptyState title="No saved events yet" text="Tap the heart on any race to keep it here, with its date and details one click away." />}
          />
        ),
      },
      {
        id: 'upcoming',
        label: 'Upcoming',
        count: upcoming.length,
        panel: (
          <EventList
            entries={upcoming}
            title="Upcoming races"
            upcoming={upcoming}
            renderEvent={renderEvent}
            empty={<EmptyState title="No upcoming races" text="Save a race you are planning to run and it will show here until race day." />}
          />
        ),
      },
      {
        id: 'completed',
        label: 'Completed',
        count: completed.length,
        panel: (
          <EventList
            entries={completed}
            title="Completed races"
            upcoming={upcoming}
            renderEvent={renderEvent}
            empty={<EmptyState title="No completed races yet" text="Races you saved move here once race day has passed." />}
          />
        ),
      },
      {
        id: 'training',
        label: 'Training',
        panel: (
          <div className="state-panel">
            <span className="state-panel__icon">
              <CoachIcon size={26} />
            </span>
            <h2 className="state-panel__title">Train for your next race</h2>
            <p className="state-panel__text">Plans, workouts and your AI coach live in the Training Hub.</p>
            <ButtonLink to="/training" variant="primary">
              Go to Training
              <ArrowRightIcon size={16} />
            </ButtonLink>
          </div>
        ),
      },
    ];
    body = <Tabs label="My races" tabs={tabs} selected={selected} onSelect={selectTab} />;
  }

  return (
    <>
      <PageHeader
        eyebrow="My Dashboard"
        title={title}
        lede="Your saved races, what is coming up and what you have already run."
        actions={
          <ButtonLink to="/events" variant="primary">
            <SearchIcon size={18} />
            Find races
          </ButtonLink>
        }
      />
      <div className="container dashboard">
        <ul className="dashboard-tiles" aria-label="Summary">
          <Tile icon={<HeartIcon size={20} />} label="Saved Events" value={isLoading || error ? undefined : saved.length} />
          <Tile icon={<CalendarIcon size={20} />} label="Upcoming" value={isLoading || error ? undefined : upcoming.length} />
          <Tile icon={<FlagIcon size={20} />} label="Completed" value={isLoading || error ? undefined : completed.length} />
          <Tile icon={<CoachIcon size={20} />} label="Training Plans" value={planCount} />
        </ul>
        {body}
      </div>
    </>
  );
}

/** A tab's events; those not upcoming are past race day and carry the 'Completed' badge. */
function EventList({
  entries,
  title,
  upcoming,
  renderEvent,
  empty,
}: {
  entries: readonly SavedEventEntry[];
  title: string;
  upcoming: readonly SavedEventEntry[];
  renderEvent(event: EventSummary): ReactNode;
  empty: ReactNode;
}) {
  if (entries.length === 0) return empty;
  const upcomingIds = new Set(upcoming.map((entry) => entry.event.id));
  return (
    <ul className="saved-list" aria-label={title}>
      {entries.map((entry) => (
        <SavedEventRow key={entry.event.id} completed={!upcomingIds.has(entry.event.id)} eventId={entry.event.id} title={entry.event.title}>
          {renderEvent(entry.event)}
        </SavedEventRow>
      ))}
    </ul>
  );
}

function EmptyState({ title, text }: { title: string; text: string }) {
  return (
    <div className="state-panel">
      <span className="state-panel__icon">
        <CalendarIcon size={26} />
      </span>
      <h2 className="state-panel__title">{title}</h2>
      <p className="state-panel__text">{text}</p>
      <Link to="/events" className="btn btn--primary">
        Browse events
        <ArrowRightIcon size={16} />
      </Link>
    </div>
  );
}
