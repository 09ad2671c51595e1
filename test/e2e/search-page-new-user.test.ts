/**
 * The search page as a new user meets it (issue 7, item 8), in headless Chromium against the seeded local
 * stack: infinite scroll asks for one page per approach of the end marker and keeps the DOM small however far
 * one scrolls, also after fast touch flicks on a phone; the count is stable; signing in from the save prompt
 * comes back and saves; long input never widens the page; the home search adds no date.
 */
import type { Page, Request } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { demoAccount, expectNoSeriousA11yViolations, useBrowser, newPage, stackUrl, settled } from '../support/browser.ts';

const browser = useBrowser();

const PHONE = { width: 390, height: 844 };

async function withPage(run: (page: Page) => Promise<void>, viewport?: { width: number; height: number }, touch = false) {
  const context = touch
    ? await browser().newContext({ viewport, isMobile: true, hasTouch: true })
    : (await newPage(browser(), viewport)).context;
  const page = context.pages()[0] ?? (await context.newPage());
  try {
    await run(page);
  } finally {
    await context.close();
  }
}

/** Requests for pages of the search (GET /api/events), as the page makes them. */
function searchRequests(page: Page): Request[] {
  const seen: Request[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname === '/api/events') seen.push(request);
  });
  return seen;
}

const heading = (page: Page) => page.locator('#event-results-heading');
const loadedCount = async (page: Page) => Number((await heading(page).textContent())?.match(/^(\d+)/)?.[1] ?? 0);
const domElements = (page: Page) => page.evaluate(() => document.querySelectorAll('*').length);

/** Waits for a fling to come to rest: the page has not scrolled for three frames in a row. */
async function scrollAtRest(page: Page) {
  await page.evaluate(async () => {
    const frame = () => new Promise((resolve) => requestAnimationFrame(resolve));
    let still = 0;
    let last = window.scrollY;
    for (let frames = 0; frames < 300 && still < 3; frames += 1) {
      await frame();
      still = window.scrollY === last ? still + 1 : 0;
      last = window.scrollY;
    }
  });
}

/** Waits until the end marker is below the list's trigger line (list-window.ts: 100 px under the viewport). */
async function markerBelowTrigger(page: Page) {
  await page.waitForFunction(() => document.querySelector('.event-results__sentinel')!.getBoundingClientRect().top >= window.innerHeight + 100, undefined);
}

/** Two rounds of settled(): whatever the last render set off (an observer's callback, the fetch it starts) has happened. */
async function settledTwice(page: Page) {
  await settled(page);
  await settled(page);
}

/** Waits until the count shows `count` events loaded and the page has nothing in flight. */
async function settledAt(page: Page, count: number) {
  await page.waitForFunction((n) => document.querySelector('#event-results-heading')?.textContent?.startsWith(`${n}`), count).catch(async (error: unknown) => {
    throw new Error(`Waited for ${count} events loaded; the heading says "${await heading(page).textContent()}"`, { cause: error });
  });
  await page.locator('.event-results__more').getByText('Loading more events...').waitFor({ state: 'detached' });
}

