/**
 * The admin events table's columns (spec 001: title with Verified and Featured badges, date, city/state,
 * registration fee, max participants; plus type, source, review flag and the row's actions), beside the page
 * as the Cloudscape demos keep them.
 */
import Badge from '@cloudscape-design/components/badge';
import Button from '@cloudscape-design/components/button';
import Link from '@cloudscape-design/components/link';
import SpaceBetween from '@cloudscape-design/components/space-between';
import type { TableProps } from '@cloudscape-design/components/table';
import { enumLabel } from '#shared/event-vocabulary';
import type { AdminEventRow } from '#shared/schemas/admin-events';
import { formatFee, formatIsoDate } from '../../lib/event-format.ts';

export interface RowActions {
  /** The event's edit page, and opening it in the app (returning here after saving). */
  readonly editPath: (row: AdminEventRow) => string;
  readonly onEdit: (row: AdminEventRow) => void;
  readonly onToggleVerified: (row: AdminEventRow) => void;
  readonly onToggleFeatured: (row: AdminEventRow) => void;
  readonly onDelete: (row: AdminEventRow) => void;
  /** Opens the event's images, to remove one (event-images-modal.tsx). */
  readonly onImages: (row: AdminEventRow) => void;
  /** Clears an import's review flag: the admin has looked at the event. */
  readonly onClearFlag: (row: AdminEventRow) => void;
  /** Ids with a write in flight: their buttons wait. */
  readonly busy: ReadonlySet<string>;
}

const REVIEW_TEXT: Record<NonNullable<AdminEventRow['reviewFlag']>, string> = {
  cancelled: 'Cancelled at source',
  'removed-from-source': 'Gone from source',
  'possible-duplicate': 'Possible duplicate',
};

export function adminEventColumns(actions: RowActions): TableProps.ColumnDefinition<AdminEventRow>[] {
  return [
    {
      id: 'title',
      header: 'Event',
      isRowHeader: true,
      minWidth: 220,
      cell: (row) => (
        <SpaceBetween size="xxs">
          <Link href={`/events/${row.id}`} external externalIconAriaLabel="(opens in a new tab)">
            {row.title}
          </Link>
          <SpaceBetween size="xxs" direction="horizontal">
            {row.verified ? <Badge color="green">Verified</Badge> : <Badge color="grey">Unverified</Badge>}
            {row.featured && <Badge color="blue">Featured</Badge>}
            {row.reviewFlag && <Badge color="red">{REVIEW_TEXT[row.reviewFlag]}</Badge>}
          </SpaceBetween>
        </SpaceBetween>
      ),
    },
    { id: 'date', header: 'Date', minWidth: 120, cell: (row) => formatIsoDate(row.eventDate, { weekday: undefined }) },
    { id: 'place', header: 'City/State', minWidth: 120, cell: (row) => `${row.city}, ${row.state}` },
    { id: 'type', header: 'Type', minWidth: 100, cell: (row) => enumLabel(row.eventType) },
    { id: 'fee', header: 'Fee', minWidth: 90, cell: (row) => formatFee(row.registrationFee) ?? '–' },
    {
      id: 'maxParticipants',
      header: 'Max participants',
      minWidth: 140,
      cell: (row) => (row.maxParticipants === undefined ? '–' : row.maxParticipants.toLocaleString('en-US')),
    },
    { id: 'source', header: 'Source', minWidth: 100, cell: (row) => row.source },
    {
      id: 'actions',
      header: 'Actions',
      minWidth: 230,
      cell: (row) => {
        const busy = actions.busy.has(row.id);
        return (
          <SpaceBetween size="xs" direction="horizontal">
            <Button
              variant="inline-link"
              disabled={busy}
              href={actions.editPath(row)}
              ariaLabel={`Edit ${row.title}`}
              onFollow={(event) => {
                // A plain click opens the form in the app; a modified click keeps the browser's own (a new tab).
                event.preventDefault();
                actions.onEdit(row);
              }}
            >
              Edit
            </Button>
            <Button variant="inline-link" disabled={busy} ariaLabel={`${row.verified ? 'Unverify' : 'Verify'} ${row.title}`} onClick={() => actions.onToggleVerified(row)}>
              {row.verified ? 'Unverify' : 'Verify'}
            </Button>
            <Button variant="inline-link" disabled={busy} ariaLabel={`${row.featured ? 'Unfeature' : 'Feature'} ${row.title}`} onClick={() => actions.onToggleFeatured(row)}>
              {row.featured ? 'Unfeature' : 'Feature'}
            </Button>
            {row.reviewFlag && (
              <Button variant="inline-link" disabled={busy} ariaLabel={`Mark ${row.title} reviewed`} onClick={() => actions.onClearFlag(row)}>
                Mark reviewed
              </Button>
            )}
            <Button variant="inline-link" disabled={busy} ariaLabel={`Images of ${row.title}`} onClick={() => actions.onImages(row)}>
              Images
            </Button>
            <Button variant="inline-link" disabled={busy} ariaLabel={`Delete ${row.title}`} onClick={() => actions.onDelete(row)}>
              Delete
            </Button>
          </SpaceBetween>
        );
      },
    },
  ];
}
