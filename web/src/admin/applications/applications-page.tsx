/**
 * /admin/applications: organizer applications. Pending ones oldest first (first come, first served), each
 * readable in full before deciding; Approve (the applicant becomes an organizer at once) or Deny, confirmed
 * in a Modal that takes notes the applicant will see. Approved and denied ones are one switch away.
 */
import Alert from '@cloudscape-design/components/alert';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import ColumnLayout from '@cloudscape-design/components/column-layout';
import Flashbar from '@cloudscape-design/components/flashbar';
import Header from '@cloudscape-design/components/header';
import Modal from '@cloudscape-design/components/modal';
import SegmentedControl from '@cloudscape-design/components/segmented-control';
import SpaceBetween from '@cloudscape-design/components/space-between';
import Table, { type TableProps } from '@cloudscape-design/components/table';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { enumLabel } from '#shared/event-vocabulary';
import { APPLICATION_NOTES_MAX, APPLICATION_STATUSES, ORGANIZATION_TYPE_LABELS, type Application, type ApplicationStatus } from '#shared/schemas/organizer-application';
import { useDocumentTitle } from '../../components/use-document-title.ts';
import { errorMessage } from '../../lib/api-error.ts';
import { adminOrganizerApplicationsArea } from '../../lib/api-areas/admin-organizer-applications.ts';
import { useApi } from '../../lib/use-api.ts';
import type { AdminSection } from '../admin-sections.ts';
import { useCursorPages } from '../use-cursor-pages.ts';
import { useFlashes } from '../use-flashes.ts';
import { CursorPagination, DecisionModal, LoadFailed } from '../queue-parts.tsx';

const STATUS_TEXT: Record<ApplicationStatus, string> = { pending: 'Pending', approved: 'Approved', denied: 'Denied' };
const QUERY_KEY = ['admin', 'organizer-applications'] as const;
const dateFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeZone: 'America/New_York' });

type Decision = 'approve' | 'deny';

function statusFrom(value: string | null): ApplicationStatus {
  return (APPLICATION_STATUSES as readonly string[]).includes(value ?? '') ? (value as ApplicationStatus) : 'pending';
}

