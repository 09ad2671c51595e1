/**
 * System Health: database, sign-in and API, each measured when the tab opens and on 'Refresh Health Check'
 * (GET /api/admin/health, never cached). The API figure is the round trip this browser measured, of which
 * the function's own time is shown beside it; anything over HEALTH_WARNING_MS is a warning (product spec 001).
 */
import Alert from '@cloudscape-design/components/alert';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import ColumnLayout from '@cloudscape-design/components/column-layout';
import Container from '@cloudscape-design/components/container';
import Header from '@cloudscape-design/components/header';
import SpaceBetween from '@cloudscape-design/components/space-between';
import StatusIndicator, { type StatusIndicatorProps } from '@cloudscape-design/components/status-indicator';
import { useQuery } from '@tanstack/react-query';
import { HEALTH_WARNING_MS, statusForLatency, type AdminHealth, type HealthCheck, type HealthStatus } from '#shared/schemas/system-health';
import { errorMessage } from '../../lib/api-error.ts';
import { adminSystemArea } from '../../lib/api-areas/admin-system.ts';
import { useApi } from '../../lib/use-api.ts';

export interface MeasuredHealth {
  readonly health: AdminHealth;
  /** From sending the request to having its answer, in this browser. */
  readonly roundTripMs: number;
}

export const HEALTH_QUERY_KEY = ['admin', 'health'] as const;

const INDICATOR: Record<HealthStatus, StatusIndicatorProps.Type> = { healthy: 'success', warning: 'warning', error: 'error' };
const LABEL: Record<HealthStatus, string> = { healthy: 'Healthy', warning: 'Warning', error: 'Error' };

function useHealth() {
  const api = useApi(adminSystemArea);
  return useQuery<MeasuredHealth>({
    queryKey: HEALTH_QUERY_KEY,
    queryFn: async ({ signal }) => {
      const started = performance.now();
      const health = await api('getAdminHealth', {}, { signal });
      return { health, roundTripMs: Math.round(performance.now() - started) };
    },
    // Measured now means measured now: never served from the cache, never retried behind the admin's back.
    staleTime: 0,
    gcTime: 0,
    retry: false,
  });
}

function Check({ title, check, detail }: { title: string; check: HealthCheck; detail: string }) {
  return (
    <div>
      <Box variant="awsui-key-label">{title}</Box>
      <StatusIndicator type={INDICATOR[check.status]}>
        {LABEL[check.status]} · {check.ms.toLocaleString('en-US')} ms
      </StatusIndicator>
      <Box variant="small" color="text-body-secondary" display="block">
        {check.message ?? detail}
      </Box>
    </div>
  );
}

/** The API as a visitor feels it: the round trip, judged by the same threshold, unless the function itself failed. */
export function apiCheck({ health, roundTripMs }: MeasuredHealth): HealthCheck {
  const status = health.api.status === 'error' ? 'error' : statusForLatency(roundTripMs);
  return { status, ms: roundTripMs };
}

export function HealthPanel() {
  const query = useHealth();
  const measured = query.data;
  return (
    <Container
      header={
        <Header
          variant="h2"
          description={`Measured when you open this tab or refresh it. Over ${HEALTH_WARNING_MS.toLocaleString('en-US')} ms is a warning.`}
          actions={
            <Button iconName="refresh" loading={query.isFetching} onClick={() => void query.refetch()}>
              Refresh Health Check
            </Button>
          }
        >
          System Health
        </Header>
      }
    >
      {query.isError && !query.isFetching ? (
        <Alert type="error" header="The health check could not be run">
          {errorMessage(query.error)}
        </Alert>
      ) : measured ? (
        <SpaceBetween size="m">
          <ColumnLayout columns={3} variant="text-grid">
            <Check title="Database" check={measured.health.database} detail="A timed read of the DynamoDB table." />
            <Check title="Auth" check={measured.health.auth} detail="A timed fetch of the user pool's signing keys." />
            <Check
              title="API"
              check={apiCheck(measured)}
              detail={`Round trip from this browser; ${measured.health.api.ms.toLocaleString('en-US')} ms of it in the function.`}
            />
          </ColumnLayout>
          <Box variant="small" color="text-body-secondary">
            Checked at {new Date(measured.health.checkedAt).toLocaleTimeString('en-US')}
          </Box>
        </SpaceBetween>
      ) : (
        <StatusIndicator type="loading">Measuring the database, sign-in and API</StatusIndicator>
      )}
    </Container>
  );
}
