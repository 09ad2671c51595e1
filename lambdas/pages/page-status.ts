/**
 * A page's HTTP status, the one rule for every server that answers the app's pages: the local gateway
 * (infra/local/static-site.ts) and, in AWS, the event page function behind CloudFront (event-page.ts). A path
 * that is no page of the app is a 404; a page that shows one record is a 404 when a visitor with no token would
 * not be shown that record (unknown, malformed or not public), as a crawler or link checker needs. The body is
 * the app either way, which renders "Event not found" itself; a page request carries no token (the app sends its
 * own with its API calls), so an organizer opening their unverified event gets a 404 status and still sees it.
 */
import { ULID_PATTERN } from '#shared/ids';
import { isSitePage } from '#shared/site-pages';
import { EventNotFoundError } from '#data/event';
import { getVisibleEvent } from '#data/event-visibility';
import { logger } from '#lib/logger';

export type PageStatus = 200 | 404;

/** /events/<id>, the id still percent-encoded. */
const EVENT_PAGE = /^\/events\/([^/]+)$/;

export async function pageStatus(pathname: string): Promise<PageStatus> {
  if (!isSitePage(pathname)) return 404;
  const eventSegment = EVENT_PAGE.exec(pathname)?.[1];
  return eventSegment === undefined ? 200 : eventPageStatus(eventSegment);
}

async function eventPageStatus(segment: string): Promise<PageStatus> {
  const id = decodedSegment(segment);
  // The API refuses such an id (400), so no event can be behind it.
  if (id === undefined || !ULID_PATTERN.test(id)) return 404;
  try {
    await getVisibleEvent(id, undefined);
    return 200;
  } catch (error) {
    if (error instanceof EventNotFoundError) return 404;
    // The page still loads: the app makes the same call and shows its own error and retry.
    logger.error('Looking up an event for its page failed', { eventId: id, error: error as Error });
    return 200;
  }
}

function decodedSegment(segment: string): string | undefined {
  try {
    return decodeURIComponent(segment);
  } catch {
    return undefined;
  }
}
