/**
 * A page the server renders (site-page.ts): what its loader finds for an address. Each kind of page has a module
 * beside this one that reads what the page's API route answers a visitor, and says how the page is titled,
 * described and previewed and which chunks of the web build it needs.
 */
import type { PageData } from '#web-ssr';
import type { PageHead } from '../page-shell.ts';

export interface RenderedPage {
  /** The API answers the page is drawn with (web/src/lib/page-data.ts), without the path the site adds. */
  readonly data: Omit<PageData, 'path'>;
  readonly head: PageHead;
  /** Modules of the web build (as its manifest names them) whose chunks the page needs. */
  readonly modules: readonly string[];
}

export interface PageRequest {
  /** The path's segments the page's pattern captured, still percent-encoded. */
  readonly segments: readonly (string | undefined)[];
  readonly url: URL;
  readonly siteUrl: string;
}

/** A loader's answer: the page, or NOT_FOUND for an address no visitor may see a record at (the status is 404). */
export const NOT_FOUND = 'not-found';

export interface RenderedPageKind {
  /** The paths it answers (one of the app's pages, shared/site-pages.ts); groups capture the segments. */
  readonly pattern: RegExp;
  load(request: PageRequest): Promise<RenderedPage | typeof NOT_FOUND>;
}

/** The code that takes a server-rendered page over: every such page needs its chunk. */
export const TAKE_OVER_MODULE = 'src/app/take-over.tsx';
/** The table of pages the router discovers late; a page found there needs it before its own chunk. */
export const MORE_PAGES_MODULE = 'src/app/more-pages.tsx';

/** The picture a page without one of its own shows in link previews (web/public). */
export const SITE_CARD_PATH = '/social-card.jpg';

/** The head of a page with no picture of its own: its link previews show the site's card. */
export function siteCardHead(siteUrl: string, head: Omit<PageHead, 'imageUrl' | 'imageAlt'> & { readonly title: string }): PageHead {
  return { ...head, imageUrl: `${siteUrl}${SITE_CARD_PATH}`, imageAlt: `RaceFinder: ${head.title}` };
}

/** A path segment decoded, or undefined when it is not valid percent-encoding. */
export function decodedSegment(segment: string | undefined): string | undefined {
  if (segment === undefined) return undefined;
  try {
    return decodeURIComponent(segment);
  } catch {
    return undefined;
  }
}