describe('the search page for a new user', () => {
  it('loads one page per approach of the end marker, and 500 cards stay a small DOM', async () => {
    await withPage(async (page) => {
      const requests = searchRequests(page);
      await page.goto(stackUrl('/events'));
      await settledAt(page, 50);
      await expect.poll(() => heading(page).textContent()).toBe('50+ events');
      expect(requests).toHaveLength(1);

      for (let approach = 1; approach < 10; approach += 1) {
        // Jump to the very end (the marker comes into view and stays there while the page loads and renders).
        await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
        await settledAt(page, 50 * (approach + 1));
        // Idle with the marker near: no second page for the same approach. The page has rendered when its cards
        // have pushed the end marker below the trigger line again, and the list's observer has run since.
        await markerBelowTrigger(page);
        await settledTwice(page);
        expect(requests).toHaveLength(approach + 1);
        expect(await loadedCount(page)).toBe(50 * (approach + 1));
      }
      const pages = requests.map((request) => new URL(request.url()).searchParams.get('cursor'));
      expect(new Set(pages).size).toBe(pages.length);

      // 500 cards loaded; only those near the viewport are in the DOM (before the fix: ~22k elements here).
      const elements = await domElements(page);
      const cards = await page.locator('.event-list article').count();
      console.info(`search page after 500 cards: ${elements} DOM elements, ${cards} cards rendered, ${requests.length} requests`);
      expect(cards).toBeLessThan(100);
      expect(elements).toBeLessThan(5000);
      // The spacers standing in for windowed-out cards leave the list valid for assistive technology.
      await expectNoSeriousA11yViolations(page);

      // Scrolling back up brings the cards back where they were: the first card is at the top again.
      // (The windowing follows the scroll a frame later: the list's first item turns from a spacer into card 0.)
      await page.evaluate(() => window.scrollTo(0, 0));
      await expect.poll(() => page.locator('.event-list > li').first().getAttribute('data-i')).toBe('0');
      await page.locator('.event-list article').first().waitFor();
    });
  });

  it('keeps loading after fast touch flicks on a phone, one page per flick to the end', async () => {
    await withPage(
      async (page) => {
        const requests = searchRequests(page);
        await page.goto(stackUrl('/events'));
        await settledAt(page, 50);
        const cdp = await page.context().newCDPSession(page);
        for (let flick = 1; flick <= 3; flick += 1) {
          // A fling that overshot into the footer leaves the reader there while the next page is added above (scroll
          // anchoring), and being there loads nothing more (list-window.ts: only a crossing does). A reader then swipes
          // back up to the cards that came: the end marker is three screens below again.
          await scrollAtRest(page);
          await page.evaluate(() => {
            const marker = document.querySelector('.event-results__sentinel')!.getBoundingClientRect().top;
            if (marker < window.innerHeight) window.scrollTo(0, window.scrollY + marker - 3 * window.innerHeight);
          });
          // Fast upward swipes (released while moving, so the page flings on) until the end marker comes near: until
          // the page asks for the next page, not until it shows it. On a busy machine the cards came after the loop
          // had looked, and its next swipe was a second approach, which rightly loaded a second page (run 93).
          for (let attempt = 0; attempt < 60 && requests.length === flick; attempt += 1) {
            await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [{ x: 200, y: 750 }] });
            for (let step = 1; step <= 6; step += 1) {
              await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: [{ x: 200, y: 750 - step * 110 }] });
              await page.waitForTimeout(8);
            }
            await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
            await scrollAtRest(page);
          }
          const where = await page.evaluate(() => ({
            scrollY: Math.round(window.scrollY),
            height: document.documentElement.scrollHeight,
            marker: Math.round(document.querySelector('.event-results__sentinel')!.getBoundingClientRect().top),
            more: document.querySelector('.event-results__more')?.textContent,
          }));
          await expect.poll(() => loadedCount(page), { message: `after flicks: ${JSON.stringify(where)}, ${requests.length} requests` }).toBeGreaterThan(50 * flick);
          await settledAt(page, 50 * (flick + 1));
          await settledTwice(page);
          expect(requests).toHaveLength(flick + 1);
        }
        // A fling that overshoots into the footer carries the marker from below the viewport to above it
        // between two frames: the page still loads the next page, once.
        // (First let the last fling come to rest, three screens above the marker.)
        await page.evaluate(async () => {
          let last = -1;
          while (last !== window.scrollY) {
            last = window.scrollY;
            await new Promise((resolve) => setTimeout(resolve, 400));
          }
          const marker = document.querySelector('.event-results__sentinel')!.getBoundingClientRect().top + window.scrollY;
          window.scrollTo(0, marker - 3 * window.innerHeight);
        });
        await page.locator('.event-results__more').getByText('Loading more events...').waitFor({ state: 'detached' });
        await settledTwice(page);
        const loaded = await loadedCount(page);
        const asked = requests.length;
        await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
        // The list windows its cards as it scrolls, so the page's height can settle a frame after the jump: the marker
        // is asked about until it is above the screen, where the reader is left in the footer.
        await expect.poll(() => page.evaluate(() => document.querySelector('.event-results__sentinel')!.getBoundingClientRect().bottom < 0)).toBe(true);
        await settledAt(page, loaded + 50);
        // And only that one, though the reader was left in the footer.
        await settledTwice(page);
        expect(requests).toHaveLength(asked + 1);
        expect(await loadedCount(page)).toBe(loaded + 50);
        // The document never got wider than the phone while doing so.
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(PHONE.width);
      },
      PHONE,
      true,
    );
  });

  it('says "{n} events" only when the end is known, the same on every load', async () => {
    await withPage(async (page) => {
      await page.goto(stackUrl('/'));
      // A state small enough to be one page.
      const small = await page.evaluate(async () => {
        for (const state of ['RI', 'DE', 'VT', 'WY', 'ND', 'SD', 'AK', 'HI', 'DC', 'NH', 'ME']) {
          const body = (await (await fetch(`/api/events?state=${state}`)).json()) as { items: unknown[]; complete?: boolean };
          if (body.complete && body.items.length > 1) return { state, count: body.items.length };
        }
        return null;
      });
      expect(small).not.toBeNull();
      for (let load = 0; load < 2; load += 1) {
        await page.goto(stackUrl(`/events?state=${small!.state}`));
        await page.waitForFunction((n) => document.querySelector('#event-results-heading')?.textContent === `${n} events`, small!.count);
        await expect.poll(() => page.locator('.event-list article').count()).toBe(small!.count);
        await expect.poll(() => page.getByText("You've seen all available events").isVisible()).toBe(true);
      }
      // And while more remain, a lower bound that is the same on a reload.
      await page.goto(stackUrl('/events?type=road_race'));
      await settledAt(page, 50);
      await expect.poll(() => heading(page).textContent()).toBe('50+ events');
      await page.reload();
      await settledAt(page, 50);
      await expect.poll(() => heading(page).textContent()).toBe('50+ events');
    });
  });

  it('signs in from the save prompt, comes back to the search and saves the event', async () => {
    await withPage(async (page) => {
      await page.goto(stackUrl('/events?state=CO'));
      const card = page.locator('.event-list article').nth(1);
      await card.waitFor();
      const title = (await card.getByRole('heading', { level: 3 }).textContent())!;
      await card.getByRole('button', { name: `Save ${title}` }).click();
      const prompt = page.getByRole('alert');
      await prompt.getByText('You need to be signed in to save events').waitFor();
      await prompt.getByRole('button', { name: 'Sign in' }).click();
      await page.waitForURL(stackUrl('/auth?returnTo=%2Fevents%3Fstate%3DCO'));

      const { email, password } = demoAccount('Athlete');
      await page.getByLabel('Email').fill(email);
      await page.getByLabel('Password').fill(password);
      await page.getByRole('button', { name: 'Sign in', exact: true }).click();
      await page.waitForURL(stackUrl('/events?state=CO'));
      await page.getByRole('status').getByText('Event saved!').waitFor();
      const saved = page.getByRole('article', { name: title }).getByRole('button', { name: `Remove ${title} from saved` });
      await expect.poll(() => saved.getAttribute('aria-pressed')).toBe('true');
      // The pending save was consumed: a reload does not save (or toast) again.
      expect(await page.evaluate(() => sessionStorage.getItem('racefinder:pending-save'))).toBeNull();

      // Leave the account as it was.
      await saved.click();
      await page.getByRole('status').getByText('Event removed').waitFor();
    });
  });

  it('never widens the page for 300 characters without a space, at phone width', async () => {
    await withPage(
      async (page) => {
        await page.goto(stackUrl('/events'));
        const box = page.getByRole('searchbox', { name: 'Search events' });
        // Typed (the box keeps 100 characters), and from a shared link with all 300.
        await box.fill('x'.repeat(300));
        await box.press('Enter');
        await page.waitForURL(/q=x{100}$/);
        await page.getByRole('group', { name: 'Active filters' }).waitFor();
        await page.locator('.event-results .state-panel, .event-list article').first().waitFor();
        const widths = await page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, inner: window.innerWidth }));
        expect(widths).toEqual({ scroll: 375, inner: 375 });

        await page.goto(stackUrl(`/events?q=${'y'.repeat(300)}`));
        await page.getByRole('group', { name: 'Active filters' }).waitFor();
        await page.locator('.event-results .state-panel, .event-list article').first().waitFor();
        expect(await page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, inner: window.innerWidth }))).toEqual({ scroll: 375, inner: 375 });
      },
      { width: 375, height: 740 },
      true,
    );
  });

  it('searches from the home hero without a date the visitor did not pick', async () => {
    await withPage(async (page) => {
      await page.goto(stackUrl('/'));
      await expect.poll(() => page.getByLabel('Start date').inputValue()).toBe('');
      await page.getByLabel('Location').fill('Colorado');
      await page.getByRole('button', { name: 'Search races' }).click();
      await page.waitForURL(stackUrl('/events?q=Colorado'));
      await expect.poll(() => page.getByRole('group', { name: 'Active filters' }).getByText(/^From: /).count()).toBe(0);
    });
  });
});
