/** The recent exports of /admin/data: newest first, ten at a time, with a Download button on finished ones. */
import Alert from '@cloudscape-design/components/alert';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Header from '@cloudscape-design/components/header';
import Table from '@cloudscape-design/components/table';
import { useMemo, useState } from 'react';
import type { ExportJob } from '#shared/schemas/export-job';
import { ApiError } from '../../lib/api-error.ts';
import { useDownloadExport, useRecentExports } from '../exports/use-exports.ts';
import { recentExportsColumns } from './recent-exports-columns.tsx';

export function RecentExports({ onDownloadFailed }: { onDownloadFailed(message: string): void }) {
  const recent = useRecentExports();
  const download = useDownloadExport();
  const [downloading, setDownloading] = useState<string>();

  const columns = useMemo(
    () =>
      recentExportsColumns({
        downloading,
        download: (job: ExportJob) => {
          setDownloading(job.id);
          download(job.id)
            .catch((error: unknown) => onDownloadFailed(error instanceof ApiError ? error.message : 'The file could not be downloaded. Try again.'))
            .finally(() => setDownloading(undefined));
        },
      }),
    [download, downloading, onDownloadFailed],
  );

  return (
    <Table
      variant="container"
      header={
        <Header
          variant="h2"
          counter={recent.isSuccess ? `(${recent.jobs.length}${recent.hasNextPage ? '+' : ''})` : undefined}
          description="Files are kept for 7 days. A download link works for 5 minutes; each click makes a new one."
          actions={<Button iconName="refresh" ariaLabel="Refresh recent exports" loading={recent.isFetching} onClick={() => void recent.refetch()} />}
        >
          Recent exports
        </Header>
      }
      items={recent.jobs}
      columnDefinitions={columns}
      trackBy="id"
      loading={recent.isPending}
      loadingText="Loading recent exports"
      empty={
        recent.isError ? (
          <Alert type="error" header="Failed to load recent exports" action={<Button onClick={() => void recent.refetch()}>Retry</Button>}>
            {recent.error instanceof ApiError ? recent.error.message : 'Try again in a moment.'}
          </Alert>
        ) : (
          <Box textAlign="center" color="inherit" padding="m">
            <b>No exports yet</b>
            <Box variant="p" color="inherit">
              Export events, users or organizations above; the files appear here.
            </Box>
          </Box>
        )
      }
      footer={
        recent.hasNextPage ? (
          <Box textAlign="center">
            <Button loading={recent.isFetchingNextPage} onClick={() => void recent.fetchNextPage()}>
              Show older exports
            </Button>
          </Box>
        ) : undefined
      }
    />
  );
}
