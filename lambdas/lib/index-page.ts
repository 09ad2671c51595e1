/** Moved into the single-table kit (lib/kit/index-page.ts); this path stays for the modules not yet migrated. */
export * from './kit/index-page.ts';
