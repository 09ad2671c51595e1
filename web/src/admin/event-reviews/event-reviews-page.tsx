/**
 * /admin/event-reviews: events organizers created and races users suggested (/submit-event), waiting for
 * review (oldest first), each with what its sender entered; Approve (verified: public and searchable), Send
 * back an organizer's event with notes the organizer sees (required), or Reject a suggestion with notes its
 * sender sees (required; the event is removed). 'Sent back' lists those with their organizers; 'Recent edits'
 * every recorded edit of any event, newest first: who, when, and each field before and after.
 */
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Flashbar from '@cloudscape-design/components/flashbar';
import Badge from '@cloudscape-design/components/badge';
import Header from '@cloudscape-design/components/header';
import Link from '@cloudscape-design/components/link';
import SegmentedControl from '@cloudscape-design/components/segmented-control';
import SpaceBetween from '@cloudscape-design/components/space-between';
import Table, { type TableProps } from '@cloudscape-design/components/table';
import { useSearchParams } from 'react-router-dom';
import { enumLabel } from '#shared/event-vocabulary';
import { EVENT_REVIEW_NOTES_MAX, type EventChange, type EventReviewPage } from '#shared/schemas/organizer-event';
import { useDocumentTitle } from '../../components/use-document-title.ts';
import { adminEventReviewsArea } from '../../lib/api-areas/admin-event-reviews.ts';
import { formatEventDate } from '../../lib/event-format.ts';
import { useApi } from '../../lib/use-api.ts';
import { useMe } from '../../lib/use-me.ts';
import type { AdminSection } from '../admin-sections.ts';
import { CursorPagination, DecisionModal, LoadFailed } from '../queue-parts.tsx';
import { useFlashes } from '../use-flashes.ts';
import { useQueueDecision } from '../use-queue-decision.ts';
import { changeValueText } from './change-values.ts';
import { useEventChanges, useEventReviews } from './use-event-reviews.ts';
import { dateTime } from '../date-time.ts';

type ReviewEvent = EventReviewPage['items'][number];
type Decision = 'approve' | 'send_back' | 'reject';

const SUCCEEDED: Readonly<Record<Decision, (event: ReviewEvent) => { header: string; content: string }>> = {
  approve: (event) => ({ header: 'Event approved', content: `${event.title} is now public and in search.` }),
  send_back: (event) => ({ header: 'Event sent back', content: `The organizer of ${event.title} sees your notes under My Events.` }),
  reject: (event) => ({ header: 'Suggestion rejected', content: `${event.title} is not listed; the person who suggested it sees your notes.` }),
};
const FAILED: Readonly<Record<Decision, string>> = { approve: 'Approval failed', send_back: 'Sending back failed', reject: 'Rejection failed' };
const MODAL: Readonly<Record<Decision, { header: string; confirm: string; sentence(event: ReviewEvent): string }>> = {
  approve: {
    header: 'Approve event',
    confirm: 'Approve',
    sentence: (event) =>
      event.source === 'suggestion'
        ? `${event.title} becomes public and appears in search, with no organizer until one claims it.`
        : `${event.title} becomes public and appears in search.`,
  },
  send_back: {
    header: 'Send event back',
    confirm: 'Send back',
    sentence: (event) => `${event.title} goes back to its organizer with your notes (required); when they edit it, it returns here.`,
  },
  reject: {
    header: 'Reject suggestion',
    confirm: 'Reject',
    sentence: (event) => `${event.title} is removed from the catalogue. Say why in your notes (required): the person who suggested it sees them.`,
  },
};
type View = 'pending' | 'changes_requested' | 'edits';
const VIEWS: { id: View; text: string }[] = [
  { id: 'pending', text: 'Waiting for review' },
  { id: 'changes_requested', text: 'Sent back' },
  { id: 'edits', text: 'Recent edits' },
];
const viewFrom = (value: string | null): View => (VIEWS.some((view) => view.id === value) ? (value as View) : 'pending');

