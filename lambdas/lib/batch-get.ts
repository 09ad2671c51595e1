/** Moved into the single-table kit (lib/kit/batch-get.ts); this path stays for the modules not yet migrated. */
export * from './kit/batch-get.ts';
