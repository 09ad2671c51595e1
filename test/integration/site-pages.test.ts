/**
 * The page function CloudFront calls for the rendered pages, the sitemap and robots.txt (lambdas/pages), against
 * DynamoDB Local and with the app's real components: what a client that runs no script reads (the facts, the head
 * tags, JSON-LD that meets Google's Event requirements), the data the app takes over with, the 404s, the landing
 * pages of races by state and kind, a sitemap whose every URL answers 200, and the card function's preview cards.
 */
import { readFileSync } from 'node:fs';
import { ulid } from 'ulid';
import { beforeAll, describe, expect, it } from 'vitest';
import { addDays, todayInNewYork } from '#shared/dates';
import { LANDING_PAGE_SIZE } from '#shared/race-landing';
import { EVENTS_ROUTES } from '#shared/routes/events';
import type { RaceEvent } from '#shared/schemas/event';
import { createEvent, createEventsInBulk } from '#data/event';
import { createOrganization } from '#data/organization';
import { ORGANIZATIONS_ROUTES } from '#shared/routes/organizations';
import { RecapSchema } from '#shared/schemas/recap';
import { organizationDetail } from '../../lambdas/organizations/organization-directory.ts';
import { account, api, idTokenFor, newUser } from '../support/local-api.ts';
import { eventDetail } from '../../lambdas/events/event-detail.ts';
import { createPageHandler, PAGE_CACHE_CONTROL, CRAWLER_FILE_CACHE_CONTROL } from '../../lambdas/pages/page-response.ts';
import { handler as cardHandler } from '../../lambdas/pages/cards/card-function.ts';
import { CARD_CACHE_CONTROL } from '../../lambdas/pages/cards/card-response.ts';
import { eventJsonLdProblems } from '../support/event-json-ld.ts';
import { testRaceEvent } from '../support/race-event.ts';
import { UNKNOWN_ID } from '../support/route-paths.ts';

const SITE = 'https://races.example.com';
/** The app's own index.html (its head and #root are what a page is written into). */
const SHELL = readFileSync(new URL('../../web/index.html', import.meta.url), 'utf8');
const handler = createPageHandler(async () => ({ html: SHELL, manifest: undefined, siteUrl: SITE }));

async function get(path: string) {
  const [rawPath, rawQueryString = ''] = path.split('?') as [string, string?];
  const response = await handler({ rawPath, rawQueryString });
  return { status: response.statusCode, headers: response.headers ?? {}, body: String(response.body) };
}

/** The text a reader that runs no script sees: the markup without its tags, scripts and styles. */
function visibleText(html: string): string {
  return html
    .replace(/<script[\s\S]*?<\/script>/g, ' ')
    .replace(/<head>[\s\S]*?<\/head>/, ' ')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/\s+/g, ' ');
}

