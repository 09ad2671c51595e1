/**
 * "Train for this race" (issue 25) in headless Chromium against the local stack: a new athlete opens a race's
 * page, makes a plan for one of its distances (the one no plan is made for is named, not offered), lands on the
 * plan's page, follows its link back to the race, which now shows "Your plan for this race"; the race moves, and
 * the plan's page says so and regenerates the plan for the new date after a confirmation. axe, and screenshots
 * at desktop and phone widths.
 */
import { describe, expect, it } from 'vitest';
import { addDays, todayInNewYork } from '#shared/dates';
import { formatLongDate } from '#shared/date-format';
import { expectNoSeriousA11yViolations, expectNoSidewaysScroll, newPage, screenshot, signUpThroughForm, stackUrl, useBrowser } from '../support/browser.ts';
import { pointDataLayerAtE2eStack } from '../support/e2e-data.ts';
import { testRaceEvent } from '../support/race-event.ts';

const browser = useBrowser();
const PHONE = { width: 390, height: 844 };

describe('train for this race', () => {
  it('makes a plan from the race page, links the plan and the race both ways, and follows the race when it moves', async () => {
    // The race is written through the data layer: ten weeks out, with a distance no plan is made for.
    pointDataLayerAtE2eStack();
    const { createEvent, updateEvent } = await import('#data/event');
    const today = todayInNewYork();
    const race = await createEvent(
      testRaceEvent({ title: `Lakeside Run ${Date.now()}`, eventDate: addDays(today, 70), distances: ['5K', 'Half Marathon', '100 Miles'] }),
    );

    const { context, page } = await newPage(browser());
    try {
      await signUpThroughForm(page, `race-plan-${Date.now()}@racefinder.test`);
      await page.goto(stackUrl(`/events/${race.id}`));
      const section = page.getByRole('region', { name: 'Train for this race' });
      await section.getByRole('button', { name: 'Train for this race' }).click();
      // A new athlete chooses their units first, in place.
      await section.getByRole('button', { name: 'Kilometres', exact: true }).click();
      const form = section.getByRole('form', { name: 'Create a training plan for this race' });
      await form.getByText(formatLongDate(race.eventDate)).waitFor();
      const distance = form.getByLabel('Race distance');
      await expect.poll(() => distance.locator('option').allTextContents()).toEqual(['Choose…', '5K', 'Half Marathon']);
      await form.getByText('No plan is made for the 100 Miles').waitFor();
      await expectNoSeriousA11yViolations(page);

      await distance.selectOption('Half Marathon');
      await form.getByLabel('Your level').selectOption('intermediate');
      await form.getByRole('button', { name: 'Create Plan' }).click();
      await page.waitForURL(/\/training\/plans\/[0-9A-HJKMNP-TV-Z]{26}$/);
      const planPath = new URL(page.url()).pathname;
      const name = `${race.title} · Half Marathon`;
      await page.getByRole('heading', { level: 1, name }).waitFor();
      await page.getByText(`to race day, ${formatLongDate(race.eventDate)}.`).waitFor();
      await expectNoSeriousA11yViolations(page);
      await screenshot(page, 'race-plan-page-desktop.jpg');

      // The plan links to the race, and the race to the plan.
      await page.getByRole('link', { name: race.title }).click();
      await page.waitForURL(stackUrl(`/events/${race.id}`));
      const yours = page.getByRole('region', { name: 'Your plan for this race' });
      await yours.getByText(`Half Marathon · builds up to`).waitFor();
      await page.setViewportSize(PHONE);
      await expectNoSidewaysScroll(page, PHONE.width);
      await screenshot(yours, 'race-plan-race-page-phone.jpg');
      await yours.getByRole('link', { name }).click();
      await page.waitForURL(stackUrl(planPath));

      // The race moves two weeks later: the plan's page says so and, once confirmed, follows it.
      const newDate = addDays(race.eventDate, 14);
      await updateEvent(race.id, { eventDate: newDate, status: 'rescheduled' });
      await page.reload();
      await page.getByText(`The race moved from ${formatLongDate(race.eventDate)} to ${formatLongDate(newDate)}`).waitFor();
      await expectNoSidewaysScroll(page, PHONE.width);
      await screenshot(page, 'race-plan-moved-phone.jpg');
      await page.getByRole('button', { name: /^Regenerate for / }).click();
      const dialog = page.getByRole('dialog', { name: 'Regenerate the plan for the new date?' });
      await dialog.getByRole('button', { name: 'Regenerate plan' }).click();
      await page.getByText('Plan Regenerated', { exact: true }).waitFor();
      await page.getByText(`to race day, ${formatLongDate(newDate)}.`).waitFor();
      await expect.poll(() => page.getByText('The race moved from').count()).toBe(0);
    } finally {
      await context.close();
    }
  });
});
