/**
 * /superadmin's pending organizer applications: the same queue as /admin/applications (oldest first, same
 * query key, so a decision on either refreshes both), decided in place with Approve or Deny and notes.
 */
import Box from '@cloudscape-design/components/box';
import Header from '@cloudscape-design/components/header';
import SpaceBetween from '@cloudscape-design/components/space-between';
import Table from '@cloudscape-design/components/table';
import { applicationColumns, visibleColumns } from '../applications/application-columns.tsx';
import { useApplicationDecision } from '../applications/use-application-decision.tsx';
import { useApplicationsList } from '../applications/use-applications-list.ts';
import { CursorPagination, LoadFailed } from '../queue-parts.tsx';
import { AdminLink } from '../overview/admin-link.tsx';
import { useNarrowScreen } from '../use-narrow-screen.ts';

export function PendingApplications() {
  const list = useApplicationsList('pending');
  const page = list.data;
  const narrow = useNarrowScreen();
  const decisions = useApplicationDecision(() => void list.refresh());

  return (
    <SpaceBetween size="m">
      {decisions.flashbar}
      <Table
        variant="container"
        wrapLines
        trackBy="id"
        items={page?.items ?? []}
        columnDisplay={visibleColumns(narrow)}
        columnDefinitions={applicationColumns(true, decisions.busy, decisions.view, decisions.openDecision)}
        loading={list.isLoading || (list.isFetching && list.isPlaceholderData)}
        loadingText="Loading applications"
        ariaLabels={{ tableLabel: 'Pending organizer applications' }}
        header={
          <Header
            variant="h2"
            counter={page ? `(${page.total.toLocaleString('en-US')})` : undefined}
            description="Oldest first. Approving makes the applicant an organizer at once."
            actions={<AdminLink href="/admin/applications?status=approved">Decided applications</AdminLink>}
          >
            Pending organizer applications
          </Header>
        }
        pagination={<CursorPagination list={list} more={Boolean(page?.nextCursor)} />}
        empty={
          list.isError ? (
            <LoadFailed what="applications" error={list.error} retry={() => void list.refetch()} />
          ) : (
            <Box textAlign="center" color="inherit">
              <b>No applications waiting for review</b>
              <Box variant="p" color="inherit">
                Applications athletes send from /apply-organizer appear here.
              </Box>
            </Box>
          )
        }
      />
      {decisions.modals}
    </SpaceBetween>
  );
}