function meta(html: string, key: string): string | undefined {
  const match = new RegExp(`<meta (?:name|property)="${key}" content="([^"]*)"`).exec(html);
  return match?.[1]?.replace(/&amp;/g, '&').replace(/&#39;/g, "'").replace(/&quot;/g, '"');
}

function jsonLd(html: string): unknown[] {
  return [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map((match) => JSON.parse(match[1]!) as unknown);
}

function pageData(html: string): unknown {
  const match = /<script type="application\/json" id="page-data">([\s\S]*?)<\/script>/.exec(html);
  return match ? (JSON.parse(match[1]!) as unknown) : undefined;
}

const OPEN_GRAPH = ['og:title', 'og:description', 'og:url', 'og:image', 'og:type', 'twitter:card', 'twitter:title', 'twitter:image'];

describe('an event page, as a client that runs no script reads it', () => {
  let organizationId: string;
  let race: RaceEvent;

  beforeAll(async () => {
    organizationId = ulid();
    await createOrganization({ id: organizationId, name: 'Harbor Striders', verified: true });
    race = await createEvent(
      testRaceEvent({
        title: 'Harbor Lights <Marathon> & 10K',
        description: 'A flat loop of the harbor at dawn. Costs $5 to park.',
        eventDate: '2099-04-18',
        startTime: '07:00',
        city: 'Boston',
        state: 'MA',
        zipCode: '02110',
        locationName: 'Long Wharf',
        latitude: 42.36,
        longitude: -71.05,
        distances: ['Marathon', '10K'],
        registrationFee: 65,
        registrationUrl: 'https://register.example.com/harbor-lights',
        organizationId,
      }),
    );
  });

  it('is answered with its title, date, place and price in the markup and a minute at the edge', async () => {
    const page = await get(`/events/${race.id}`);
    expect(page.status).toBe(200);
    expect(page.headers).toMatchObject({ 'content-type': 'text/html; charset=utf-8', 'cache-control': PAGE_CACHE_CONTROL[200] });
    expect(page.body).toContain('<title>Harbor Lights &lt;Marathon&gt; &amp; 10K · RaceFinder</title>');
    const text = visibleText(page.body);
    for (const fact of ['Harbor Lights <Marathon> & 10K', 'Saturday, April 18, 2099', '7:00 AM EDT', 'Long Wharf, Boston, MA 02110', '$65', 'A flat loop of the harbor at dawn.']) {
      expect(text, fact).toContain(fact);
    }
  });

  it('has a description, canonical URL, OpenGraph and Twitter card tags', async () => {
    const { body } = await get(`/events/${race.id}`);
    expect(meta(body, 'description')).toBe('Saturday, April 18, 2099 in Boston, MA · Marathon, 10K · $65. A flat loop of the harbor at dawn. Costs $5 to park.');
    expect(body).toContain(`<link rel="canonical" href="${SITE}/events/${race.id}" />`);
    for (const key of OPEN_GRAPH) expect(meta(body, key), key).toBeTruthy();
    expect(meta(body, 'og:url')).toBe(`${SITE}/events/${race.id}`);
    // No picture of its own: its generated card, at the size the tags give.
    const image = new URL(meta(body, 'og:image')!);
    expect(`${image.origin}${image.pathname}`).toBe(`${SITE}/cards/events/${race.id}.png`);
    expect(image.searchParams.get('v')).toMatch(/^[\w-]{10}$/);
    expect(meta(body, 'twitter:image')).toBe(meta(body, 'og:image'));
    expect([meta(body, 'og:image:width'), meta(body, 'og:image:height')]).toEqual(['1200', '630']);
    expect(meta(body, 'twitter:card')).toBe('summary_large_image');
  });

  it('previews with its own card: the PNG its tags name, kept for good under an address that changes with what it draws', async () => {
    const { body } = await get(`/events/${race.id}`);
    const named = new URL(meta(body, 'og:image')!);
    const card = await cardHandler({ rawPath: named.pathname, rawQueryString: named.search.slice(1) });
    expect(card.statusCode).toBe(200);
    expect(card.headers).toMatchObject({ 'content-type': 'image/png', 'cache-control': CARD_CACHE_CONTROL[200] });
    expect(card.isBase64Encoded).toBe(true);
    const png = Buffer.from(String(card.body), 'base64');
    expect(png.subarray(0, 8)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
    // The IHDR chunk's width and height.
    expect([png.readUInt32BE(16), png.readUInt32BE(20)]).toEqual([1200, 630]);

    // Another `v` (an old card, or a made-up one to miss CloudFront's cache) draws nothing: it is sent to the current one.
    for (const query of ['', 'v=made-up', `v=${named.searchParams.get('v')}x`]) {
      const moved = await cardHandler({ rawPath: named.pathname, rawQueryString: query });
      expect(moved.statusCode, query).toBe(302);
      expect(moved.headers, query).toMatchObject({ location: `${named.pathname}${named.search}`, 'cache-control': CARD_CACHE_CONTROL[302] });
    }

    const hidden = await createEvent(testRaceEvent({ title: 'Harbor Hidden Card 5K', eventDate: '2099-05-02', verified: false }));
    for (const path of [`/cards/events/${UNKNOWN_ID}.png`, `/cards/events/${hidden.id}.png`, `/cards/events/${race.id}.jpg`, '/cards/events/not-an-id.png']) {
      const missing = await cardHandler({ rawPath: path });
      expect(missing.statusCode, path).toBe(404);
      expect(missing.headers?.['cache-control'], path).toBe(CARD_CACHE_CONTROL[404]);
    }
  });

  it("carries a SportsEvent that meets Google's Event requirements, starting at the race's local time with its offset", async () => {
    const [block, ...others] = jsonLd((await get(`/events/${race.id}`)).body);
    expect(others).toEqual([]);
    expect(eventJsonLdProblems(block)).toEqual([]);
    expect(block).toMatchObject({
      '@type': 'SportsEvent',
      name: 'Harbor Lights <Marathon> & 10K',
      // 7 AM in Boston on a day of daylight saving time.
      startDate: '2099-04-18T07:00:00-04:00',
      endDate: '2099-04-18',
      eventStatus: 'https://schema.org/EventScheduled',
      location: { address: { addressLocality: 'Boston', addressRegion: 'MA', postalCode: '02110' }, geo: { latitude: 42.36, longitude: -71.05 } },
      offers: { price: '65.00', priceCurrency: 'USD', url: 'https://register.example.com/harbor-lights', availability: 'https://schema.org/InStock' },
      organizer: { name: 'Harbor Striders', url: `${SITE}/organizers/${organizationId}` },
    });
  });

  it('carries the same event the API answers a visitor, for the app to take over with', async () => {
    const { body } = await get(`/events/${race.id}`);
    const api = EVENTS_ROUTES.getEvent.response.parse(await eventDetail(race.id, undefined));
    expect(pageData(body)).toEqual({ path: `/events/${race.id}`, event: JSON.parse(JSON.stringify(api)) as unknown });
  });

  it('says a race is moved, cancelled, sold out or virtual in its JSON-LD as Google reads it', async () => {
    const cases: [Partial<RaceEvent>, Record<string, unknown>][] = [
      [{ status: 'rescheduled', previousEventDate: '2099-04-11' }, { eventStatus: 'https://schema.org/EventRescheduled', previousStartDate: '2099-04-11' }],
      [{ status: 'postponed' }, { eventStatus: 'https://schema.org/EventPostponed' }],
      [{ status: 'cancelled' }, { eventStatus: 'https://schema.org/EventCancelled' }],
      [{ soldOut: true }, { offers: { availability: 'https://schema.org/SoldOut' } }],
      [{ status: 'virtual' }, { eventAttendanceMode: 'https://schema.org/OnlineEventAttendanceMode' }],
    ];
    for (const [fields, expected] of cases) {
      const event = await createEvent(testRaceEvent({ title: 'Harbor Status Run', eventDate: '2099-05-02', registrationFee: 20, organizationId, ...fields }));
      const [block] = jsonLd((await get(`/events/${event.id}`)).body);
      expect(eventJsonLdProblems(block), JSON.stringify(fields)).toEqual([]);
      expect(block, JSON.stringify(fields)).toMatchObject(expected);
    }
  });

  it('shows a race sold in tiers at the prices still ahead, in its markup, its description and one Offer each', async () => {
    const today = todayInNewYork();
    const tiers = [
      { fee: 40, until: addDays(today, -5) },
      { fee: 65, until: '2099-03-01' },
      { fee: 80 },
    ];
    const event = await createEvent(testRaceEvent({ title: 'Harbor Tiered Half', eventDate: '2099-05-09', priceTiers: tiers, registrationEndDate: '2099-05-01', organizationId }));
    // The store keeps today's price as the fee: the $40 tier has ended.
    expect(event.registrationFee).toBe(65);
    const { body } = await get(`/events/${event.id}`);
    expect(visibleText(body)).toContain('$65 until Mar 1, 2099, then $80');
    expect(meta(body, 'description')).toContain('$65 until Mar 1, 2099, then $80');
    const [block] = jsonLd(body);
    expect(eventJsonLdProblems(block)).toEqual([]);
    expect(block).toMatchObject({
      offers: [
        { price: '65.00', validFrom: addDays(today, -4), validThrough: '2099-03-01' },
        { price: '80.00', validFrom: '2099-03-02', validThrough: '2099-05-01' },
      ],
    });
  });

  it('answers 404, never kept, for an unknown, malformed, badly encoded or unverified event, with the app that says so', async () => {
    const hidden = await createEvent(testRaceEvent({ title: 'Harbor Hidden 10K', eventDate: '2099-05-02', verified: false }));
    for (const segment of [UNKNOWN_ID, 'not-an-id', UNKNOWN_ID.toLowerCase(), '%E0%A4%A', hidden.id]) {
      const page = await get(`/events/${segment}`);
      expect(page.status, segment).toBe(404);
      expect(page.headers['cache-control'], segment).toBe(PAGE_CACHE_CONTROL[404]);
      expect(page.body, segment).toBe(SHELL);
    }
    expect((await get(`/events/${UNKNOWN_ID}/more`)).status).toBe(404);
  });

  it("answers the app's other pages with 200 and the site's link preview, and the edit page without rendering it", async () => {
    for (const path of [`/events/${UNKNOWN_ID}/edit`, '/events', '/', '/about', '/organizers']) {
      const page = await get(path);
      expect(page.status, path).toBe(200);
      for (const key of OPEN_GRAPH) expect(meta(page.body, key), `${path} ${key}`).toBeTruthy();
      expect(page.body, path).toContain(`<link rel="canonical" href="${SITE}${path}" />`);
      expect(page.body, path).toContain('<div id="root"></div>');
    }
  });
});

const RECAP_STORY =
  'Went out easy and finished strong along the water. The first 5K felt slow, but the wind was at our backs coming home, ' +
  'and I passed a dozen runners on the last bridge. Negative splits for the first time, and a new personal best by a minute.';

describe('the pages of an organizer, a recap and a blog post', () => {
  it('renders an organizer with its races, a SportsOrganization and the API answer the app takes over with; 404 for an unknown one', async () => {
    const organizationId = ulid();
    await createOrganization({ id: organizationId, name: 'Ridge & Valley Runners', description: 'Trail races in the hills.', websiteUrl: 'https://ridge.example.com', verified: true });
    await createEvent(testRaceEvent({ title: 'Ridge Organizer 25K', eventDate: '2099-06-06', organizationId }));
    const page = await get(`/organizers/${organizationId}`);
    expect(page.status).toBe(200);
    expect(page.body).toContain('<title>Ridge &amp; Valley Runners · RaceFinder</title>');
    expect(visibleText(page.body)).toContain('Ridge Organizer 25K');
    for (const key of OPEN_GRAPH) expect(meta(page.body, key), key).toBeTruthy();
    expect(jsonLd(page.body)).toEqual([expect.objectContaining({ '@type': 'SportsOrganization', name: 'Ridge & Valley Runners', sameAs: ['https://ridge.example.com'] })]);
    const api = ORGANIZATIONS_ROUTES.getOrganization.response.parse(await organizationDetail(organizationId, undefined, todayInNewYork()));
    expect(pageData(page.body)).toEqual({ path: `/organizers/${organizationId}`, organization: JSON.parse(JSON.stringify(api)) as unknown });
    for (const path of [`/organizers/${UNKNOWN_ID}`, '/organizers/not-an-id']) expect((await get(path)).status, path).toBe(404);
  });

  it('renders a recap of a race as an Article; 404 for an unknown one', async () => {
    const { token } = await newUser('site-recap');
    const race = await createEvent(testRaceEvent({ title: 'Recap Page River Run', eventDate: addDays(todayInNewYork(), -9), distances: ['10K'] }));
    const created = await api('POST', `/api/events/${race.id}/recaps`, { token, body: { title: 'Negative splits by the river', body: RECAP_STORY, distance: '10K' } });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const recap = RecapSchema.parse(created.body);
    const page = await get(`/recaps/${recap.id}`);
    expect(page.status).toBe(200);
    expect(visibleText(page.body)).toContain('Went out easy and finished strong along the water.');
    expect(meta(page.body, 'description')).toMatch(/^\S.* on Recap Page River Run: Went out easy/);
    expect(meta(page.body, 'og:type')).toBe('article');
    expect(jsonLd(page.body)).toEqual([
      expect.objectContaining({ '@type': 'Article', headline: 'Negative splits by the river', about: expect.objectContaining({ name: 'Recap Page River Run' }) }),
    ]);
    expect((await get(`/recaps/${UNKNOWN_ID}`)).status).toBe(404);
  });

  it('renders a published blog post as a BlogPosting; 404 for a draft', async () => {
    const admin = await idTokenFor(account('Admin').email, account('Admin').password);
    const slug = `site-pages-${ulid().toLowerCase()}`;
    const body = { title: 'Tapering without fear', slug, summary: 'Why the last two weeks feel wrong and are right.', body: '## Trust the plan\n\nRest **is** training.' };
    expect((await api('POST', '/api/admin/blog-posts', { token: admin, body: { ...body, status: 'published' } })).status).toBe(201);
    expect((await api('POST', '/api/admin/blog-posts', { token: admin, body: { ...body, slug: `${slug}-draft` } })).status).toBe(201);
    const page = await get(`/blog/${slug}`);
    expect(page.status).toBe(200);
    expect(visibleText(page.body)).toContain('Rest is training.');
    expect(jsonLd(page.body)).toEqual([expect.objectContaining({ '@type': 'BlogPosting', headline: 'Tapering without fear', description: 'Why the last two weeks feel wrong and are right.' })]);
    expect((await get(`/blog/${slug}-draft`)).status).toBe(404);
  });
});

describe('a landing page of races by state and kind', () => {
  const month = addDays(todayInNewYork(), 400).slice(0, 7);
  let races: RaceEvent[];

  beforeAll(async () => {
    // More than a landing page (24) of duathlons in Delaware: the page links to the next.
    races = Array.from({ length: 30 }, (_, index) =>
      testRaceEvent({ title: `Landing Duathlon ${index}`, eventDate: `${month}-${String((index % 28) + 1).padStart(2, '0')}`, eventType: 'duathlon', state: 'DE', city: 'Dover' }),
    );
    await createEventsInBulk(races);
  });

  it('lists the upcoming races with links, a title, JSON-LD and a link to the next page', async () => {
    const page = await get('/races/delaware/duathlon');
    expect(page.status).toBe(200);
    expect(page.body).toContain('<title>Duathlons in Delaware · RaceFinder</title>');
    expect(meta(page.body, 'og:title')).toBe('Duathlons in Delaware');
    const links = [...page.body.matchAll(/href="\/events\/([0-9A-Z]{26})"/g)].map((match) => match[1]);
    expect(new Set(links).size).toBe(LANDING_PAGE_SIZE);
    const [list] = jsonLd(page.body) as [{ '@type': string; itemListElement: unknown[] }];
    expect(list['@type']).toBe('ItemList');
    expect(list.itemListElement).toHaveLength(LANDING_PAGE_SIZE);
    const next = /<a rel="next" href="([^"]+)"/.exec(page.body)?.[1]?.replace(/&amp;/g, '&');
    expect(next).toMatch(/^\/races\/delaware\/duathlon\?after=/);
    const second = await get(next!);
    expect(second.status).toBe(200);
    expect(second.body).toContain(`<link rel="canonical" href="${SITE}${next!.replace(/&/g, '&amp;')}" />`);
    const secondLinks = [...second.body.matchAll(/href="\/events\/([0-9A-Z]{26})"/g)].map((match) => match[1]);
    expect(secondLinks.length).toBeGreaterThan(0);
    expect(secondLinks.filter((id) => links.includes(id))).toEqual([]);
  });

  it('answers 404 for a state or kind there is no page for, and for a cursor that is not the search’s own', async () => {
    for (const path of ['/races/atlantis', '/races/delaware/knitting', '/races/DE', '/races/delaware/duathlon?after=forged', '/races/delaware/duathlon/more']) {
      expect((await get(path)).status, path).toBe(404);
    }
    expect((await get('/races/delaware')).status).toBe(200);
  });
});

describe('the sitemap and robots.txt', () => {
  const month = addDays(todayInNewYork(), 600).slice(0, 7);
  let listed: RaceEvent;

  beforeAll(async () => {
    listed = await createEvent(testRaceEvent({ title: 'Sitemap Relay', eventDate: `${month}-15` }));
    await createOrganization({ id: ulid(), name: 'Sitemap Runners' });
  });

  it('robots.txt names the sitemap and keeps crawlers out of the API and signed-in pages', async () => {
    const robots = await get('/robots.txt');
    expect(robots.status).toBe(200);
    expect(robots.headers).toMatchObject({ 'content-type': 'text/plain; charset=utf-8', 'cache-control': CRAWLER_FILE_CACHE_CONTROL });
    expect(robots.body).toContain(`Sitemap: ${SITE}/sitemap.xml`);
    expect(robots.body).toContain('Disallow: /api/');
  });

  it('is an index of shards whose every URL answers 200, a public race among them with its lastmod', async () => {
    const index = await get('/sitemap.xml');
    expect(index.status).toBe(200);
    expect(index.headers['content-type']).toBe('application/xml; charset=utf-8');
    const shards = [...index.body.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => match[1]!);
    for (const name of ['pages', `events-${month}`, 'organizers', 'recaps', 'blog']) expect(shards).toContain(`${SITE}/sitemaps/${name}.xml`);
    const eventShard = await get(`/sitemaps/events-${month}.xml`);
    expect(eventShard.body).toContain(`<url><loc>${SITE}/events/${listed.id}</loc><lastmod>${listed.updatedAt}</lastmod></url>`);
    // Every URL of the shards that hold records (the pages shard's 600-odd landing pages are checked in test/unit).
    for (const shard of [`events-${month}`, 'organizers', 'recaps', 'blog']) {
      const { status, body } = await get(`/sitemaps/${shard}.xml`);
      expect(status, shard).toBe(200);
      const urls = [...body.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => match[1]!);
      expect(urls.length, shard).toBeLessThanOrEqual(50_000);
      for (const url of urls) expect((await get(url.slice(SITE.length))).status, url).toBe(200);
    }
    expect((await get('/sitemaps/organizers.xml')).body).toMatch(/<loc>https:\/\/races\.example\.com\/organizers\/[0-9A-Z]{26}<\/loc>/);
    expect((await get('/sitemaps/events-1999-01.xml')).status).toBe(404);
    expect((await get('/sitemaps/everything.xml')).status).toBe(404);
  });
});
