/**
 * /superadmin: the pending organizer applications from GET /api/admin/organizer-applications?status=pending,
 * read in full and decided in place with notes (the decision confirmed in a dialog), the list refreshed after;
 * links to every admin section. The API is faked at useApi.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { AdminApplicationsPage, Application } from '#shared/schemas/organizer-application';
import { ADMIN_SECTIONS, adminHref } from '../../web/src/admin/admin-sections.ts';
import { ApiError } from '../../web/src/lib/api-error.ts';
import { createFakeAdminApi, makeOverview, type FakeAdminApi } from './admin-import-fixtures.ts';
import { renderAppLoaded, signedInAs } from './render-app.tsx';
import { answerApiWith } from './fake-use-api.ts';

const mocked = { api: undefined as unknown as FakeAdminApi };


function application(overrides: Partial<Application> = {}): Application {
  return {
    id: '01K0000000000000000000000A',
    userId: 'user-rosa',
    organizationName: 'Ridge Runners',
    organizationType: 'running_club',
    contactEmail: 'rosa@example.com',
    description: 'Trail races in the foothills.',
    experience: 'Eight years.',
    eventTypes: ['trail_race'],
    status: 'pending',
    createdAt: '2026-11-20T15:00:00.000Z',
    ...overrides,
  };
}

beforeAll(async () => {
  await import('../../web/src/admin/super-admin-page.tsx');
});

let pending: Application[];
beforeEach(() => {
  pending = [application(), application({ id: '01K0000000000000000000000B', organizationName: 'Harbor Striders', contactEmail: 'sam@example.com' })];
  mocked.api = createFakeAdminApi();
  answerApiWith(mocked.api.request);
  mocked.api.on('listApplications', (): AdminApplicationsPage => ({ items: pending, total: pending.length }));
  mocked.api.on('getAdminOverview', () => makeOverview());
  mocked.api.on('getUserStats', () => ({ total: 40, admins: 3, organizers: 4, athletes: 33, newThisMonth: 6, activeWeek: 17 }));
  const check = { status: 'healthy', latencyMs: 12 };
  mocked.api.on('getAdminHealth', () => ({ checkedAt: '2026-11-23T10:00:00.000Z', database: check, auth: check, api: check }));
  mocked.api.on('listActivity', () => ({
    items: [
      {
        id: '01K0000000000000000000000C',
        at: '2026-11-22T18:30:00.000Z',
        kind: 'application-approved',
        actorId: 'admin-sub',
        actorEmail: 'admin@example.com',
        subjectId: 'user-rosa',
        summary: 'Approved the organizer application of Ridge Runners',
      },
    ],
  }));
});

describe('/superadmin pending applications', () => {
  it(
    'approves with notes after a confirmation, and the approved application leaves the list',
    async () => {
      const user = userEvent.setup();
      mocked.api.on('decideApplication', (input) => {
        pending = pending.filter((item) => item.id !== (input.path as { id: string }).id);
        return application({ status: 'approved', adminNotes: 'Welcome' });
      });
      await renderAppLoaded({ path: '/superadmin', ...signedInAs('superadmin') });
      const table = await screen.findByRole('table', { name: 'Pending organizer applications' });
      await within(table).findByText('rosa@example.com');
      expect(screen.getByText('(2)')).toBeInTheDocument();
      expect(mocked.api.callsOf('listApplications')[0]).toMatchObject({ query: { status: 'pending' } });

      await user.click(screen.getByRole('button', { name: 'Approve Ridge Runners' }));
      const dialog = await screen.findByRole('dialog', { name: 'Approve application' });
      // Nothing is sent until the admin confirms.
      expect(mocked.api.callsOf('decideApplication')).toHaveLength(0);
      await user.type(within(dialog).getByLabelText('Notes for the applicant'), 'Welcome');
      await user.click(within(dialog).getByRole('button', { name: 'Approve' }));
      await screen.findByText('Application approved');
      expect(screen.getByText('Ridge Runners (rosa@example.com) is now an organizer.')).toBeInTheDocument();
      expect(mocked.api.callsOf('decideApplication')).toEqual([{ path: { id: '01K0000000000000000000000A' }, body: { decision: 'approve', notes: 'Welcome' } }]);
      await waitFor(() => expect(screen.queryByText('rosa@example.com')).toBeNull());
      expect(screen.getByText('sam@example.com')).toBeInTheDocument();
    },
  );

  it(
    'shows a refused decision and keeps the application; Cancel sends nothing',
    async () => {
      const user = userEvent.setup();
      mocked.api.on('decideApplication', () => {
        throw new ApiError(409, 'This application has already been decided.');
      });
      await renderAppLoaded({ path: '/superadmin', ...signedInAs('superadmin') });
      await screen.findByText('sam@example.com');
      await user.click(screen.getByRole('button', { name: 'Deny Harbor Striders' }));
      await user.click(within(await screen.findByRole('dialog', { name: 'Deny application' })).getByRole('button', { name: 'Cancel' }));
      expect(mocked.api.callsOf('decideApplication')).toHaveLength(0);
      await user.click(screen.getByRole('button', { name: 'Deny Harbor Striders' }));
      await user.click(within(await screen.findByRole('dialog', { name: 'Deny application' })).getByRole('button', { name: 'Deny' }));
      await screen.findByText('Denial failed');
      expect(screen.getByText('This application has already been decided.')).toBeInTheDocument();
      expect(screen.getByText('sam@example.com')).toBeInTheDocument();
    },
  );

  it(
    'says when nothing waits, and links every admin section',
    async () => {
      pending = [];
      await renderAppLoaded({ path: '/superadmin', ...signedInAs('superadmin') });
      await screen.findByText('No applications waiting for review');
      const links = within(screen.getByRole('navigation', { name: 'Admin sections on this page' }));
      for (const section of ADMIN_SECTIONS) expect(links.getByRole('link', { name: section.title })).toHaveAttribute('href', adminHref(section));
    },
  );

  it(
    'says when the list cannot load, with a retry',
    async () => {
      mocked.api.on('listApplications', () => {
        throw new ApiError(503, 'Service unavailable');
      });
      await renderAppLoaded({ path: '/superadmin', ...signedInAs('superadmin') });
      await screen.findByText('Unable to load applications');
      const table = screen.getByRole('table', { name: 'Pending organizer applications' });
      expect(within(table).getByRole('button', { name: 'Retry' })).toBeInTheDocument();
    },
  );

  it(
    'shows the platform tiles from the server and the recorded activity, not sample text',
    async () => {
      await renderAppLoaded({ path: '/superadmin', ...signedInAs('superadmin') });
      const activity = await screen.findByRole('table', { name: 'Recent activity' });
      await within(activity).findByText('Approved the organizer application of Ridge Runners');
      expect(within(activity).getByText('admin@example.com')).toBeInTheDocument();
      await screen.findByText('Healthy');
      expect(screen.getByText('Pending applications')).toBeInTheDocument();
      expect(screen.getByText(makeOverview().events.total.toLocaleString('en-US'))).toBeInTheDocument();
      expect(await screen.findByText('in the last 7 days, of 40 users')).toBeInTheDocument();
      expect(screen.getByText('17')).toBeInTheDocument();
    },
  );
});
