/**
 * The page function's answers (page-function.ts), for every path CloudFront sends it: the app's pages
 * (site-page.ts), /sitemap.xml with its shards, and /robots.txt (sitemap.ts). The local gateway answers the same
 * paths from the same modules (infra/local/static-site.ts).
 */
import type { APIGatewayProxyStructuredResultV2, LambdaFunctionURLEvent } from 'aws-lambda';
import { GetObjectCommand, type S3Client } from '@aws-sdk/client-s3';
import { ttlCache } from '#lib/ttl-cache';
import { answerSitePage, type SiteShell } from './site-page.ts';
import { robotsTxt, ROBOTS_PATH, SITEMAP_PATH, sitemapIndex, sitemapShard } from './sitemap.ts';
import { MANIFEST_PATH, type WebManifest } from './web-manifest.ts';

/** index.html, the manifest and config.json of the build in the bucket, a minute stale at most after a deploy. */
const SHELL_TTL_MS = 60_000;

/** CloudFront may keep a found page a minute; a 404 is never kept, so a new or newly public event shows at once. */
export const PAGE_CACHE_CONTROL = { 200: 'public, max-age=0, s-maxage=60', 404: 'no-store' } as const;
/** Crawlers read the sitemap and robots.txt a few times a day; an hour at the edge spares the table. */
export const CRAWLER_FILE_CACHE_CONTROL = 'public, max-age=3600';

type PageRequest = Pick<LambdaFunctionURLEvent, 'rawPath'> & Partial<Pick<LambdaFunctionURLEvent, 'rawQueryString'>>;

export interface PageAnswer {
  readonly status: 200 | 404;
  readonly contentType: string;
  readonly cacheControl: string;
  readonly body: string;
}

const HTML = 'text/html; charset=utf-8';
const XML = 'application/xml; charset=utf-8';

/** The answer for a GET of this path and query. */
export async function answerPage(pathname: string, query: string, shell: SiteShell): Promise<PageAnswer> {
  if (pathname === ROBOTS_PATH) return crawlerFile('text/plain; charset=utf-8', robotsTxt(shell.siteUrl));
  if (pathname === SITEMAP_PATH) return crawlerFile(XML, await sitemapIndex(shell.siteUrl));
  const shard = await sitemapShard(pathname, shell.siteUrl);
  if (shard !== undefined) return crawlerFile(XML, shard);
  const page = await answerSitePage(new URL(`${pathname}${query ? `?${query}` : ''}`, shell.siteUrl), shell);
  return { status: page.status, contentType: HTML, cacheControl: PAGE_CACHE_CONTROL[page.status], body: page.html };
}

function crawlerFile(contentType: string, body: string): PageAnswer {
  return { status: 200, contentType, cacheControl: CRAWLER_FILE_CACHE_CONTROL, body };
}

/** The function URL's handler, given where the build comes from. */
export function createPageHandler(shell: () => Promise<SiteShell>) {
  return async (event: PageRequest): Promise<APIGatewayProxyStructuredResultV2> => {
    const answer = await answerPage(event.rawPath, event.rawQueryString ?? '', await shell());
    return { statusCode: answer.status, headers: { 'content-type': answer.contentType, 'cache-control': answer.cacheControl }, body: answer.body };
  };
}

/**
 * The deployed build in the web bucket, kept a minute per container: index.html, Vite's manifest (for the pages'
 * stylesheets) and config.json, which the deploy writes with the site's address (infra/site.ts).
 */
export function bucketShell(client: S3Client, bucket: string): () => Promise<SiteShell> {
  const read = async (key: string) => {
    const object = await client.send(new GetObjectCommand({ Bucket: bucket, Key: key }));
    if (!object.Body) throw new Error(`s3://${bucket}/${key} has no body`);
    return object.Body.transformToString('utf-8');
  };
  const cache = ttlCache(async (): Promise<SiteShell> => {
    const [html, manifest, config] = await Promise.all([read('index.html'), read(MANIFEST_PATH), read('config.json')]);
    const { siteUrl } = JSON.parse(config) as { siteUrl?: unknown };
    if (typeof siteUrl !== 'string') throw new Error(`s3://${bucket}/config.json names no siteUrl`);
    return { html, manifest: JSON.parse(manifest) as WebManifest, siteUrl };
  }, SHELL_TTL_MS);
  return () => cache.get();
}
