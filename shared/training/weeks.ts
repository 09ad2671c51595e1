/** Training weeks run Monday to Sunday, as plans and the weekly figures count them. */
import { addDays } from '../dates.ts';

/** The Monday of the week a YYYY-MM-DD date falls in. */
export function mondayOf(date: string): string {
  // getUTCDay: Sunday 0 ... Saturday 6; Monday-based it is (day + 6) % 7 days after Monday.
  const day = new Date(`${date}T00:00:00Z`).getUTCDay();
  return addDays(date, -((day + 6) % 7));
}
