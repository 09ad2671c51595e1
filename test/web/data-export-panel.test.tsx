/**
 * "Download my data" on the settings page: the panel starts an export, shows progress while the server gathers
 * it (asking every two seconds), then the link to the ZIP with its size; a link that has run out is replaced by a
 * fresh one; a failure says why and tries again. The API is faked at useApi, as the other web tests do.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import type { PersonalExport, PersonalExportWithDownload } from '../../shared/schemas/personal-export.ts';
import { DataExportPanel } from '../../web/src/features/account/components/data-export-panel.tsx';
import { ApiError } from '../../web/src/lib/api-error.ts';
import { createFakeApi, type FakeApi } from './events-fixtures.ts';
import { renderApp, signedInAs } from './render-app.tsx';
import { answerApiWith } from './fake-use-api.ts';

const mocked = { api: undefined as unknown as FakeApi };

beforeEach(() => {
  mocked.api = createFakeApi();
  answerApiWith(mocked.api.request);
});

const JOB_ID = '01JEXPORT0000000000000000A';
const processing: PersonalExport = {
  id: JOB_ID,
  status: 'processing',
  fileName: 'racefinder-data-2026-11-23.zip',
  createdAt: '2026-11-23T15:00:00.000Z',
  availableUntil: '2026-11-30T15:00:00.000Z',
};

function completed(overrides: Partial<PersonalExportWithDownload> = {}): PersonalExportWithDownload {
  return {
    ...processing,
    status: 'completed',
    size: 1536,
    finishedAt: '2026-11-23T15:00:05.000Z',
    downloadUrl: `https://exports.example/exports/me/${JOB_ID}/racefinder-data-2026-11-23.zip?X-Amz-Signature=one`,
    downloadUrlExpiresAt: new Date(Date.now() + 5 * 60_000).toISOString(),
    ...overrides,
  };
}

function renderPanel() {
  const { auth, profile } = signedInAs('athlete');
  return renderApp({ auth, profile, routes: [{ path: '/', element: <DataExportPanel /> }] });
}

describe('data export panel', () => {
  it('says what the ZIP holds, starts from the keyboard, shows progress, then a Download ZIP link with its size', async () => {
    const user = userEvent.setup();
    mocked.api.on('startMyExport', () => processing);
    let polls = 0;
    mocked.api.on('getMyExport', () => (++polls < 2 ? processing : completed()));
    renderPanel();

    expect(screen.getByRole('heading', { name: 'Download your data' })).toBeInTheDocument();
    for (const file of ['racefinder-data.json', 'training-log.csv', 'saved-races.csv', 'training-plan.ics']) expect(screen.getByText(file)).toBeInTheDocument();
    expect(screen.getByText(/calendar feed addresses are left out/)).toBeInTheDocument();

    await user.tab();
    const button = screen.getByRole('button', { name: 'Download my data' });
    expect(button).toHaveFocus();
    await user.keyboard('{Enter}');

    const status = screen.getByRole('status', { name: 'Export progress' });
    await waitFor(() => expect(status).toHaveTextContent('Gathering your data'));
    expect(screen.getByRole('button', { name: 'Preparing your data…' })).toHaveAttribute('aria-disabled', 'true');
    // Asked again two seconds later, and the link replaces the button, with the keyboard's focus on it.
    const link = await screen.findByRole('link', { name: 'Download ZIP (1.5 KB)' });
    expect(link).toHaveAttribute('href', completed().downloadUrl);
    expect(link).toHaveAttribute('download', processing.fileName);
    expect(link).toHaveFocus();
    expect(screen.getByText(/this link expires at/)).toBeInTheDocument();
    expect(status).toHaveTextContent('Your data is ready to download.');
    expect(mocked.api.callsOf('startMyExport')).toHaveLength(1);
    expect(mocked.api.callsOf('getMyExport')).toEqual([{ path: { id: JOB_ID } }, { path: { id: JOB_ID } }]);
    // Nothing more is asked once the job has ended.
    await new Promise((resolve) => setTimeout(resolve, 2200));
    expect(mocked.api.callsOf('getMyExport')).toHaveLength(2);
  });

  it('offers a fresh link once the last one has expired', async () => {
    const user = userEvent.setup();
    mocked.api.on('startMyExport', () => processing);
    const fresh = completed({ downloadUrl: 'https://exports.example/fresh.zip?X-Amz-Signature=two' });
    let polls = 0;
    mocked.api.on('getMyExport', () => (++polls < 2 ? completed({ downloadUrlExpiresAt: new Date(Date.now() - 1000).toISOString() }) : fresh));
    renderPanel();

    await user.click(screen.getByRole('button', { name: 'Download my data' }));
    await screen.findByText(/the download link has expired/);
    expect(screen.queryByRole('link', { name: /Download ZIP/ })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Get a new download link' }));
    expect(await screen.findByRole('link', { name: 'Download ZIP (1.5 KB)' })).toHaveAttribute('href', fresh.downloadUrl);
  });

  it('says why an export could not start, and tries again', async () => {
    const user = userEvent.setup();
    let attempts = 0;
    mocked.api.on('startMyExport', () => {
      if (++attempts === 1) throw new ApiError(503, 'Your export could not be started. Try again in a moment.');
      return processing;
    });
    mocked.api.on('getMyExport', () => completed());
    renderPanel();

    await user.click(screen.getByRole('button', { name: 'Download my data' }));
    const alert = await within(screen.getByRole('region', { name: 'Download your data' })).findByRole('alert');
    expect(alert).toHaveTextContent('Your data could not be exported');
    expect(alert).toHaveTextContent('Your export could not be started. Try again in a moment.');
    const retry = within(alert).getByRole('button', { name: 'Try again' });
    expect(retry).toHaveFocus();
    await user.click(retry);
    expect(await screen.findByRole('link', { name: 'Download ZIP (1.5 KB)' })).toBeInTheDocument();
    expect(mocked.api.callsOf('startMyExport')).toHaveLength(2);
  });

  it('says why the export failed, and starts another', async () => {
    const user = userEvent.setup();
    let starts = 0;
    mocked.api.on('startMyExport', () => ({ ...processing, id: ++starts === 1 ? JOB_ID : '01JEXPORT0000000000000000B' }));
    mocked.api.on('getMyExport', ({ path }) =>
      path!.id === JOB_ID ? { ...processing, status: 'failed', error: 'Your data could not be exported. Try again in a moment.' } : completed({ id: path!.id! }),
    );
    renderPanel();

    await user.click(screen.getByRole('button', { name: 'Download my data' }));
    const alert = await within(screen.getByRole('region', { name: 'Download your data' })).findByRole('alert');
    expect(alert).toHaveTextContent('Your data could not be exported. Try again in a moment.');
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('link', { name: 'Download ZIP (1.5 KB)' })).toBeInTheDocument();
    expect(mocked.api.callsOf('getMyExport').map((call) => call.path!.id)).toEqual([JOB_ID, '01JEXPORT0000000000000000B']);
  });
});
