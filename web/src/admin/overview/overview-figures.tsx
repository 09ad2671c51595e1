/** The overview figures of /admin, all read from the server's counters (GET /api/admin/overview); none sampled. */
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import ColumnLayout from '@cloudscape-design/components/column-layout';
import Container from '@cloudscape-design/components/container';
import Header from '@cloudscape-design/components/header';
import KeyValuePairs from '@cloudscape-design/components/key-value-pairs';
import StatusIndicator from '@cloudscape-design/components/status-indicator';
import type { AdminOverview } from '#shared/schemas/admin-overview';
import { errorMessage } from '../../lib/api-error.ts';
import { STATUS_INDICATOR, STATUS_TEXT, formatTime } from '../import/import-job-facts.ts';
import { AdminLink } from './admin-link.tsx';
import { useAdminOverview } from '../use-admin-overview.ts';

const n = (value: number) => value.toLocaleString('en-US');
const big = (value: number) => <Box variant="awsui-value-large">{n(value)}</Box>;

export function OverviewFigures() {
  const overview = useAdminOverview();
  return (
    <Container
      header={
        <Header
          variant="h2"
          description="Counted by the server as events and users change."
          actions={<Button iconName="refresh" ariaLabel="Refresh figures" loading={overview.isFetching && !overview.isPending} onClick={() => void overview.refetch()} />}
        >
          Overview
        </Header>
      }
    >
      {overview.isPending ? (
        <StatusIndicator type="loading">Loading figures</StatusIndicator>
      ) : overview.isError && !overview.data ? (
        <FiguresFailed message={errorMessage(overview.error)} onRetry={() => void overview.refetch()} />
      ) : (
        <Figures overview={overview.data} />
      )}
    </Container>
  );
}

function FiguresFailed({ message, onRetry }: { message: string; onRetry(): void }) {
  return (
    <Box>
      <StatusIndicator type="error">Figures could not be loaded: {message}</StatusIndicator>{' '}
      <Button variant="inline-link" onClick={onRetry}>
        Retry
      </Button>
    </Box>
  );
}

function Figures({ overview }: { overview: AdminOverview }) {
  const { events, users, organizations, lastImport } = overview;
  return (
    <ColumnLayout columns={3} variant="text-grid">
      <div role="group" aria-label="Events">
        <KeyValuePairs
          items={[
            { label: 'Events', value: big(events.total) },
            { label: 'Verified', value: n(events.verified) },
            { label: 'Featured', value: n(events.featured) },
            { label: 'Created this month', value: n(events.createdThisMonth) },
            {
              label: 'Flagged for review',
              value: events.flaggedForReview > 0 ? <StatusIndicator type="warning">{n(events.flaggedForReview)}</StatusIndicator> : '0',
            },
          ]}
        />
      </div>
      <div role="group" aria-label="Users">
        <KeyValuePairs
          items={[
            { label: 'Users', value: big(users.total) },
            { label: 'Athletes', value: n(users.athletes) },
            { label: 'Organizers', value: n(users.organizers) },
            { label: 'Admins', value: n(users.admins) },
            { label: 'Joined this month', value: n(users.createdThisMonth) },
          ]}
        />
      </div>
      <div role="group" aria-label="Organizations and imports">
        <KeyValuePairs
          items={[
            { label: 'Organizations', value: big(organizations.total) },
            {
              label: 'Last import',
              value: lastImport ? (
                <>
                  <Box>{formatTime(lastImport.createdAt)}</Box>
                  <StatusIndicator type={STATUS_INDICATOR[lastImport.status]}>{STATUS_TEXT[lastImport.status]}</StatusIndicator>
                </>
              ) : (
                'Never'
              ),
            },
            { label: 'Imports', value: <AdminLink href="/admin/import">Import from RunSignup</AdminLink> },
          ]}
        />
      </div>
    </ColumnLayout>
  );
}
