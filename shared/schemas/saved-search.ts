/**
 * Saved searches (issue 23): a named search from the search page, whose new matches come in a daily digest.
 * The filters have the names and values of GET /api/events's query (SavedSearchFiltersSchema), so the digest
 * and the list link straight back to the search page.
 */
import * as z from 'zod';
import { MATCHING_FILTERS } from '../saved-search-path.ts';
import { IsoDateTimeSchema, UlidSchema } from './common.ts';
import { SavedSearchFiltersSchema } from './notifications.ts';
import { EventSearchQuerySchema } from './search.ts';

/** At most this many saved searches a person (issue 23): each is read for every new race that could match it. */
export const MAX_SAVED_SEARCHES = 20;
export const SAVED_SEARCH_NAME_MAX = 80;
export const TOO_MANY_SAVED_SEARCHES = `You have ${MAX_SAVED_SEARCHES} saved searches, the most there can be. Delete one to save another.`;
export const EMPTY_SAVED_SEARCH = 'Choose at least one filter or type some words: a search with neither would match every new race.';

const NameSchema = z
  .string({ message: 'Give the search a name' })
  .trim()
  .min(1, { message: 'Give the search a name' })
  .max(SAVED_SEARCH_NAME_MAX, { message: `The name can be at most ${SAVED_SEARCH_NAME_MAX} characters` });


export const SavedSearchSchema = SavedSearchFiltersSchema.extend({
  id: UlidSchema,
  name: z.string(),
  createdAt: IsoDateTimeSchema,
});
export type SavedSearch = z.infer<typeof SavedSearchSchema>;

export const SavedSearchListSchema = z.object({ items: z.array(SavedSearchSchema), max: z.number().int().positive() });
export type SavedSearchList = z.infer<typeof SavedSearchListSchema>;

/** A new saved search: a name and the search page's filters (empty strings, as a form sends them, mean no filter). */
export const NewSavedSearchSchema = z
  .strictObject({ name: NameSchema, ...SavedSearchFiltersSchema.shape, radius: EventSearchQuerySchema.shape.radius })
  .transform((body) => Object.fromEntries(Object.entries(body).filter(([, value]) => value !== undefined && value !== '')) as typeof body)
  .refine((body) => MATCHING_FILTERS.some((name) => body[name] !== undefined), { message: EMPTY_SAVED_SEARCH })
  .refine((body) => body.radius === undefined || body.near !== undefined, { message: 'radius needs near: the ZIP code, city or point to measure from', path: ['radius'] });
export type NewSavedSearch = z.infer<typeof NewSavedSearchSchema>;

export const RenameSavedSearchSchema = z.strictObject({ name: NameSchema });
export const SavedSearchPathSchema = z.strictObject({ id: UlidSchema });
