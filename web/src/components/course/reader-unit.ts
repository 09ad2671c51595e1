/**
 * The reader's distance unit: their profile's choice (shared/units.ts), miles for a reader signed out or who has
 * not chosen, as the rest of the site shows distances in miles. Apart from course-units.ts, which the first load of
 * the search page (its cards' climb) does not need.
 */
import type { DistanceUnit } from '#shared/units';
import { useMe } from '../../lib/use-me.ts';

export function useReaderUnit(): DistanceUnit {
  return useMe().data?.units ?? 'mi';
}
