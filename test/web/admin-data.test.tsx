/**
 * /admin/data: real figures from GET /api/admin/overview (no sample database size or backups), an export per
 * table that shows it runs and ends in spec 001's Flashbar texts, and the recent exports with a Download button
 * on finished ones only, which fetches a fresh link and hands it to the browser.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, beforeEach, describe, expect, it, vi, type Mock } from 'vitest';
import type { AdminOverview } from '../../shared/schemas/admin-overview.ts';
import type { ExportJob, ExportJobWithDownload } from '../../shared/schemas/export-job.ts';
import { ApiError } from '../../web/src/lib/api-error.ts';
import { renderAppLoaded, signedInAs } from './render-app.tsx';
import { answerApiWith } from './fake-use-api.ts';

type Handler = (input: { path?: Record<string, string>; query?: Record<string, unknown>; body?: unknown }) => unknown;

const mocked = {
  handlers: new Map<string, Handler>(),
  request: undefined as unknown as Mock<(route: string, input?: Parameters<Handler>[0]) => Promise<unknown>>,
  /** The files handed to the browser: each download link's address and file name (save-file.ts clicks one). */
  saveFile: undefined as unknown as Mock<(url: string, fileName: string) => void>,
};

const calls = (route: string) => mocked.request.mock.calls.filter(([id]) => id === route).map(([, input]) => input as Parameters<Handler>[0]);
const on = (route: string, handler: Handler) => mocked.handlers.set(route, handler);

const OVERVIEW: AdminOverview = {
  events: { total: 2043, verified: 1980, featured: 37, createdThisMonth: 12, flaggedForReview: 3 },
  users: { total: 5, athletes: 2, organizers: 1, admins: 2, createdThisMonth: 1 },
  organizations: { total: 3 },
  newsletter: { active: 1204, unsubscribed: 31 },
};

function job(fields: Partial<ExportJob> = {}): ExportJob {
  return {
    id: '01JEXP0RT000000000000000AA',
    table: 'events',
    status: 'processing',
    fileName: 'events-2026-11-23.csv',
    requestedBy: 'user-admin',
    createdAt: '2026-11-23T15:04:05.000Z',
    ...fields,
  };
}

beforeAll(async () => {
  await import('../../web/src/admin/admin-area.tsx');
});

beforeEach(() => {
  mocked.handlers.clear();
  mocked.request = vi.fn(async (route: string, input: Parameters<Handler>[0] = {}) => {
    const handler = mocked.handlers.get(route);
    if (!handler) throw new Error(`Unexpected API call ${route}`);
    return handler(input);
  });
  answerApiWith(mocked.request);
  mocked.saveFile = vi.fn();
  // jsdom would try to follow the link; the setup restores click after the test.
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    if (this.download) mocked.saveFile(this.href, this.download);
  });
  on('getAdminOverview', () => OVERVIEW);
  on('listExports', () => ({ items: [] }));
});

const open = async () => {
  await renderAppLoaded({ path: '/admin/data', ...signedInAs('admin') });
  return screen.findByRole('heading', { level: 1, name: 'Data Management' });
};


