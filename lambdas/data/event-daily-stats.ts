/** No defineEntity here: counters only (one ADD update). */
/**
 * An event's daily counters (shared/analytics.ts): the key and the one Update that adds to them. Apart from
 * ./event-analytics.ts so that a save, which counts itself in its own transaction, bundles no more than this.
 */
import type { BeaconKind } from '#shared/analytics';
import { todayInNewYork } from '#shared/dates';
import { counterUpdate } from '#lib/kit/counter-update';

export const dailyStatsKey = (eventId: string, day: string) => ({ PK: `STATS#${eventId}`, SK: `DAY#${day}` });

const COUNTER_OF: Readonly<Record<BeaconKind | 'save', string>> = { view: 'views', register: 'registerClicks', save: 'saves' };

/** The Update that adds one to a day's counter (America/New_York days, as the product's calendar). */
export function dailyCounterUpdate(eventId: string, kind: BeaconKind | 'save', now: Date) {
  return counterUpdate(dailyStatsKey(eventId, todayInNewYork(now)), { [COUNTER_OF[kind]]: 1 }, 'event-daily-stats')!;
}
