/**
 * What a page request gets, the one rule for every server that answers the app's pages: the local gateway
 * (infra/local/static-site.ts) and, in AWS, the page function behind CloudFront (site-pages-handler.ts).
 *
 * - The pages people share and search engines index (an event, a landing page of a state's races) are rendered
 *   on the server with their facts in the markup, their head tags and JSON-LD (page-shell.ts), by the app's own
 *   components (web/src/ssr/render-app.tsx).
 * - Every other page of the app is its index.html, with 200.
 * - A path that is no page, or a page whose record a visitor may not see (unknown, malformed or not public), is
 *   the same index.html with 404, as crawlers and link checkers need; the app renders its own "not found". A
 *   page request carries no token (the app sends its own with its API calls), so an organizer opening their
 *   unverified event gets a 404 status and still sees it.
 */
import { renderApp } from '#web-ssr';
import { formatLongDate } from '#shared/date-format';
import { statusNote } from '#shared/event-status';
import { formatFee } from '#shared/fee-format';
import { ULID_PATTERN } from '#shared/ids';
import { excerptOf } from '#shared/plain-text';
import {
  LANDING_CURSOR_PARAM,
  raceLandingQuery,
  raceLandingOf,
  raceLandingPath,
  raceLandingTitle,
  type RaceLanding,
} from '#shared/race-landing';
import { EVENTS_ROUTES } from '#shared/routes/events';
import { isSitePage } from '#shared/site-pages';
import { todayInNewYork } from '#shared/dates';
import { US_STATES } from '#shared/us-states';
import { EventNotFoundError } from '#data/event';
import { HttpError } from '#lib/errors';
import { logger } from '#lib/logger';
import { eventDetail } from '../events/event-detail.ts';
import { searchEvents } from '../events/event-search.ts';
import { eventStructuredData, type EventForPage } from './event-structured-data.ts';
import { pageHtml, shellDescription, SITE_NAME, type PageHead } from './page-shell.ts';
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

/** The picture a page without one of its own shows in link previews (web/public). */
export const SITE_CARD_PATH = '/social-card.jpg';
/** A meta description's length: what search results show before cutting it. */
const DESCRIPTION_LENGTH = 160;

/**
 * The modules (as the web build's manifest names them) whose chunks a rendered page needs: the code that takes the
 * page over, and the page's own chunk (a landing page's route is found through more-pages.tsx first).
 */
const TAKE_OVER_MODULE = 'src/app/take-over.tsx';
const EVENT_PAGE_MODULES = [TAKE_OVER_MODULE, 'src/app/pages/event-detail-route.tsx'];
const LANDING_PAGE_MODULES = [TAKE_OVER_MODULE, 'src/app/more-pages.tsx', 'src/app/pages/race-landing-route.tsx'];

const EVENT_PAGE = /^\/events\/([^/]+)$/;
const LANDING_PAGE = /^\/races\/([^/]+)(?:\/([^/]+))?$/;

/**
 * The answer for a GET of `url` (only its path and query are read). An error reading the record still answers
 * the app with 200: it makes the same call and shows its own error and retry.
 */
