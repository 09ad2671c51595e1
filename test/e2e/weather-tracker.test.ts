/**
 * /weather-tracker in headless Chromium against the local stack and its National Weather Service stand-in: a
 * new athlete has no saved races (a way to /events); saves a race two days out (the stand-in's hot, humid day)
 * from its page and keeps one a month out; the tracker shows race day's forecast in °F and °C with extreme heat
 * advice, and when the later race's forecast comes. axe and screenshots at desktop and phone widths.
 */
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { addDays, todayInNewYork } from '#shared/dates';
import { testRaceEvent } from '../support/race-event.ts';
import { expectNoSeriousA11yViolations, newPage, screenshot, signUpThroughForm, stackUrl, useBrowser, userIdFor, expectNoSidewaysScroll } from '../support/browser.ts';
import { pointDataLayerAtE2eStack } from '../support/e2e-data.ts';

const browser = useBrowser();
const PHONE = { width: 390, height: 844 };

describe('weather tracker', () => {
  it('shows the race-day forecast and heat advice of a saved race two days out, and when a later one’s comes', async () => {
    const today = todayInNewYork();
    const marker = randomUUID().slice(0, 8);
    pointDataLayerAtE2eStack();
    const { createEvent } = await import('#data/event');
    const { saveEvent } = await import('#data/saved-event');
    const hot = await createEvent(
      testRaceEvent({ title: `Savannah Sunrise Half ${marker}`, eventDate: addDays(today, 2), city: 'Savannah', state: 'GA', locationName: 'Forsyth Park', latitude: 32.0713, longitude: -81.0958, distances: ['Half Marathon', '10K'] }),
    );
    const later = await createEvent(
      testRaceEvent({ title: `Boulder Fall 10K ${marker}`, eventDate: addDays(today, 30), city: 'Boulder', state: 'CO', locationName: 'Boulder Reservoir', latitude: 40.0765, longitude: -105.2187, distances: ['10K'] }),
    );

    const { context, page } = await newPage(browser());
    try {
      const email = `forecaster-${Date.now()}@racefinder.test`;
      await signUpThroughForm(page, email);
      await page.goto(stackUrl('/weather-tracker'));
      await page.getByRole('heading', { level: 1, name: 'Weather Tracker' }).waitFor();
      await page.getByRole('heading', { level: 2, name: 'No upcoming saved races' }).waitFor();
      await expect.poll(() => page.getByRole('main').getByRole('link', { name: /Browse events/ }).getAttribute('href')).toBe('/events');
      await expectNoSeriousA11yViolations(page);

      // Saved as an athlete saves it, from the race's page; the later one through the data layer.
      await page.goto(stackUrl(`/events/${hot.id}`));
      // The server's markup (a visitor's header, and a Save button with no app behind it yet) shows first; the app
      // has taken the page over for this athlete once the header is theirs. A click before that is lost.
      await page.getByRole('button', { name: /^Account menu/ }).waitFor();
      await page.getByRole('button', { name: `Save ${hot.title}` }).click();
      await page.getByText('Event saved!').waitFor();
      await saveEvent(await userIdFor(email), later.id);

      await page.goto(stackUrl('/weather-tracker'));
      const hotCard = page.getByRole('article', { name: hot.title });
      await hotCard.waitFor();
      await hotCard.getByText('In 2 days').waitFor();
      const periods = hotCard.getByRole('list', { name: 'Race-day forecast' });
      await periods.getByText('96°F', { exact: true }).waitFor();
      await periods.getByText('36°C', { exact: true }).waitFor();
      await periods.getByText('Mostly Sunny', { exact: true }).waitFor();
      const advice = hotCard.getByRole('region', { name: 'Extreme heat risk' });
      await advice.getByText(/^Feels like 1\d\d°F \(\d\d°C\) at /).waitFor();
      await advice.getByText('Goal pace: more than 10% slower').waitFor();
      await advice.getByText(/Start as early as you can/).waitFor();
      await hotCard.getByText(/Forecast by the US National Weather Service, updated /).waitFor();
      const laterCard = page.getByRole('article', { name: later.title });
      await laterCard.getByText(/^Forecast available from /).waitFor();
      // Soonest first.
      const titles = await page.getByRole('list', { name: 'Your upcoming races' }).getByRole('heading', { level: 3 }).allTextContents();
      expect(titles).toEqual([hot.title, later.title]);

      await expectNoSeriousA11yViolations(page);
      await screenshot(page, 'weather-tracker-desktop.jpg', { fullPage: true });

      await page.setViewportSize(PHONE);
      await page.reload();
      await page.getByRole('region', { name: 'Extreme heat risk' }).waitFor();
      await expectNoSeriousA11yViolations(page);
      await expectNoSidewaysScroll(page, PHONE.width);
      await screenshot(page, 'weather-tracker-phone.jpg', { fullPage: true });
    } finally {
      await context.close();
    }
  });
});
