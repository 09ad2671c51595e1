/**
 * /organizers (spec 001 'Event Organizers directory'): the organizations behind the races, with a search on
 * name, location (the cities and states of their events) and specialties (the kinds of race they put on),
 * debounced 300 ms and kept in the URL (?q=) so a search can be shared and gone back to. Cards page on with
 * Load more (the server's cursor).
 */
import { useEffect, useId, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { countOf } from '#shared/plural';
import { Button, ButtonLink } from '../../../components/button.tsx';
import { SearchIcon } from '../../../components/icons.tsx';
import { LoadErrorPanel } from '../../../components/load-error-panel.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { LoadingBlock, Spinner } from '../../../components/spinner.tsx';
import { useDocumentTitle } from '../../../components/use-document-title.ts';
import { errorMessage } from '../../../lib/api-error.ts';
import { useOrganizationSearch } from '../api/use-organizations.ts';
import { OrganizationCard } from '../components/organization-card.tsx';
import '../../../components/state-panel.css';
import '../components/organizers.css';

export const SEARCH_DEBOUNCE_MS = 300;
const MAX_QUERY_LENGTH = 100;

export default function OrganizersPage() {
  useDocumentTitle('Event Organizers');
  const [params, setParams] = useSearchParams();
  const q = (params.get('q') ?? '').trim().slice(0, MAX_QUERY_LENGTH);
  const [typed, setTyped] = useState(q);
  const search = useOrganizationSearch(q);
  const inputId = useId();
  const hintId = useId();

  // Back and forward change the URL: the box follows it (but keeps what is being typed, spaces and all).
  const [urlQ, setUrlQ] = useState(q);
  if (urlQ !== q) {
    setUrlQ(q);
    if (typed.trim() !== q) setTyped(q);
  }
  useEffect(() => {
    const next = typed.trim();
    if (next === q) return;
    const timer = setTimeout(
      () =>
        setParams(
          (current) => {
            const updated = new URLSearchParams(current);
            if (next) updated.set('q', next);
            else updated.delete('q');
            return updated;
          },
          { replace: true },
        ),
      SEARCH_DEBOUNCE_MS,
    );
    return () => clearTimeout(timer);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only the typed text restarts the wait
  }, [typed]);

  const items = search.data?.pages.flatMap((page) => page.items) ?? [];
  // A page may come back short while more may match (the server bounds each page's reads): keep asking.
  const stillSearching = items.length === 0 && search.hasNextPage && !search.isFetchNextPageError;
  const { isFetching, fetchNextPage } = search;
  useEffect(() => {
    if (stillSearching && !isFetching) void fetchNextPage();
  }, [stillSearching, isFetching, fetchNextPage]);
  const loading = search.isPending || stillSearching;
  const countText = loading ? 'Loading...' : `${countOf(items.length, 'organizer')}${search.hasNextPage ? '+' : ''}`;

  let body;
  if (loading) body = <LoadingBlock label="Finding organizers..." />;
  else if (search.isError && items.length === 0) body = <LoadErrorPanel title="Unable to load organizers" error={search.error} retry={() => void search.refetch()} />;
  else if (items.length === 0) {
    body = q ? (
      <div className="state-panel">
        <h2 className="state-panel__title">No organizers match</h2>
        <p className="state-panel__text">Nothing matches &ldquo;{q}&rdquo;. Try part of a name, a city or state, or a kind of race such as trail or triathlon.</p>
        <Button onClick={() => setTyped('')}>Clear search</Button>
      </div>
    ) : (
      <div className="state-panel">
        <h2 className="state-panel__title">No organizers yet</h2>
        <p className="state-panel__text">Organizations appear here once an administrator approves their organizer application.</p>
        <ButtonLink to="/apply-organizer" variant="primary">
          List your organization
        </ButtonLink>
      </div>
    );
  } else {
    body = (
      <>
        <ul className="org-grid" aria-label="Organizers" aria-busy={search.isFetching && !search.isFetchingNextPage}>
          {items.map((organization) => (
            <li key={organization.id}>
              <OrganizationCard organization={organization} />
            </li>
          ))}
        </ul>
        <div className="org-more">
          {search.isFetchingNextPage ? (
            <p role="status">
              <Spinner label="Loading" size={18} /> Loading more organizers...
            </p>
          ) : search.isFetchNextPageError ? (
            <div className="state-panel state-panel--error" role="alert">
              <p className="state-panel__title">Unable to load more organizers</p>
              <p className="state-panel__text">{errorMessage(search.error)}</p>
              <Button onClick={() => void search.fetchNextPage()}>Try again</Button>
            </div>
          ) : search.hasNextPage ? (
            <Button onClick={() => void search.fetchNextPage()}>Load more</Button>
          ) : null}
        </div>
      </>
    );
  }

  return (
    <>
      <PageHeader
        eyebrow="Organizer directory"
        title="Event Organizers"
        lede="The clubs, companies and nonprofits behind the races on RaceFinder: where they race, what they put on and what is next."
        actions={
          <ButtonLink to="/apply-organizer">
            List your organization
          </ButtonLink>
        }
      />
      <div className="container organizers-page">
        <form className="org-search" role="search" onSubmit={(event) => event.preventDefault()}>
          <label className="org-search__label" htmlFor={inputId}>
            Search organizers
          </label>
          <div className="org-search__box">
            <SearchIcon size={18} />
            <input
              id={inputId}
              className="org-search__input"
              type="search"
              value={typed}
              maxLength={MAX_QUERY_LENGTH}
              placeholder="Name, city, state or kind of race"
              aria-describedby={hintId}
              onChange={(event) => setTyped(event.target.value)}
            />
          </div>
          <p id={hintId} className="org-search__hint">
            For example &ldquo;Boulder&rdquo;, &ldquo;Texas&rdquo; or &ldquo;triathlon&rdquo;.
          </p>
        </form>
        <section className="org-results" aria-labelledby="org-results-count">
          <div className="org-results__bar">
            <h2 id="org-results-count" className="org-results__count" aria-live="polite">
              {search.isError && items.length === 0 ? 'No results' : countText}
            </h2>
          </div>
          {body}
        </section>
      </div>
    </>
  );
}
