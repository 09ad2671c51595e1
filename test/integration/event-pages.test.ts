/**
 * The event page function CloudFront calls for /events/* (lambdas/pages/event-page.ts) against DynamoDB Local:
 * the app's index.html with 200 for an event a visitor may see, and 404 (never kept) for an unknown, malformed or
 * unverified one, as the local gateway answers (test/integration/own-stack/local-gateway.test.ts).
 */
import { describe, expect, it } from 'vitest';
import { createEvent } from '#data/event';
import { createEventPageHandler, PAGE_CACHE_CONTROL } from '../../lambdas/pages/event-page-response.ts';
import { testRaceEvent } from '../support/race-event.ts';
import { UNKNOWN_ID } from '../support/route-paths.ts';

const SHELL = '<!doctype html><title>RaceFinder</title><div id="root"></div>';
const page = createEventPageHandler(async () => SHELL);

describe('the event page function', () => {
  it('answers a public event with the app, kept a minute by CloudFront', async () => {
    const event = await createEvent(testRaceEvent({ title: 'Event Page Marathon', eventDate: '2099-04-12', verified: true }));
    const response = await page({ rawPath: `/events/${event.id}` });
    expect(response).toEqual({
      statusCode: 200,
      headers: { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'public, max-age=0, s-maxage=60' },
      body: SHELL,
    });
  });

  it('answers 404, never kept, for an unknown, malformed, badly encoded or unverified event, with the app that says so', async () => {
    const hidden = await createEvent(testRaceEvent({ title: 'Event Page Hidden 10K', eventDate: '2099-05-02', verified: false }));
    for (const segment of [UNKNOWN_ID, 'not-an-id', UNKNOWN_ID.toLowerCase(), '%E0%A4%A', hidden.id]) {
      const response = await page({ rawPath: `/events/${segment}` });
      expect(response.statusCode, segment).toBe(404);
      expect(response.headers?.['cache-control'], segment).toBe(PAGE_CACHE_CONTROL[404]);
      expect(response.body, segment).toBe(SHELL);
    }
  });

  it("answers the edit page (the app decides who may edit) and 404 for paths under an event that are no page", async () => {
    expect((await page({ rawPath: `/events/${UNKNOWN_ID}/edit` })).statusCode).toBe(200);
    expect((await page({ rawPath: `/events/${UNKNOWN_ID}/more` })).statusCode).toBe(404);
    expect((await page({ rawPath: '/events/' })).statusCode).toBe(200);
  });
});
