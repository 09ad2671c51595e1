/**
 * A race's start time as written for its own clock, and on a 12-hour clock: small enough for the event card in
 * the public first load. race-start-format.ts adds the zone; race-start.ts has the instant.
 */

/** A start time as forms, imports and the API carry it: 24-hour HH:MM. */
export const START_TIME_PATTERN = /^([01]\d|2[0-3]):[0-5]\d$/;

/** '07:00' -> '7:00 AM', '18:30' -> '6:30 PM': a start time on a 12-hour clock. */
export function formatStartClock(startTime: string): string {
  const [hours = 0, minutes = 0] = startTime.split(':').map(Number);
  return `${hours % 12 || 12}:${String(minutes).padStart(2, '0')} ${hours < 12 ? 'AM' : 'PM'}`;
}
