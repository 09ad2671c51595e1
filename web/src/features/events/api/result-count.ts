/**
 * The one place the search page words its result count. The server does not count matches (a count would
 * read every match, the cost the search design avoids), so the number is known only once the last page has
 * arrived (`complete`, or no nextCursor for older servers). Until then the page says what it has as a lower
 * bound, '50+ events', which only grows as pages arrive: the same query pages the same way on every load, so
 * neither form jumps back or differs between visits.
 */
export interface ResultCount {
  /** Distinct events fetched so far. */
  shown: number;
  /** Whether the last page has arrived. */
  complete: boolean;
}

export function resultCountText({ shown, complete }: ResultCount): string {
  if (complete) return `${shown} ${shown === 1 ? 'event' : 'events'}`;
  return `${shown}+ events`;
}

/** Whether a page ends the results: the server's flag, or for an older server the absence of a cursor. */
export function isLastPage(page: { nextCursor?: string; complete?: boolean }): boolean {
  return page.complete ?? !page.nextCursor;
}
