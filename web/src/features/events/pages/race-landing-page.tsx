/**
 * /races/{state} and /races/{state}/{kind} (shared/race-landing.ts): the upcoming races of one state, of one kind
 * or all, soonest first, a page of the event search at a time with plain links to the next page, so a search
 * engine can follow every race. The server renders it with its first page (lambdas/pages/site-page.ts); the
 * page then shows that page until its own answer is in.
 */
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Link, useParams, useSearchParams } from 'react-router-dom';
import { US_STATES } from '#shared/us-states';
import {
  LANDING_CURSOR_PARAM,
  RACE_KINDS,
  raceLandingQuery,
  raceLandingOf,
  raceLandingPath,
  raceLandingTitle,
  type RaceLanding,
} from '#shared/race-landing';
import type { EventSummary } from '#shared/schemas/search';
import { PageHeader } from '../../../components/page-header.tsx';
import { LoadingBlock } from '../../../components/spinner.tsx';
import { LoadErrorPanel } from '../../../components/load-error-panel.tsx';
import { useDocumentTitle } from '../../../components/use-document-title.ts';
import { eventsArea } from '../../../lib/api-areas/events.ts';
import { usePageData } from '../../../lib/use-page-data.ts';
import { useApi } from '../../../lib/use-api.ts';
import { EventCard } from '../components/event-card.tsx';
import { filtersToSearchParams } from '../api/event-filters.ts';
import './race-landing-page.css';

export interface RaceLandingPageProps {
  /** The save control of each card, from the page that composes it (app/pages). */
  cardActions?: (event: EventSummary) => ReactNode;
  /** What an address that names no state or kind shows (the app's 404 page). */
  notFound: ReactNode;
}

export default function RaceLandingPage({ cardActions, notFound }: RaceLandingPageProps) {
  const { state, kind } = useParams();
  const landing = raceLandingOf(state, kind);
  return landing ? <LandingView landing={landing} cardActions={cardActions} /> : notFound;
}

function LandingView({ landing, cardActions }: { landing: RaceLanding; cardActions: RaceLandingPageProps['cardActions'] }) {
  const title = raceLandingTitle(landing);
  useDocumentTitle(title);
  const [params] = useSearchParams();
  const after = params.get(LANDING_CURSOR_PARAM) ?? undefined;
  const { limit, ...filters } = raceLandingQuery(landing);
  const api = useApi(eventsArea);
  const rendered = usePageData()?.races;
  const query = useQuery({
    queryKey: ['events', 'landing', filters, after ?? ''],
    queryFn: ({ signal }) => api('searchEvents', { query: { ...filters, limit, ...(after ? { cursor: after } : {}) } }, { signal }),
    placeholderData: rendered,
    staleTime: 60_000,
  });
  const stateName = US_STATES[landing.state];
  const what = (landing.kind?.plural ?? 'races').toLowerCase();

  return (
    <>
      <PageHeader
        eyebrow="Race calendar"
        title={title}
        lede={`Upcoming ${what} in ${stateName}, soonest first. Open one for its course, start time and registration.`}
      />
      <div className="container race-landing">
        <nav className="race-landing__kinds" aria-label={`Races in ${stateName} by kind`}>
          <KindLink landing={{ state: landing.state }} current={!landing.kind} label="All races" />
          {RACE_KINDS.map((kind) => (
            <KindLink key={kind.slug} landing={{ state: landing.state, kind }} current={landing.kind?.slug === kind.slug} label={kind.plural} />
          ))}
        </nav>
        {query.isError && !query.data ? (
          <LoadErrorPanel title="Unable to load races" error={query.error} retry={() => void query.refetch()} />
        ) : !query.data ? (
          <LoadingBlock label={`Loading ${what}`} />
        ) : query.data.items.length === 0 ? (
          <div className="state-panel">
            <p className="state-panel__title">{after ? 'No more races' : `No upcoming ${what} in ${stateName} yet`}</p>
            <p className="state-panel__text">
              {after ? <Link to={raceLandingPath(landing)}>Back to the first page</Link> : 'New races are added every week. '}
              {after ? null : <Link to={`/events?${filtersToSearchParams({ state: landing.state })}`}>Search every race in {stateName}</Link>}
            </p>
          </div>
        ) : (
          <>
            {/* The cards' titles are h3s, as in the search: this keeps the outline whole for screen readers. */}
            <h2 className="visually-hidden">{what[0]!.toUpperCase() + what.slice(1)}, soonest first</h2>
            <ul className="event-list event-list--cards">
              {query.data.items.map((event) => (
                <li key={event.id}>
                  <EventCard event={event} layout="cards" actions={cardActions?.(event)} />
                </li>
              ))}
            </ul>
            <nav className="race-landing__pages" aria-label="More races">
              {after ? <Link to={raceLandingPath(landing)}>First page</Link> : <span />}
              {query.data.nextCursor ? (
                <Link rel="next" to={`${raceLandingPath(landing)}?${new URLSearchParams({ [LANDING_CURSOR_PARAM]: query.data.nextCursor })}`}>
                  Later races
                </Link>
              ) : null}
            </nav>
          </>
        )}
        <p className="race-landing__more">
          Looking for something else? <Link to={`/events?${filtersToSearchParams(filters)}`}>Search with more filters</Link>: dates,
          terrain, distance and races near a place.
        </p>
      </div>
    </>
  );
}

function KindLink({ landing, current, label }: { landing: RaceLanding; current: boolean; label: string }) {
  return (
    <Link className="race-landing__kind" to={raceLandingPath(landing)} aria-current={current ? 'page' : undefined}>
      {label}
    </Link>
  );
}
