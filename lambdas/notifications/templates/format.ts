/**
 * How messages write races, money and dates: the same helpers the web pages use (shared/), put together the
 * way an e-mail reads them. Distances are in the reader's unit; a race's day and start are on the race's own
 * clock, with that clock's abbreviation for race day ('7:30 AM MST').
 */
import { todayInNewYork } from '#shared/dates';
import { formatIsoDate, formatLongDate } from '#shared/date-format';
import { excerptOf } from '#shared/plain-text';
import { countOf } from '#shared/plural';
import { PROMOTION_TIER_LABELS, formatUsd, promotionDays, promotionScopeLabel, type PromotionScope, type PromotionTier } from '#shared/promotions';
import { formatRaceStart } from '#shared/race-start-format';
import type { NotificationRace } from '#shared/schemas/notifications';
import { formatDistance, type DistanceUnit } from '#shared/units';

/** 'Saturday, March 14, 2027 at 7:30 AM MST', or the day alone when the start is not announced. */
export function raceWhen(race: Pick<NotificationRace, 'eventDate' | 'startTime' | 'timeZone'>): string {
  const start = formatRaceStart(race);
  return start ? `${formatLongDate(race.eventDate)} at ${start}` : formatLongDate(race.eventDate);
}

/** 'Chautauqua Park, Boulder, CO'. */
export function placeOf(place: { readonly locationName?: string; readonly city: string; readonly state: string }): string {
  return [place.locationName, `${place.city}, ${place.state}`].filter(Boolean).join(', ');
}

/** 'Marathon (26.2 mi), Half Marathon (13.1 mi)': the event's own names, each with its length in the reader's unit. */
/** The Date and Place rows of an event a decision is about, each left out when the event does not say it. */
export function eventDatePlaceFacts(event: { readonly eventDate?: string; readonly city?: string; readonly state?: string }): [string, string | undefined][] {
  return [
    ['Date', event.eventDate ? formatIsoDate(event.eventDate) : undefined],
    ['Place', event.city && event.state ? placeOf({ city: event.city, state: event.state }) : undefined],
  ];
}

export function distancesOf(distances: NotificationRace['distances'], unit: DistanceUnit): string | undefined {
  if (distances.length === 0) return undefined;
  return distances.map(({ label, km }) => (km === undefined ? label : `${label} (${formatDistance(unit, km)})`)).join(', ');
}

/** Receipts write cents: '$12.00'. */
export const money = (cents: number): string => formatUsd(cents, { cents: true });

/** The day of an instant on the product's calendar (America/New_York, as promotion days are): 'Wed, Mar 3, 2027'. */
export const dayOf = (instant: string): string => formatIsoDate(todayInNewYork(new Date(instant)));

export { formatIsoDate as shortDate, formatLongDate as longDate };

/** 'Spotlight, Colorado, Mon, Mar 1, 2027 to Sun, Mar 14, 2027 (14 days)'. */
export function promotionSummary(promotion: {
  readonly tier: PromotionTier;
  readonly scope: PromotionScope;
  readonly scopeValue?: string;
  readonly startDate: string;
  readonly endDate: string;
}): string {
  const days = countOf(promotionDays(promotion.startDate, promotion.endDate), 'day');
  return `${PROMOTION_TIER_LABELS[promotion.tier]}, ${promotionScopeLabel(promotion.scope, promotion.scopeValue)}, ${formatIsoDate(promotion.startDate)} to ${formatIsoDate(promotion.endDate)} (${days})`;
}

/** A title short enough for a subject line, cut at a word. */
export const titleForSubject = (title: string): string => excerptOf(title, 70);
