/**
 * /admin/import: the RunSignup import form (date presets computed from today, the summary sentence, the body
 * it sends), the Flashbar for a started or refused import, the stat cards, and the job table with progress,
 * counts and errors. The API is faked at useApi.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { ImportPage as ImportPageType } from '../../web/src/admin/import/import-page.tsx';
import { ADMIN_SECTIONS } from '../../web/src/admin/admin-sections.ts';
import { addDays, datePresets } from '../../web/src/admin/import/date-presets.ts';
import { ApiError } from '../../web/src/lib/api-error.ts';
import { counts, createFakeAdminApi, makeJob, makeOverview, type FakeAdminApi } from './admin-import-fixtures.ts';
import { renderApp, signedInAs } from './render-app.tsx';
import { answerApiWith } from './fake-use-api.ts';

const mocked = { api: undefined as unknown as FakeAdminApi };

const TODAY = '2026-03-10';
const SECTION = ADMIN_SECTIONS.find((section) => section.path === 'import')!;
let ImportPage: typeof ImportPageType;

// Cloudscape's cold import in jsdom takes seconds; done once.
beforeAll(async () => {
  ({ ImportPage } = await import('../../web/src/admin/import/import-page.tsx'));
});

beforeEach(() => {
  mocked.api = createFakeAdminApi();
  answerApiWith(mocked.api.request);
  mocked.api.on('getAdminOverview', () => makeOverview());
  mocked.api.on('listImportJobs', () => ({ items: [] }));
});

function renderPage() {
  return renderApp({ ...signedInAs('admin'), routes: [{ path: '/', element: <ImportPage section={SECTION} today={TODAY} /> }] });
}

async function choose(user: ReturnType<typeof userEvent.setup>, select: string, option: string | RegExp) {
  await user.click(screen.getByRole('button', { name: new RegExp(select) }));
  await user.click(await screen.findByRole('option', { name: option }));
}

const summary = () => screen.getByText(/sync of/);

describe('date presets', () => {
  it('are computed from today, with this and next year in their names', () => {
    expect(datePresets(TODAY).map(({ label, from, to }) => [label, from, to])).toEqual([
      ['Next 3 Months', '2026-03-10', '2026-06-08'],
      ['Next 6 Months', '2026-03-10', '2026-09-06'],
      ['Rest of 2026', '2026-03-10', '2026-12-31'],
      ['All of 2027', '2027-01-01', '2027-12-31'],
      ['2026-2027', '2026-03-10', '2027-12-31'],
      ['Custom', '', ''],
    ]);
    expect(datePresets('2030-12-31').map((preset) => preset.label)).toContain('All of 2031');
    expect(addDays('2028-02-28', 1)).toBe('2028-02-29');
  });
});

describe('/admin/import', () => {
  it('shows the stat cards from the overview, with Never before the first import', async () => {
    renderPage();
    expect(await screen.findByText('2,034')).toBeInTheDocument();
    expect(screen.getByText('Total Events')).toBeInTheDocument();
    expect(screen.getByText('1,980')).toBeInTheDocument();
    expect(screen.getByText('This Month')).toBeInTheDocument();
    expect(screen.getByText('57')).toBeInTheDocument();
    expect(screen.getByText('Never')).toBeInTheDocument();
    expect(await screen.findByText('No import jobs found. Start your first import above.')).toBeInTheDocument();
  });

  it('starts a quick sync of all states for this year and next by default, and says so', async () => {
    const user = userEvent.setup();
    mocked.api.on('startImportJob', () => makeJob({ status: 'pending' }));
    renderPage();
    expect(summary()).toHaveTextContent(
      'Quick sync of up to 1,000 RunSignup races for all states (Mar 10, 2026 – Dec 31, 2027): it stops at the limit and flags nothing. Imported events are verified automatically.',
    );
    await user.click(screen.getByRole('button', { name: 'Start Import' }));
    await waitFor(() => expect(mocked.api.callsOf('startImportJob')).toHaveLength(1));
    expect(mocked.api.callsOf('startImportJob')[0]!.body).toEqual({
      source: 'runsignup',
      options: { from: '2026-03-10', to: '2027-12-31', limit: 1000, autoVerify: true, mode: 'quick' },
    });
    expect(await screen.findByText('Import Started')).toBeInTheDocument();
    expect(screen.getByText('Started quick sync from RunSignup for all states (Mar 10, 2026 – Dec 31, 2027).')).toBeInTheDocument();
    // The job list is read again after the start.
    await waitFor(() => expect(mocked.api.callsOf('listImportJobs').length).toBeGreaterThanOrEqual(2));
  });

  it('sends the chosen mode, state, range, limit and auto-verify, and the summary follows them', async () => {
    const user = userEvent.setup();
    mocked.api.on('startImportJob', () => makeJob({ status: 'pending' }));
    renderPage();
    await user.click(screen.getByRole('radio', { name: /Full Sync/ }));
    await choose(user, 'Target state', /Colorado/);
    await choose(user, 'Date range', /Next 3 Months/);
    await choose(user, 'Max events', '2,500');
    await user.click(screen.getByRole('checkbox', { name: /Verify imported events automatically/ }));
    expect(summary()).toHaveTextContent(
      'Full sync of RunSignup races for Colorado (Mar 10, 2026 – Jun 8, 2026): every page is read, up to 2,500 events are imported, and events RunSignup no longer lists are flagged for review. Imported events stay unverified until an admin verifies them.',
    );
    await user.click(screen.getByRole('button', { name: 'Start Import' }));
    await waitFor(() => expect(mocked.api.callsOf('startImportJob')).toHaveLength(1));
    expect(mocked.api.callsOf('startImportJob')[0]!.body).toEqual({
      source: 'runsignup',
      options: { from: '2026-03-10', to: '2026-06-08', limit: 2500, autoVerify: false, mode: 'full', state: 'CO' },
    });
    expect(await screen.findByText('Started full sync from RunSignup for Colorado (Mar 10, 2026 – Jun 8, 2026).')).toBeInTheDocument();
  });

  it('lists the presets by this year and next, and takes a custom range only when both dates are right', async () => {
    const user = userEvent.setup();
    mocked.api.on('startImportJob', () => makeJob({ status: 'pending' }));
    renderPage();
    await user.click(screen.getByRole('button', { name: /Date range/ }));
    const options = (await screen.findAllByRole('option')).map((option) => option.textContent);
    expect(options.join('|')).toMatch(/Rest of 2026.*\|All of 2027.*\|2026-2027.*\|Custom/);
    await user.click(screen.getByRole('option', { name: /Custom/ }));
    await user.click(screen.getByRole('button', { name: 'Start Import' }));
    expect(await screen.findByText('Choose the first race date')).toBeInTheDocument();
    expect(mocked.api.callsOf('startImportJob')).toHaveLength(0);

    const [from, to] = screen.getAllByPlaceholderText('YYYY/MM/DD');
    await user.type(from!, '2027/04/01');
    await user.type(to!, '2027/03/01');
    expect(await screen.findByText('The end date must be on or after the start date')).toBeInTheDocument();
    await user.clear(to!);
    await user.type(to!, '2027/09/30');
    expect(summary()).toHaveTextContent('all states (Apr 1, 2027 – Sep 30, 2027)');
    await user.click(screen.getByRole('button', { name: 'Start Import' }));
    await waitFor(() => expect(mocked.api.callsOf('startImportJob')).toHaveLength(1));
    expect(mocked.api.callsOf('startImportJob')[0]!.body).toMatchObject({ options: { from: '2027-04-01', to: '2027-09-30' } });
  });

  it("says 'Starting Import...' while the start is in flight, and shows the server's 409", async () => {
    const user = userEvent.setup();
    let refuse!: (error: unknown) => void;
    mocked.api.on('startImportJob', () => new Promise((_, reject) => (refuse = reject)));
    renderPage();
    await user.click(screen.getByRole('button', { name: 'Start Import' }));
    expect(await screen.findByRole('button', { name: /Starting Import\.\.\./ })).toBeInTheDocument();
    refuse(new ApiError(409, 'An import from runsignup is already running (job 01K0000).', 'conflict'));
    expect(await screen.findByText('Import Failed')).toBeInTheDocument();
    expect(screen.getByText('An import from runsignup is already running (job 01K0000).')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Start Import' })).toBeInTheDocument();
  });

  it('lists jobs with a progress bar for a running one, each with its counts, and opens its errors', async () => {
    const user = userEvent.setup();
    const running = makeJob({
      status: 'running',
      finishedAt: undefined,
      expected: 1000,
      counts: counts({ fetched: 300, created: 200, updated: 40, unchanged: 10, flagged: 0, skipped: { past: 50 }, errors: 0 }),
    });
    const withErrors = makeJob({
      status: 'completed-with-errors',
      startedBy: 'schedule',
      createdAt: '2026-03-09T07:00:00.000Z',
      counts: counts({ fetched: 120, created: 80, updated: 10, unchanged: 25, flagged: 2, skipped: { 'not-us': 2, past: 1 }, errors: 2 }),
      errors: [
        { page: 3, message: 'RunSignup answered 500 after 3 tries' },
        { sourceId: '98765', message: 'start date is not a date' },
      ],
    });
    mocked.api.on('listImportJobs', () => ({ items: [running, withErrors] }));
    mocked.api.on('getAdminOverview', () => makeOverview({ lastImport: { id: running.id, status: 'running', createdAt: running.createdAt } }));
    renderPage();

    const table = await screen.findByRole('table', { name: 'Recent import jobs' });
    const bar = await within(table).findByRole('progressbar');
    expect(bar).toHaveAttribute('value', '30');
    expect(within(table).getByText('300 of 1,000 races handled')).toBeInTheDocument();
    expect(within(table).getByText('Fetched 300, created 200, updated 40, unchanged 10, flagged 0, skipped 50 (50 already past), errors 0')).toBeInTheDocument();
    expect(
      within(table).getByText('Fetched 120, created 80, updated 10, unchanged 25, flagged 2, skipped 3 (2 outside the US, 1 already past), errors 2'),
    ).toBeInTheDocument();
    expect(within(table).getByText('Completed with errors')).toBeInTheDocument();
    expect(within(table).getByText('Nightly schedule · 2 min 5 s')).toBeInTheDocument();
    expect(within(table).getByText(/^You · \d+ (s|min|h)/)).toBeInTheDocument();
    expect(within(table).getAllByText(/RunSignup · Quick Sync · All states · Mar 10, 2026 – Dec 31, 2027 · max 1,000/)).toHaveLength(2);

    await user.click(within(table).getByRole('button', { name: /Details \(2 errors\)/ }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('RunSignup answered 500 after 3 tries')).toBeInTheDocument();
    expect(within(dialog).getByText('start date is not a date')).toBeInTheDocument();
    expect(within(dialog).getByText('Page 3:')).toBeInTheDocument();
    expect(within(dialog).getByText('Race 98765:')).toBeInTheDocument();
    expect(within(dialog).getByText('2 outside the US, 1 already past')).toBeInTheDocument();
  });

  it('offers a retry when the job list cannot be read', async () => {
    const user = userEvent.setup();
    let fail = true;
    mocked.api.on('listImportJobs', () => {
      if (fail) throw new ApiError(503, 'RaceFinder is having trouble right now. Please try again shortly.');
      return { items: [makeJob({ counts: counts({ fetched: 5, created: 5, updated: 0, unchanged: 0, flagged: 0, skipped: {}, errors: 0 }) })] };
    });
    renderPage();
    expect(await screen.findByText(/Import jobs could not be loaded: RaceFinder is having trouble/)).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText(/Fetched 5, created 5/)).toBeInTheDocument();
  });
});
