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

/** The card's path and query (from the site's root); its `v` changes with what the card draws. */
function cardPath(event: CardFacts & { readonly id: string }, today: string): string {
  return `${CARD_PATH_PREFIX}${encodeURIComponent(event.id)}.png?${CARD_VERSION_PARAM}=${cardVersion(event, today)}`;
}

/** The card's address, so what was kept under one never goes stale. */
export function eventCardUrl(siteUrl: string, event: CardFacts & { readonly id: string }, today: string = todayInNewYork()): string {
  return `${siteUrl}${cardPath(event, today)}`;
}

/**
 * A card's address changes with its content, so CloudFront and the sites that preview links may keep it a long
 * time; a day in browsers. An address with another `v` (an old one, or made up) is sent to the current one and
 * that answer kept 5 minutes: no `v` but the current one draws a card, so a stream of made-up ones costs a read
 * each, not a drawing each. A missing card is never kept.
 */
export const CARD_CACHE_CONTROL = { 200: 'public, max-age=86400, s-maxage=31536000, immutable', 302: 'public, max-age=300', 404: 'no-store' } as const;

const TEXT = 'text/plain; charset=utf-8';

export type CardAnswer =
  | { readonly status: 200; readonly contentType: 'image/png'; readonly cacheControl: string; readonly body: Uint8Array }
  | { readonly status: 302; readonly contentType: typeof TEXT; readonly cacheControl: string; readonly location: string; readonly body: string }
  | { readonly status: 404; readonly contentType: typeof TEXT; readonly cacheControl: string; readonly body: string };

const NOT_FOUND: CardAnswer = { status: 404, contentType: TEXT, cacheControl: CARD_CACHE_CONTROL[404], body: 'No such race card.' };

/** Whether the path is a card's (the gateway sends these here). */
export const isCardPath = (pathname: string): boolean => pathname.startsWith(CARD_PATH_PREFIX);

/**
 * The card at this path, when `version` (the query's `v`) is the current one; else a redirect to the current one.
 * 404 for a malformed path, an unknown event, or one a visitor may not see.
 */
export async function answerCard(pathname: string, version: string | null): Promise<CardAnswer> {
  const id = CARD_PATH.exec(pathname)?.[1];
  if (id === undefined || !ULID_PATTERN.test(id)) return NOT_FOUND;
  let event: CardFacts;
  try {
    event = await getVisibleEvent(id, undefined);
  } catch (error) {
    if (error instanceof EventNotFoundError) return NOT_FOUND;
    throw error;
  }
  const today = todayInNewYork();
  if (version !== cardVersion(event, today)) {
    const location = cardPath({ ...event, id }, today);
    return { status: 302, contentType: TEXT, cacheControl: CARD_CACHE_CONTROL[302], location, body: `This race's card is at ${location}` };
  }
  // Loaded here, not at the top: the event page names a card's address through this module without drawing one.
  const { renderEventCard } = await import('./event-card.ts');
  return { status: 200, contentType: 'image/png', cacheControl: CARD_CACHE_CONTROL[200], body: await renderEventCard(event, today) };
}
