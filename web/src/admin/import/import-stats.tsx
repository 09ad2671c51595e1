import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Container from '@cloudscape-design/components/container';
import Header from '@cloudscape-design/components/header';
import KeyValuePairs from '@cloudscape-design/components/key-value-pairs';
import StatusIndicator from '@cloudscape-design/components/status-indicator';
import type { AdminOverview } from '#shared/schemas/admin-overview';
import { errorMessage } from '../../lib/api-error.ts';
import { useAdminOverview } from '../use-admin-overview.ts';
import { STATUS_TEXT, formatTime } from './import-job-facts.ts';
import { JOBS_REFRESH_MS } from './use-import-jobs.ts';

const n = (value: number) => value.toLocaleString('en-US');

function value(text: string) {
  return <Box variant="awsui-value-large">{text}</Box>;
}

/** The stat cards of /admin/import (spec 001): Total Events, Verified, This Month, Last Import or 'Never'. */
export function ImportStats() {
  // Refreshed with the job list, so Last Import follows a job that starts or ends.
  const overview = useAdminOverview({ refetchInterval: JOBS_REFRESH_MS });
  return (
    <Container header={<Header variant="h2">Catalogue</Header>}>
      {overview.isPending ? (
        <StatusIndicator type="loading">Loading figures</StatusIndicator>
      ) : overview.isError && !overview.data ? (
        <Box>
          <StatusIndicator type="error">Figures could not be loaded: {errorMessage(overview.error)}</StatusIndicator>{' '}
          <Button variant="inline-link" onClick={() => void overview.refetch()}>
            Retry
          </Button>
        </Box>
      ) : (
        <StatCards overview={overview.data} />
      )}
    </Container>
  );
}

function StatCards({ overview }: { overview: AdminOverview }) {
  const last = overview.lastImport;
  return (
    <KeyValuePairs
      columns={4}
      items={[
        { label: 'Total Events', value: value(n(overview.events.total)) },
        { label: 'Verified', value: value(n(overview.events.verified)) },
        { label: 'This Month', value: value(n(overview.events.createdThisMonth)) },
        {
          label: 'Last Import',
          value: last ? (
            <>
              <Box fontSize="heading-m" fontWeight="bold">
                {formatTime(last.createdAt)}
              </Box>
              <Box variant="small">{STATUS_TEXT[last.status]}</Box>
            </>
          ) : (
            value('Never')
          ),
        },
      ]}
    />
  );
}
