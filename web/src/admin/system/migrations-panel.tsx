/**
 * Data Migrations: every migration of this version in the order they run (GET /api/admin/migrations), with how far
 * each got, when, and the error that stopped one. A deploy runs them (and npm start locally); this tab only shows
 * them, so an admin can tell whether the data is up to the code after a deploy or a restore.
 */
import Alert from '@cloudscape-design/components/alert';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Header from '@cloudscape-design/components/header';
import StatusIndicator from '@cloudscape-design/components/status-indicator';
import Table from '@cloudscape-design/components/table';
import { useQuery } from '@tanstack/react-query';
import type { MigrationsStatus } from '#shared/schemas/migration';
import { errorMessage } from '../../lib/api-error.ts';
import { adminSystemArea } from '../../lib/api-areas/admin-system.ts';
import { useApi } from '../../lib/use-api.ts';
import { dateTime } from '../date-time.ts';

type Row = MigrationsStatus['items'][number];

function Status({ row }: { row: Row }) {
  const record = row.record;
  if (!record) return <StatusIndicator type="pending">Waiting to run</StatusIndicator>;
  if (record.status === 'done') {
    return (
      <>
        <StatusIndicator type="success">Done</StatusIndicator>
        {record.baseline ? (
          <Box variant="small" color="text-body-secondary" display="block">
            Nothing to change: the data was written by this version
          </Box>
        ) : null}
      </>
    );
  }
  if (record.status === 'failed') return <StatusIndicator type="error">Failed at step {record.steps + 1}</StatusIndicator>;
  return <StatusIndicator type="in-progress">Running: {record.steps.toLocaleString('en-US')} steps so far</StatusIndicator>;
}

export function MigrationsPanel() {
  const api = useApi(adminSystemArea);
  const query = useQuery({ queryKey: ['admin', 'migrations'], queryFn: ({ signal }) => api('listMigrations', {}, { signal }), staleTime: 0 });
  const failed = query.data?.items.filter((row) => row.record?.status === 'failed') ?? [];
  return (
    <Table<Row>
      variant="container"
      header={
        <Header
          variant="h2"
          description="Changes to stored data that this version needs, run in order after every deploy (and by npm start locally). A failed one fails the deploy; the next deploy resumes it where it stopped."
          actions={
            <Button iconName="refresh" loading={query.isFetching} onClick={() => void query.refetch()}>
              Refresh
            </Button>
          }
        >
          Data Migrations
        </Header>
      }
      loading={query.isPending}
      loadingText="Loading the data migrations"
      items={query.data?.items ?? []}
      trackBy="id"
      wrapLines
      empty={
        query.isError ? (
          <Alert type="error" header="The data migrations could not be loaded">
            {errorMessage(query.error)}
          </Alert>
        ) : (
          <Box textAlign="center" color="inherit">
            This version has no data migrations.
          </Box>
        )
      }
      footer={
        failed.length > 0 ? (
          <Alert type="error" header={`${failed.length === 1 ? 'A migration' : `${failed.length} migrations`} stopped with an error`}>
            {failed.map((row) => `${row.id}: ${row.record?.error ?? 'no message'}`).join(' · ')}
          </Alert>
        ) : undefined
      }
      columnDefinitions={[
        {
          id: 'migration',
          header: 'Migration',
          minWidth: 220,
          cell: (row) => (
            <>
              <Box fontWeight="bold">{row.id}</Box>
              <Box variant="small" color="text-body-secondary">
                {row.summary}
              </Box>
            </>
          ),
        },
        { id: 'status', header: 'Status', minWidth: 180, cell: (row) => <Status row={row} /> },
        { id: 'changed', header: 'Items changed', cell: (row) => (row.record ? row.record.changed.toLocaleString('en-US') : '—') },
        { id: 'started', header: 'Started', cell: (row) => (row.record && !row.record.baseline ? dateTime(row.record.startedAt) : '—') },
        {
          id: 'finished',
          header: 'Finished or last step',
          cell: (row) => (row.record ? dateTime(row.record.finishedAt ?? row.record.updatedAt) : '—'),
        },
      ]}
    />
  );
}
