import { beforeAll, describe, expect, it } from 'vitest';
import { importStateMachineDefinition } from '../../../infra/local/step-functions/import-definition.ts';
import { runImportStateMachine, type ImportTaskHandlers } from '../../../infra/local/step-functions/import-runner.ts';
import { nextBatch } from '../../../lambdas/imports/tasks/task-io.ts';

const JOB = '01JABCDEFGHJKMNPQRSTVWXYZ0';
const run = (maxPages: number) => ({
  jobId: JOB,
  options: { from: '2030-01-01', to: '2030-12-31', limit: maxPages * 250, autoVerify: true, mode: 'quick' },
  pageSize: 250,
  maxPages,
  today: '2030-01-01',
});

/**
 * Handlers that behave like the real tasks as far as the state machine can tell: a source of `pages` full
 * pages, pages listed in `failing` throwing, and a log of what ran and how many pages were in flight at once.
 */
function fakeTasks(options: { pages: number; maxPages: number; failing?: number[]; failFinish?: boolean; skipped?: boolean }) {
  const log: string[] = [];
  let inFlight = 0;
  let mostInFlight = 0;
  const handlers: ImportTaskHandlers = {
    StartJob: async () => {
      log.push('start');
      return options.skipped ? { skipped: true, reason: 'locked' } : { skipped: false, jobId: JOB, run: run(options.maxPages), pages: nextBatch(0) };
    },
    ImportPage: async (event) => {
      const input = event as { page: number; error?: { Error: string; Cause: string } };
      if (input.error) {
        log.push(`failed ${input.page}: ${input.error.Error}`);
        return { page: input.page, fetched: 0, failed: true, more: input.page < options.maxPages, next: nextBatch(input.page) };
      }
      inFlight += 1;
      mostInFlight = Math.max(mostInFlight, inFlight);
      await new Promise((resolve) => setTimeout(resolve, 5));
      inFlight -= 1;
      if (options.failing?.includes(input.page)) throw Object.assign(new Error(`RunSignup page ${input.page}: HTTP 500`), { name: 'PageFetchError' });
      const fetched = input.page <= options.pages ? 250 : 0;
      log.push(`page ${input.page}`);
      return { page: input.page, fetched, failed: false, more: fetched === 250 && input.page < options.maxPages, next: nextBatch(input.page) };
    },
    FinishJob: async (event) => {
      const input = event as { error?: { Error: string } };
      if (input.error) {
        log.push(`fail job: ${input.error.Error}`);
        return { status: 'failed' };
      }
      if (options.failFinish) throw new Error('finish broke');
      log.push('finish');
      return { jobId: JOB, status: 'completed' };
    },
  };
  return { handlers, log, mostInFlight: () => mostInFlight };
}

describe('the synthesized import state machine, run by aws-local-stepfunctions', { timeout: 30_000 }, () => {
  // Synthesizing the construct takes a few seconds on a busy machine; once per process.
  beforeAll(async () => {
    importStateMachineDefinition();
    await import('aws-local-stepfunctions');
  }, 120_000);

  it('reads pages two at a time until a page comes back short, then finishes the job', async () => {
    const tasks = fakeTasks({ pages: 5, maxPages: 40 });
    const execution = await runImportStateMachine({ jobId: JOB }, { handlers: tasks.handlers });
    await expect(execution.result).resolves.toMatchObject({ jobId: JOB, result: { status: 'completed' } });
    expect(tasks.log.filter((line) => line.startsWith('page')).sort()).toEqual(['page 1', 'page 2', 'page 3', 'page 4', 'page 5', 'page 6'].sort());
    expect(tasks.log.at(-1)).toBe('finish');
    expect(tasks.mostInFlight()).toBe(2);
  });

  it('stops at the last page the limit allows even when pages are full', async () => {
    const tasks = fakeTasks({ pages: 100, maxPages: 4 });
    await (await runImportStateMachine({ jobId: JOB }, { handlers: tasks.handlers })).result;
    expect(tasks.log.filter((line) => line.startsWith('page'))).toHaveLength(4);
  });

  it('records a page that fails and goes on with the next pages', async () => {
    const tasks = fakeTasks({ pages: 5, maxPages: 40, failing: [3] });
    await expect((await runImportStateMachine({ jobId: JOB }, { handlers: tasks.handlers })).result).resolves.toBeDefined();
    expect(tasks.log).toContain('failed 3: PageFetchError');
    expect(tasks.log).toContain('page 5');
    expect(tasks.log.at(-1)).toBe('finish');
  });

  it('ends as skipped, without touching pages, when another run holds the lock', async () => {
    const tasks = fakeTasks({ pages: 5, maxPages: 40, skipped: true });
    await expect((await runImportStateMachine({ source: 'runsignup', startedBy: 'schedule', options: { days: 30 } }, { handlers: tasks.handlers })).result).resolves.toMatchObject({ skipped: true });
    expect(tasks.log).toEqual(['start']);
  });

  it('fails the job and the execution when the run itself fails', async () => {
    const tasks = fakeTasks({ pages: 1, maxPages: 40, failFinish: true });
    const execution = await runImportStateMachine({ jobId: JOB }, { handlers: tasks.handlers });
    await expect(execution.result).rejects.toThrow();
    expect(tasks.log.at(-1)).toBe('fail job: Error');
  });
});
