/** /events/{id}: a public event as GET /api/events/{id} answers a visitor, with its SportsEvent JSON-LD. */
import { formatLongDate } from '#shared/date-format';
import { statusNote } from '#shared/event-status';
import { describeFee } from '#shared/price-tier-words';
import { todayInNewYork } from '#shared/dates';
import { ULID_PATTERN } from '#shared/ids';
import { excerptOf } from '#shared/plain-text';
import { EVENTS_ROUTES } from '#shared/routes/events';
import { imageUrlFor } from '#shared/schemas/event-image';
import { EventNotFoundError } from '#data/event';
import { eventDetail } from '../../events/event-detail.ts';
import { eventStructuredData, type EventForPage } from '../event-structured-data.ts';
import { CARD_HEIGHT, CARD_WIDTH } from '../cards/card-format.ts';
import { eventCardUrl } from '../cards/card-response.ts';
import { decodedSegment, NOT_FOUND, TAKE_OVER_MODULE, type RenderedPageKind } from './rendered-page.ts';

/** A meta description's length: what search results show before cutting it. */
export const DESCRIPTION_LENGTH = 160;

export const EVENT_PAGE: RenderedPageKind = {
  pattern: /^\/events\/([^/]+)$/,
  async load({ segments: [segment], siteUrl }) {
    const id = decodedSegment(segment);
    // The API refuses such an id (400), so no event can be behind it.
    if (id === undefined || !ULID_PATTERN.test(id)) return NOT_FOUND;
    let event: EventForPage;
    try {
      // Exactly what the API answers a visitor, so the app's first render matches the server's.
      event = EVENTS_ROUTES.getEvent.response.parse(await eventDetail(id, undefined));
    } catch (error) {
      if (error instanceof EventNotFoundError) return NOT_FOUND;
      throw error;
    }
    const canonicalUrl = `${siteUrl}/events/${encodeURIComponent(event.id)}`;
    // The race's own picture, else its generated card (cards/), which says what the page says first.
    const picture = previewPicture(event, siteUrl);
    const imageUrl = picture?.url ?? eventCardUrl(siteUrl, event);
    const description = eventDescription(event);
    return {
      data: { event },
      head: {
        // As the app titles the page; a cancelled or moved race says so first in its description.
        title: event.title,
        description,
        canonicalUrl,
        imageUrl,
        imageAlt: picture?.alt ?? `RaceFinder: ${event.title}`,
        ...(picture ? {} : { imageSize: { width: CARD_WIDTH, height: CARD_HEIGHT } }),
        openGraphType: 'website',
        structuredData: [eventStructuredData(event, { siteUrl, pageUrl: canonicalUrl, imageUrl, description })],
      },
      modules: [TAKE_OVER_MODULE, 'src/app/pages/event-detail-route.tsx'],
    };
  },
};

/** A link preview's width: 1200 is what Facebook and X ask of a large summary card. */
const PREVIEW_WIDTH = 1200;

/**
 * The event's own picture for link previews and JSON-LD, as an absolute URL: its cover image (the first uploaded,
 * at the rendition nearest 1200 wide), else an imported logo; undefined when it has neither.
 */
export function previewPicture(event: EventForPage, siteUrl: string): { url: string; alt: string } | undefined {
  const cover = event.images?.[0];
  if (cover) return { url: `${siteUrl}${imageUrlFor(event.id, cover, PREVIEW_WIDTH)}`, alt: cover.alt || event.title };
  return event.imageUrl ? { url: event.imageUrl, alt: event.title } : undefined;
}

/** "Saturday, April 18, 2027 in Boston, MA · Marathon · $65. The race's own words…": the facts a preview shows first. */
export function eventDescription(event: EventForPage): string {
  const note = statusNote(event);
  const fee = describeFee(event, todayInNewYork());
  const facts = [
    `${note ? `${note}. ` : ''}${formatLongDate(event.eventDate)} in ${event.city}, ${event.state}`,
    event.distances.length > 0 ? event.distances.join(', ') : undefined,
    fee,
  ].filter(Boolean);
  const text = `${facts.join(' · ')}.${event.description ? ` ${event.description}` : ''}`;
  return excerptOf(text, DESCRIPTION_LENGTH);
}
