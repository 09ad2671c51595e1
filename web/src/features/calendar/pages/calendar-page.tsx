import { useCallback, useEffect, useId, useMemo, type ReactNode } from 'react';
import { useLocation, useSearchParams } from 'react-router-dom';
import { todayInNewYork } from '#shared/dates';
import { countOf } from '#shared/plural';
import type { RaceFeedFilters } from '#shared/race-calendar';
import type { EventSummary } from '#shared/schemas/search';
import { Alert } from '../../../components/alert.tsx';
import { Button, ButtonLink } from '../../../components/button.tsx';
import { CalendarFeed } from '../../../components/calendar-feed.tsx';
import { LoadErrorPanel } from '../../../components/load-error-panel.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { LoadingBlock } from '../../../components/spinner.tsx';
import { Tabs } from '../../../components/tabs.tsx';
import { useDocumentTitle } from '../../../components/use-document-title.ts';
import { useAuth } from '../../../lib/auth/auth-context.ts';
import { formatIsoDate } from '../../../lib/event-format.ts';
import { signInPath } from '../../../lib/sign-in-path.ts';
import { calendarSearchParams, hasFilters, readCalendarParams, type CalendarParams, type CalendarTab, type CalendarView } from '../api/calendar-params.ts';
import { lastDayOf, monthOf, monthRange, shiftMonth, type MonthKey } from '../api/month-grid.ts';
import { useMonthRaces } from '../api/use-month-races.ts';
import { CalendarFilters } from '../components/calendar-filters.tsx';
import { CalendarToolbar } from '../components/calendar-toolbar.tsx';
import { RaceCalendar } from '../components/race-calendar.tsx';
import { SubscribePanel } from '../components/subscribe-panel.tsx';
import { useNarrowScreen } from '../components/use-narrow-screen.ts';
import '../../../components/state-panel.css';
import '../components/calendar.css';

/** The athlete's saved races, from the composing route (the calendar does not import the saved feature). */
export interface CalendarSaved {
  entries: readonly { event: EventSummary }[];
  isLoading: boolean;
  error: unknown;
  retry(): void;
}

export interface CalendarPageProps {
  /** Absent for visitors. */
  saved?: CalendarSaved;
  /** Each race's actions (the save heart): the app passes them in. */
  raceActions?: (race: EventSummary) => ReactNode;
}

const monthTitle = (month: MonthKey) => formatIsoDate(`${month}-15`, { weekday: undefined, day: undefined, month: 'long' });

/**
 * /calendar: upcoming races by month, as a grid or (the default on phones) an agenda, with the /events filters
 * for state, type and distance and the public feed of those filters to subscribe to; and, signed in, My races:
 * the saved races on the same calendar with their private feed. The URL holds the month, filters, view and tab.
 */
export default function CalendarPage({ saved, raceActions }: CalendarPageProps) {
  useDocumentTitle('Race Calendar');
  const today = todayInNewYork();
  const [params, setParams] = useSearchParams();
  const calendar = useMemo(() => readCalendarParams(params, today), [params, today]);
  const canonical = calendarSearchParams(calendar).toString();
  const narrow = useNarrowScreen();
  const view: CalendarView = calendar.view ?? (narrow ? 'agenda' : 'month');

  useEffect(() => {
    if (params.toString() !== canonical) setParams(new URLSearchParams(canonical), { replace: true });
  }, [params, canonical, setParams]);

  const go = useCallback((patch: Partial<CalendarParams>) => setParams(calendarSearchParams({ ...calendar, ...patch })), [calendar, setParams]);

  return (
    <>
      <PageHeader
        eyebrow="Race calendar"
        title="Race Calendar"
        lede="Every upcoming race, month by month. Filter by state, type and distance, keep your saved races in view, and subscribe from the calendar app you already use."
      />
      <div className="container calendar-page">
        <Tabs<CalendarTab>
          label="Calendars"
          selected={calendar.tab}
          onSelect={(tab) => go({ tab })}
          tabs={[
            { id: 'all', label: 'All races', panel: <AllRaces calendar={calendar} view={view} today={today} go={go} raceActions={raceActions} narrow={narrow} /> },
            { id: 'mine', label: 'My races', panel: <MyRaces calendar={calendar} view={view} today={today} go={go} saved={saved} raceActions={raceActions} /> },
          ]}
        />
      </div>
    </>
  );
}

interface PanelProps {
  calendar: CalendarParams;
  view: CalendarView;
  today: string;
  go(patch: Partial<CalendarParams>): void;
  raceActions?: (race: EventSummary) => ReactNode;
}