describe('/admin/data', () => {
  it('shows the figures the counters hold, and none of the sample figures', async () => {
    await open();
    expect(await screen.findByText('2,043')).toBeInTheDocument();
    expect(screen.getByText('1,980 verified, 37 featured')).toBeInTheDocument();
    expect(screen.getByText('5')).toBeInTheDocument();
    expect(screen.getByText('3')).toBeInTheDocument();
    expect(document.body.textContent).not.toMatch(/database size|backup|optimize/i);
    expect(screen.getByText('No exports yet')).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('Data Management · RaceFinder'));
  });

  it('exports events: shows it runs, then says so in a Flashbar and offers the file', async () => {
    const user = userEvent.setup();
    const done: ExportJobWithDownload = { ...job({ status: 'completed', recordCount: 2043, size: 900_000, finishedAt: '2026-11-23T15:04:09.000Z' }) };
    let finished = false;
    on('startExport', () => job());
    on('getExport', () => (finished ? { ...done, downloadUrl: 'http://127.0.0.1:9/racefinder-exports/exports/x/events-2026-11-23.csv?X-Amz-Signature=abc' } : job()));
    await open();
    await user.click(screen.getByRole('button', { name: 'Export events' }));
    expect(calls('startExport')).toEqual([{ body: { table: 'events' } }]);
    expect(await screen.findByText('Exporting events…')).toBeInTheDocument();
    expect(screen.queryByText('Export Successful')).toBeNull();

    finished = true;
    expect(await screen.findByText('Export Successful')).toBeInTheDocument();
    expect(screen.getByText('Events data exported successfully')).toBeInTheDocument();
    expect(screen.getByText('2,043 records')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Download events-2026-11-23.csv' }));
    await waitFor(() => expect(mocked.saveFile).toHaveBeenCalledWith(expect.stringContaining('X-Amz-Signature=abc'), 'events-2026-11-23.csv'));
  });

  it('shows the newsletter subscribers the counters hold and exports them', async () => {
    const user = userEvent.setup();
    on('startExport', () => job({ table: 'newsletter', fileName: 'newsletter-2026-11-23.csv' }));
    on('getExport', () => job({ table: 'newsletter', fileName: 'newsletter-2026-11-23.csv', status: 'completed', recordCount: 1204, size: 90_000 }));
    await open();
    expect(await screen.findByText('1,204')).toBeInTheDocument();
    expect(screen.getByText('Newsletter subscribers')).toBeInTheDocument();
    expect(screen.getByText('31 unsubscribed')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Export newsletter' }));
    expect(calls('startExport')).toEqual([{ body: { table: 'newsletter' } }]);
    expect(await screen.findByText('Newsletter data exported successfully')).toBeInTheDocument();
  });

  it("says 'Export Failed' when the worker could not write the file", async () => {
    const user = userEvent.setup();
    on('startExport', () => job({ table: 'users', fileName: 'users-2026-11-23.csv' }));
    on('getExport', () => job({ table: 'users', status: 'failed', error: 'Failed to export users data' }));
    await open();
    await user.click(screen.getByRole('button', { name: 'Export users' }));
    expect(await screen.findByText('Export Failed')).toBeInTheDocument();
    expect(screen.getAllByText('Failed to export users data').length).toBeGreaterThan(0);
    expect(screen.queryByRole('button', { name: /Download/ })).toBeNull();
  });

  it("says 'Export Failed' when the export cannot even start", async () => {
    const user = userEvent.setup();
    on('startExport', () => {
      throw new ApiError(503, 'The export could not be started. Try again in a moment.', 'service_unavailable');
    });
    await open();
    await user.click(screen.getByRole('button', { name: 'Export organizations' }));
    expect(await screen.findByText('Export Failed')).toBeInTheDocument();
    expect(screen.getByText('Failed to export organizations data')).toBeInTheDocument();
    expect(screen.getByText('The export could not be started. Try again in a moment.')).toBeInTheDocument();
  });

  it('lists recent exports with a Download button on finished ones only, each click a fresh link', async () => {
    const user = userEvent.setup();
    const completed = job({ id: '01JEXP0RT000000000000000AB', table: 'users', status: 'completed', fileName: 'users-2026-11-22.csv', recordCount: 5, size: 1536 });
    on('listExports', () => ({
      items: [
        job({ id: '01JEXP0RT000000000000000AC', table: 'organizations', fileName: 'organizations-2026-11-23.csv' }),
        completed,
        job({ id: '01JEXP0RT000000000000000AD', status: 'failed', error: 'Failed to export events data' }),
      ],
    }));
    on('getExport', ({ path }) => ({ ...completed, id: path!.id, downloadUrl: `http://127.0.0.1:9/f/${path!.id}?X-Amz-Signature=1` }));
    await open();
    const table = await screen.findByRole('table');
    const rows = await within(table).findAllByRole('row');
    expect(rows).toHaveLength(4);
    expect(within(rows[1]!).getByText('Organizations')).toBeInTheDocument();
    expect(within(rows[1]!).getByText('Processing')).toBeInTheDocument();
    expect(within(rows[1]!).queryByRole('button')).toBeNull();
    expect(within(rows[2]!).getByText('Completed')).toBeInTheDocument();
    expect(within(rows[2]!).getByText('1.5 KB')).toBeInTheDocument();
    expect(within(rows[3]!).getByText('Failed to export events data')).toBeInTheDocument();
    expect(within(rows[3]!).queryByRole('button')).toBeNull();

    await user.click(within(rows[2]!).getByRole('button', { name: 'Download users-2026-11-22.csv' }));
    await waitFor(() => expect(mocked.saveFile).toHaveBeenCalledWith(`http://127.0.0.1:9/f/${completed.id}?X-Amz-Signature=1`, 'users-2026-11-22.csv'));
    expect(calls('getExport')).toEqual([{ path: { id: completed.id } }]);
  });

  it('keeps the exports when the figures cannot be loaded', async () => {
    on('getAdminOverview', () => {
      throw new ApiError(500, 'Something went wrong on our side. Please try again.', 'internal');
    });
    await open();
    expect(await screen.findByText('Failed to load database statistics')).toBeInTheDocument();
    for (const table of ['events', 'users', 'organizations']) expect(screen.getByRole('button', { name: `Export ${table}` })).toBeInTheDocument();
  });
});

describe('ExportButton', () => {
  it("exports the events the admin list's filters select", async () => {
    const user = userEvent.setup();
    const { ExportButton } = await import('../../web/src/admin/exports/export-button.tsx');
    const { renderApp } = await import('./render-app.tsx');
    on('startExport', () => job({ filters: { state: 'CO', verified: false } }));
    on('getExport', () => job({ status: 'completed', recordCount: 0, size: 300, filters: { state: 'CO', verified: false } }));
    renderApp({ ...signedInAs('admin'), routes: [{ path: '/', element: <ExportButton table="events" filters={{ state: 'CO', verified: 'false', text: '' }} /> }] });
    await user.click(await screen.findByRole('button', { name: 'Export events' }));
    expect(calls('startExport')).toEqual([{ body: { table: 'events', filters: { state: 'CO', verified: 'false', text: '' } } }]);
    expect(await screen.findByText('0 records')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Download events-2026-11-23.csv' })).toBeInTheDocument();
  });
});
