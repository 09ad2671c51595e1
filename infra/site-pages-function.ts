/**
 * The CloudFront Function in front of the web bucket: the SPA fallback plus an honest 404.
 *
 * Viewer request: a path without a file extension is a client-side route. A page of the app
 * (shared/site-pages.ts) is rewritten to /index.html; any other path to /404.html, a copy of index.html
 * (infra/site.ts uploads it), so the SPA still renders its own 404 page. Files and /api/* are left alone.
 * Viewer response: the /404.html answer gets status 404 and no-store, so crawlers and link checkers see an
 * unknown URL as one. (The check also holds if CloudFront hands this event the viewer's own URI rather than
 * the rewritten one.)
 *
 * The server-rendered pages (/events/*, /races/*), the sitemap and robots.txt never reach it: they take the
 * table, which a CloudFront Function cannot read, so the distribution sends them to the page function
 * (infra/site.ts RENDERED_PATH_PATTERNS, lambdas/pages/page-function.ts).
 *
 * CloudFront's errorResponses cannot do this: they apply to the whole distribution and would also rewrite
 * the API's own 403 and 404 answers.
 */
import { SITE_PAGE_PATTERN } from '#shared/site-pages';

/** The object the function serves for paths that are no page; the same bytes as index.html. */
export const NOT_FOUND_OBJECT = '404.html';

export const SITE_PAGES_FUNCTION_CODE = `var PAGE = new RegExp(${JSON.stringify(SITE_PAGE_PATTERN)}, 'i');
var NOT_FOUND = '/${NOT_FOUND_OBJECT}';
function isPage(uri) {
  return PAGE.test(uri);
}
function isRoute(uri) {
  return uri.lastIndexOf('.') <= uri.lastIndexOf('/');
}
function handler(event) {
  var request = event.request;
  var uri = request.uri;
  if (event.context && event.context.eventType === 'viewer-response') {
    var response = event.response;
    if (uri === NOT_FOUND || (isRoute(uri) && !isPage(uri))) {
      response.statusCode = 404;
      response.statusDescription = 'Not Found';
      response.headers['cache-control'] = { value: 'no-store' };
    }
    return response;
  }
  if (isRoute(uri)) request.uri = isPage(uri) ? '/index.html' : NOT_FOUND;
  return request;
}`;
