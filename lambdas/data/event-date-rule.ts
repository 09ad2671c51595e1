/**
 * The date rule of events people write (organizers on /create-event, anyone on /submit-event), checked on the
 * server where today is known: the event is after today, in the product's calendar (America/New_York).
 */
import { todayInNewYork } from '#shared/dates';
import { BadRequestError } from '#lib/errors';

/** The 400 for a date that is not in the future, naming the field; undefined when the date is fine. */
export function futureDateError(eventDate: string, now: Date): BadRequestError | undefined {
  if (eventDate > todayInNewYork(now)) return undefined;
  return new BadRequestError('Some fields are not valid', { 'body.eventDate': ['The event date must be in the future'] });
}
