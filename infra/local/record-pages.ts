/**
 * Pages that show one record, and the API route that says whether a visitor may see it. The static site asks
 * before answering such a page, so /events/<id> of an event the API does not show (unknown, malformed or not
 * public) is an HTTP 404, as a crawler or link checker needs, while the body is still the app, which renders
 * "Event not found" from the same API answer. The page's status is the route's own answer to a visitor with no
 * token: a page request carries none (the app sends its token with its own API calls), so an organizer opening
 * their unverified event gets a 404 status and still sees the event the app then loads.
 *
 * Only the local stack can do this: in AWS a CloudFront Function cannot read the table, and a true 404 there
 * needs the page rendered by a function that can (the server-rendered pages of DESIGN section 9).
 */
const RECORD_PAGES: readonly { readonly page: RegExp; readonly api: (segment: string) => string }[] = [
  // The raw (still percent-encoded) segment goes to the API's raw path unchanged: it decodes it as it would.
  { page: /^\/events\/([^/]+)$/, api: (id) => `/api/events/${id}` },
];

/** The API path whose answer decides this page's status, or undefined for a page that shows no one record. */
export function recordLookupPath(pathname: string): string | undefined {
  for (const { page, api } of RECORD_PAGES) {
    const match = page.exec(pathname);
    if (match) return api(match[1]!);
  }
  return undefined;
}

/**
 * The page's status from the API's: its 400 (a malformed id) and 404 mean no such record. Anything else, a 503
 * with the table down included, leaves the page a 200: the app shows its own error and retry there.
 */
export function pageStatusFor(apiStatus: number): 200 | 404 {
  return apiStatus === 404 || apiStatus === 400 ? 404 : 200;
}
