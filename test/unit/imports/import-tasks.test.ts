import { beforeEach, describe, expect, it, vi } from 'vitest';

const store = vi.hoisted(() => {
  class ImportAlreadyRunningError extends Error {}
  return {
    ImportAlreadyRunningError,
    createImportJob: vi.fn(),
    getImportJob: vi.fn(),
    markImportJobRunning: vi.fn(),
    recordImportPage: vi.fn(),
    finishImportJob: vi.fn(),
  };
});
const upsert = vi.hoisted(() => ({ upsertImportedEvents: vi.fn(), flagEventsMissingFromSource: vi.fn(), finishIndexesOfJob: vi.fn() }));
vi.mock('#data/import-job', () => store);
vi.mock('#imports/upsert-imported-events', () => upsert);
const places = vi.hoisted(() => ({ ensurePlaceDirectory: vi.fn() }));
vi.mock('#imports/normalize/place-directory', () => places);

const { handler: startJob, addDays } = await import('../../../lambdas/imports/tasks/start-job.ts');
const { handler: importPage } = await import('../../../lambdas/imports/tasks/import-page.ts');
const { handler: finishJob } = await import('../../../lambdas/imports/tasks/finish-job.ts');
const { todayInNewYork } = await import('#shared/dates');

const JOB = '01JABCDEFGHJKMNPQRSTVWXYZ0';
const options = { from: '2030-01-01', to: '2030-12-31', limit: 600, autoVerify: true, mode: 'full' as const };
const run = { jobId: JOB, options, pageSize: 250, maxPages: 3, today: '2030-01-01' };

beforeEach(() => {
  vi.clearAllMocks();
  store.markImportJobRunning.mockResolvedValue({});
  store.finishImportJob.mockResolvedValue({ status: 'completed' });
  upsert.finishIndexesOfJob.mockResolvedValue(0);
  places.ensurePlaceDirectory.mockResolvedValue(0);
});

describe('StartJob', () => {
  it('marks the job the API created running and plans its pages', async () => {
    store.getImportJob.mockResolvedValue({ id: JOB, source: 'runsignup', options, errors: [] });
    const state = await startJob({ jobId: JOB });
    expect(store.markImportJobRunning).toHaveBeenCalledWith(JOB);
    // Only postings whose writer is certainly gone: no job of its own has written anything yet.
    expect(upsert.finishIndexesOfJob).toHaveBeenCalledWith(undefined);
    // The place directory of radius searches is written when missing (these functions carry the zip table).
    expect(places.ensurePlaceDirectory).toHaveBeenCalledOnce();
    expect(state).toMatchObject({ skipped: false, jobId: JOB, pages: [1, 2], run: { jobId: JOB, options, pageSize: 250, maxPages: 3 } });
  });

  it('creates the nightly job for a window of days from today, as a full sync', async () => {
    store.createImportJob.mockResolvedValue({ id: JOB });
    const today = todayInNewYork();
    const state = await startJob({ source: 'runsignup', startedBy: 'schedule', options: { days: 30, state: 'CO', limit: 2500 } });
    expect(store.createImportJob).toHaveBeenCalledWith({
      source: 'runsignup',
      startedBy: 'schedule',
      expected: 2500,
      options: { state: 'CO', from: today, to: addDays(today, 30), limit: 2500, autoVerify: true, mode: 'full' },
    });
    expect(state).toMatchObject({ skipped: false, run: { maxPages: 10 } });
  });

  it('ends a scheduled run as skipped while another import holds the lock', async () => {
    store.createImportJob.mockRejectedValue(new store.ImportAlreadyRunningError('running'));
    expect(await startJob({ source: 'runsignup', startedBy: 'schedule', options: { days: 30 } })).toMatchObject({ skipped: true });
    expect(store.markImportJobRunning).not.toHaveBeenCalled();
  });

  it('refuses input that is neither a job id nor the schedule', async () => {
    await expect(startJob({ jobId: 'nope' })).rejects.toThrow();
    await expect(startJob({ source: 'runsignup', startedBy: 'someone', options: { days: 3 } })).rejects.toThrow();
  });

  it('counts calendar days across month and year ends', () => {
    expect(addDays('2030-12-30', 3)).toBe('2031-01-02');
    expect(addDays('2032-02-28', 1)).toBe('2032-02-29');
  });
});

