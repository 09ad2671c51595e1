/**
 * What an event's preview card (event-card.ts) says, and the fingerprint of it its address carries. Apart from
 * the drawing, so the event page can name its card's address without loading the renderer.
 */
import { createHash } from 'node:crypto';
import { formatLongDate } from '#shared/date-format';
import { statusNote } from '#shared/event-status';
import { formatFee } from '#shared/fee-format';
import { feeOn } from '#shared/price-tiers';
import type { RaceEvent } from '#shared/schemas/event';

/** What the card draws of a race. */
export type CardFacts = Pick<RaceEvent, 'title' | 'eventDate' | 'city' | 'state' | 'distances' | 'status' | 'previousEventDate' | 'registrationFee' | 'priceTiers'>;

/** The lines the card shows under the name, in order: day, place, then distances and price. */
export function cardLines(facts: CardFacts, today: string): { note?: string; when: string; where: string; what?: string } {
  // The price of the day alone: a card has no room for the tiers ahead, which the page lists.
  const what = [facts.distances.join(' · '), formatFee(feeOn(facts, today))].filter(Boolean).join('  —  ');
  return {
    note: statusNote(facts),
    when: formatLongDate(facts.eventDate),
    where: `${facts.city}, ${facts.state}`,
    ...(what ? { what } : {}),
  };
}

/**
 * A short fingerprint of what the card draws, for its address (`?v=`): the card may then be kept for good by
 * CloudFront and the previewing sites, and an edit that changes it changes the address they fetch. The price is
 * the one of `today`, so a tier ending changes it too.
 */
export function cardVersion(facts: CardFacts, today: string): string {
  return createHash('sha256').update(JSON.stringify([facts.title, cardLines(facts, today)])).digest('base64url').slice(0, 10);
}
