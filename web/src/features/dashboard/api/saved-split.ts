import type { z } from 'zod';
import type { SavedEventEntrySchema } from '#shared/schemas/saved-event';

export type SavedEventEntry = z.infer<typeof SavedEventEntrySchema>;

export interface SavedSplit {
  /** Newest saved first, as the server lists them. */
  saved: SavedEventEntry[];
  /** Dated today or later in US Eastern time, soonest first. */
  upcoming: SavedEventEntry[];
  /** Dated before today, most recent first. */
  completed: SavedEventEntry[];
}

/**
 * Splits saved events by race day against today's date in New York (YYYY-MM-DD strings compare in date
 * order). A race today is still upcoming: it is not completed before the day is over.
 */
export function splitSaved(entries: readonly SavedEventEntry[], today: string): SavedSplit {
  const upcoming = entries.filter((entry) => entry.event.eventDate >= today);
  const completed = entries.filter((entry) => entry.event.eventDate < today);
  upcoming.sort((a, b) => a.event.eventDate.localeCompare(b.event.eventDate) || a.event.title.localeCompare(b.event.title));
  completed.sort((a, b) => b.event.eventDate.localeCompare(a.event.eventDate) || a.event.title.localeCompare(b.event.title));
  return { saved: [...entries], upcoming, completed };
}

