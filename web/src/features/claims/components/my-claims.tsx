/**
 * The organizer's claims with where each stands (the event, its date and place, their reason, the
 * administrator's note), newest first; `action` adds a control per claim (the dashboard's 'Promote Event').
 */
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import type { ClaimEntry } from '#shared/schemas/claim';
import { Alert } from '../../../components/alert.tsx';
import { Button } from '../../../components/button.tsx';
import { LoadErrorPanel } from '../../../components/load-error-panel.tsx';
import { LoadingBlock } from '../../../components/spinner.tsx';
import { errorMessage } from '../../../lib/api-error.ts';
import { formatEventDate } from '../../../lib/event-format.ts';
import { useMyClaims } from '../api/use-claims.ts';
import '../../../components/state-panel.css';
import '../pages/claim-event-page.css';

const STATUS_TEXT = { pending: 'Pending review', approved: 'Approved', rejected: 'Not approved' } as const;

export function MyClaims({ action }: { action?: (claim: ClaimEntry) => ReactNode }) {
  const claims = useMyClaims(true);
  const items = claims.data?.pages.flatMap((page) => page.items) ?? [];
  let body;
  if (claims.isLoading) {
    body = <LoadingBlock label="Loading your claims" />;
  } else if (claims.isError) {
    body = (
      <LoadErrorPanel title="Unable to load your claims" error={claims.error} retry={() => void claims.refetch()} />
    );
  } else if (items.length === 0) {
    body = (
      <div className="state-panel">
        <p className="state-panel__title">No claims yet</p>
        <p className="state-panel__text">Claims you submit appear here with their review status.</p>
      </div>
    );
  } else {
    body = (
      <>
        <ul className="claim-list">
          {items.map((claim) => (
            <li key={claim.id} className="claim-row">
              <div className="claim-row__main">
                {claim.event ? (
                  <Link className="claim-row__title" to={`/events/${claim.event.id}`}>
                    {claim.event.title}
                  </Link>
                ) : (
                  <span className="claim-row__title">Event no longer listed</span>
                )}
                {claim.event ? (
                  <span className="claim-row__meta">
                    {formatEventDate(claim.event.eventDate)} · {claim.event.city}, {claim.event.state}
                  </span>
                ) : null}
                <span className="claim-row__reason">Your reason: {claim.reason}</span>
                {claim.adminNotes ? <span className="claim-row__reason">Administrator's note: {claim.adminNotes}</span> : null}
              </div>
              <div className="claim-row__side">
                <span className={`claim-status claim-status--${claim.status}`}>{STATUS_TEXT[claim.status]}</span>
                {action?.(claim)}
              </div>
            </li>
          ))}
        </ul>
        {claims.hasNextPage ? (
          <Button onClick={() => void claims.fetchNextPage()} disabled={claims.isFetchingNextPage}>
            {claims.isFetchingNextPage ? 'Loading…' : 'Show more claims'}
          </Button>
        ) : null}
      </>
    );
  }
  return (
    <section className="claim-mine" aria-labelledby="my-claims-title">
      <h2 id="my-claims-title" className="claim-mine__title">
        Your claims
      </h2>
      {claims.isError && items.length > 0 ? (
        <Alert tone="error" title="Unable to load more claims">
          <p>{errorMessage(claims.error)}</p>
        </Alert>
      ) : null}
      {body}
    </section>
  );
}
