/**
 * /cards/events/{id}.png: the preview card of a public event (event-card.ts), the picture its page names in its
 * OpenGraph and Twitter tags when the race has none of its own (rendered/event-page.ts). CloudFront sends these
 * paths to the card function (card-function.ts, infra/site.ts); the local gateway answers them from this module too.
 */
import { todayInNewYork } from '#shared/dates';
import { ULID_PATTERN } from '#shared/ids';
import { EventNotFoundError } from '#data/event';
import { getVisibleEvent } from '#data/event-visibility';
import { cardVersion, type CardFacts } from './card-facts.ts';
import { CARD_PATH_PREFIX, CARD_VERSION_PARAM } from './card-format.ts';

const CARD_PATH = /^\/cards\/events\/([0-9A-Za-z]+)\.png$/;

/** The card's address; its `v` changes with what the card draws, so what was kept under one never goes stale. */
export function eventCardUrl(siteUrl: string, event: CardFacts & { readonly id: string }, today: string = todayInNewYork()): string {
  return `${siteUrl}${CARD_PATH_PREFIX}${encodeURIComponent(event.id)}.png?${CARD_VERSION_PARAM}=${cardVersion(event, today)}`;
}

/**
 * A card's address changes with its content, so CloudFront and the sites that preview links may keep it a long
 * time; a day in browsers, in case one holds an address without `v`. A missing card is never kept.
 */
export const CARD_CACHE_CONTROL = { 200: 'public, max-age=86400, s-maxage=31536000, immutable', 404: 'no-store' } as const;

export type CardAnswer =
  | { readonly status: 200; readonly contentType: 'image/png'; readonly cacheControl: string; readonly body: Uint8Array }
  | { readonly status: 404; readonly contentType: 'text/plain; charset=utf-8'; readonly cacheControl: string; readonly body: string };

const NOT_FOUND: CardAnswer = { status: 404, contentType: 'text/plain; charset=utf-8', cacheControl: CARD_CACHE_CONTROL[404], body: 'No such race card.' };

/** Whether the path is a card's (the gateway sends these here). */
export const isCardPath = (pathname: string): boolean => pathname.startsWith(CARD_PATH_PREFIX);

/** The card at this path: 404 for a malformed path, an unknown event, or one a visitor may not see. */
export async function answerCard(pathname: string): Promise<CardAnswer> {
  const id = CARD_PATH.exec(pathname)?.[1];
  if (id === undefined || !ULID_PATTERN.test(id)) return NOT_FOUND;
  let event: CardFacts;
  try {
    event = await getVisibleEvent(id, undefined);
  } catch (error) {
    if (error instanceof EventNotFoundError) return NOT_FOUND;
    throw error;
  }
  // Loaded here, not at the top: the event page names a card's address through this module without drawing one.
  const { renderEventCard } = await import('./event-card.ts');
  return { status: 200, contentType: 'image/png', cacheControl: CARD_CACHE_CONTROL[200], body: await renderEventCard(event, todayInNewYork()) };
}
