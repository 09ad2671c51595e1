/**
 * The sitemap (https://www.sitemaps.org/protocol.html): /sitemap.xml is an index of shards under /sitemaps/, each
 * at most 50,000 URLs with their lastmod: the public pages and the landing pages of races by state and kind; the
 * upcoming public events, one shard per month of race dates (a month of the catalogue is well under the limit);
 * the organizers, the recaps and the blog. /robots.txt names it. Races more than two years out (a date typed far
 * ahead) share one last shard rather than adding a shard per empty month between.
 */
import { allRaceLandings, raceLandingPath } from '#shared/race-landing';
import { todayInNewYork } from '#shared/dates';
import { queryPages, table } from '#lib/kit/table';
import { logger } from '#lib/logger';
import { allOrganizationPages } from '#data/organization';
import { listRecentRecaps } from '#data/recap';
import { listPublishedBlogPosts } from '#data/blog-post';
import { VERIFIED_PARTITION } from '#data/search-index';
import { escapeHtml } from '#shared/html-escape';

export const SITEMAP_PATH = '/sitemap.xml';
export const ROBOTS_PATH = '/robots.txt';
const SHARD_PREFIX = '/sitemaps/';
/** The protocol's limit per file. */
export const MAX_SITEMAP_URLS = 50_000;

/** The app's pages worth finding with no record behind them (signed-in and one-off pages are left out). */
export const INDEXED_PAGES = [
  '/',
  '/events',
  '/calendar',
  '/organizers',
  '/reviews',
  '/community',
  '/athlete-spotlights',
  '/leaderboard',
  '/charity-races',
  '/blog',
  '/training',
  '/pacing-calculator',
  '/race-checklist',
  '/weather-tracker',
  '/submit-event',
  '/faq',
  '/about',
  '/contact',
  '/sponsorship',
  '/partners',
  '/volunteer',
  '/ambassador-program',
  '/corporate',
  '/terms',
  '/privacy',
] as const;

/** Paths crawlers are asked to leave alone: the API and the signed-in areas (their pages say nothing to a visitor). */
const DISALLOWED = ['/api/', '/admin', '/superadmin', '/dashboard', '/settings', '/notifications', '/organizer-dashboard', '/auth'];

interface SitemapUrl {
  readonly path: string;
  /** YYYY-MM-DD or an ISO instant. */
  readonly lastmod?: string;
}

type ShardName = 'pages' | 'organizers' | 'recaps' | 'blog' | `events-${string}`;

const EVENT_SHARD = /^events-(\d{4}-\d{2})$/;
/** Months with a shard of their own, this one included; later races are in LATER_EVENTS. */
export const EVENT_MONTHS_AHEAD = 24;
const LATER_EVENTS = 'events-later';

export function robotsTxt(siteUrl: string): string {
  return ['User-agent: *', ...DISALLOWED.map((path) => `Disallow: ${path}`), '', `Sitemap: ${siteUrl}${SITEMAP_PATH}`, ''].join('\n');
}

/** The sitemap index: the fixed shards and one per month from this one to the month of the last public race. */
export async function sitemapIndex(siteUrl: string, today = todayInNewYork()): Promise<string> {
  const shards: ShardName[] = ['pages', ...(await eventShards(today)), 'organizers', 'recaps', 'blog'];
  const entries = shards.map((name) => `  <sitemap><loc>${escapeHtml(`${siteUrl}${shardPath(name)}`)}</loc></sitemap>`);
  return `<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${entries.join('\n')}\n</sitemapindex>\n`;
}

export function shardPath(name: ShardName): string {
  return `${SHARD_PREFIX}${name}.xml`;
}