function AllRaces({ calendar, view, today, go, raceActions, narrow }: PanelProps & { narrow: boolean }) {
  const titleId = useId();
  const { month, filters } = calendar;
  const thisMonth = monthOf(today);
  const races = useMonthRaces(month, filters, today);
  const listed = monthRange(month, today) !== undefined;
  const setFilters = (next: RaceFeedFilters) => go({ filters: next });
  const when = monthTitle(month);

  const status = !listed
    ? undefined
    : races.isLoading
      ? 'Loading races…'
      : races.error
        ? undefined
        : races.complete
          ? `${countOf(races.races.length, 'race')} in ${when}`
          : races.isFetchingMore
            ? `${races.races.length}+ races so far, loading more…`
            : `${races.races.length}+ races`;

  let body: ReactNode;
  if (!listed) {
    body = (
      <div className="state-panel">
        <p className="state-panel__title">{when} is over</p>
        <p className="state-panel__text">The calendar lists races from today on. Your saved races of past months are under My races.</p>
        <Button variant="primary" onClick={() => go({ month: thisMonth })}>
          Go to {monthTitle(thisMonth)}
        </Button>
      </div>
    );
  } else if (races.error && races.races.length === 0 && !races.isLoading) {
    body = <LoadErrorPanel title="Unable to load races" error={races.error} retry={races.retry} />;
  } else {
    body = (
      <>
        {races.error ? (
          <Alert tone="error" title="Some races could not load">
            <Button size="sm" onClick={races.retry}>
              Try again
            </Button>
          </Alert>
        ) : null}
        {races.pausedThrough ? (
          <Alert title={`Showing races through ${formatIsoDate(races.pausedThrough, { year: undefined })}`}>
            <p>{when} has more races than the calendar loads at once. Load more, or choose a state, type or distance.</p>
            <Button size="sm" onClick={races.loadMore}>
              Load more races
            </Button>
          </Alert>
        ) : null}
        <RaceCalendar
          month={month}
          titleId={titleId}
          view={view}
          today={today}
          races={races.races}
          firstListedDay={today}
          onMonth={(next) => go({ month: next < thisMonth ? thisMonth : next })}
          raceActions={raceActions}
          busy={races.isLoading}
          empty={
            races.isLoading ? (
              <LoadingBlock label="Finding races for the calendar" />
            ) : races.complete ? (
              <div className="state-panel calendar-empty">
                <p className="state-panel__title">No races in {when}</p>
                <p className="state-panel__text">
                  {hasFilters(filters) ? 'No upcoming race this month matches these filters.' : 'No upcoming races are listed for this month yet.'}
                </p>
                <div className="calendar-empty__actions">
                  {hasFilters(filters) ? <Button onClick={() => setFilters({})}>Clear filters</Button> : null}
                  <Button variant="primary" onClick={() => go({ month: shiftMonth(month, 1) })}>
                    Go to {monthTitle(shiftMonth(month, 1))}
                  </Button>
                </div>
              </div>
            ) : null
          }
        />
      </>
    );
  }

  return (
    <div className="calendar-body">
      <CalendarFilters filters={filters} onChange={setFilters} folded={narrow} />
      <CalendarToolbar
        title={when}
        titleId={titleId}
        onPrevious={() => go({ month: shiftMonth(month, -1) })}
        previousDisabled={month <= thisMonth}
        onNext={() => go({ month: shiftMonth(month, 1) })}
        onToday={() => go({ month: thisMonth })}
        view={view}
        onView={(next) => go({ view: next })}
        status={status}
      />
      {body}
      <SubscribePanel filters={filters} />
    </div>
  );
}

function MyRaces({ calendar, view, today, go, saved, raceActions }: PanelProps & { saved?: CalendarSaved }) {
  const titleId = useId();
  const { status } = useAuth();
  const location = useLocation();
  const { month } = calendar;
  const races = useMemo(() => (saved?.entries ?? []).map((entry) => entry.event), [saved]);
  const when = monthTitle(month);

  if (!saved || status !== 'signedIn') {
    return (
      <div className="state-panel">
        <p className="state-panel__title">Your races on the calendar</p>
        <p className="state-panel__text">Sign in to see the races you saved on the calendar and subscribe to them from your calendar app.</p>
        <ButtonLink variant="primary" to={signInPath(location.pathname + location.search)}>
          Sign in
        </ButtonLink>
      </div>
    );
  }

  const inMonth = races.filter((race) => monthOf(race.eventDate) === month);
  const next = races.filter((race) => race.eventDate > lastDayOf(month)).sort((a, b) => a.eventDate.localeCompare(b.eventDate))[0];
  let body: ReactNode;
  if (saved.error) body = <LoadErrorPanel title="Your saved races could not load" error={saved.error} retry={saved.retry} />;
  else {
    body = (
      <RaceCalendar
        month={month}
        titleId={titleId}
        view={view}
        today={today}
        races={races}
        onMonth={(nextMonth) => go({ month: nextMonth })}
        raceActions={raceActions}
        busy={saved.isLoading}
        empty={
          saved.isLoading ? (
            <LoadingBlock label="Loading your saved races" />
          ) : (
            <div className="state-panel calendar-empty">
              <p className="state-panel__title">{races.length === 0 ? 'No saved races yet' : `No saved races in ${when}`}</p>
              <p className="state-panel__text">
                {races.length === 0
                  ? 'Save races with the heart on any race and they appear here, and in your calendar app once the feed is on.'
                  : next
                    ? `Your next saved race is ${next.title} on ${formatIsoDate(next.eventDate)}.`
                    : 'Save races with the heart on any race and they appear here.'}
              </p>
              <div className="calendar-empty__actions">
                {next ? (
                  <Button variant="primary" onClick={() => go({ month: monthOf(next.eventDate) })}>
                    Go to {monthTitle(monthOf(next.eventDate))}
                  </Button>
                ) : null}
                <ButtonLink to="/events">Find races</ButtonLink>
              </div>
            </div>
          )
        }
      />
    );
  }

  return (
    <div className="calendar-body">
      <CalendarToolbar
        title={when}
        titleId={titleId}
        onPrevious={() => go({ month: shiftMonth(month, -1) })}
        onNext={() => go({ month: shiftMonth(month, 1) })}
        onToday={() => go({ month: monthOf(today) })}
        view={view}
        onView={(nextView) => go({ view: nextView })}
        status={saved.isLoading || saved.error ? undefined : `${countOf(inMonth.length, 'saved race')} in ${when}`}
      />
      {body}
      <section className="calendar-panel" aria-labelledby={`${titleId}-feed`}>
        <h2 id={`${titleId}-feed`} className="calendar-panel__title">
          Calendar feed
        </h2>
        <CalendarFeed
          kind="saved-races"
          what="your saved races"
          gives="each race appears on its day with a link to its page, and races you save or remove here follow within a few hours."
        />
      </section>
    </div>
  );
}
