/** How export jobs read on the admin screens: table names, sizes and times. */
import type { ExportTable } from '#shared/schemas/export-job';

/** 'events' -> 'Events', as buttons and messages name the table. */
export function tableLabel(table: ExportTable): string {
  return table.charAt(0).toUpperCase() + table.slice(1);
}

export { formatFileSize as formatSize } from '../../lib/file-size.ts';

const dateTime = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });

export function formatCreated(iso: string): string {
  return dateTime.format(new Date(iso));
}
