/** The caller's suggested races, newest first: each with what became of it, and the reviewer's words when there are some. */
import { Link } from 'react-router-dom';
import { enumLabel } from '#shared/event-vocabulary';
import type { SuggestionStatus } from '#shared/schemas/submitted-event';
import { Button } from '../../../components/button.tsx';
import { LoadErrorPanel } from '../../../components/load-error-panel.tsx';
import { LoadingBlock } from '../../../components/spinner.tsx';
import { formatEventDate } from '../../../lib/event-format.ts';
import { useMySubmittedEvents } from '../api/use-submitted-events.ts';
import '../../../components/state-panel.css';
import '../../../components/status-pill.css';
import './submit-event.css';

const STATUS: Readonly<Record<SuggestionStatus, { text: string; tone: string }>> = {
  pending: { text: 'Waiting for review', tone: 'pending' },
  approved: { text: 'Listed', tone: 'good' },
  rejected: { text: 'Not listed', tone: 'bad' },
};

export function MySuggestions() {
  const list = useMySubmittedEvents();
  const items = list.data?.pages.flatMap((page) => page.items) ?? [];
  let body;
  if (list.isLoading) body = <LoadingBlock label="Loading your suggestions" />;
  else if (list.isError && items.length === 0) body = <LoadErrorPanel title="Unable to load your suggestions" error={list.error} retry={() => void list.refetch()} />;
  else if (items.length === 0) {
    body = (
      <div className="state-panel">
        <p className="state-panel__title">No suggestions yet</p>
        <p className="state-panel__text">Races you suggest appear here with what became of them.</p>
      </div>
    );
  } else {
    body = (
      <>
        <ul className="suggestion-list">
          {items.map((item) => (
            <li key={item.id} className="suggestion-row">
              <div className="suggestion-row__main">
                {item.status === 'approved' ? (
                  <Link className="suggestion-row__title" to={`/events/${encodeURIComponent(item.id)}`}>
                    {item.title}
                  </Link>
                ) : (
                  <span className="suggestion-row__title">{item.title}</span>
                )}
                <span className="suggestion-row__meta">
                  {formatEventDate(item.eventDate)} · {item.city}, {item.state} · {enumLabel(item.eventType)}
                </span>
                {item.adminNotes ? <span className="suggestion-row__meta">Reviewer&apos;s note: {item.adminNotes}</span> : null}
              </div>
              <span className={`status-pill status-pill--${STATUS[item.status].tone}`}>{STATUS[item.status].text}</span>
            </li>
          ))}
        </ul>
        {list.hasNextPage ? (
          <Button onClick={() => void list.fetchNextPage()} disabled={list.isFetchingNextPage}>
            {list.isFetchingNextPage ? 'Loading…' : 'Show more suggestions'}
          </Button>
        ) : null}
      </>
    );
  }
  return (
    <section className="suggestions" aria-labelledby="my-suggestions-title">
      <h2 id="my-suggestions-title" className="suggestions__title">
        Your suggestions
      </h2>
      {body}
    </section>
  );
}
