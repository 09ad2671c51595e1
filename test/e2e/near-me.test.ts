/**
 * Issue 11's "Near me" in headless Chromium against the local stack and its seeded catalogue: races near a ZIP
 * code on /local with their distances, a wider radius, the browser's location (granted and blocked), the Near
 * me panel of /events combined with a filter, and the home page's real races for a visitor and for a
 * signed-in athlete with a location (their next saved race first). axe and screenshots at desktop and phone.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { expectNoSeriousA11yViolations, newPage, screenshot, signUpThroughForm, stackUrl, useBrowser, userIdFor, expectNoSidewaysScroll } from '../support/browser.ts';
import { pointDataLayerAtE2eStack } from '../support/e2e-data.ts';

const browser = useBrowser();
const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 800 };
/** Boston's main ZIP code, one of the seeded catalogue's places. */
const BOSTON_ZIP = '02108';

const cards = (page: Page) => page.locator('.event-list article');

/** Waits for the list (or its empty or error panel) and returns the cards' distances and dates, in order. */
async function listed(page: Page): Promise<{ miles: number[]; dates: string[] }> {
  await page.locator('.event-list article, .event-results .state-panel:not([role="status"])').first().waitFor();
  const miles = (await cards(page).locator('.event-card__meta').allTextContents()).map((text) => Number(/([\d.]+) mi away/.exec(text)?.[1] ?? Number.NaN));
  const dates = await cards(page).locator('time').evaluateAll((times) => times.map((time) => time.getAttribute('datetime') ?? ''));
  return { miles, dates };
}

async function phoneChecks(page: Page, name: string) {
  await page.setViewportSize(PHONE);
  await expectNoSeriousA11yViolations(page);
  await expectNoSidewaysScroll(page, PHONE.width);
  await screenshot(page, `${name}-phone.jpg`, { fullPage: true });
  // The first screen as a phone shows it (a full page of cards is too tall to look at).
  await page.evaluate(() => window.scrollTo(0, 0));
  await screenshot(page, `${name}-phone-top.jpg`);
  await page.setViewportSize(DESKTOP);
}

describe('races near me', () => {
  it('finds races near a ZIP code on /local with their distance, by date, and widens the radius', async () => {
    const { context, page } = await newPage(browser());
    try {
      await page.goto(stackUrl('/local'));
      await page.getByRole('heading', { level: 1, name: 'Races Near You' }).waitFor();
      await page.getByText('Where are you racing?').waitFor();
      await expectNoSeriousA11yViolations(page);

      // A city without its state is refused under the field, with what was typed kept.
      await page.getByLabel('ZIP code or city').fill('Boston');
      await page.getByRole('button', { name: 'Find races' }).click();
      await page.getByText('Choose the state the city is in, or type it after a comma (Boulder, CO).').waitFor();
      await expect.poll(() => page.getByLabel('ZIP code or city').inputValue()).toBe('Boston');

      await page.getByLabel('ZIP code or city').fill(BOSTON_ZIP);
      await page.getByRole('button', { name: 'Find races' }).click();
      await page.waitForURL(/\/local\?near=02108&radius=25$/);
      const near = await listed(page);
      expect(near.miles.length).toBeGreaterThan(0);
      for (const miles of near.miles) expect(miles).toBeLessThanOrEqual(25);
      expect(near.dates).toEqual([...near.dates].sort());
      await page.getByText('Within 25 miles of').getByText('Boston, MA 02108').waitFor();
      await expectNoSeriousA11yViolations(page);
      await screenshot(page, 'near-me-local-desktop.jpg', { fullPage: true });

      // A wider radius searches at once and finds at least as many.
      await page.getByLabel('Within').selectOption('100');
      await page.waitForURL(/radius=100$/);
      await page.getByText('Within 100 miles of').waitFor();
      const wider = await listed(page);
      expect(wider.miles.length).toBeGreaterThanOrEqual(near.miles.length);
      expect(Math.max(...wider.miles)).toBeLessThanOrEqual(100);
      expect(wider.dates).toEqual([...wider.dates].sort());
      await phoneChecks(page, 'near-me-local');

      // An unknown ZIP code says so.
      await page.goto(stackUrl('/local?near=00000'));
      await page.getByText(/We could not find the ZIP code 00000/).waitFor();
    } finally {
      await context.close();
    }
  });

  it('uses the browser location when allowed, and says what to do when it is blocked', async () => {
    // Allowed: Boston Common.
    const allowed = await browser().newContext({ viewport: DESKTOP, geolocation: { latitude: 42.355, longitude: -71.0656 }, permissions: ['geolocation'] });
    try {
      const page = await allowed.newPage();
      await page.goto(stackUrl('/local'));
      await page.getByRole('button', { name: 'Use my location' }).click();
      // The position is kept to two decimals (about a kilometre), no more.
      await page.waitForURL(/near=42\.3\d%2C-71\.07&radius=25$/);
      await page.getByText('Within 25 miles of').getByText('your location').waitFor();
      const found = await listed(page);
      expect(found.miles.length).toBeGreaterThan(0);
      for (const miles of found.miles) expect(miles).toBeLessThanOrEqual(25);
      await page.getByText('Searching near your location.').waitFor();
    } finally {
      await allowed.close();
    }
    const blocked = await browser().newContext({ viewport: DESKTOP });
    try {
      const page = await blocked.newPage();
      await page.goto(stackUrl('/local'));
      await page.getByRole('button', { name: 'Use my location' }).click();
      await page.getByText('Location access is off for this site. Allow it in your browser’s settings, or enter a ZIP code or city.').waitFor();
      await expectNoSeriousA11yViolations(page);
      await screenshot(page, 'near-me-location-blocked-desktop.jpg');
    } finally {
      await blocked.close();
    }
  });

  it("adds 'Near me' to the /events filters, with a chip, combined with the state filter", async () => {
    const { context, page } = await newPage(browser());
    try {
      await page.goto(stackUrl('/events'));
      await listed(page);
      await page.getByRole('button', { name: 'Near me' }).click();
      const panel = page.getByRole('dialog', { name: 'Near me' });
      await panel.getByLabel('ZIP code or city').fill('Boston');
      await panel.getByLabel('State (for a city)').selectOption('MA');
      await panel.getByLabel('Within').selectOption('50');
      await expectNoSeriousA11yViolations(page);
      await screenshot(page, 'near-me-events-panel-desktop.jpg');
      await panel.getByRole('button', { name: 'Show races near here' }).click();
      await page.waitForURL(/near=Boston%2C\+MA&radius=50/);
      const chips = page.getByRole('group', { name: 'Active filters' });
      await chips.getByText('Near: Boston, MA (50 mi)').waitFor();
      const boston = await listed(page);
      expect(boston.miles.length).toBeGreaterThan(0);
      for (const miles of boston.miles) expect(miles).toBeLessThanOrEqual(50);

      // Combined with a state: only that state's races near Boston (Rhode Island is within 50 miles).
      await page.getByRole('combobox', { name: 'State' }).selectOption('MA');
      await page.waitForURL(/state=MA/);
      await listed(page);
      // The list shows the new answer once it arrives (the URL changes first): every card in Massachusetts.
      const placesShown = () => cards(page).locator('.event-card__meta').allTextContents();
      await expect.poll(async () => (await placesShown()).length).toBeGreaterThan(0);
      await expect.poll(async () => (await placesShown()).filter((place) => !/, MA · [\d.]+ mi away/.test(place))).toEqual([]);
      await expectNoSeriousA11yViolations(page);
      await screenshot(page, 'near-me-events-desktop.jpg', { fullPage: true });
      await phoneChecks(page, 'near-me-events');

      // Removing the chip ends the radius search.
      await chips.getByRole('button', { name: 'Remove filter Near: Boston, MA (50 mi)' }).click();
      await page.waitForURL((url) => !url.search.includes('near='));
      await listed(page);
      // The URL changes first: the radius answer's cards may show a moment longer, until the plain answer arrives.
      await expect.poll(() => page.getByText(/mi away/).count()).toBe(0);
    } finally {
      await context.close();
    }
  });
});

