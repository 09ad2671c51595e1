import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Link from '@cloudscape-design/components/link';
import SpaceBetween from '@cloudscape-design/components/space-between';
import StatusIndicator from '@cloudscape-design/components/status-indicator';
import type { TableProps } from '@cloudscape-design/components/table';
import type { AdminClaimEntry } from '#shared/schemas/claim';
import { formatEventDate } from '../../lib/event-format.ts';
import { dateTime } from '../date-time.ts';

export type Decision = 'approve' | 'reject';


/** The claims table's columns; the Actions column only while claims are pending. */
export function claimColumns({ pending, busy, onDecide }: { pending: boolean; busy: ReadonlySet<string>; onDecide(claim: AdminClaimEntry, decision: Decision): void }) {
  const columns: TableProps.ColumnDefinition<AdminClaimEntry>[] = [
    {
      id: 'event',
      header: 'Event',
      isRowHeader: true,
      cell: (claim) =>
        claim.event ? (
          <SpaceBetween size="xxxs">
            <Link href={`/events/${claim.event.id}`} external externalIconAriaLabel="(opens in a new tab)">
              {claim.event.title}
            </Link>
            <Box color="text-body-secondary" fontSize="body-s">
              {formatEventDate(claim.event.eventDate)} · {claim.event.city}, {claim.event.state}
            </Box>
          </SpaceBetween>
        ) : (
          <Box color="text-status-inactive">Event deleted</Box>
        ),
    },
    {
      id: 'claimant',
      header: 'Organizer',
      cell: (claim) =>
        claim.claimant ? (
          <SpaceBetween size="xxxs">
            {claim.claimant.name ? <span>{claim.claimant.name}</span> : null}
            <Box color="text-body-secondary" fontSize="body-s">
              {claim.claimant.email}
            </Box>
          </SpaceBetween>
        ) : (
          '-'
        ),
    },
    { id: 'reason', header: 'Reason', cell: (claim) => claim.reason, minWidth: 220 },
    { id: 'submitted', header: 'Submitted', cell: (claim) => dateTime(claim.createdAt) },
  ];
  if (pending) {
    columns.push({
      id: 'actions',
      header: 'Decision',
      cell: (claim) => (
        <SpaceBetween size="xs" direction="horizontal">
          <Button variant="primary" disabled={busy.has(claim.id)} ariaLabel={`Approve the claim on ${claim.event?.title ?? 'this event'}`} onClick={() => onDecide(claim, 'approve')}>
            Approve
          </Button>
          <Button disabled={busy.has(claim.id)} ariaLabel={`Reject the claim on ${claim.event?.title ?? 'this event'}`} onClick={() => onDecide(claim, 'reject')}>
            Reject
          </Button>
        </SpaceBetween>
      ),
    });
  } else {
    columns.push(
      {
        id: 'status',
        header: 'Status',
        cell: (claim) => (claim.status === 'approved' ? <StatusIndicator type="success">Approved</StatusIndicator> : <StatusIndicator type="stopped">Rejected</StatusIndicator>),
      },
      { id: 'reviewed', header: 'Reviewed', cell: (claim) => (claim.reviewedAt ? dateTime(claim.reviewedAt) : '-') },
      { id: 'notes', header: 'Notes', cell: (claim) => claim.adminNotes ?? '-' },
    );
  }
  return columns;
}
