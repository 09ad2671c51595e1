/**
 * Whether a listed race's date is one a training plan can aim at (issue 25): kept apart from race-plans.ts, which
 * reads distance labels, so the race page can ask it without loading that reading.
 */
import type { EventStatus } from '../event-status.ts';

/**
 * Whether a race's date is one a plan can aim at: ahead, or run already, cancelled, or postponed with its new date
 * not announced. A race today is 'ahead': the generator says it is too soon, with its reason.
 */
export type RaceDateState = 'ahead' | 'past' | 'cancelled' | 'postponed';

export function raceDateState(event: { readonly eventDate: string; readonly status?: EventStatus }, today: string): RaceDateState {
  if (event.status === 'cancelled') return 'cancelled';
  if (event.status === 'postponed') return 'postponed';
  return event.eventDate < today ? 'past' : 'ahead';
}
