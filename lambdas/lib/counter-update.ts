/** Moved into the single-table kit (lib/kit/counter-update.ts); this path stays for the modules not yet migrated. */
export * from './kit/counter-update.ts';
