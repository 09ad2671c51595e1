/**
 * The migrations state machine's task (infra/migrations.ts): takes migration steps (runner.ts) for about a minute
 * and says whether every migration is done; the state machine invokes it again until they are. Many steps per
 * invocation keep a long migration (a few thousand steps) far inside the execution's history limit.
 */
import type { MigrationRecord } from '#shared/schemas/migration';
import { logger } from '#lib/logger';
import { runMigrationStep } from './runner.ts';

/** Steps start until this much of the invocation has passed; one step is about a second of work. */
export const STEPS_BUDGET_MS = 60_000;

export interface RunStepsResult {
  readonly done: boolean;
  readonly steps: number;
  /** The migration the last step advanced. */
  readonly migration?: Pick<MigrationRecord, 'id' | 'status' | 'steps' | 'changed'>;
}

export async function runStepsFor(budgetMs: number, now: () => number = () => Date.now()): Promise<RunStepsResult> {
  const until = now() + budgetMs;
  let steps = 0;
  let last: MigrationRecord | undefined;
  for (;;) {
    const outcome = await runMigrationStep();
    if (outcome.record) {
      steps += 1;
      last = outcome.record;
    }
    if (outcome.done || now() >= until) {
      const result = { done: outcome.done, steps, ...(last ? { migration: { id: last.id, status: last.status, steps: last.steps, changed: last.changed } } : {}) };
      logger.info('Data migrations advanced', { ...result });
      return result;
    }
  }
}

export const handler = async (): Promise<RunStepsResult> => runStepsFor(STEPS_BUDGET_MS);
