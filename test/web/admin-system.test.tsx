/**
 * /admin/system: health measured now with the 1,000 ms warning and a refresh, the server-stored configuration
 * (super admins edit it, admins see it, field errors shown, 'Configuration Saved' on success), Monitoring
 * links only when the deployment has them, and nothing of the spec's static sample figures.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { AdminHealth } from '../../shared/schemas/system-health.ts';
import type { SystemConfig } from '../../shared/schemas/system-config.ts';
import { ApiError } from '../../web/src/lib/api-error.ts';
import { createFakeApi, type FakeApi } from './events-fixtures.ts';
import { LOCAL_CONFIG, renderAppLoaded, signedInAs } from './render-app.tsx';
import { answerApiWith } from './fake-use-api.ts';

/** The admin chunk can take seconds to load on two busy cores (openSystem waits up to 15 s): room for it. */
const SCREEN_TIMEOUT_MS = 60_000;

const mocked = { api: undefined as unknown as FakeApi };

beforeAll(async () => {
  await import('../../web/src/admin/admin-area.tsx');
});

const DEFAULTS: SystemConfig = {
  maintenanceMode: false,
  registrationEnabled: true,
  emailNotifications: true,
  apiRateLimitPerHour: 1000,
  maxFileSizeMb: 10,
  sessionTimeoutMinutes: 60,
};

function health(overrides: Partial<AdminHealth> = {}): AdminHealth {
  return {
    checkedAt: '2026-03-10T15:04:05.000Z',
    database: { status: 'healthy', ms: 12 },
    auth: { status: 'healthy', ms: 40 },
    api: { status: 'healthy', ms: 55 },
    ...overrides,
  };
}

let stored: SystemConfig;
beforeEach(() => {
  stored = { ...DEFAULTS };
  mocked.api = createFakeApi();
  answerApiWith(mocked.api.request);
  mocked.api.on('getAdminHealth', () => health());
  mocked.api.on('getSystemConfig', () => stored);
  mocked.api.on('updateSystemConfig', (input) => {
    stored = { ...((input as { body?: unknown }).body as SystemConfig), updatedAt: '2026-03-10T15:05:00.000Z', updatedBy: { id: 'user-superadmin', email: 'superadmin.demo@example.com' } };
    return stored;
  });
});

async function openSystem(role: 'admin' | 'superadmin' = 'admin', config = LOCAL_CONFIG) {
  const rendered = await renderAppLoaded({ path: '/admin/system', ...signedInAs(role, { config }) });
  expect(await screen.findByRole('heading', { level: 1, name: 'System' })).toBeInTheDocument();
  return rendered;
}

/** One check of the health panel (its title, status and detail), found by its title. */
const checkOf = (title: string) => screen.getByText(title, { selector: '[class*="awsui"]' }).closest('div:not([class])') as HTMLElement;
/**
 * Waits for the database's check to read `text`. Looked for within that check: the API's shows this browser's
 * own round trip, which a busy machine measured at the database's 12 ms too (two matches).
 */
const databaseShows = (text: string) => waitFor(() => within(checkOf('Database')).getByText(text));
const healthPanel = () => screen.getByRole('heading', { level: 2, name: 'System Health' }).closest('[class*="awsui_root"]') as HTMLElement;

