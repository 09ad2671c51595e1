/**
 * /superadmin's Recent Activity: the recorded decisions and role changes (GET /api/admin/activity), newest
 * first, each in words with who made it and when. Nothing here is sample text: an empty record says so.
 */
import Box from '@cloudscape-design/components/box';
import Header from '@cloudscape-design/components/header';
import Table from '@cloudscape-design/components/table';
import { adminActivityArea } from '../../lib/api-areas/admin-activity.ts';
import { useApi } from '../../lib/use-api.ts';
import { CursorPagination, LoadFailed } from '../queue-parts.tsx';
import { useCursorPages } from '../use-cursor-pages.ts';
import { dateTime } from '../date-time.ts';


export function RecentActivity() {
  const api = useApi(adminActivityArea);
  const list = useCursorPages(['admin', 'activity'], 'all', (cursor, signal) => api('listActivity', { query: cursor ? { cursor } : {} }, { signal }));
  return (
    <Table
      variant="container"
      wrapLines
      trackBy="id"
      items={list.data?.items ?? []}
      columnDefinitions={[
        { id: 'what', header: 'What happened', isRowHeader: true, cell: (entry) => entry.summary, minWidth: 260 },
        { id: 'who', header: 'By', cell: (entry) => entry.actorEmail ?? entry.actorId },
        { id: 'when', header: 'When', cell: (entry) => dateTime(entry.at) },
      ]}
      loading={list.isLoading}
      loadingText="Loading activity"
      ariaLabels={{ tableLabel: 'Recent activity' }}
      header={<Header variant="h2" description="Decisions on organizer applications, promotions and new events, and role changes, newest first.">Recent Activity</Header>}
      pagination={<CursorPagination list={list} more={Boolean(list.data?.nextCursor)} />}
      empty={
        list.isError ? (
          <LoadFailed what="activity" error={list.error} retry={() => void list.refetch()} />
        ) : (
          <Box textAlign="center" color="inherit">
            <b>Nothing recorded yet</b>
            <Box variant="p" color="inherit">
              Decisions on applications, promotions and new events, and role changes, appear here.
            </Box>
          </Box>
        )
      }
    />
  );
}
