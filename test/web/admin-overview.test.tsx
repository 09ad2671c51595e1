/**
 * /admin: the overview figures from GET /api/admin/overview, the JSON paste import (the browser's two checks,
 * the server's refusal shown as sent, progress while the job runs and the result alert) and the quick links.
 * The API is faked at useApi.
 */
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ADMIN_SECTIONS } from '../../web/src/admin/admin-sections.ts';
import type { OverviewPage as OverviewPageType } from '../../web/src/admin/overview/overview-page.tsx';
import { readJsonPaste } from '../../web/src/admin/overview/json-import.ts';
import { ApiError } from '../../web/src/lib/api-error.ts';
import { counts, createFakeAdminApi, makeJob, makeOverview, type FakeAdminApi } from './admin-import-fixtures.ts';
import { renderApp, signedInAs } from './render-app.tsx';
import { answerApiWith } from './fake-use-api.ts';

const mocked = { api: undefined as unknown as FakeAdminApi };

const TODAY = '2026-03-10';
const SECTION = ADMIN_SECTIONS.find((section) => section.path === '')!;
let OverviewPage: typeof OverviewPageType;

beforeAll(async () => {
  ({ OverviewPage } = await import('../../web/src/admin/overview/overview-page.tsx'));
});

beforeEach(() => {
  mocked.api = createFakeAdminApi();
  answerApiWith(mocked.api.request);
  mocked.api.on('getAdminOverview', () => makeOverview());
  mocked.api.on('listImportJobs', () => ({ items: [] }));
});

function renderPage() {
  return renderApp({
    ...signedInAs('admin'),
    routes: [
      { path: '/', element: <OverviewPage section={SECTION} today={TODAY} /> },
      { path: '/admin/events', element: <p>events section</p> },
    ],
  });
}

const EVENTS = [
  { title: 'Riverfront 10K', event_date: '2027-05-16', event_type: 'road_race', location_name: 'Riverfront Park', city: 'Denver', state: 'CO' },
  { title: 'Canyon Trail 50K', event_date: '2027-06-20', event_type: 'trail_race', location_name: 'Canyon Park', city: 'Boulder', state: 'CO' },
];

async function paste(user: ReturnType<typeof userEvent.setup>, text: string) {
  const box = screen.getByRole('textbox', { name: 'Events (JSON)' });
  await user.clear(box);
  if (text) {
    await user.click(box);
    await user.paste(text);
  }
}

const importButton = () => screen.getByRole('button', { name: /Import Events|Importing/ });

