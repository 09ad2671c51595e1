/**
 * /superadmin's tiles (spec 001): total events, active users, new this month, pending applications and system
 * health, each from the server: the counters (GET /api/admin/overview, GET /api/admin/users/stats), the pending
 * queue's total and the timed health checks (GET /api/admin/health). A figure that could not be read says so rather than showing 0.
 */
import Box from '@cloudscape-design/components/box';
import ColumnLayout from '@cloudscape-design/components/column-layout';
import Container from '@cloudscape-design/components/container';
import Header from '@cloudscape-design/components/header';
import StatusIndicator from '@cloudscape-design/components/status-indicator';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { adminSystemArea } from '../../lib/api-areas/admin-system.ts';
import { adminUsersArea } from '../../lib/api-areas/admin-users.ts';
import { useAuth } from '../../lib/auth/auth-context.ts';
import { userQueryKey } from '../../lib/auth/user-query-key.ts';
import { useApi } from '../../lib/use-api.ts';
import { useAdminOverview } from '../use-admin-overview.ts';

const number = (value: number | undefined) => (value === undefined ? undefined : value.toLocaleString('en-US'));

function Tile({ label, value, note, failed }: { label: string; value: ReactNode | undefined; note?: string; failed: boolean }) {
  return (
    <div>
      <Box variant="awsui-key-label">{label}</Box>
      <Box variant="awsui-value-large">{failed ? <StatusIndicator type="error">Unavailable</StatusIndicator> : (value ?? <StatusIndicator type="loading">Loading</StatusIndicator>)}</Box>
      {note ? (
        <Box variant="small" display="block">
          {note}
        </Box>
      ) : null}
    </div>
  );
}

export function PlatformTiles({ pendingApplications }: { pendingApplications: number | undefined }) {
  const { user } = useAuth();
  const api = useApi(adminSystemArea);
  const usersApi = useApi(adminUsersArea);
  const overview = useAdminOverview();
  const health = useQuery({
    queryKey: userQueryKey(user?.id, 'admin', 'health'),
    queryFn: ({ signal }) => api('getAdminHealth', {}, { signal }),
    staleTime: 30_000,
  });
  const users = useQuery({
    queryKey: userQueryKey(user?.id, 'admin', 'user-stats'),
    queryFn: ({ signal }) => usersApi('getUserStats', {}, { signal }),
  });
  const figures = overview.data;
  const checks = health.data ? [health.data.database, health.data.auth, health.data.api] : [];
  const worst = checks.some((check) => check.status === 'error') ? 'error' : checks.some((check) => check.status === 'warning') ? 'warning' : 'success';
  const healthText = { error: 'Degraded', warning: 'Slow', success: 'Healthy' }[worst];
  return (
    <Container header={<Header variant="h2">Platform</Header>}>
      <ColumnLayout columns={5} variant="text-grid" minColumnWidth={150}>
        <Tile label="Total events" value={number(figures?.events.total)} note={figures ? `${number(figures.events.verified)} public` : undefined} failed={overview.isError} />
        <Tile
          label="Active users"
          value={number(users.data?.activeWeek)}
          note={users.data ? `in the last 7 days, of ${number(users.data.total)} users` : undefined}
          failed={users.isError}
        />
        <Tile
          label="This month"
          value={number(figures?.events.createdThisMonth)}
          note={figures ? `new events, and ${number(figures.users.createdThisMonth)} new users` : undefined}
          failed={overview.isError}
        />
        <Tile label="Pending applications" value={number(pendingApplications)} failed={false} />
        <Tile
          label="System health"
          value={health.data ? <StatusIndicator type={worst}>{healthText}</StatusIndicator> : undefined}
          note={health.data ? 'Database, sign-in and API checks' : undefined}
          failed={health.isError}
        />
      </ColumnLayout>
    </Container>
  );
}
