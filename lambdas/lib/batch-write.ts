/** Moved into the single-table kit (lib/kit/batch-write.ts); this path stays for the modules not yet migrated. */
export * from './kit/batch-write.ts';