describe('the home page races', () => {
  it('shows a visitor real featured and upcoming races below the hero', async () => {
    const { context, page } = await newPage(browser());
    try {
      await page.goto(stackUrl('/'));
      const featured = page.getByRole('region', { name: 'Featured races' });
      const upcoming = page.getByRole('region', { name: 'Upcoming races' });
      await featured.locator('article').first().waitFor();
      await upcoming.locator('article').first().waitFor();
      // The cards are the API's: every title links to its event page.
      const expected = await page.evaluate(async () => (await (await fetch('/api/home-feed')).json()) as { upcoming: { title: string }[] });
      const titles = await upcoming.locator('article h3').allTextContents();
      expect(titles).toEqual(expected.upcoming.map((event) => event.title));
      await expectNoSeriousA11yViolations(page);
      await screenshot(page, 'home-races-visitor-desktop.jpg', { fullPage: true });
      await phoneChecks(page, 'home-races-visitor');
    } finally {
      await context.close();
    }
  });

  it("leads a signed-in athlete's home with their next saved race, then races near their location", async () => {
    const { context, page } = await newPage(browser());
    try {
      const email = `near-athlete-${Date.now()}@racefinder.test`;
      await signUpThroughForm(page, email, { firstName: 'Ada', lastName: 'Okafor' });
      // No screen sets a profile location yet: the data layer does, as a profile edit would.
      pointDataLayerAtE2eStack();
      const { updateProfile } = await import('#data/profile');
      await updateProfile(await userIdFor(email), { location: 'Boston, MA' });

      await page.goto(stackUrl('/'));
      const lead = page.getByRole('region', { name: 'Your next race' });
      await lead.getByText('No upcoming race saved yet. Save one and its countdown shows here.').waitFor();
      const near = page.getByRole('region', { name: 'Races near Boston, MA' });
      await near.locator('article').first().waitFor();
      const firstNear = near.locator('article').first();
      const title = (await firstNear.locator('h3').textContent())!;
      await expect.poll(() => firstNear.getByText(/mi away/).count()).toBe(1);

      // Saving that race makes it the next race, with its countdown.
      await firstNear.getByRole('button', { name: `Save ${title}` }).click();
      await page.getByRole('status').getByText('Event saved!').waitFor();
      await page.reload();
      await lead.getByRole('link', { name: title }).waitFor();
      await lead.getByText(/^(Today|Tomorrow|In \d+ days)$/).waitFor();
      // An account made minutes ago is welcomed, not welcomed back.
      await expect.poll(() => lead.getByText('Welcome, Ada').count()).toBe(1);
      // The page leads with it; the organizer invitation comes after the races.
      const headings = await page.locator('main h2').allTextContents();
      expect(headings[0]).toBe('Your next race');
      expect(headings.indexOf('Races near Boston, MA')).toBe(1);
      expect(headings.at(-1)).toBe('Become an Event Organizer');
      await expectNoSeriousA11yViolations(page);
      await screenshot(page, 'home-races-athlete-desktop.jpg', { fullPage: true });
      await phoneChecks(page, 'home-races-athlete');
    } finally {
      await context.close();
    }
  });
});