describe('JSON paste checks', () => {
  it('asks for data, and for an array of events', () => {
    expect(readJsonPaste('  ')).toEqual({ ok: false, message: 'Please enter JSON data to import' });
    expect(readJsonPaste('[]')).toEqual({ ok: false, message: 'Please enter JSON data to import' });
    expect(readJsonPaste('{"title":"x"}')).toEqual({ ok: false, message: 'Data must be an array of events' });
    expect(readJsonPaste('[{"title":')).toMatchObject({ ok: false, message: expect.stringMatching(/^Data must be an array of events \(this is not valid JSON/) });
    expect(readJsonPaste(JSON.stringify(EVENTS))).toEqual({ ok: true, events: EVENTS });
  });
});

describe('/admin', () => {
  it('shows the overview figures from the server, and the last import', async () => {
    mocked.api.on('getAdminOverview', () =>
      makeOverview({ lastImport: { id: '01K00000000000000000000001', status: 'completed-with-errors', createdAt: '2026-03-09T07:00:00.000Z' } }),
    );
    renderPage();
    expect(await screen.findByText('2,034')).toBeInTheDocument();
    const figures = (label: string) => within(screen.getByRole('group', { name: label }));
    expect(figures('Events').getByText('1,980')).toBeInTheDocument();
    expect(figures('Events').getByText('12')).toBeInTheDocument();
    expect(figures('Events').getByText('57')).toBeInTheDocument();
    expect(figures('Events').getByText('3')).toBeInTheDocument();
    expect(figures('Users').getByText('40')).toBeInTheDocument();
    expect(figures('Users').getByText('33')).toBeInTheDocument();
    expect(figures('Organizations and imports').getByText('9')).toBeInTheDocument();
    expect(figures('Organizations and imports').getByText('Completed with errors')).toBeInTheDocument();
  });

  it('offers a retry when the figures cannot be read', async () => {
    const user = userEvent.setup();
    let fail = true;
    mocked.api.on('getAdminOverview', () => {
      if (fail) throw new ApiError(0, "Can't reach RaceFinder. Check your connection and try again.", 'network');
      return makeOverview();
    });
    renderPage();
    expect(await screen.findByText(/Figures could not be loaded: Can't reach RaceFinder/)).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('2,034')).toBeInTheDocument();
  });

  it('checks the paste in the browser and sends nothing until it is an array of events', async () => {
    const user = userEvent.setup();
    renderPage();
    await user.click(importButton());
    expect(await screen.findByText('Please enter JSON data to import')).toBeInTheDocument();
    await paste(user, '{"title": "Riverfront 10K"}');
    await user.click(importButton());
    expect(await screen.findByText('Data must be an array of events')).toBeInTheDocument();
    expect(mocked.api.callsOf('startImportJob')).toHaveLength(0);
  });

  it("shows the server's refusal as it is sent, and imports nothing", async () => {
    const user = userEvent.setup();
    mocked.api.on('startImportJob', () => {
      throw new ApiError(400, '1 events have missing required fields', 'validation');
    });
    renderPage();
    await paste(user, JSON.stringify([EVENTS[0], { title: 'No place' }]));
    await user.click(importButton());
    expect(await screen.findByText('Import failed')).toBeInTheDocument();
    expect(screen.getByText('1 events have missing required fields')).toBeInTheDocument();
  });

  it('sends the events with auto-verify, follows the job while it runs and ends in the success alert', async () => {
    const user = userEvent.setup();
    const job = makeJob({ source: 'json', status: 'running', options: { events: 2, autoVerify: true }, expected: 2, finishedAt: undefined });
    let current = { ...job, counts: counts({ fetched: 2, created: 1 }) };
    mocked.api.on('startImportJob', () => job);
    mocked.api.on('getImportJob', () => current);
    renderPage();
    await paste(user, JSON.stringify(EVENTS));
    await user.click(screen.getByRole('checkbox', { name: /Verify imported events automatically/ }));
    await user.click(importButton());
    await waitFor(() => expect(mocked.api.callsOf('startImportJob')).toHaveLength(1));
    expect(mocked.api.callsOf('startImportJob')[0]!.body).toEqual({ source: 'json', events: EVENTS, autoVerify: true });

    const bar = await screen.findByRole('progressbar');
    expect(await screen.findByText('1 of 2 events handled')).toBeInTheDocument();
    expect(bar).toHaveAttribute('value', '50');
    expect(importButton()).toHaveTextContent('Importing...');

    await act(async () => {
      current = { ...job, status: 'completed', finishedAt: '2026-03-10T14:00:03.000Z', counts: counts({ fetched: 2, created: 2 }) };
    });
    expect(await screen.findByText('Successfully imported 2 events!')).toBeInTheDocument();
    expect(screen.getByText(/Fetched 2, created 2, updated 0, unchanged 0, flagged 0, skipped 0, errors 0/)).toBeInTheDocument();
    expect(mocked.api.callsOf('getImportJob')[0]).toEqual({ path: { id: job.id } });
    // The figures are read again once the job has ended.
    await waitFor(() => expect(mocked.api.callsOf('getAdminOverview').length).toBeGreaterThanOrEqual(2));
  });

  it('says it is importing while the request runs, then reports a partial import with its counts and errors', async () => {
    const user = userEvent.setup();
    let answer!: (job: unknown) => void;
    mocked.api.on('startImportJob', () => new Promise((resolve) => (answer = resolve)));
    renderPage();
    await paste(user, JSON.stringify(EVENTS));
    await user.click(importButton());
    expect(await screen.findByText('Importing 2 events...')).toBeInTheDocument();
    expect(importButton()).toHaveTextContent('Importing...');
    answer(
      makeJob({
        source: 'json',
        status: 'completed-with-errors',
        options: { events: 2, autoVerify: false },
        expected: 2,
        counts: counts({ fetched: 2, created: 1, skipped: { past: 1 }, errors: 1 }),
        errors: [{ sourceId: 'json-2', message: 'Event 2: event_date is in the past' }],
      }),
    );
    expect(await screen.findByText('Partial import completed. 1 events imported.')).toBeInTheDocument();
    expect(screen.getByText(/skipped 1 \(1 already past\), errors 1/)).toBeInTheDocument();
    expect(screen.getByText('Event 2: event_date is in the past')).toBeInTheDocument();
    expect(mocked.api.callsOf('startImportJob')[0]!.body).toMatchObject({ autoVerify: false });
  });

  it('gives the format example and quick links to the admin sections and /dashboard', async () => {
    const user = userEvent.setup();
    const { router } = renderPage();
    await user.click(screen.getByRole('button', { name: 'JSON format example' }));
    expect(screen.getByText(/Required for every event: title, event_date, event_type, location_name, city, state/)).toBeInTheDocument();
    expect(screen.getByText(/"event_date": "2027-05-16"/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Use this example' }));
    expect((screen.getByRole('textbox', { name: 'Events (JSON)' }) as HTMLTextAreaElement).value).toContain('"registration_fee": 45');

    const links = within(screen.getByRole('navigation', { name: 'Quick links' }));
    expect(links.getByRole('link', { name: 'Athlete dashboard' })).toHaveAttribute('href', '/dashboard');
    expect(links.getByRole('link', { name: 'Data Management' })).toHaveAttribute('href', '/admin/data');
    await user.click(links.getByRole('link', { name: 'Event Management' }));
    expect(router.state.location.pathname).toBe('/admin/events');
  });
});
