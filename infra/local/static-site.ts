/**
 * The web build served the way the CloudFront distribution serves it from S3: correct content types, hashed
 * assets cached for a year, index.html revalidated every time, brotli or gzip for clients that accept it
 * (compressed once and kept in memory). Every other path is what the page function answers in AWS
 * (lambdas/pages/page-response.ts, given as `answerPage`): server-rendered pages, the app's other pages, the
 * sitemap and robots.txt, and 404 with the app for anything else. Without it, every other path is index.html:
 * 200 for the app's pages (shared/site-pages.ts) and 404 for any other path.
 */
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { readdir, readFile, stat } from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { extname, join, normalize, sep } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants as zlib, gzip } from 'node:zlib';
import { chooseEncoding, MIN_COMPRESS_BYTES, type ContentEncoding } from '#shared/content-encoding';
import { isSitePage } from '#shared/site-pages';
import { MANIFEST_PATH } from '../../lambdas/pages/web-manifest.ts';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

const CONTENT_TYPES: Readonly<Record<string, string>> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.webmanifest': 'application/manifest+json; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.xml': 'application/xml; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.ico': 'image/x-icon',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.ttf': 'font/ttf',
  '.otf': 'font/otf',
  '.wasm': 'application/wasm',
};

const COMPRESSIBLE = new Set(['.html', '.js', '.mjs', '.css', '.json', '.map', '.webmanifest', '.txt', '.xml', '.svg', '.ico', '.ttf', '.otf', '.wasm']);

export const IMMUTABLE = 'public, max-age=31536000, immutable';
export const REVALIDATE = 'no-cache';
/** Error answers (the unknown-page 404 included) are never stored. */
export const NO_STORE = 'no-store';

interface CachedFile {
  readonly mtimeMs: number;
  readonly size: number;
  readonly raw: Buffer;
  readonly etag: string;
  readonly compressed: Map<ContentEncoding, Promise<Buffer>>;
}

export interface StaticSite {
  /** Serves a GET or HEAD for a non-API path. */
  serve(request: IncomingMessage, response: ServerResponse, pathname: string, headers: Record<string, string>, context?: PageContext): Promise<void>;
  /** Compresses the site's files ahead of the first request. */
  warm(): Promise<void>;
}

function compress(raw: Buffer, encoding: ContentEncoding): Promise<Buffer> {
  return encoding === 'br'
    ? brotli(raw, { params: { [zlib.BROTLI_PARAM_QUALITY]: 9, [zlib.BROTLI_PARAM_SIZE_HINT]: raw.length } })
    : gzipAsync(raw, { level: 9 });
}

/** A page the site answers with more than a file (lambdas/pages/page-response.ts PageAnswer). */
export interface DynamicPage {
  /** 302 (with `location`) sends a preview card's old address to its current one. */
  readonly status: 200 | 302 | 404;
  readonly location?: string;
  readonly contentType: string;
  /** Text is compressed as the client accepts; bytes (a preview card's PNG) are sent as they are. */
  readonly body: string | Uint8Array;
  /** As the function in AWS says it; absent for a page, read again every time and a 404 never stored. */
  readonly cacheControl?: string;
}

/** What a rendered page is made from: the request, the build's index.html and manifest, and the site's address. */
export interface PageRequest {
  readonly pathname: string;
  readonly query: string;
  readonly siteUrl: string;
  readonly indexHtml: string;
  readonly manifest: string | undefined;
}

/** The request's query (without '?') and the address the browser used, for a page rendered on request. */
export interface PageContext {
  readonly query: string;
  readonly siteUrl: string;
}

export interface StaticSiteOptions {
  /** The answer for a path no file serves, given the build's index.html and manifest and the site's address. */
  readonly answerPage?: (request: PageRequest) => Promise<DynamicPage>;
}

