/**
 * The Export button of the admin events table header: the exports part's ExportButton (a CSV file produced on
 * the server, not built here from a full read) with the filters the list shows. The export's filters have no
 * 'needs review' and match text as a substring of title or city, where the list matches word starts, so the
 * file can hold a few more events than a text-filtered list.
 */
import type { AdminEventFiltersInput } from '#shared/schemas/admin-event-filters';
import { ExportButton } from '../exports/export-button.tsx';
import type { ExportResult } from '../exports/use-exports.ts';
import type { AdminEventFilters } from './admin-event-filters.ts';

export interface EventsExportSlotProps {
  readonly filters: AdminEventFilters;
  readonly onEnded: (result: ExportResult) => void;
}

/** The list's filters as the export takes them. */
export function exportFiltersOf(filters: AdminEventFilters): AdminEventFiltersInput {
  const flag = (value: AdminEventFilters['verified']) => (value === 'all' ? undefined : value === 'yes');
  const picked: AdminEventFiltersInput = {
    text: filters.q.trim() || undefined,
    verified: flag(filters.verified),
    featured: flag(filters.featured),
    type: filters.type || undefined,
    state: filters.state || undefined,
    from: filters.from || undefined,
    to: filters.to || undefined,
  };
  return Object.fromEntries(Object.entries(picked).filter(([, value]) => value !== undefined)) as AdminEventFiltersInput;
}

export function EventsExportSlot({ filters, onEnded }: EventsExportSlotProps) {
  return <ExportButton table="events" filters={exportFiltersOf(filters)} onEnded={onEnded} />;
}
