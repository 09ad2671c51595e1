import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Link from '@cloudscape-design/components/link';
import SpaceBetween from '@cloudscape-design/components/space-between';
import StatusIndicator from '@cloudscape-design/components/status-indicator';
import type { TableProps } from '@cloudscape-design/components/table';
import type { AdminRecap } from '#shared/schemas/recap';
import { formatEventDate } from '../../lib/event-format.ts';
import { dateTime } from '../date-time.ts';

export type RecapDecision = 'hide' | 'restore';

/** The recaps' columns: the recap (a link to its page), its race, author and date, its state, and what an admin may do. */
export function recapColumns({
  busy,
  onDecide,
  onFeature,
}: {
  busy: ReadonlySet<string>;
  onDecide(recap: AdminRecap, decision: RecapDecision): void;
  onFeature(recap: AdminRecap, on: boolean): void;
}): TableProps.ColumnDefinition<AdminRecap>[] {
  return [
    {
      id: 'recap',
      header: 'Recap',
      isRowHeader: true,
      minWidth: 280,
      cell: (recap) => (
        <SpaceBetween size="xxxs">
          {recap.status === 'visible' ? (
            <Link href={`/recaps/${recap.id}`} external externalIconAriaLabel="(opens in a new tab)" fontSize="heading-xs">
              {recap.title}
            </Link>
          ) : (
            <Box fontWeight="bold">{recap.title}</Box>
          )}
          <Box fontSize="body-s">{recap.excerpt}</Box>
          <Box color="text-body-secondary" fontSize="body-s">
            {recap.authorName} · {dateTime(recap.createdAt)}
          </Box>
        </SpaceBetween>
      ),
    },
    {
      id: 'race',
      header: 'Race',
      minWidth: 170,
      cell: (recap) => (
        <SpaceBetween size="xxxs">
          <Link href={`/events/${recap.event.id}`} external externalIconAriaLabel="(opens in a new tab)">
            {recap.event.title}
          </Link>
          <Box color="text-body-secondary" fontSize="body-s">
            {formatEventDate(recap.event.eventDate)} · {recap.event.city}, {recap.event.state}
          </Box>
        </SpaceBetween>
      ),
    },
    {
      id: 'status',
      header: 'Status',
      minWidth: 170,
      cell: (recap) => (
        <SpaceBetween size="xxxs">
          {recap.status === 'hidden' ? <StatusIndicator type="stopped">Hidden</StatusIndicator> : <StatusIndicator type="success">Published</StatusIndicator>}
          {recap.featuredAt ? (
            <>
              <StatusIndicator type="info">Featured</StatusIndicator>
              <Box color="text-body-secondary" fontSize="body-s">
                since {dateTime(recap.featuredAt)}
              </Box>
            </>
          ) : null}
          {recap.moderation?.note ? (
            <Box color="text-body-secondary" fontSize="body-s">
              Note: {recap.moderation.note}
            </Box>
          ) : null}
        </SpaceBetween>
      ),
    },
    {
      id: 'actions',
      header: 'Actions',
      minWidth: 220,
      cell: (recap) => (
        <SpaceBetween size="xs" direction="horizontal">
          {recap.status === 'visible' ? (
            <Button disabled={busy.has(recap.id)} ariaLabel={`${recap.featuredAt ? 'Unfeature' : 'Feature'} the recap ${recap.title}`} onClick={() => onFeature(recap, !recap.featuredAt)}>
              {recap.featuredAt ? 'Unfeature' : 'Feature'}
            </Button>
          ) : null}
          {recap.status === 'visible' ? (
            <Button disabled={busy.has(recap.id)} ariaLabel={`Hide the recap ${recap.title}`} onClick={() => onDecide(recap, 'hide')}>
              Hide
            </Button>
          ) : (
            <Button disabled={busy.has(recap.id)} ariaLabel={`Restore the recap ${recap.title}`} onClick={() => onDecide(recap, 'restore')}>
              Restore
            </Button>
          )}
        </SpaceBetween>
      ),
    },
  ];
}
