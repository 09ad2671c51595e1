/**
 * The Export button's place in the admin events table header. The exports part of issue 8 builds the export
 * (a CSV file produced on the server for the current filters, not built here from a full read); this slot is
 * where it goes, and it receives the filters shown. Until then it renders nothing.
 */
import type { AdminEventFilters } from './admin-event-filters.ts';

export interface EventsExportSlotProps {
  readonly filters: AdminEventFilters;
}

export function EventsExportSlot(_props: EventsExportSlotProps) {
  return null;
}
