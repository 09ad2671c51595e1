/**
 * What a page request gets, the one rule for every server that answers the app's pages: the local gateway
 * (infra/local/static-site.ts) and, in AWS, the page function behind CloudFront (page-function.ts).
 *
 * - The pages people share and search engines index (rendered/: an event, a landing page of a state's races, an
 *   organizer, a recap, a blog post) are rendered on the server with their facts in the markup, their head tags
 *   and JSON-LD (page-shell.ts), by the app's own components (web/src/ssr/render-app.tsx).
 * - Every other page of the app is its index.html with the site's link preview, with 200.
 * - A path that is no page, or a page whose record a visitor may not see (unknown, malformed or not public), is
 *   the same index.html with 404, as crawlers and link checkers need; the app renders its own "not found". A
 *   page request carries no token (the app sends its own with its API calls), so an organizer opening their
 *   unverified event gets a 404 status and still sees it.
 */
import { renderApp } from '#web-ssr';
import { isSitePage } from '#shared/site-pages';
import { logger } from '#lib/logger';
import { pageHtml, shellDescription, SITE_NAME } from './page-shell.ts';
import { EVENT_PAGE } from './rendered/event-page.ts';
import { LANDING_PAGE } from './rendered/landing-page.ts';
import { BLOG_POST_PAGE, ORGANIZER_PAGE, RECAP_PAGE } from './rendered/record-pages.ts';
import { NOT_FOUND, SITE_CARD_PATH, type RenderedPageKind } from './rendered/rendered-page.ts';
import { chunkAssets, type WebManifest } from './web-manifest.ts';

export type PageStatus = 200 | 404;

/** What a page is answered with: the app's index.html of the deployed build, that build's manifest, and the site's origin. */
export interface SiteShell {
  readonly html: string;
  readonly manifest: WebManifest | undefined;
  /** Where the site is (https://races.example.com): canonical URLs and previews need absolute addresses. */
  readonly siteUrl: string;
}

export interface SitePageAnswer {
  readonly status: PageStatus;
  readonly html: string;
}

/** The pages the server renders, by path. */
const RENDERED_PAGES: readonly RenderedPageKind[] = [EVENT_PAGE, LANDING_PAGE, ORGANIZER_PAGE, RECAP_PAGE, BLOG_POST_PAGE];

/**
 * The answer for a GET of `url` (only its path and query are read). An error reading the record still answers
 * the app with 200: it makes the same call and shows its own error and retry.
 */
export async function answerSitePage(url: URL, shell: SiteShell): Promise<SitePageAnswer> {
  const { pathname } = url;
  if (!isSitePage(pathname)) return { status: 404, html: shell.html };
  for (const kind of RENDERED_PAGES) {
    const match = kind.pattern.exec(pathname);
    if (!match) continue;
    try {
      const page = await kind.load({ segments: match.slice(1), url, siteUrl: shell.siteUrl });
      if (page === NOT_FOUND) return { status: 404, html: shell.html };
      // The path and query as the app's router sees them (web/src/lib/use-page-data.ts compares against this).
      const pageData = { path: `${url.pathname}${url.search}`, ...page.data };
      const rootHtml = await renderApp(`${shell.siteUrl}${pageData.path}`, pageData);
      return { status: 200, html: pageHtml(shell.html, page.head, { rootHtml, pageData, assets: chunkAssets(shell.manifest, ...page.modules) }) };
    } catch (error) {
      logger.error('Rendering a page failed; answering with the app alone', { path: pathname, error: error as Error });
    }
    break;
  }
  return { status: 200, html: sitePreviewPage(pathname, shell) };
}

/**
 * A page the server does not render, with the site's link preview: its canonical URL, and the site's title,
 * description and card for OpenGraph and Twitter, so a link to any public page shows more than a bare address.
 */
function sitePreviewPage(pathname: string, shell: SiteShell): string {
  const description = shellDescription(shell.html) ?? SITE_NAME;
  try {
    return pageHtml(shell.html, {
      description,
      canonicalUrl: `${shell.siteUrl}${pathname}`,
      imageUrl: `${shell.siteUrl}${SITE_CARD_PATH}`,
      imageAlt: SITE_NAME,
      openGraphType: 'website',
    });
  } catch (error) {
    logger.error('The web build cannot carry a page head; answering with it as it is', { error: error as Error });
    return shell.html;
  }
}