export function EventReviewsPage({ section }: { section: AdminSection }) {
  useDocumentTitle(section.title);
  const [params, setParams] = useSearchParams();
  const view = viewFrom(params.get('view'));
  const { items: flashItems, flash } = useFlashes();
  const picker = (
    <SegmentedControl
      label="What to show"
      selectedId={view}
      options={VIEWS}
      onChange={({ detail }) => setParams(detail.selectedId === 'pending' ? {} : { view: detail.selectedId }, { replace: true })}
    />
  );
  const header = (counter?: string) => (
    <Header variant="awsui-h1-sticky" counter={counter} description={section.purpose}>
      {section.title}
    </Header>
  );
  return (
    <SpaceBetween size="m">
      <Flashbar items={flashItems} />
      {view === 'edits' ? <RecentEdits picker={picker} header={header()} /> : <ReviewQueue status={view} picker={picker} header={header()} flash={flash} />}
    </SpaceBetween>
  );
}

function ReviewQueue({ status, picker, header, flash }: { status: 'pending' | 'changes_requested'; picker: React.ReactNode; header: React.ReactNode; flash: ReturnType<typeof useFlashes>['flash'] }) {
  const api = useApi(adminEventReviewsArea);
  const list = useEventReviews(status);
  const { busy, deciding, open, modal } = useQueueDecision<ReviewEvent, Decision>({
    idOf: (event) => event.id,
    send: (event, decision, notes) => api('decideEventReview', { path: { id: event.id }, body: { decision, notes } }),
    succeeded: (event, decision) => SUCCEEDED[decision](event),
    failedHeader: (decision) => FAILED[decision],
    flash,
    onSettled: () => void list.refresh(),
  });
  const words = deciding ? MODAL[deciding.decision] : MODAL.approve;
  const columns: TableProps.ColumnDefinition<ReviewEvent>[] = [
    {
      id: 'event',
      header: 'Event',
      isRowHeader: true,
      cell: (event) => (
        <SpaceBetween size="xxxs">
          <Link href={`/events/${event.id}`} external externalIconAriaLabel="(opens in a new tab)">
            {event.title}
          </Link>
          <Box color="text-body-secondary" fontSize="body-s">
            {formatEventDate(event.eventDate)} · {event.city}, {event.state}
          </Box>
        </SpaceBetween>
      ),
    },
    {
      id: 'details',
      header: 'Details',
      minWidth: 240,
      cell: (event) => (
        <SpaceBetween size="xxxs">
          <span>
            {enumLabel(event.eventType)} · {event.distances.join(', ')}
          </span>
          <Box color="text-body-secondary" fontSize="body-s">
            {event.locationName}
          </Box>
          {event.description ? <Box fontSize="body-s">{event.description}</Box> : null}
        </SpaceBetween>
      ),
    },
    {
      id: 'submitted',
      header: 'Submitted',
      cell: (event) =>
        event.suggestion ? (
          <SpaceBetween size="xxxs">
            <span>
              <Badge color="blue">Suggestion</Badge>
            </span>
            <span>{dateTime(event.createdAt)}</span>
            <Box color="text-body-secondary" fontSize="body-s">
              by {event.suggestion.submitterEmail ?? event.suggestion.submittedBy}
            </Box>
            {event.suggestion.notes ? <Box fontSize="body-s">Notes: {event.suggestion.notes}</Box> : null}
          </SpaceBetween>
        ) : (
          dateTime(event.createdAt)
        ),
    },
    status === 'pending'
      ? {
          id: 'actions',
          header: 'Decision',
          cell: (event) => (
            <SpaceBetween size="xs" direction="horizontal">
              <Button variant="primary" disabled={busy.has(event.id)} ariaLabel={`Approve ${event.title}`} onClick={() => open(event, 'approve')}>
                Approve
              </Button>
              {event.source === 'suggestion' ? (
                <Button disabled={busy.has(event.id)} ariaLabel={`Reject ${event.title}`} onClick={() => open(event, 'reject')}>
                  Reject
                </Button>
              ) : (
                <Button disabled={busy.has(event.id)} ariaLabel={`Send ${event.title} back`} onClick={() => open(event, 'send_back')}>
                  Send back
                </Button>
              )}
            </SpaceBetween>
          ),
        }
      : { id: 'notes', header: 'Your notes', cell: (event) => event.reviewNotes ?? '-' },
  ];
  return (
    <>
      <Table
        variant="full-page"
        stickyHeader
        wrapLines
        trackBy="id"
        items={list.data?.items ?? []}
        columnDefinitions={columns}
        loading={list.isLoading || (list.isFetching && list.isPlaceholderData)}
        loadingText="Loading events"
        ariaLabels={{ tableLabel: status === 'pending' ? 'Events waiting for review' : 'Events sent back' }}
        header={header}
        filter={picker}
        pagination={<CursorPagination list={list} more={Boolean(list.data?.nextCursor)} />}
        empty={
          list.isError ? (
            <LoadFailed what="events" error={list.error} retry={() => void list.refetch()} />
          ) : (
            <Box textAlign="center" color="inherit">
              <b>{status === 'pending' ? 'No events waiting for review' : 'No events sent back'}</b>
              <Box variant="p" color="inherit">
                {status === 'pending'
                  ? 'Events organizers create on /create-event and races users suggest on /submit-event appear here.'
                  : 'Events you send back wait here until their organizers edit them.'}
              </Box>
            </Box>
          )
        }
      />
      <DecisionModal
        {...modal}
        header={words.header}
        confirmText={words.confirm}
        sentence={deciding ? words.sentence(deciding.item) : null}
        notesFor={deciding?.item.source === 'suggestion' ? 'the person who suggested it' : 'the organizer'}
        notesMax={EVENT_REVIEW_NOTES_MAX}
      />
    </>
  );
}

