/**
 * /admin/applications: organizer applications. Pending ones oldest first (first come, first served), each
 * readable in full before deciding; Approve (the applicant becomes an organizer at once) or Deny, confirmed
 * in a Modal that takes notes the applicant will see (use-application-decision). Approved and denied ones are
 * one switch away.
 */
import Box from '@cloudscape-design/components/box';
import Header from '@cloudscape-design/components/header';
import SegmentedControl from '@cloudscape-design/components/segmented-control';
import SpaceBetween from '@cloudscape-design/components/space-between';
import Table from '@cloudscape-design/components/table';
import { useSearchParams } from 'react-router-dom';
import { APPLICATION_STATUSES, type ApplicationStatus } from '#shared/schemas/organizer-application';
import { useDocumentTitle } from '../../components/use-document-title.ts';
import type { AdminSection } from '../admin-sections.ts';
import { CursorPagination, LoadFailed } from '../queue-parts.tsx';
import { useNarrowScreen } from '../use-narrow-screen.ts';
import { STATUS_TEXT, applicationColumns, visibleColumns } from './application-columns.tsx';
import { useApplicationDecision } from './use-application-decision.tsx';
import { useApplicationsList } from './use-applications-list.ts';

function statusFrom(value: string | null): ApplicationStatus {
  return (APPLICATION_STATUSES as readonly string[]).includes(value ?? '') ? (value as ApplicationStatus) : 'pending';
}

export function ApplicationsPage({ section }: { section: AdminSection }) {
  useDocumentTitle(section.title);
  const [params, setParams] = useSearchParams();
  const status = statusFrom(params.get('status'));
  const list = useApplicationsList(status);
  const page = list.data;
  const narrow = useNarrowScreen();
  const decisions = useApplicationDecision(() => void list.refresh());

  return (
    <SpaceBetween size="m">
      {decisions.flashbar}
      <Table
        variant="full-page"
        stickyHeader
        wrapLines
        trackBy="id"
        items={page?.items ?? []}
        columnDisplay={visibleColumns(narrow)}
        columnDefinitions={applicationColumns(status === 'pending', decisions.busy, decisions.view, decisions.openDecision)}
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
      {decisions.modals}
    </SpaceBetween>
  );
}