describe('ImportPage', () => {
  it('does not fetch a page past the limit and says no more pages follow', async () => {
    expect(await importPage({ run, page: 4 })).toEqual({ page: 4, fetched: 0, failed: false, more: false, next: [5, 6] });
    expect(store.recordImportPage).not.toHaveBeenCalled();
  });

  it("records a page's failure after its retries on the job and lets the run go on", async () => {
    const result = await importPage({ run, page: 2, error: { Error: 'PageFetchError', Cause: JSON.stringify({ errorMessage: 'RunSignup page 2: HTTP 500 (after 4 attempts)' }) } });
    expect(result).toEqual({ page: 2, fetched: 0, failed: true, more: true, next: [3, 4] });
    expect(store.recordImportPage).toHaveBeenCalledWith(JOB, expect.objectContaining({
      page: 2,
      counts: expect.objectContaining({ errors: 1 }),
      errors: [{ page: 2, message: 'Page not imported: RunSignup page 2: HTTP 500 (after 4 attempts)' }],
    }));
  });
});

describe('FinishJob', () => {
  it('flags races missing from a full sync, counts them on the job, and finishes it', async () => {
    store.getImportJob.mockResolvedValue({ id: JOB, counts: { fetched: 5, skipped: {} }, errors: [{ sourceId: '7', page: 1, message: 'bad date' }] });
    upsert.flagEventsMissingFromSource.mockResolvedValue(2);
    expect(await finishJob({ jobId: JOB, run })).toEqual({ jobId: JOB, status: 'completed', flaggedMissing: 2 });
    // The job's own unfinished postings first, so the events it flags are whole.
    expect(upsert.finishIndexesOfJob).toHaveBeenCalledWith(JOB);
    expect(upsert.finishIndexesOfJob.mock.invocationCallOrder[0]).toBeLessThan(upsert.flagEventsMissingFromSource.mock.invocationCallOrder[0]!);
    expect(upsert.flagEventsMissingFromSource).toHaveBeenCalledWith({ source: 'runsignup', jobId: JOB, from: options.from, to: options.to });
    expect(store.recordImportPage).toHaveBeenCalledWith(JOB, { counts: { flagged: 2 }, errors: [] });
    expect(store.finishImportJob).toHaveBeenCalledWith(JOB, {});
  });

  it('flags nothing after a full sync that lost a page', async () => {
    store.getImportJob.mockResolvedValue({ id: JOB, counts: { fetched: 5, skipped: {} }, errors: [{ page: 3, message: 'Page not imported: RunSignup page 3: HTTP 500' }] });
    await finishJob({ jobId: JOB, run });
    expect(upsert.flagEventsMissingFromSource).not.toHaveBeenCalled();
    expect(store.finishImportJob).toHaveBeenCalledWith(JOB, {});
  });

  it.each([
    ['read as many races as its limit', { fetched: options.limit, skipped: {} }],
    ['skipped races past its limit', { fetched: options.limit + 3, skipped: { 'over-limit': 3 } }],
  ])('flags nothing after a full sync that %s: the races it never read are not missing', async (_, counts) => {
    store.getImportJob.mockResolvedValue({ id: JOB, counts, errors: [] });
    await finishJob({ jobId: JOB, run });
    expect(upsert.flagEventsMissingFromSource).not.toHaveBeenCalled();
    expect(store.finishImportJob).toHaveBeenCalledWith(JOB, {});
  });

  it('flags nothing after a quick sync', async () => {
    await finishJob({ jobId: JOB, run: { ...run, options: { ...options, mode: 'quick' } } });
    expect(upsert.flagEventsMissingFromSource).not.toHaveBeenCalled();
  });

  it('fails the job when the run failed, with the cause', async () => {
    const result = await finishJob({ jobId: JOB, run, error: { Error: 'States.Timeout', Cause: 'The task timed out' } });
    expect(result).toEqual({ jobId: JOB, status: 'failed' });
    expect(upsert.finishIndexesOfJob).toHaveBeenCalledWith(JOB);
    expect(store.finishImportJob).toHaveBeenCalledWith(JOB, { failure: 'The task timed out' });
  });

  it('has no job to fail when the run failed before it had one', async () => {
    expect(await finishJob({ source: 'runsignup', error: { Error: 'Error', Cause: 'x' } })).toEqual({ status: 'failed' });
    expect(store.finishImportJob).not.toHaveBeenCalled();
  });
});
