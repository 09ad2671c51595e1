/**
 * The migrations state machine's task (infra/migrations.ts): takes migration steps (runner.ts) for about a minute
 * and says whether every migration is done; the state machine invokes it again until they are. Many steps per
 * invocation keep a long migration (a few thousand steps) far inside the execution's history limit.
 */
import type { MigrationRecord } from '#shared/schemas/migration';
import { logger } from '#lib/logger';
import { MIGRATIONS } from './index.ts';
import type { Migration } from './migration.ts';
import { runMigrationStep } from './runner.ts';

/** Steps start until this much of the invocation has passed; one step is about a second of work. */
export const STEPS_BUDGET_MS = 60_000;

export interface RunStepsResult {
  readonly done: boolean;
  readonly steps: number;
  /** The migration the last step advanced. */
  readonly migration?: Pick<MigrationRecord, 'id' | 'status' | 'steps' | 'changed'>;
}

/**
 * What the state machine passes on from the deploy that started it: the migrations that deploy brought. A rollback
 * to an older version passes the older list, so it never runs a newer migration (one that may have just failed)
 * with the newer code still in place.
 */
export interface RunStepsInput {
  readonly migrations?: readonly string[];
}

/** The migrations to run: those the input names, or every one when it names none (a start by hand). */
export function migrationsNamed(ids: readonly string[] | undefined, migrations: readonly Migration[] = MIGRATIONS): readonly Migration[] {
  return ids ? migrations.filter((migration) => ids.includes(migration.id)) : migrations;
}

export async function runStepsFor(budgetMs: number, input: RunStepsInput = {}, now: () => number = () => Date.now()): Promise<RunStepsResult> {
  const migrations = migrationsNamed(input.migrations);
  const until = now() + budgetMs;
  let steps = 0;
  let last: MigrationRecord | undefined;
  for (;;) {
    const outcome = await runMigrationStep(migrations);
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

export const handler = async (input: RunStepsInput = {}): Promise<RunStepsResult> => runStepsFor(STEPS_BUDGET_MS, input);