export function createStaticSite(root: string, options: StaticSiteOptions = {}): StaticSite {
  const cache = new Map<string, CachedFile>();
  const rootWithSep = root.endsWith(sep) ? root : root + sep;

  async function load(file: string): Promise<CachedFile | undefined> {
    const info = await stat(file).catch(() => undefined);
    if (!info?.isFile()) return undefined;
    const cached = cache.get(file);
    // The build may be replaced while the gateway runs (npm run build:web); a changed file is read again.
    if (cached && cached.mtimeMs === info.mtimeMs && cached.size === info.size) return cached;
    const raw = await readFile(file);
    const entry: CachedFile = {
      mtimeMs: info.mtimeMs,
      size: info.size,
      raw,
      etag: `"${createHash('sha1').update(raw).digest('base64url')}"`,
      compressed: new Map(),
    };
    cache.set(file, entry);
    return entry;
  }

  function resolveInside(pathname: string): string | undefined {
    let decoded: string;
    try {
      decoded = decodeURIComponent(pathname);
    } catch {
      return undefined;
    }
    if (decoded.includes('\0')) return undefined;
    const file = normalize(join(root, decoded));
    return file.startsWith(rootWithSep) ? file : undefined;
  }

  async function send(
    request: IncomingMessage,
    response: ServerResponse,
    file: string,
    entry: CachedFile,
    cacheControl: string,
    headers: Record<string, string>,
    status: 200 | 404 = 200,
  ): Promise<void> {
    const extension = extname(file).toLowerCase();
    const responseHeaders: Record<string, string | number> = {
      ...headers,
      'content-type': CONTENT_TYPES[extension] ?? 'application/octet-stream',
      'cache-control': cacheControl,
      // A validator would let a cache turn the 404 into a 304 for a page that exists.
      ...(status === 200 ? { etag: entry.etag } : {}),
    };
    const compressible = COMPRESSIBLE.has(extension) && entry.raw.length >= MIN_COMPRESS_BYTES;
    if (compressible) responseHeaders.vary = 'Accept-Encoding';
    if (status === 200 && request.headers['if-none-match'] === entry.etag) {
      response.writeHead(304, responseHeaders);
      response.end();
      return;
    }
    let body = entry.raw;
    const encoding = compressible ? chooseEncoding(request.headers['accept-encoding']) : undefined;
    if (encoding) {
      if (!entry.compressed.has(encoding)) entry.compressed.set(encoding, compress(entry.raw, encoding));
      body = await entry.compressed.get(encoding)!;
      responseHeaders['content-encoding'] = encoding;
    }
    responseHeaders['content-length'] = body.length;
    response.writeHead(status, responseHeaders);
    response.end(request.method === 'HEAD' ? undefined : body);
  }

  function plain(response: ServerResponse, status: number, text: string, headers: Record<string, string>): void {
    response.writeHead(status, { ...headers, 'content-type': 'text/plain; charset=utf-8', 'cache-control': NO_STORE });
    response.end(text);
  }

  async function sendPage(request: IncomingMessage, response: ServerResponse, page: DynamicPage, headers: Record<string, string>) {
    const responseHeaders: Record<string, string | number> = {
      ...headers,
      'content-type': page.contentType,
      // Rendered per request: read again every time, and a 404 never stored.
      'cache-control': page.cacheControl ?? (page.status === 200 ? REVALIDATE : NO_STORE),
      vary: 'Accept-Encoding',
      ...(page.location ? { location: page.location } : {}),
    };
    const text = typeof page.body === 'string';
    let body = Buffer.from(page.body);
    const encoding = text && body.length >= MIN_COMPRESS_BYTES ? chooseEncoding(request.headers['accept-encoding']) : undefined;
    if (encoding) {
      // A fast level: this is compressed on every request, unlike the build's files.
      body = encoding === 'br' ? await brotli(body, { params: { [zlib.BROTLI_PARAM_QUALITY]: 4 } }) : await gzipAsync(body, { level: 6 });
      responseHeaders['content-encoding'] = encoding;
    }
    responseHeaders['content-length'] = body.length;
    response.writeHead(page.status, responseHeaders);
    response.end(request.method === 'HEAD' ? undefined : body);
  }

  return {
    async serve(request, response, pathname, headers, context) {
      if (request.method !== 'GET' && request.method !== 'HEAD') {
        plain(response, 405, 'Method Not Allowed', { ...headers, allow: 'GET, HEAD' });
        return;
      }
      const file = resolveInside(pathname);
      if (file === undefined) {
        plain(response, 400, 'Bad Request', headers);
        return;
      }
      const isIndex = file === join(root, 'index.html');
      const found = pathname.endsWith('/') ? undefined : await load(file);
      if (found) {
        await send(request, response, file, found, !isIndex && pathname.startsWith('/assets/') ? IMMUTABLE : REVALIDATE, headers);
        return;
      }
      // A missing hashed asset is a stale page asking for an old build: a 404 beats HTML served as script.
      if (pathname.startsWith('/assets/')) {
        plain(response, 404, 'Not Found', headers);
        return;
      }
      const indexFile = join(root, 'index.html');
      const index = await load(indexFile);
      if (!index) {
        plain(response, 503, `The web app is not built (no ${indexFile}). Run: npm run build:web`, headers);
        return;
      }
      if (options.answerPage && context) {
        const manifest = await load(join(root, MANIFEST_PATH));
        const page = await options.answerPage({ pathname, ...context, indexHtml: index.raw.toString('utf8'), manifest: manifest?.raw.toString('utf8') });
        await sendPage(request, response, page, headers);
        return;
      }
      const status = isSitePage(pathname) ? 200 : 404;
      if (status === 200) await send(request, response, indexFile, index, REVALIDATE, headers);
      else await send(request, response, indexFile, index, NO_STORE, headers, 404);
    },

    async warm() {
      if (!existsSync(root)) return;
      const entries = await readdir(root, { recursive: true, withFileTypes: true });
      for (const dirent of entries) {
        if (!dirent.isFile()) continue;
        const file = join(dirent.parentPath, dirent.name);
        const extension = extname(file).toLowerCase();
        // Source maps are fetched only with developer tools open; they are compressed when asked for.
        if (!COMPRESSIBLE.has(extension) || extension === '.map') continue;
        const entry = await load(file);
        if (!entry || entry.raw.length < MIN_COMPRESS_BYTES) continue;
        for (const encoding of ['br', 'gzip'] as const) {
          if (!entry.compressed.has(encoding)) entry.compressed.set(encoding, compress(entry.raw, encoding));
          await entry.compressed.get(encoding);
        }
      }
    },
  };
}
