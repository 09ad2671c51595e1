/**
 * The parts of a rendered page that need no table: the race's start as schema.org reads it, JSON inside a script
 * element, the head written into the app's index.html, the chunk files a page links, and the landing pages'
 * vocabulary (every one the sitemap lists is a page of the app).
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { APP_START_SCRIPT } from '#shared/app-start-script';
import { allRaceLandings, RACE_KINDS, raceLandingOf, raceLandingPath, raceLandingTitle, stateSlug } from '#shared/race-landing';
import { isSitePage } from '#shared/site-pages';
import { STATE_CODES } from '#shared/us-states';
import { startDateOf } from '../../../lambdas/pages/event-structured-data.ts';
import { jsonForScript } from '../../../lambdas/pages/markup.ts';
import { isPageShell, pageHtml } from '../../../lambdas/pages/page-shell.ts';
import { INDEXED_PAGES } from '../../../lambdas/pages/sitemap.ts';
import { chunkAssets, type WebManifest } from '../../../lambdas/pages/web-manifest.ts';

const SHELL = readFileSync(new URL('../../../web/index.html', import.meta.url), 'utf8');

describe("a race's start in JSON-LD", () => {
  it("is the day and start time with the offset of the race's own clock on that day", () => {
    expect(startDateOf({ eventDate: '2027-01-10', startTime: '08:30', timeZone: 'America/New_York' })).toBe('2027-01-10T08:30:00-05:00');
    expect(startDateOf({ eventDate: '2027-07-10', startTime: '08:30', timeZone: 'America/New_York' })).toBe('2027-07-10T08:30:00-04:00');
    // Arizona keeps standard time all year; Hawaii is ten hours behind UTC; India's half hour shows too.
    expect(startDateOf({ eventDate: '2027-07-10', startTime: '06:00', timeZone: 'America/Phoenix' })).toBe('2027-07-10T06:00:00-07:00');
    expect(startDateOf({ eventDate: '2027-07-10', startTime: '06:00', timeZone: 'Pacific/Honolulu' })).toBe('2027-07-10T06:00:00-10:00');
    expect(startDateOf({ eventDate: '2027-07-10', startTime: '06:00', timeZone: 'Asia/Kolkata' })).toBe('2027-07-10T06:00:00+05:30');
  });

  it('is the day alone when no start time or zone is known', () => {
    expect(startDateOf({ eventDate: '2027-07-10' })).toBe('2027-07-10');
    expect(startDateOf({ eventDate: '2027-07-10', startTime: '06:00' })).toBe('2027-07-10');
  });
});

describe('JSON in a script element', () => {
  it('cannot close the element or open a comment, and reads back unchanged', () => {
    const value = { title: '</script><script>alert(1)</script><!--', note: 'line\u2028break' };
    const text = jsonForScript(value);
    expect(text).not.toMatch(/<\/script|<!--/i);
    expect(JSON.parse(text)).toEqual(value);
  });
});

describe("a page's head in the app's index.html", () => {
  const head = {
    title: 'Tom & Jerry’s $1 <Run>',
    description: 'A "fun" run',
    canonicalUrl: 'https://races.example.com/events/1',
    imageUrl: 'https://races.example.com/social-card.jpg',
    imageAlt: 'RaceFinder',
    openGraphType: 'website' as const,
  };

  it('replaces the title and description, escaped, and keeps a $ in the text as it is', () => {
    expect(isPageShell(SHELL)).toBe(true);
    const html = pageHtml(SHELL, head);
    expect(html).toContain('<title>Tom &amp; Jerry’s $1 &lt;Run&gt; · RaceFinder</title>');
    expect(html).toContain('<meta name="description" content="A &quot;fun&quot; run" />');
    expect(html.match(/<title>/g)).toHaveLength(1);
    expect(html.match(/name="description"/g)).toHaveLength(1);
    expect(html).toContain('<meta property="og:title" content="Tom &amp; Jerry’s $1 &lt;Run&gt;" />');
    expect(html).toContain('<div id="root"></div>');
  });

  it('writes the markup and its data into #root, and refuses a shell it cannot write into', () => {
    const html = pageHtml(SHELL, head, { rootHtml: '<main>hi</main>', pageData: { path: '/x', note: '</script>' }, assets: { stylesheets: ['/assets/a.css'], modules: [] } });
    expect(html).toContain('<div id="root"><main>hi</main></div>');
    expect(html).toContain('<script type="application/json" id="page-data">{"path":"/x","note":"\\u003c/script>"}</script>');
    expect(html).toContain('<link rel="stylesheet" crossorigin href="/assets/a.css" />');
    expect(() => pageHtml('<html><body></body></html>', head)).toThrow(/index\.html lacks/);
  });

  it("moves the app's scripts from the head to the starter after the page's data, which preloads the page's chunks too", () => {
    // index.html as Vite builds it: the entry and its imports in the head.
    const built = SHELL.replace(/\s*<script type="module" src="[^"]+"><\/script>/, '').replace(
      '</head>',
      '<script type="module" crossorigin src="/assets/index.js"></script>\n<link rel="modulepreload" crossorigin href="/assets/react.js">\n</head>',
    );
    const html = pageHtml(built, head, { rootHtml: '<main>hi</main>', pageData: { path: '/x' }, assets: { stylesheets: [], modules: ['/assets/page.js'] } });
    // On a slow network, scripts fetched from the head held back the first paint (#shared/app-start-script).
    expect(html.slice(0, html.indexOf('</head>'))).not.toMatch(/<script(?! type="application\/ld\+json")|modulepreload/);
    const starter = `<script data-entry="/assets/index.js" data-preload="/assets/react.js /assets/page.js">${APP_START_SCRIPT}</script>`;
    expect(html.indexOf(starter)).toBeGreaterThan(html.indexOf('id="page-data"'));
    expect(html.match(/<script/g)).toHaveLength(2);
    // A page the app draws itself keeps its scripts in the head: it has nothing to paint before they run.
    expect(pageHtml(built, head)).toContain('<script type="module" crossorigin src="/assets/index.js"></script>');
  });
});

describe("a page chunk's files from the build manifest", () => {
  const manifest: WebManifest = {
    'index.html': { file: 'assets/index.js', css: ['assets/index.css'], imports: ['_react.js'], isEntry: true },
    '_react.js': { file: 'assets/react.js' },
    '_shared.js': { file: 'assets/shared.js', css: ['assets/shared.css'], imports: ['_react.js'] },
    'src/page.tsx': { file: 'assets/page.js', css: ['assets/page.css'], imports: ['_shared.js', 'index.html', '_react.js'] },
  };

  it("are the page's chunk and CSS and those of the chunks it imports, less what the entry loads already", () => {
    expect(chunkAssets(manifest, 'src/page.tsx')).toEqual({ stylesheets: ['/assets/page.css', '/assets/shared.css'], modules: ['/assets/page.js', '/assets/shared.js'] });
  });

  it('are none without a manifest or for a module it does not name', () => {
    expect(chunkAssets(undefined, 'src/page.tsx')).toEqual({ stylesheets: [], modules: [] });
    expect(chunkAssets(manifest, 'src/other.tsx')).toEqual({ stylesheets: [], modules: [] });
  });
});

describe('the landing pages of races by state and kind', () => {
  it('name every state and kind by a slug that reads back to them', () => {
    expect(stateSlug('NY')).toBe('new-york');
    expect(stateSlug('DC')).toBe('district-of-columbia');
    for (const landing of allRaceLandings()) expect(raceLandingOf(...(raceLandingPath(landing).split('/').slice(2) as [string, string?]))).toEqual(landing);
    expect(allRaceLandings()).toHaveLength(STATE_CODES.length * (RACE_KINDS.length + 1));
    expect(raceLandingTitle({ state: 'CA', kind: RACE_KINDS[0] })).toBe('Marathons in California');
  });

  it('know no other state or kind', () => {
    for (const [state, kind] of [['atlantis', undefined], ['CA', undefined], ['california', 'knitting'], [undefined, undefined]] as const) {
      expect(raceLandingOf(state, kind)).toBeUndefined();
    }
  });

  it("are pages of the app, as is every page the sitemap lists (so each answers 200, not the app's 404)", () => {
    for (const path of [...INDEXED_PAGES, ...allRaceLandings().map(raceLandingPath)]) expect(isSitePage(path), path).toBe(true);
  });
});