export async function answerSitePage(url: URL, shell: SiteShell): Promise<SitePageAnswer> {
  const { pathname } = url;
  const { siteUrl } = shell;
  if (!isSitePage(pathname)) return { status: 404, html: shell.html };
  try {
    const eventSegment = EVENT_PAGE.exec(pathname)?.[1];
    if (eventSegment !== undefined) return await eventPage(eventSegment, url, shell, siteUrl);
    const landing = LANDING_PAGE.exec(pathname);
    if (landing) return await landingPage(landing[1]!, landing[2], url, shell, siteUrl);
  } catch (error) {
    logger.error('Rendering a page failed; answering with the app alone', { path: pathname, error: error as Error });
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

async function eventPage(segment: string, url: URL, shell: SiteShell, siteUrl: string): Promise<SitePageAnswer> {
  const id = decodedSegment(segment);
  // The API refuses such an id (400), so no event can be behind it.
  if (id === undefined || !ULID_PATTERN.test(id)) return { status: 404, html: shell.html };
  let event: EventForPage;
  try {
    // Exactly what the API answers a visitor, so the app's first render matches the server's.
    event = EVENTS_ROUTES.getEvent.response.parse(await eventDetail(id, undefined));
  } catch (error) {
    if (error instanceof EventNotFoundError) return { status: 404, html: shell.html };
    throw error;
  }
  const canonicalUrl = `${siteUrl}/events/${encodeURIComponent(event.id)}`;
  const imageUrl = event.imageUrl ?? `${siteUrl}${SITE_CARD_PATH}`;
  const description = eventDescription(event);
  const head: PageHead = {
    title: event.title,
    description,
    canonicalUrl,
    imageUrl,
    imageAlt: event.imageUrl ? event.title : `RaceFinder: ${event.title}`,
    openGraphType: 'website',
    structuredData: [eventStructuredData(event, { siteUrl, pageUrl: canonicalUrl, imageUrl, description })],
  };
  const pageData = { path: pathAndQuery(url), event };
  const rootHtml = await renderApp(`${siteUrl}${pathAndQuery(url)}`, pageData);
  return { status: 200, html: pageHtml(shell.html, head, { rootHtml, pageData, assets: chunkAssets(shell.manifest, ...EVENT_PAGE_MODULES) }) };
}

/** "Sat, Apr 18, 2027 in Boston, MA · Marathon · $65. The race's own words…": the facts a preview shows first. */
export function eventDescription(event: EventForPage): string {
  const note = statusNote(event);
  const fee = formatFee(event.registrationFee);
  const facts = [
    `${note ? `${note}. ` : ''}${formatLongDate(event.eventDate)} in ${event.city}, ${event.state}`,
    event.distances.length > 0 ? event.distances.join(', ') : undefined,
    fee,
  ].filter(Boolean);
  const text = `${facts.join(' · ')}.${event.description ? ` ${event.description}` : ''}`;
  return excerptOf(text, DESCRIPTION_LENGTH);
}

async function landingPage(stateSegment: string, kindSegment: string | undefined, url: URL, shell: SiteShell, siteUrl: string): Promise<SitePageAnswer> {
  const landing = raceLandingOf(stateSegment, kindSegment);
  if (!landing) return { status: 404, html: shell.html };
  const after = url.searchParams.get(LANDING_CURSOR_PARAM) ?? undefined;
  let races;
  try {
    ({ page: races } = await searchEvents({ ...raceLandingQuery(landing), ...(after ? { cursor: after } : {}) }, { today: todayInNewYork() }));
  } catch (error) {
    // A cursor that is not the search's own (edited, or from an older index layout): there is no such page.
    if (after && error instanceof HttpError && error.status === 400) return { status: 404, html: shell.html };
    throw error;
  }
  const path = raceLandingPath(landing);
  const canonicalUrl = `${siteUrl}${path}${after ? `?${new URLSearchParams({ [LANDING_CURSOR_PARAM]: after })}` : ''}`;
  const title = raceLandingTitle(landing);
  const head: PageHead = {
    title,
    description: landingDescription(landing),
    canonicalUrl,
    imageUrl: `${siteUrl}${SITE_CARD_PATH}`,
    imageAlt: `RaceFinder: ${title}`,
    openGraphType: 'website',
    structuredData: [
      {
        '@context': 'https://schema.org',
        '@type': 'ItemList',
        name: title,
        itemListElement: races.items.map((race, index) => ({
          '@type': 'ListItem',
          position: index + 1,
          url: `${siteUrl}/events/${encodeURIComponent(race.id)}`,
          name: race.title,
        })),
      },
    ],
  };
  const pageData = { path: pathAndQuery(url), races };
  const rootHtml = await renderApp(`${siteUrl}${pathAndQuery(url)}`, pageData);
  return { status: 200, html: pageHtml(shell.html, head, { rootHtml, pageData, assets: chunkAssets(shell.manifest, ...LANDING_PAGE_MODULES) }) };
}

function landingDescription({ state, kind }: RaceLanding): string {
  const what = (kind?.plural ?? 'races').toLowerCase();
  return `Upcoming ${what} in ${US_STATES[state]}, soonest first: dates, places, distances, fees and registration for each race.`;
}

/** The path and query as the app's router sees them (web/src/lib/page-data.ts compares against this). */
function pathAndQuery(url: URL): string {
  return `${url.pathname}${url.search}`;
}

function decodedSegment(segment: string): string | undefined {
  try {
    return decodeURIComponent(segment);
  } catch {
    return undefined;
  }
}