describe('System Health', { timeout: SCREEN_TIMEOUT_MS }, () => {
  it('shows database, auth and API measured now, in milliseconds', async () => {
    await openSystem();
    expect(await databaseShows('Healthy · 12 ms')).toBeInTheDocument();
    // Within Auth's own check: the API's shows this browser's round trip, which on a busy machine can be 40 ms too.
    expect(within(checkOf('Auth')).getByText('Healthy · 40 ms')).toBeInTheDocument();
    expect(within(checkOf('Auth')).queryByText('Healthy · 12 ms')).toBeNull();
    expect(screen.getByText(/ms of it in the function/)).toHaveTextContent('55 ms of it in the function');
    for (const name of ['Database', 'Auth', 'API']) expect(screen.getByText(name)).toBeInTheDocument();
    expect(mocked.api.callsOf('getAdminHealth')).toHaveLength(1);
  });

  it('calls a check over 1,000 ms a warning and a failed one an error', async () => {
    mocked.api.on('getAdminHealth', () =>
      health({ database: { status: 'warning', ms: 1450 }, auth: { status: 'error', ms: 5001, message: 'The user pool did not answer with its signing keys' } }),
    );
    await openSystem();
    expect(await screen.findByText('Warning · 1,450 ms')).toBeInTheDocument();
    expect(screen.getByText('Error · 5,001 ms')).toBeInTheDocument();
    expect(screen.getByText('The user pool did not answer with its signing keys')).toBeInTheDocument();
  });

  it('measures again on Refresh Health Check', async () => {
    const user = userEvent.setup();
    await openSystem();
    await databaseShows('Healthy · 12 ms');
    mocked.api.on('getAdminHealth', () => health({ database: { status: 'healthy', ms: 33 } }));
    await user.click(screen.getByRole('button', { name: 'Refresh Health Check' }));
    expect(await databaseShows('Healthy · 33 ms')).toBeInTheDocument();
    expect(mocked.api.callsOf('getAdminHealth')).toHaveLength(2);
  });

  it('says so when the check cannot be run', async () => {
    mocked.api.on('getAdminHealth', () => {
      throw new ApiError(503, 'The service is not available');
    });
    await openSystem();
    expect(await screen.findByText('The health check could not be run')).toBeInTheDocument();
    expect(screen.getByText('The service is not available')).toBeInTheDocument();
  });

  it('shows none of the spec sample figures', async () => {
    await openSystem();
    await databaseShows('Healthy · 12 ms');
    expect(healthPanel()).toBeTruthy();
    expect(document.body.textContent).not.toMatch(/CPU|Memory|Storage|Restart Services|View Detailed Logs|Uptime/i);
  });
});

describe('Configuration', { timeout: SCREEN_TIMEOUT_MS }, () => {
  async function openConfiguration(role: 'admin' | 'superadmin') {
    const user = userEvent.setup();
    await openSystem(role);
    await user.click(screen.getByRole('tab', { name: 'Configuration' }));
    await screen.findByRole('heading', { level: 2, name: 'Configuration' });
    return user;
  }

  it('shows admins the stored configuration, read-only', async () => {
    await openConfiguration('admin');
    expect(screen.getByText('Only super admins can change the system configuration. You can see it here.')).toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: /Maintenance mode/ })).toBeDisabled();
    expect(screen.getByRole('spinbutton', { name: /API rate limit/ })).toHaveValue(1000);
    expect(screen.getByText('Never changed: the defaults apply.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Save Configuration' })).toBeNull();
  });

  it("saves a super admin's changes to the server and confirms with 'Configuration Saved'", async () => {
    const user = await openConfiguration('superadmin');
    await user.click(screen.getByRole('checkbox', { name: /Maintenance mode/ }));
    const rate = screen.getByRole('spinbutton', { name: /API rate limit/ });
    await user.clear(rate);
    await user.type(rate, '2500');
    await user.click(screen.getByRole('button', { name: 'Save Configuration' }));
    expect(await screen.findByText('Configuration Saved')).toBeInTheDocument();
    expect(mocked.api.callsOf('updateSystemConfig')).toEqual([{ body: { ...DEFAULTS, maintenanceMode: true, apiRateLimitPerHour: 2500 } }]);
    expect(await screen.findByText(/Last changed .* by superadmin\.demo@example\.com\./)).toBeInTheDocument();
  });

  it('shows what is out of bounds on its field and sends nothing', async () => {
    const user = await openConfiguration('superadmin');
    const size = screen.getByRole('spinbutton', { name: /Max file size/ });
    await user.clear(size);
    await user.type(size, '500');
    const timeout = screen.getByRole('spinbutton', { name: /Session timeout/ });
    await user.clear(timeout);
    await user.click(screen.getByRole('button', { name: 'Save Configuration' }));
    expect(await screen.findByText('Max file size must be at most 100 MB')).toBeInTheDocument();
    expect(screen.getByText('Session timeout must be a number')).toBeInTheDocument();
    expect(mocked.api.callsOf('updateSystemConfig')).toEqual([]);
  });

  it("puts the server's field errors on their fields", async () => {
    mocked.api.on('updateSystemConfig', () => {
      throw new ApiError(400, 'Some fields are not valid', 'bad_request', { 'body.apiRateLimitPerHour': ['API rate limit must be at least 60 requests/hour'] });
    });
    const user = await openConfiguration('superadmin');
    await user.click(screen.getByRole('button', { name: 'Save Configuration' }));
    expect(await screen.findByText('The configuration was not saved')).toBeInTheDocument();
    expect(screen.getByText('API rate limit must be at least 60 requests/hour')).toBeInTheDocument();
  });
});

