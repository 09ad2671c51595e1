/**
 * The admin events list's filters (spec 001: search by title or city, verification, featured, event type,
 * state, start and end date), one schema for every place that selects events the way that list does: the
 * list route's query and the CSV export's `filters`. `matchesAdminEventFilters` is the same rule as a
 * predicate, for code that reads events page by page and keeps the matching ones.
 */
import * as z from 'zod';
import { normalize } from '../search-text.ts';
import { IsoDateSchema } from './common.ts';
import { EventTypeSchema, StateCodeSchema, type RaceEvent } from './event.ts';

/** 'true' / 'false' as a query string carries them, or a JSON boolean as a body does. */
const BooleanFilterSchema = z
  .union([z.boolean(), z.enum(['true', 'false'], { message: "must be 'true' or 'false'" })])
  .transform((value) => value === true || value === 'true');

export const AdminEventFiltersSchema = z
  .strictObject({
    /** Words of the title or city, case- and accent-insensitive. */
    text: z.string().trim().max(100, 'text must be at most 100 characters').optional(),
    verified: BooleanFilterSchema.optional(),
    featured: BooleanFilterSchema.optional(),
    type: EventTypeSchema.optional(),
    state: z
      .string()
      .trim()
      .transform((value) => value.toUpperCase())
      .pipe(StateCodeSchema)
      .optional(),
    /** Event date on or after. */
    from: IsoDateSchema.optional(),
    /** Event date on or before. */
    to: IsoDateSchema.optional(),
  })
  .refine((filters) => !filters.from || !filters.to || filters.from <= filters.to, {
    message: 'The end date must be on or after the start date',
    path: ['to'],
  });
export type AdminEventFilters = z.output<typeof AdminEventFiltersSchema>;
export type AdminEventFiltersInput = z.input<typeof AdminEventFiltersSchema>;

/** Whether an event passes the filters; an absent filter passes everything. */
export function matchesAdminEventFilters(
  event: Pick<RaceEvent, 'title' | 'city' | 'verified' | 'featured' | 'eventType' | 'state' | 'eventDate'>,
  filters: AdminEventFilters,
): boolean {
  if (filters.verified !== undefined && event.verified !== filters.verified) return false;
  if (filters.featured !== undefined && event.featured !== filters.featured) return false;
  if (filters.type && event.eventType !== filters.type) return false;
  if (filters.state && event.state !== filters.state) return false;
  if (filters.from && event.eventDate < filters.from) return false;
  if (filters.to && event.eventDate > filters.to) return false;
  const text = filters.text ? normalize(filters.text) : '';
  if (text && !normalize(event.title).includes(text) && !normalize(event.city).includes(text)) return false;
  return true;
}
