/** How export jobs read on the admin screens: table names, sizes and times. */
import type { ExportTable } from '#shared/schemas/export-job';

/** 'events' -> 'Events', as buttons and messages name the table. */
export function tableLabel(table: ExportTable): string {
  return table.charAt(0).toUpperCase() + table.slice(1);
}

const SIZE_UNITS = ['KB', 'MB', 'GB'] as const;

/** 1536 -> '1.5 KB'; bytes below 1 KB as bytes. */
export function formatSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  let value = bytes / 1024;
  let unit = 0;
  while (value >= 1024 && unit < SIZE_UNITS.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return `${value >= 10 ? Math.round(value) : value.toFixed(1)} ${SIZE_UNITS[unit]}`;
}

const dateTime = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });

export function formatCreated(iso: string): string {
  return dateTime.format(new Date(iso));
}
