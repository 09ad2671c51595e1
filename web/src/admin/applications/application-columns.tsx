/**
 * What the two application queues share (/admin/applications and the pending list on /superadmin): the
 * columns, the status words and the full application an admin reads before deciding.
 */
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import ColumnLayout from '@cloudscape-design/components/column-layout';
import SpaceBetween from '@cloudscape-design/components/space-between';
import type { TableProps } from '@cloudscape-design/components/table';
import { enumLabel } from '#shared/event-vocabulary';
import { ORGANIZATION_TYPE_LABELS, type Application, type ApplicationStatus } from '#shared/schemas/organizer-application';

export const STATUS_TEXT: Record<ApplicationStatus, string> = { pending: 'Pending', approved: 'Approved', denied: 'Denied' };
/** The query key of every applications page, so a decision on one screen refreshes the other. */
export const APPLICATIONS_QUERY_KEY = ['admin', 'organizer-applications'] as const;
export const dateFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeZone: 'America/New_York' });

export type Decision = 'approve' | 'deny';

/**
 * The columns a phone shows: the organization and the decision (or notes); the rest is in the reading dialog
 * one tap away.
 */
export function visibleColumns(narrow: boolean): TableProps.ColumnDisplayProperties[] | undefined {
  if (!narrow) return undefined;
  return ['organization', 'contact', 'types', 'submitted', 'actions', 'notes'].map((id) => ({ id, visible: ['organization', 'actions', 'notes'].includes(id) }));
}

export function applicationColumns(
  pending: boolean,
  busy: ReadonlySet<string>,
  onView: (a: Application) => void,
  onDecide: (a: Application, d: Decision) => void,
): TableProps.ColumnDefinition<Application>[] {
  return [
    {
      id: 'organization',
      header: 'Organization',
      cell: (a) => (
        <SpaceBetween size="xxxs">
          <Button variant="inline-link" onClick={() => onView(a)} ariaLabel={`Read the application of ${a.organizationName}`}>
            {a.organizationName}
          </Button>
          <Box variant="small">{ORGANIZATION_TYPE_LABELS[a.organizationType]}</Box>
        </SpaceBetween>
      ),
    },
    { id: 'contact', header: 'Contact', cell: (a) => a.contactEmail },
    { id: 'types', header: 'Event types', cell: (a) => a.eventTypes.map(enumLabel).join(', ') },
    { id: 'submitted', header: 'Submitted', cell: (a) => dateFormat.format(new Date(a.createdAt)) },
    pending
      ? {
          id: 'actions',
          header: 'Decision',
          cell: (a) => (
            <SpaceBetween size="xs" direction="horizontal">
              <Button disabled={busy.has(a.id)} onClick={() => onDecide(a, 'approve')} ariaLabel={`Approve ${a.organizationName}`}>
                Approve
              </Button>
              <Button disabled={busy.has(a.id)} onClick={() => onDecide(a, 'deny')} ariaLabel={`Deny ${a.organizationName}`}>
                Deny
              </Button>
            </SpaceBetween>
          ),
        }
      : { id: 'notes', header: 'Notes', cell: (a) => a.adminNotes ?? '—' },
  ];
}

export function ApplicationDetails({ application: a }: { application: Application }) {
  const field = (label: string, value: string | undefined) => (
    <div>
      <Box variant="awsui-key-label">{label}</Box>
      <Box variant="p">{value || '—'}</Box>
    </div>
  );
  return (
    <SpaceBetween size="l">
      <ColumnLayout columns={2} variant="text-grid">
        {field('Organization type', ORGANIZATION_TYPE_LABELS[a.organizationType])}
        {field('Event types', a.eventTypes.map(enumLabel).join(', '))}
        {field('Contact email', a.contactEmail)}
        {field('Contact phone', a.contactPhone)}
        {field('Website', a.website)}
        {field('Events a year', a.expectedVolume)}
        {field('Submitted', dateFormat.format(new Date(a.createdAt)))}
        {field('Status', STATUS_TEXT[a.status])}
      </ColumnLayout>
      {field('Description', a.description)}
      {field('Experience', a.experience)}
      {field('References', a.referenceContacts)}
      {a.adminNotes ? field('Reviewer notes', a.adminNotes) : null}
    </SpaceBetween>
  );
}
