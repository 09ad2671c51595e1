/**
 * A server-rendered page: the app's own index.html (from the web build) with the page's head and markup written
 * into it. The head gets the page's title, description, canonical URL, OpenGraph and Twitter card tags, JSON-LD
 * and its chunk's stylesheets; #root gets the app's markup and, beside it, the data it was rendered with
 * (web/src/lib/page-data.ts), so the app's first render in the browser matches it.
 *
 * The head fetches no script: the entry script and its modulepreloads move to the app's starter after #root
 * (#shared/app-start-script), which fetches them, and the page's chunks, once the page is painted. Fetched from
 * the head they shared a phone's bandwidth with the stylesheets and held the first paint back by about a second in
 * Lighthouse's mobile run (docs/pages.md).
 */
import type { Thing, WithContext } from 'schema-dts';
import { PAGE_DATA_ELEMENT_ID, SITE_NAME } from '#web-ssr';

export { SITE_NAME };
import { APP_START_SCRIPT } from '#shared/app-start-script';
import { escapeHtml } from '#shared/html-escape';
import { jsonForScript } from './markup.ts';
import type { ChunkAssets } from './web-manifest.ts';

export interface PageHead {
  /**
   * The page's own title; the document's is "<title> · RaceFinder", as the app sets it (use-document-title.ts).
   * Undefined for a page the server does not render, whose title the app sets once it runs.
   */
  readonly title?: string;
  readonly description: string;
  readonly canonicalUrl: string;
  /** An absolute URL of the picture previews show. */
  readonly imageUrl: string;
  readonly imageAlt: string;
  /** The picture's size when known, so a site previewing the link first can lay it out before fetching it. */
  readonly imageSize?: { readonly width: number; readonly height: number };
  readonly openGraphType: 'website' | 'article';
  /** JSON-LD blocks, typed by schema-dts. */
  readonly structuredData?: readonly WithContext<Exclude<Thing, string>>[];
}

export interface RenderedBody {
  readonly rootHtml: string;
  readonly pageData: unknown;
  readonly assets: ChunkAssets;
}

const TITLE = /<title>[^<]*<\/title>/;
const DESCRIPTION = /<meta name="description" content="[^"]*"\s*\/?>/;
const ROOT = '<div id="root"></div>';
/** The entry and the modules it imports, as Vite writes them into index.html. */
const ENTRY_SCRIPT = /\s*<script type="module"[^>]*\ssrc="([^"]+)"[^>]*><\/script>/;
const MODULE_PRELOAD = /\s*<link rel="modulepreload"[^>]*\shref="([^"]+)"[^>]*>/g;

/** Whether this index.html has every place a page is written into (checked when the shell is read). */
export function isPageShell(html: string): boolean {
  return TITLE.test(html) && DESCRIPTION.test(html) && html.includes(ROOT) && html.includes('</head>');
}

/** As the app titles its pages (use-document-title.ts), so the tab does not change when the app takes over. */
export function documentTitle(title: string | undefined): string {
  return title ? `${title} · ${SITE_NAME}` : SITE_NAME;
}

function headTags(head: PageHead, assets: ChunkAssets): string {
  const meta = (attribute: 'name' | 'property', key: string, content: string) => `<meta ${attribute}="${key}" content="${escapeHtml(content)}" />`;
  const title = documentTitle(head.title);
  return [
    `<link rel="canonical" href="${escapeHtml(head.canonicalUrl)}" />`,
    meta('property', 'og:site_name', SITE_NAME),
    meta('property', 'og:type', head.openGraphType),
    meta('property', 'og:title', head.title ?? SITE_NAME),
    meta('property', 'og:description', head.description),
    meta('property', 'og:url', head.canonicalUrl),
    meta('property', 'og:image', head.imageUrl),
    meta('property', 'og:image:alt', head.imageAlt),
    ...(head.imageSize ? [meta('property', 'og:image:width', String(head.imageSize.width)), meta('property', 'og:image:height', String(head.imageSize.height))] : []),
    meta('name', 'twitter:card', 'summary_large_image'),
    meta('name', 'twitter:title', title),
    meta('name', 'twitter:description', head.description),
    meta('name', 'twitter:image', head.imageUrl),
    meta('name', 'twitter:image:alt', head.imageAlt),
    ...assets.stylesheets.map((href) => `<link rel="stylesheet" crossorigin href="${escapeHtml(href)}" />`),
    ...(head.structuredData ?? []).map((data) => `<script type="application/ld+json">${jsonForScript(data)}</script>`),
  ].join('\n    ');
}

/**
 * The page: the shell with this head written in, and the app's markup when the server rendered it (a page it
 * does not render keeps the empty #root, and the app draws it). Throws for a shell without the places to write.
 */
export function pageHtml(shell: string, head: PageHead, body?: RenderedBody): string {
  if (!isPageShell(shell)) throw new Error("The web build's index.html lacks the title, description or #root a page is written into");
  const title = `<title>${escapeHtml(documentTitle(head.title))}</title>`;
  const description = `<meta name="description" content="${escapeHtml(head.description)}" />`;
  const assets = body?.assets ?? { stylesheets: [], modules: [] };
  // Functions as replacements, so a `$` in the page's text is not read as a pattern.
  const html = shell
    .replace(TITLE, () => title)
    .replace(DESCRIPTION, () => description)
    .replace('</head>', () => `  ${headTags(head, assets)}\n  </head>`);
  if (!body) return html;
  const { html: withoutScripts, starter } = startedAfterPaint(html, assets.modules);
  const root = `<div id="root">${body.rootHtml}</div>\n    <script type="application/json" id="${PAGE_DATA_ELEMENT_ID}">${jsonForScript(body.pageData)}</script>${starter}`;
  return withoutScripts.replace(ROOT, () => root);
}

/**
 * The page without the entry script and modulepreloads Vite wrote into index.html, and the starter that fetches
 * them and the page's own chunks (`modules`) after the first paint. A shell without an entry script is left as it is.
 */
function startedAfterPaint(html: string, modules: readonly string[]): { html: string; starter: string } {
  const entry = ENTRY_SCRIPT.exec(html)?.[1];
  if (!entry) return { html, starter: '' };
  const preloads = [...html.matchAll(MODULE_PRELOAD)].map((match) => match[1]!);
  const preload = [...new Set([...preloads, ...modules])].join(' ');
  const starter = `\n    <script data-entry="${escapeHtml(entry)}" data-preload="${escapeHtml(preload)}">${APP_START_SCRIPT}</script>`;
  return { html: html.replace(ENTRY_SCRIPT, '').replace(MODULE_PRELOAD, ''), starter };
}

/** The site's own description, from index.html: what a page the server does not render is described with. */
export function shellDescription(shell: string): string | undefined {
  const match = /<meta name="description" content="([^"]*)"/.exec(shell);
  return match ? decodeHtml(match[1]!) : undefined;
}

function decodeHtml(text: string): string {
  return text.replace(/&(amp|lt|gt|quot|#39);/g, (entity) => ({ '&amp;': '&', '&lt;': '<', '&gt;': '>', '&quot;': '"', '&#39;': "'" })[entity]!);
}