function columns(pending: boolean, busy: ReadonlySet<string>, onView: (a: Application) => void, onDecide: (a: Application, d: Decision) => void): TableProps.ColumnDefinition<Application>[] {
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

export function ApplicationsPage({ section }: { section: AdminSection }) {
  useDocumentTitle(section.title);
  const api = useApi(adminOrganizerApplicationsArea);
  const [params, setParams] = useSearchParams();
  const status = statusFrom(params.get('status'));
  const list = useCursorPages(QUERY_KEY, status, (cursor, signal) => api('listApplications', { query: { status, ...(cursor ? { cursor } : {}) } }, { signal }));
  const page = list.data;
  const [viewing, setViewing] = useState<Application | undefined>();
  const [deciding, setDeciding] = useState<{ application: Application; decision: Decision } | undefined>();
  const [notes, setNotes] = useState('');
  const [busy, setBusy] = useState<ReadonlySet<string>>(new Set());
  const { items: flashItems, flash } = useFlashes();

  const decide = useMutation({
    mutationFn: ({ application, decision, notes: text }: { application: Application; decision: Decision; notes: string }) =>
      api('decideApplication', { path: { id: application.id }, body: { decision, notes: text } }),
    onMutate: ({ application }) => setBusy((current) => new Set(current).add(application.id)),
    onSuccess: (_result, { application, decision }) =>
      flash({
        type: 'success',
        header: decision === 'approve' ? 'Application approved' : 'Application denied',
        content: decision === 'approve' ? `${application.organizationName} (${application.contactEmail}) is now an organizer.` : `${application.contactEmail} can see your notes and may apply again.`,
      }),
    onError: (error, { decision }) => flash({ type: 'error', header: decision === 'approve' ? 'Approval failed' : 'Denial failed', content: errorMessage(error) }),
    onSettled: (_data, _error, { application }) => {
      setBusy((current) => {
        const next = new Set(current);
        next.delete(application.id);
        return next;
      });
      void list.refresh();
    },
  });

  const openDecision = (application: Application, decision: Decision) => {
    setViewing(undefined);
    setNotes('');
    setDeciding({ application, decision });
  };
  const approving = deciding?.decision === 'approve';

  return (
    <SpaceBetween size="m">
      <Flashbar items={flashItems} />
      {list.isError && !page ? (
        <Alert type="error" header="Unable to load applications" action={<Button onClick={() => void list.refetch()}>Retry</Button>}>
          {errorMessage(list.error)}
        </Alert>
      ) : null}
      <Table
        variant="full-page"
        stickyHeader
        wrapLines
        trackBy="id"
        items={page?.items ?? []}
        columnDefinitions={columns(status === 'pending', busy, setViewing, openDecision)}
        loading={list.isLoading || (list.isFetching && list.isPlaceholderData)}
        loadingText="Loading applications"
        ariaLabels={{ tableLabel: `${STATUS_TEXT[status]} organizer applications` }}
        header={
          <Header variant="awsui-h1-sticky" counter={page ? `(${page.total.toLocaleString('en-US')})` : undefined} description={section.purpose}>
            {section.title}
          </Header>
        }
        filter={
          <SegmentedControl
            label="Applications to show"
            selectedId={status}
            options={APPLICATION_STATUSES.map((id) => ({ id, text: STATUS_TEXT[id] }))}
            onChange={({ detail }) => setParams(detail.selectedId === 'pending' ? {} : { status: detail.selectedId }, { replace: true })}
          />
        }
        pagination={<CursorPagination list={list} more={Boolean(page?.nextCursor)} />}
        empty={
          list.isError ? (
            <LoadFailed what="applications" error={list.error} retry={() => void list.refetch()} />
          ) : (
          <Box textAlign="center" color="inherit">
            <b>{status === 'pending' ? 'No applications waiting for review' : `No ${STATUS_TEXT[status].toLowerCase()} applications`}</b>
            <Box variant="p" color="inherit">
              {status === 'pending' ? 'Applications athletes send from /apply-organizer appear here.' : 'Decided applications appear here, newest first.'}
            </Box>
          </Box>
          )
        }
      />
      <Modal
        visible={viewing !== undefined}
        onDismiss={() => setViewing(undefined)}
        header={viewing?.organizationName ?? 'Application'}
        closeAriaLabel="Close"
        size="large"
        footer={
          viewing?.status === 'pending' ? (
            <Box float="right">
              <SpaceBetween size="xs" direction="horizontal">
                <Button onClick={() => openDecision(viewing, 'deny')}>Deny</Button>
                <Button variant="primary" onClick={() => openDecision(viewing, 'approve')}>
                  Approve
                </Button>
              </SpaceBetween>
            </Box>
          ) : undefined
        }
      >
        {viewing ? <ApplicationDetails application={viewing} /> : null}
      </Modal>
      <DecisionModal
        visible={deciding !== undefined}
        header={approving ? 'Approve application' : 'Deny application'}
        confirmText={approving ? 'Approve' : 'Deny'}
        sentence={
          deciding
            ? approving
              ? `${deciding.application.contactEmail} becomes an organizer at once: they may claim, create and promote events.`
              : `${deciding.application.contactEmail} stays an athlete and may apply again.`
            : null
        }
        notesFor="the applicant"
        notes={notes}
        notesMax={APPLICATION_NOTES_MAX}
        onNotesChange={setNotes}
        onCancel={() => setDeciding(undefined)}
        onConfirm={() => {
          if (deciding) decide.mutate({ ...deciding, notes });
          setDeciding(undefined);
        }}
      />
    </SpaceBetween>
  );
}

function ApplicationDetails({ application: a }: { application: Application }) {
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
