/**
 * Reviews in headless Chromium: an athlete reviews a past race they saved before race day (from the
 * dashboard's Completed tab), sees the race's figures on its page and the rating on its card, finds the review
 * on /reviews; a visitor is asked to sign in to write one. axe and screenshots at desktop and phone widths.
 */
import { describe, expect, it } from 'vitest';
import { addDays, todayInNewYork } from '#shared/dates';
import { expectNoSeriousA11yViolations, newPage, screenshot, signUpThroughForm, stackUrl, useBrowser, userIdFor, expectNoSidewaysScroll } from '../support/browser.ts';
import { pointDataLayerAtE2eStack } from '../support/e2e-data.ts';
import { testRaceEvent } from '../support/race-event.ts';

const browser = useBrowser();
const PHONE = { width: 390, height: 844 };

describe('race reviews', () => {
  it('reviews a past saved race from the dashboard and sees the figures on its page, its card and /reviews', async () => {
    const { context, page } = await newPage(browser());
    try {
      const email = `reviewer-${Date.now()}@racefinder.test`;
      await signUpThroughForm(page, email, { firstName: 'Ana', lastName: 'Lopez' });
      // A race run ten days ago, saved a month before: no screen can make the past, so the data layer does.
      pointDataLayerAtE2eStack();
      const [{ createEvent }, { saveEvent }] = await Promise.all([import('#data/event'), import('#data/saved-event')]);
      const today = todayInNewYork();
      const race = await createEvent(
        testRaceEvent({ title: `Harbor Lights Half ${Date.now()}`, eventDate: addDays(today, -10), state: 'ME', city: 'Portland', distances: ['Half Marathon', '5K'] }),
      );
      await saveEvent(await userIdFor(email), race.id, () => new Date(`${addDays(today, -40)}T15:00:00Z`));

      await page.goto(stackUrl('/dashboard?tab=completed'));
      await page.getByRole('link', { name: new RegExp(`^Write Review\\s*of ${race.title}$`) }).click();
      const form = page.getByRole('form', { name: 'Write a review' });
      await form.waitFor();
      // Nothing chosen and too few words: both fields say so, and what was typed stays.
      await form.getByLabel('Your review').fill('Windy.');
      await form.getByRole('button', { name: 'Post review' }).click();
      await form.getByText('Your overall rating must be 1 to 5 stars').waitFor();
      await form.getByText(/at least 10 characters/).waitFor();
      await expect.poll(() => form.getByLabel('Your review').inputValue()).toBe('Windy.');

      // A runner clicks the fourth star (the radio inside it is for keyboards and screen readers).
      await form.getByRole('group', { name: 'Overall rating' }).locator('label', { hasText: '4 stars' }).click();
      await form.getByLabel('Your review').fill('Windy along the water, but the crowds at mile 10 carried me home.');
      await form.getByText('Rate the details (optional)').click();
      await form.getByRole('group', { name: /^Course/ }).locator('label', { hasText: '5 stars' }).click();
      await form.getByLabel('Distance you ran (optional)').selectOption('Half Marathon');
      await screenshot(page, 'review-form-desktop.jpg', { fullPage: true });
      await form.getByRole('button', { name: 'Post review' }).click();
      await page.getByText('Thanks for your review!', { exact: true }).waitFor();

      const reviews = page.getByRole('region', { name: 'Reviews' });
      await reviews.getByText('Your review').waitFor();
      await reviews.getByText('Planned it ahead').waitFor();
      await reviews.getByText('Ran the Half Marathon').waitFor();
      await expect.poll(() => reviews.locator('.review-figures__average').textContent()).toBe('4.0');
      await page.getByRole('link', { name: /4\.0 · 1 review/ }).waitFor();
      await expectNoSeriousA11yViolations(page);
      await screenshot(page, 'event-reviews-desktop.jpg', { fullPage: true });

      // The card on the dashboard carries the rating.
      await page.goto(stackUrl('/dashboard?tab=completed'));
      await page.getByRole('list', { name: 'Completed races' }).locator('.event-card__rating', { hasText: '★ 4.0 out of 5 (1 review)' }).waitFor();

      // /reviews lists it, and the state filter keeps it.
      await page.goto(stackUrl('/reviews?state=ME'));
      const list = page.getByRole('list', { name: 'Recent reviews' });
      await list.getByRole('link', { name: race.title }).waitFor();
      await list.getByText('Ana L.').first().waitFor();
      await expectNoSeriousA11yViolations(page);
      await screenshot(page, 'reviews-page-desktop.jpg', { fullPage: true });
      await page.setViewportSize(PHONE);
      await expectNoSeriousA11yViolations(page);
      await expectNoSidewaysScroll(page, PHONE.width);
      await screenshot(page, 'reviews-page-phone.jpg', { fullPage: true });
      await page.goto(stackUrl(`/events/${race.id}`));
      await page.getByRole('region', { name: 'Reviews' }).getByText('Your review').waitFor();
      await expectNoSeriousA11yViolations(page);
      await expectNoSidewaysScroll(page, PHONE.width);
      await screenshot(page.getByRole('region', { name: 'Reviews' }), 'event-reviews-phone.jpg');

      // A visitor reads the review and is asked to sign in to write one.
      const visitor = await newPage(browser());
      try {
        await visitor.page.goto(stackUrl(`/events/${race.id}`));
        const section = visitor.page.getByRole('region', { name: 'Reviews' });
        await section.getByText('Windy along the water', { exact: false }).waitFor();
        await expect.poll(() => section.getByRole('link', { name: 'Sign in to write a review' }).getAttribute('href')).toContain('/auth?returnTo=');
      } finally {
        await visitor.context.close();
      }
    } finally {
      await context.close();
    }
  });
});
