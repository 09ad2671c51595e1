/**
 * /superadmin's pending organizer applications: the same queue as /admin/applications (oldest first, same
 * query key, so a decision on either refreshes both), decided in place with Approve or Deny and notes.
 */
import Alert from '@cloudscape-design/components/alert';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Header from '@cloudscape-design/components/header';
import Pagination from '@cloudscape-design/components/pagination';
import SpaceBetween from '@cloudscape-design/components/space-between';
import Table from '@cloudscape-design/components/table';
import { errorMessage } from '../../lib/api-error.ts';
import { adminOrganizerApplicationsArea } from '../../lib/api-areas/admin-organizer-applications.ts';
import { useApi } from '../../lib/use-api.ts';
import { APPLICATIONS_QUERY_KEY, applicationColumns, visibleColumns } from '../applications/application-columns.tsx';
import { useApplicationDecision } from '../applications/use-application-decision.tsx';
import { AdminLink } from '../overview/admin-link.tsx';
import { useCursorPages } from '../use-cursor-pages.ts';
import { useNarrowScreen } from '../use-narrow-screen.ts';

export function PendingApplications() {
  const api = useApi(adminOrganizerApplicationsArea);
  const list = useCursorPages(APPLICATIONS_QUERY_KEY, 'pending', (cursor, signal) => api('listApplications', { query: { status: 'pending', ...(cursor ? { cursor } : {}) } }, { signal }));
  const page = list.data;
  const narrow = useNarrowScreen();
  const decisions = useApplicationDecision(() => void list.refresh());
  const morePages = list.pagesKnown > 1 || Boolean(page?.nextCursor);

  return (
    <SpaceBetween size="m">
      {decisions.flashbar}
      {list.isError && !page ? (
        <Alert type="error" header="Unable to load applications" action={<Button onClick={() => void list.refetch()}>Retry</Button>}>
          {errorMessage(list.error)}
        </Alert>
      ) : null}
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
        pagination={
          morePages ? (
            <Pagination
              currentPageIndex={list.pageNumber}
              pagesCount={list.pagesKnown}
              openEnd={Boolean(page?.nextCursor)}
              disabled={list.isFetching}
              ariaLabels={{ nextPageLabel: 'Next', previousPageLabel: 'Previous', pageLabel: (n) => `Page ${n}` }}
              onChange={({ detail }) => list.goTo(detail.currentPageIndex)}
            />
          ) : undefined
        }
        empty={
          <Box textAlign="center" color="inherit">
            <b>No applications waiting for review</b>
            <Box variant="p" color="inherit">
              Applications athletes send from /apply-organizer appear here.
            </Box>
          </Box>
        }
      />
      {decisions.modals}
    </SpaceBetween>
  );
}
