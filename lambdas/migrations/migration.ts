/**
 * What a data migration is: a change to stored items that this version's code needs (a new index layout, keys a
 * new query reads), made in small resumable steps over a key or an index. Each step does a bounded amount of work
 * from a cursor and says where the next one starts; the runner (runner.ts) keeps the cursor after every step, so
 * a migration killed halfway resumes at the step it was in. A step must be idempotent: the step a kill interrupts
 * runs again.
 */
export interface MigrationStep {
  /** Where the next step starts; absent when the migration is done. */
  readonly cursor?: string;
  /** Items this step changed. */
  readonly changed: number;
}

export interface Migration {
  /** Ordered by id: '0001-profile-search-keys'. The file under lambdas/migrations/ has the same name. */
  readonly id: string;
  readonly summary: string;
  step(cursor: string | undefined): Promise<MigrationStep>;
}

/**
 * Items a step reads from its index partition: a page of Queries and the writes it leads to, a second or two of
 * work, well inside a Lambda's time. Every migration walks a key or an index, never the whole table.
 */
export const MIGRATION_PAGE = 100;

/**
 * Events a step of a search index migration (0002, 0005: reindex-events-step.ts): more than a page of other migrations, since most events of a
 * layout change need little or nothing written and a step's own requests (its record, its page, a transaction of
 * marks) were most of its time; a step of events that all need writing whole still takes a second or two. Here, not
 * in the migration's file, which exports its migration only; the migration bench kills a run halfway by it.
 */
export const SEARCH_INDEX_PAGE = MIGRATION_PAGE * 2.5;
