/**
 * Recent import jobs (newest first), refreshed every 10 s (spec 001), a progress bar for a running job and
 * each job's counts; details and errors open in a Modal. Pages follow the server's opaque cursors: the
 * cursors seen so far are kept, so the pagination can step back, and it is open-ended while more remain.
 */
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Header from '@cloudscape-design/components/header';
import Pagination from '@cloudscape-design/components/pagination';
import SpaceBetween from '@cloudscape-design/components/space-between';
import StatusIndicator from '@cloudscape-design/components/status-indicator';
import Table from '@cloudscape-design/components/table';
import { useMemo, useState } from 'react';
import { errorMessage } from '../../lib/api-error.ts';
import { useMe } from '../../lib/use-me.ts';
import { ImportJobDetails } from './import-job-details.tsx';
import { jobColumns } from './import-jobs-columns.tsx';
import { useImportJobs } from './use-import-jobs.ts';

export function ImportJobsTable() {
  // cursors[i] opens page i + 1; the first page has none.
  const [cursors, setCursors] = useState<(string | undefined)[]>([undefined]);
  const [pageIndex, setPageIndex] = useState(0);
  const [detailsId, setDetailsId] = useState<string>();
  const jobs = useImportJobs(cursors[pageIndex]);
  const myId = useMe().data?.id;
  const items = jobs.data?.items ?? [];
  const nextCursor = jobs.data?.nextCursor;
  const columns = useMemo(() => jobColumns({ myId, onDetails: (job) => setDetailsId(job.id) }), [myId]);
  const details = items.find((job) => job.id === detailsId);

  const changePage = (index: number) => {
    if (index > pageIndex && index === cursors.length && nextCursor) setCursors([...cursors, nextCursor]);
    setPageIndex(index);
  };
  const failedEmpty = jobs.isError && !jobs.data;

  return (
    <>
      <Table
        variant="container"
        items={items}
        columnDefinitions={columns}
        trackBy="id"
        wrapLines
        loading={jobs.isPending}
        loadingText="Loading import jobs"
        ariaLabels={{ tableLabel: 'Recent import jobs' }}
        header={
          <Header
            variant="h2"
            description="Refreshed every 10 seconds."
            actions={
              <Button iconName="refresh" ariaLabel="Refresh import jobs" loading={jobs.isFetching && !jobs.isPending} onClick={() => void jobs.refetch()} />
            }
          >
            Recent import jobs
          </Header>
        }
        empty={
          failedEmpty ? (
            <SpaceBetween size="s" alignItems="center">
              <StatusIndicator type="error">Import jobs could not be loaded: {errorMessage(jobs.error)}</StatusIndicator>
              <Button onClick={() => void jobs.refetch()}>Retry</Button>
            </SpaceBetween>
          ) : (
            <Box textAlign="center" color="inherit">
              <b>No import jobs found. Start your first import above.</b>
            </Box>
          )
        }
        pagination={
          cursors.length > 1 || nextCursor ? (
            <Pagination
              currentPageIndex={pageIndex + 1}
              pagesCount={cursors.length}
              openEnd={Boolean(nextCursor) && pageIndex === cursors.length - 1}
              onChange={({ detail }) => changePage(detail.currentPageIndex - 1)}
              onNextPageClick={({ detail }) => {
                if (detail.requestedPageAvailable === false) changePage(pageIndex + 1);
              }}
              ariaLabels={{ nextPageLabel: 'Older jobs', previousPageLabel: 'Newer jobs', pageLabel: (page) => `Page ${page} of import jobs` }}
            />
          ) : undefined
        }
      />
      {jobs.isError && jobs.data && (
        <Box margin={{ top: 's' }}>
          <StatusIndicator type="warning">Refreshing failed: {errorMessage(jobs.error)}. The list shows the last jobs read.</StatusIndicator>
        </Box>
      )}
      <ImportJobDetails job={details} myId={myId} onClose={() => setDetailsId(undefined)} />
    </>
  );
}
