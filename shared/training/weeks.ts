/** Training weeks run Monday to Sunday, as plans and the weekly figures count them. */
import { addDays, isoWeekday } from '../dates.ts';

/** The Monday of the week a YYYY-MM-DD date falls in. */
export function mondayOf(date: string): string {
  return addDays(date, -isoWeekday(date));
}
