/**
 * Finding races in a real browser against the seeded local stack: from the home hero to /events, filtering by
 * state, removing a chip, scrolling for more, opening an event, and saving one signed out and signed in.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { expectNoSeriousA11yViolations, useBrowser, newPage, signIn, stackUrl } from '../support/browser.ts';

const browser = useBrowser();

async function withPage(run: (page: Page) => Promise<void>, viewport?: { width: number; height: number }) {
  const { context, page } = await newPage(browser(), viewport);
  try {
    await run(page);
  } finally {
    await context.close();
  }
}

const results = (page: Page) => page.locator('.event-list article');
const countHeading = (page: Page) => page.locator('#event-results-heading');

/** Waits for the first cards; fails with the page's message when it shows an empty or error state instead. */
async function waitForResults(page: Page) {
  const settled = page.locator('.event-list article, .event-results .state-panel:not([role="status"])').first();
  await settled.waitFor();
  if ((await results(page).count()) === 0) {
    throw new Error(`No events listed at ${page.url()}: ${await page.locator('.event-results .state-panel').textContent()}`);
  }
}


describe('event search', () => {
  it('searches from the home hero and shows the matches with the search as chips', async () => {
    await withPage(async (page) => {
      await page.goto(stackUrl('/'));
      await page.getByLabel('Location').fill('  Colorado ');
      await page.getByRole('button', { name: 'Search races' }).click();
      // No date the visitor did not pick (issue 7: the hero used to add today as the start date).
      await page.waitForURL(/\/events\?q=Colorado$/);
      await waitForResults(page);
      const chips = page.getByRole('group', { name: 'Active filters' });
      await expect.poll(() => chips.getByText('Search: “Colorado”').isVisible()).toBe(true);
      await expect.poll(() => chips.getByText(/^From: /).count()).toBe(0);
      await expect.poll(() => page.getByRole('searchbox', { name: 'Search events' }).inputValue()).toBe('Colorado');
      // The list shows the API's first page for the mapped query, in its order.
      const query = new URL(page.url()).search;
      const expected = await page.evaluate(async (search) => {
        const response = await fetch(`/api/events${search}`);
        const body = (await response.json()) as { items: { id: string }[] };
        return body.items.map((item) => `/events/${item.id}`);
      }, query);
      expect(expected.length).toBeGreaterThan(0);
      await page.waitForFunction((count) => document.querySelectorAll('.event-list article').length === count, expected.length);
      const shown = await results(page).locator('h3 a').evaluateAll((links) => links.map((link) => link.getAttribute('href')));
      expect(shown).toEqual(expected);
    });
  });

  it('filters by state, and a removed chip removes only its filter', async () => {
    await withPage(async (page) => {
      await page.goto(stackUrl('/events?type=road_race'));
      await waitForResults(page);
      await page.getByRole('combobox', { name: 'State' }).selectOption('TX');
      await page.waitForURL(stackUrl('/events?state=TX&type=road_race'));
      await page.getByRole('group', { name: 'Active filters' }).getByText('State: Texas').waitFor();
      await page.waitForFunction(() => {
        const places = [...document.querySelectorAll('.event-list article .event-card__meta li:nth-child(2)')];
        return places.length > 0 && places.every((li) => li.textContent?.endsWith(', TX'));
      });

      await page.getByRole('button', { name: 'Remove filter Type: Road Race' }).click();
      await page.waitForURL(stackUrl('/events?state=TX'));
      // The URL moves before the chips render again: wait for the list of chips, not one look at it.
      await expect.poll(() => page.getByRole('button', { name: /^Remove filter Type/ }).count()).toBe(0);
      await expect.poll(() => page.getByRole('group', { name: 'Active filters' }).getByText('State: Texas').isVisible()).toBe(true);

      // Sort by price from the keyboard, in the Filters panel: the order joins the URL and the cards come cheapest first.
      await page.getByRole('button', { name: 'Filters' }).focus();
      await page.keyboard.press('Enter');
      const sort = page.getByRole('dialog', { name: 'Filters' }).getByLabel('Sort by');
      await sort.focus();
      await page.keyboard.press('ArrowDown');
      // The date order's cards can still show for a moment after the URL changes: the cards read are those of the
      // answer in price order.
      const pricedAnswer = page.waitForResponse((response) => {
        const url = new URL(response.url());
        return url.pathname === '/api/events' && url.searchParams.get('sort') === 'price';
      });
      await page.getByRole('button', { name: 'Apply filters' }).focus();
      await page.keyboard.press('Enter');
      await page.waitForURL(stackUrl('/events?state=TX&sort=price'));
      await pricedAnswer;
      await waitForResults(page);
      const fees = await results(page).locator('.event-card__fee').evaluateAll((cells) => cells.map((cell) => cell.lastChild?.textContent ?? ''));
      const dollars = fees.map((fee) => (fee === 'Free' ? 0 : Number(fee.replace(/[$,]/g, ''))));
      expect(dollars.length).toBeGreaterThan(1);
      expect(dollars).toEqual([...dollars].sort((a, b) => a - b));
    });
  });

  it('loads the next 50 when scrolled to the end of the list', async () => {
    await withPage(async (page) => {
      await page.goto(stackUrl('/events'));
      await waitForResults(page);
      await page.waitForFunction(() => document.querySelector('#event-results-heading')?.textContent === '50+ events');
      await expect.poll(() => results(page).count()).toBe(50);
      await results(page).last().scrollIntoViewIfNeeded();
      await page.mouse.wheel(0, 2000);
      await page.waitForFunction(() => document.querySelectorAll('.event-list article').length > 50);
      await expect.poll(() => countHeading(page).textContent()).toMatch(/^(\d+)\+? events$/);
      const count = Number((await countHeading(page).textContent())!.match(/^\d+/)![0]);
      expect(count).toBeGreaterThan(50);
    });
  });

  it('opens an event from its card', async () => {
    await withPage(async (page) => {
      await page.goto(stackUrl('/events'));
      await waitForResults(page);
      const title = page.locator('.event-list article').first().getByRole('heading', { level: 3 }).getByRole('link');
      const name = (await title.textContent())!;
      const href = (await title.getAttribute('href'))!;
      expect(href).toMatch(/^\/events\/[0-9A-HJKMNP-TV-Z]{26}$/);
      await title.click();
      await page.waitForURL(stackUrl(href));
      await page.getByRole('heading', { level: 1, name }).waitFor();
    });
  });

  it('asks a visitor to sign in to save, and saves for a signed-in athlete', async () => {
    await withPage(async (page) => {
      await page.goto(stackUrl('/events'));
      await waitForResults(page);
      const first = results(page).first();
      const title = (await first.getByRole('heading', { level: 3 }).textContent())!;
      await first.getByRole('button', { name: `Save ${title}` }).click();
      await page.getByRole('alert').getByText('You need to be signed in to save events').waitFor();
      await expect.poll(() => page.getByRole('alert').getByText('Please sign in').isVisible()).toBe(true);

      await signIn(page, 'Second athlete');
      await page.goto(stackUrl('/events'));
      await waitForResults(page);
      const card = page.getByRole('article', { name: title });
      const save = card.getByRole('button', { name: `Save ${title}` });
      await save.waitFor();
      await save.click();
      await page.getByRole('status').getByText('Event saved!').waitFor();
      await expect.poll(() => card.getByRole('button', { name: `Remove ${title} from saved` }).getAttribute('aria-pressed')).toBe('true');

      // Leave the account as it was for other journeys (once the save has settled: a busy button ignores clicks).
      const remove = card.getByRole('button', { name: `Remove ${title} from saved` });
      await expect.poll(() => remove.getAttribute('aria-busy')).toBeNull();
      await remove.click();
      await page.getByRole('status').getByText('Event removed').waitFor();
    });
  });

  it('has no serious accessibility violations on /events, with the Filters popover open too', async () => {
    await withPage(async (page) => {
      await page.goto(stackUrl('/events?state=CA'));
      await waitForResults(page);
      await expectNoSeriousA11yViolations(page);
      await page.getByRole('button', { name: 'Filters', exact: true }).click();
      await page.getByRole('dialog', { name: 'Filters' }).waitFor();
      await expectNoSeriousA11yViolations(page);
    });
  });

  it('has no serious accessibility violations on /events at phone width', async () => {
    await withPage(
      async (page) => {
        await page.goto(stackUrl('/events?state=CA'));
        await waitForResults(page);
        await expectNoSeriousA11yViolations(page);
      },
      { width: 390, height: 844 },
    );
  });
});