/** A shard by its path (/sitemaps/<name>.xml), or undefined for a path that names none. */
export async function sitemapShard(path: string, siteUrl: string, today = todayInNewYork()): Promise<string | undefined> {
  if (!path.startsWith(SHARD_PREFIX) || !path.endsWith('.xml')) return undefined;
  const name = path.slice(SHARD_PREFIX.length, -'.xml'.length);
  const urls = await shardUrls(name, today);
  if (!urls) return undefined;
  if (urls.length > MAX_SITEMAP_URLS) logger.error('A sitemap shard is over the protocol limit; the rest is left out', { shard: name, urls: urls.length });
  const entries = urls
    .slice(0, MAX_SITEMAP_URLS)
    .map(({ path: url, lastmod }) => `  <url><loc>${escapeHtml(`${siteUrl}${url}`)}</loc>${lastmod ? `<lastmod>${lastmod}</lastmod>` : ''}</url>`);
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${entries.join('\n')}\n</urlset>\n`;
}

async function shardUrls(name: string, today: string): Promise<SitemapUrl[] | undefined> {
  switch (name) {
    case 'pages':
      return [...INDEXED_PAGES.map((path) => ({ path })), ...allRaceLandings().map((landing) => ({ path: raceLandingPath(landing) }))];
    case 'organizers':
      return organizerUrls();
    case 'recaps':
      return recapUrls();
    case 'blog':
      return blogUrls();
    case LATER_EVENTS:
      return eventUrls(`${monthsAfter(today.slice(0, 7), EVENT_MONTHS_AHEAD)}-01`, '9999-12-31~');
    default: {
      const month = EVENT_SHARD.exec(name)?.[1];
      if (!month || month < today.slice(0, 7) || month >= monthsAfter(today.slice(0, 7), EVENT_MONTHS_AHEAD)) return undefined;
      return eventUrls(`${month}-01` < today ? today : `${month}-01`, `${month}-31~`);
    }
  }
}

/**
 * The event shards: one per month (YYYY-MM) from today's through the one of the last public race, at most
 * EVENT_MONTHS_AHEAD of them, and LATER_EVENTS when a race is further out; none when no race is upcoming.
 */
async function eventShards(today: string): Promise<ShardName[]> {
  const { Items } = await table.query({
    IndexName: 'GSI1',
    KeyConditionExpression: 'GSI1PK = :listed AND GSI1SK >= :today',
    ExpressionAttributeValues: { ':listed': VERIFIED_PARTITION, ':today': today },
    ProjectionExpression: 'eventDate',
    ScanIndexForward: false,
    Limit: 1,
  });
  const last = Items?.[0]?.eventDate;
  if (typeof last !== 'string') return [];
  const end = monthsAfter(today.slice(0, 7), EVENT_MONTHS_AHEAD);
  const shards: ShardName[] = [];
  for (let month = today.slice(0, 7); month <= last.slice(0, 7) && month < end; month = monthsAfter(month, 1)) shards.push(`events-${month}`);
  if (last.slice(0, 7) >= end) shards.push(LATER_EVENTS);
  return shards;
}

/** The month (YYYY-MM) `count` months after this one. */
function monthsAfter(month: string, count: number): string {
  const [year, index] = month.split('-').map(Number) as [number, number];
  const months = year * 12 + (index - 1) + count;
  return `${Math.floor(months / 12)}-${String((months % 12) + 1).padStart(2, '0')}`;
}

/** The public races dated from `from` up to `to` (GSI1: verified events by date, keyed eventDate#id). */
async function eventUrls(from: string, to: string): Promise<SitemapUrl[]> {
  const urls: SitemapUrl[] = [];
  for await (const items of queryPages({
    IndexName: 'GSI1',
    // '~' sorts after the '#' that ends every date: the last day is in.
    KeyConditionExpression: 'GSI1PK = :listed AND GSI1SK BETWEEN :from AND :to',
    ExpressionAttributeValues: { ':listed': VERIFIED_PARTITION, ':from': from, ':to': to },
    ProjectionExpression: 'id, updatedAt',
  })) {
    for (const item of items) urls.push({ path: `/events/${encodeURIComponent(String(item.id))}`, lastmod: String(item.updatedAt) });
    if (urls.length > MAX_SITEMAP_URLS) break;
  }
  return urls;
}

async function organizerUrls(): Promise<SitemapUrl[]> {
  const urls: SitemapUrl[] = [];
  for await (const page of allOrganizationPages()) {
    urls.push(...page.map((organization) => ({ path: `/organizers/${encodeURIComponent(organization.id)}` })));
    if (urls.length > MAX_SITEMAP_URLS) break;
  }
  return urls;
}

async function recapUrls(): Promise<SitemapUrl[]> {
  const urls: SitemapUrl[] = [];
  let cursor: string | undefined;
  do {
    const page = await listRecentRecaps({ ...(cursor ? { cursor } : {}) });
    urls.push(...page.items.map((recap) => ({ path: `/recaps/${encodeURIComponent(recap.id)}`, lastmod: recap.updatedAt })));
    cursor = page.nextCursor;
  } while (cursor && urls.length <= MAX_SITEMAP_URLS);
  return urls;
}

async function blogUrls(): Promise<SitemapUrl[]> {
  const urls: SitemapUrl[] = [];
  let cursor: string | undefined;
  do {
    const page = await listPublishedBlogPosts({ limit: 100, ...(cursor ? { cursor } : {}) });
    urls.push(...page.items.map((post) => ({ path: `/blog/${encodeURIComponent(post.slug)}`, lastmod: post.publishedAt })));
    cursor = page.nextCursor;
  } while (cursor && urls.length <= MAX_SITEMAP_URLS);
  return urls;
}
