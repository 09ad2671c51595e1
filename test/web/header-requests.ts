/**
 * For web tests that stub `fetch` with the answers their page expects in order: the signed-in header's bell asks
 * for the inbox on every page (features/notifications), and that request must not take one of those answers.
 * Wraps the test's fetch so the bell gets an empty inbox and everything else goes to the test.
 */
type Fetch = (input: RequestInfo | URL, init?: RequestInit) => Promise<Response>;

const EMPTY_INBOX = JSON.stringify({ items: [], unreadCount: 0 });

export function withQuietBell(fetch: Fetch): Fetch {
  return (input, init) =>
    String(input).startsWith('/api/me/notifications')
      ? Promise.resolve(new Response(EMPTY_INBOX, { status: 200, headers: { 'content-type': 'application/json' } }))
      : fetch(input, init);
}
