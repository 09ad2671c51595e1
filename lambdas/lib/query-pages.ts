/** Moved into the single-table kit (lib/kit/table.ts); this path stays for the modules not yet migrated. */
export { queryPages, type Item } from './kit/table.ts';