function RecentEdits({ picker, header }: { picker: React.ReactNode; header: React.ReactNode }) {
  const list = useEventChanges();
  // Course distances in the admin's own units; miles, the site's default, until they choose.
  const unit = useMe().data?.units ?? 'mi';
  const columns: TableProps.ColumnDefinition<EventChange>[] = [
    {
      id: 'event',
      header: 'Event',
      isRowHeader: true,
      cell: (change) => (
        <Link href={`/events/${change.eventId}`} external externalIconAriaLabel="(opens in a new tab)">
          {change.eventTitle}
        </Link>
      ),
    },
    {
      id: 'who',
      header: 'By',
      cell: (change) => (
        <SpaceBetween size="xxxs">
          <span>{change.actorEmail ?? change.actorId}</span>
          <Box color="text-body-secondary" fontSize="body-s">
            {change.actorRole === 'owner' ? 'Owner' : 'Admin'}
          </Box>
        </SpaceBetween>
      ),
    },
    { id: 'when', header: 'When', cell: (change) => dateTime(change.at) },
    {
      id: 'fields',
      header: 'Changes',
      minWidth: 280,
      cell: (change) => (
        <ul style={{ margin: 0, paddingInlineStart: 18 }}>
          {change.fields.map((field) => (
            <li key={field.name}>
              <b>{enumLabel(field.name.replace(/([A-Z])/g, '_$1').toLowerCase())}</b>: {changeValueText(field.name, field.before, unit)} →{' '}
              {changeValueText(field.name, field.after, unit)}
            </li>
          ))}
        </ul>
      ),
    },
  ];
  return (
    <Table
      variant="full-page"
      stickyHeader
      wrapLines
      trackBy="id"
      items={list.data?.items ?? []}
      columnDefinitions={columns}
      loading={list.isLoading || (list.isFetching && list.isPlaceholderData)}
      loadingText="Loading edits"
      ariaLabels={{ tableLabel: 'Recent edits of events' }}
      header={header}
      filter={picker}
      pagination={<CursorPagination list={list} more={Boolean(list.data?.nextCursor)} />}
      empty={
        list.isError ? (
          <LoadFailed what="edits" error={list.error} retry={() => void list.refetch()} />
        ) : (
          <Box textAlign="center" color="inherit">
            <b>No edits recorded yet</b>
            <Box variant="p" color="inherit">
              Every edit owners make to their events is listed here, newest first.
            </Box>
          </Box>
        )
      }
    />
  );
}