describe('Monitoring', { timeout: SCREEN_TIMEOUT_MS }, () => {
  it('links the dashboard, alarms and firewall when the deployment has them', async () => {
    const operations = {
      dashboardUrl: 'https://console.aws.amazon.com/cloudwatch/home#dashboards/dashboard/RaceFinder',
      alarmsUrl: 'https://console.aws.amazon.com/cloudwatch/home#alarmsV2:',
      webAclUrl: 'https://console.aws.amazon.com/wafv2/homev2/web-acl/x',
    };
    await openSystem('admin', { ...LOCAL_CONFIG, environment: 'aws', operations });
    expect(screen.getByRole('heading', { level: 2, name: 'Monitoring' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Operations dashboard/ })).toHaveAttribute('href', operations.dashboardUrl);
    expect(screen.getByRole('link', { name: /Alarms/ })).toHaveAttribute('href', operations.alarmsUrl);
    expect(screen.getByRole('link', { name: /Firewall/ })).toHaveAttribute('href', operations.webAclUrl);
  });

  it('is left out where there is no monitoring (locally)', async () => {
    await openSystem();
    await waitFor(() => expect(screen.queryByRole('heading', { level: 2, name: 'Monitoring' })).toBeNull());
  });
});

describe('Data Migrations', { timeout: SCREEN_TIMEOUT_MS }, () => {
  it('lists the migrations in order: done, running with its steps, failed with its error, and waiting', async () => {
    const at = '2026-03-10T15:00:00.000Z';
    const record = { steps: 0, changed: 0, startedAt: at, updatedAt: at };
    mocked.api.on('listMigrations', () => ({
      items: [
        { id: '0001-profile-search-keys', summary: 'Profiles get keys', record: { ...record, id: '0001-profile-search-keys', summary: 'Profiles get keys', status: 'done', finishedAt: at, baseline: true } },
        { id: '0002-search-index-7', summary: 'Events are indexed again', record: { ...record, id: '0002-search-index-7', summary: 'Events are indexed again', status: 'failed', steps: 12, changed: 5400, error: 'ProvisionedThroughputExceededException' } },
        { id: '0003-organization-lists', summary: 'Organizations get keys' },
      ],
    }));
    await openSystem();
    await userEvent.click(screen.getByRole('tab', { name: 'Data Migrations' }));
    const table = await screen.findByRole('table');
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((row) => within(row).getAllByRole('cell')[0]!.textContent)).toEqual([
      '0001-profile-search-keysProfiles get keys',
      '0002-search-index-7Events are indexed again',
      '0003-organization-listsOrganizations get keys',
    ]);
    expect(within(rows[0]!).getByText('Done')).toBeInTheDocument();
    expect(within(rows[0]!).getByText('Nothing to change: the data was written by this version')).toBeInTheDocument();
    expect(within(rows[1]!).getByText('Failed at step 13')).toBeInTheDocument();
    expect(within(rows[1]!).getByText('5,400')).toBeInTheDocument();
    expect(within(rows[2]!).getByText('Waiting to run')).toBeInTheDocument();
    expect(screen.getByText('0002-search-index-7: ProvisionedThroughputExceededException')).toBeInTheDocument();
  });
});
