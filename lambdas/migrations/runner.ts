/**
 * Runs the data migrations (index.ts) in order, one step at a time, keeping each one's record after every step
 * (lambdas/data/migration-record.ts): a run killed anywhere resumes at the step it was in, which runs again (steps
 * are idempotent). Two runners at once take turns: a step whose record another runner wrote first is not counted
 * twice. A failing step marks its migration failed with the error and throws, so what runs the migrations (the
 * state machine after a deploy, `npm start`) fails visibly; the next run retries that step.
 */
import type { MigrationRecord } from '#shared/schemas/migration';
import { listMigrationRecords, saveMigrationRecord } from '#data/migration-record';
import { logger } from '#lib/logger';
import { MIGRATIONS } from './index.ts';
import type { Migration } from './migration.ts';

export interface StepOutcome {
  /** Every migration is done. */
  readonly done: boolean;
  /** The record of the migration this step advanced (absent when there was nothing to do). */
  readonly record?: MigrationRecord;
}

/** One step of the first migration not done yet, resumed from its record. */
export async function runMigrationStep(migrations: readonly Migration[] = MIGRATIONS, now: () => Date = () => new Date()): Promise<StepOutcome> {
  const records = new Map((await listMigrationRecords()).map((record) => [record.id, record]));
  const migration = migrations.find((candidate) => records.get(candidate.id)?.status !== 'done');
  if (!migration) return { done: true };
  const seen = records.get(migration.id);
  const at = now().toISOString();
  const started: MigrationRecord = seen ?? { id: migration.id, summary: migration.summary, status: 'running', steps: 0, changed: 0, startedAt: at, updatedAt: at };
  let step;
  try {
    step = await migration.step(seen?.cursor);
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    logger.error('A data migration step failed', { migration: migration.id, steps: started.steps, error: error as Error });
    await saveMigrationRecord({ ...started, status: 'failed', updatedAt: now().toISOString(), error: message }, seen);
    throw error;
  }
  const finished = step.cursor === undefined;
  // Fields set to undefined (the cursor once done, a past error) are left out of the item: the table client drops them.
  const record: MigrationRecord = {
    ...started,
    status: finished ? 'done' : 'running',
    cursor: step.cursor,
    steps: started.steps + 1,
    changed: started.changed + step.changed,
    updatedAt: now().toISOString(),
    finishedAt: finished ? now().toISOString() : undefined,
    error: undefined,
  };
  // Another runner that saved this step first owns it: the work was the same, so nothing is lost or counted twice.
  if (!(await saveMigrationRecord(record, seen))) return { done: false };
  const done = finished && migrations.slice(migrations.indexOf(migration) + 1).every((later) => records.get(later.id)?.status === 'done');
  return { done, record };
}

/** Runs every migration to the end; `onStep` hears each step (npm start prints progress). */
export async function runMigrations(options: { migrations?: readonly Migration[]; onStep?: (record: MigrationRecord) => void } = {}): Promise<void> {
  for (;;) {
    const outcome = await runMigrationStep(options.migrations);
    if (outcome.record) options.onStep?.(outcome.record);
    if (outcome.done) return;
  }
}

/**
 * Records every migration as done without running it, for a table this code has just created: its items are
 * already laid out as the migrations would leave them.
 */
export async function baselineMigrations(migrations: readonly Migration[] = MIGRATIONS, now: () => Date = () => new Date()): Promise<void> {
  const recorded = new Set((await listMigrationRecords()).map((record) => record.id));
  const at = now().toISOString();
  for (const migration of migrations.filter((candidate) => !recorded.has(candidate.id))) {
    await saveMigrationRecord(
      { id: migration.id, summary: migration.summary, status: 'done', steps: 0, changed: 0, startedAt: at, updatedAt: at, finishedAt: at, baseline: true },
      undefined,
    );
  }
}