describe('scroll positions', () => {
  const PHONE = { width: 375, height: 740 };
  const scrollY = (page: Page) => page.evaluate(() => Math.round(window.scrollY));
  const scrolledTo = async (page: Page, y: number) => {
    await page.waitForFunction((target) => Math.abs(window.scrollY - target) <= 2, y).catch(async () => {
      throw new Error(`Expected the page at ${y} px, it is at ${await scrollY(page)} px of ${await page.evaluate(() => document.documentElement.scrollHeight)}`);
    });
  };

  it('opens a typed address at the top, even after another page of the tab was scrolled', async () => {
    await withPage(async (page) => {
      await page.goto(stackUrl('/events'));
      await waitForResults(page);
      await page.evaluate(() => window.scrollTo(0, 1500));
      await scrolledTo(page, 1500);
      // Typed in the same tab: a new document, whose first entry must not take the last page's position.
      await page.goto(stackUrl('/events?state=CA'));
      await waitForResults(page);
      await expect(scrollY(page)).resolves.toBe(0);
    }, PHONE);
  });

  it('comes back to the card the person left with Back, once the list has settled, and to the top of the event with Forward', async () => {
    await withPage(async (page) => {
      await page.goto(stackUrl('/events'));
      await waitForResults(page);
      const card = results(page).nth(8);
      const title = card.getByRole('heading', { level: 3 }).getByRole('link');
      await title.scrollIntoViewIfNeeded();
      // Where the card was on screen when it was clicked (the click may scroll again to reach the link).
      await page.evaluate(() =>
        addEventListener('click', (event) => ((window as unknown as { leftAt: number }).leftAt = Math.round((event.target as Element).getBoundingClientRect().top)), {
          capture: true,
          once: true,
        }),
      );
      const href = await title.getAttribute('href');
      // The event's own heading: the list's h1 is still there while the event page's chunk and data load.
      const eventHeading = page.getByRole('heading', { level: 1, name: (await title.textContent())!.trim() });
      await title.click();
      const leftAt = await page.evaluate(() => (window as unknown as { leftAt: number }).leftAt);
      await page.waitForURL(/\/events\/[0-9A-Z]{26}$/);
      await eventHeading.waitFor();
      await expect(scrollY(page)).resolves.toBe(0);

      await page.goBack();
      await page.waitForURL(/\/events$/);
      // The cards take their real heights as they are laid out: read the card's place once the page is still.
      let last = -1;
      await expect
        .poll(async () => {
          const now = await scrollY(page);
          const still = now === last;
          last = now;
          return still;
        }, { interval: 300 })
        .toBe(true);
      const backAt = await page.locator(`a[href="${href}"]`).first().evaluate((link) => Math.round(link.getBoundingClientRect().top));
      expect(Math.abs(backAt - leftAt), `the card was at ${leftAt} px on screen and came back at ${backAt} px`).toBeLessThanOrEqual(2);

      await page.goForward();
      await eventHeading.waitFor();
      await expect(scrollY(page)).resolves.toBe(0);
    }, PHONE);
  });
});
