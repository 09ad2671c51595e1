/**
 * Issue 11's community in Chromium against the local stack: an athlete writes the recap of a past race they
 * saved (refused while too short, previewed, published) and lands on its page; it shows on /community beside
 * the race's reviews; an admin features it on /admin/reviews and it shows on /athlete-spotlights; the
 * leaderboard ranks the race and its reviewer; an admin hides a reported review and it leaves the feed. axe and
 * screenshots at desktop and phone widths, no horizontal scroll on phones.
 *
 * The past race, its reviews, a helpful vote and a report are written through the data layer: no screen
 * creates a race in the past, and the review screens are tested on their own.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { addDays, todayInNewYork } from '#shared/dates';
import { CLOUDSCAPE_MOBILE_NAV, expectNoSeriousA11yViolations, newPage, screenshot, signIn, signUpThroughForm, stackUrl, useBrowser, userIdFor, expectNoSidewaysScroll } from '../support/browser.ts';
import { pointDataLayerAtE2eStack } from '../support/e2e-data.ts';
import { testRaceEvent } from '../support/race-event.ts';

const browser = useBrowser();
const PHONE = { width: 390, height: 844 };

const STORY = [
  'The gun went off in a cold drizzle and I held back through the first mile, letting the crowd thin out along the river path.',
  'By the halfway bridge I had found a rhythm with two runners from a local club. We traded the lead into the wind and I stayed patient until the last climb, then let it go.',
  'Finished two minutes under my goal. The aid stations were well stocked and the volunteers cheered every single runner home.',
].join('\n\n');

async function phoneCheck(page: Page, name: string, known = [] as Parameters<typeof expectNoSeriousA11yViolations>[1]) {
  await page.setViewportSize(PHONE);
  await expectNoSeriousA11yViolations(page, known);
  await expectNoSidewaysScroll(page, PHONE.width);
  await screenshot(page, `${name}-phone.jpg`, { fullPage: true });
  await page.setViewportSize({ width: 1280, height: 800 });
}

describe('the community', () => {
  it('recaps a past saved race, features it, ranks it and moderates a reported review', async () => {
    const athlete = await newPage(browser());
    const admin = await newPage(browser());
    try {
      const { page } = athlete;
      const email = `recapper-${Date.now()}@racefinder.test`;
      await signUpThroughForm(page, email);
      const sub = await userIdFor(email);

      pointDataLayerAtE2eStack();
      const { createEvent } = await import('#data/event');
      const { saveEvent } = await import('#data/saved-event');
      const { createReview, reportReview, setHelpful } = await import('#data/review');
      const today = todayInNewYork();
      const race = await createEvent(testRaceEvent({ title: `Riverside Half ${Date.now().toString(36)}`, eventDate: addDays(today, -9), city: 'Hartford', state: 'CT', distances: ['10K', 'Half Marathon'] }));
      await saveEvent(sub, race.id, () => new Date(`${addDays(today, -60)}T15:00:00Z`));
      // The race's reviews: the athlete's own, two others, and one spam review another athlete reports.
      const own = await createReview(sub, race.id, { overall: 5, text: 'Flat, fast and friendly. Would run it again.' });
      await createReview(`e2e-reviewer-a-${Date.now()}`, race.id, { overall: 4, text: 'Good course, a little crowded at the start.' });
      await createReview(`e2e-reviewer-b-${Date.now()}`, race.id, { overall: 5, text: 'Best aid stations in the state.' });
      const spam = await createReview(`e2e-spammer-${Date.now()}`, race.id, { overall: 1, text: 'Cheap watches at my site, click now!!' });
      await setHelpful(`e2e-voter-${Date.now()}`, race.id, own.id, true);
      await reportReview(`e2e-reporter-${Date.now()}`, race.id, spam.id, { reason: 'spam' });

      // Write the recap: the past saved race is offered; too short a story is refused with nothing lost.
      await page.goto(stackUrl('/submit-race-recap'));
      await page.getByRole('heading', { level: 1, name: 'Submit a Race Recap' }).waitFor();
      await page.getByRole('radio', { name: new RegExp(race.title) }).check();
      await page.waitForURL(/event=/);
      const form = page.getByRole('form', { name: new RegExp(`Write about ${race.title}`) });
      await form.getByLabel('Title').fill('Negative splits on the river');
      await form.getByLabel('Distance you ran (optional)').selectOption('Half Marathon');
      await form.getByLabel('Your story').fill('Too short for a story.');
      await form.getByText(/22 \/ 20,000 characters · at least 178 more to go/).waitFor();
      await form.getByRole('button', { name: 'Publish Recap' }).click();
      await form.getByText('Tell a little more: a recap needs at least 200 characters').waitFor();
      await expect.poll(() => form.getByLabel('Title').inputValue()).toBe('Negative splits on the river');
      await form.getByLabel('Your story').fill(STORY);
      await expect.poll(() => form.getByText('Tell a little more: a recap needs at least 200 characters').count()).toBe(0);
      await form.getByText(`${STORY.length} / 20,000 characters`, { exact: false }).waitFor();
      await expectNoSeriousA11yViolations(page);
      await screenshot(page, 'recap-form-desktop.jpg', { fullPage: true });
      await form.getByRole('tab', { name: 'Preview' }).click();
      const preview = form.locator('.recap-preview');
      await preview.getByText('Negative splits on the river').waitFor();
      await expect.poll(() => preview.locator('.recap-text p').count()).toBe(3);
      await phoneCheck(page, 'recap-form');
      await form.getByRole('button', { name: 'Publish Recap' }).click();

      // Its page: the story in paragraphs, the race, the author's first name and initial.
      await page.waitForURL(/\/recaps\/[0-9A-Z]{26}$/);
      const recapPath = new URL(page.url()).pathname;
      await page.getByRole('heading', { level: 1, name: 'Negative splits on the river' }).waitFor();
      await page.getByText(/By Rosa D\. · Half Marathon/).waitFor();
      const article = page.getByRole('article', { name: 'Negative splits on the river' });
      await expect.poll(() => article.locator('.recap-text p').count()).toBe(3);
      await expect.poll(() => article.getByRole('link', { name: race.title }).getAttribute('href')).toBe(`/events/${race.id}`);
      await article.getByRole('link', { name: 'Edit Recap' }).waitFor();
      await expectNoSeriousA11yViolations(page);
      await screenshot(page, 'recap-page-desktop.jpg', { fullPage: true });
      await phoneCheck(page, 'recap-page');

      // The feed: the recap and the race's reviews, newest first; by state.
      await page.goto(stackUrl('/community?state=CT'));
      const feed = page.getByRole('list', { name: 'Reviews and recaps in Connecticut' });
      await feed.getByRole('link', { name: 'Negative splits on the river' }).waitFor();
      await feed.getByText('Cheap watches at my site, click now!!').waitFor();
      await feed.getByRole('img', { name: '4 out of 5 stars' }).waitFor();
      await expect.poll(() => feed.getByRole('listitem').first().getByText('Race recap').count()).toBe(1);
      await expectNoSeriousA11yViolations(page);
      await screenshot(page, 'community-desktop.jpg', { fullPage: true });
      await phoneCheck(page, 'community');

      // An admin features the recap; it shows on the athlete spotlights.
      await signIn(admin.page, 'Admin');
      await admin.page.goto(stackUrl('/admin/reviews?view=recaps'));
      const recaps = admin.page.getByRole('table', { name: 'Race recaps' });
      await recaps.getByText('Negative splits on the river').waitFor();
      await admin.page.getByRole('button', { name: 'Feature the recap Negative splits on the river' }).click();
      await admin.page.getByText('Recap featured', { exact: true }).waitFor();
      await recaps.getByText('Featured', { exact: true }).waitFor();
      await recaps.getByRole('button', { name: 'Unfeature the recap Negative splits on the river' }).waitFor();
      await expectNoSeriousA11yViolations(admin.page, [CLOUDSCAPE_MOBILE_NAV]);
      await screenshot(admin.page, 'admin-recaps-desktop.jpg', { fullPage: true });

      await page.goto(stackUrl('/athlete-spotlights'));
      const spotlights = page.getByRole('list', { name: 'Featured recaps' });
      await spotlights.getByRole('link', { name: 'Negative splits on the river', exact: true }).waitFor();
      await expect.poll(() => spotlights.getByRole('link', { name: 'Read the recap: Negative splits on the river' }).getAttribute('href')).toBe(recapPath);
      await expectNoSeriousA11yViolations(page);
      await screenshot(page, 'athlete-spotlights-desktop.jpg', { fullPage: true });
      await phoneCheck(page, 'athlete-spotlights');

      // The leaderboard: the race among the most reviewed and the best rated, its helpful reviewer by name.
      await page.goto(stackUrl('/leaderboard'));
      const mostReviewed = page.getByRole('region', { name: 'Most Reviewed Races' });
      await mostReviewed.getByRole('link', { name: race.title }).waitFor();
      await mostReviewed.getByText('4 reviews').first().waitFor();
      await page.getByRole('region', { name: 'Top Rated Races' }).getByRole('link', { name: race.title }).waitFor();
      await page.getByRole('region', { name: 'Most Helpful Reviewers' }).getByText('Rosa D.').waitFor();
      await expectNoSeriousA11yViolations(page);
      await screenshot(page, 'leaderboard-desktop.jpg', { fullPage: true });
      await phoneCheck(page, 'leaderboard');

      // An admin hides the reported review: confirmed, with a note; the queue empties and the feed drops it.
      await admin.page.goto(stackUrl('/admin/reviews'));
      const queue = admin.page.getByRole('table', { name: 'Reported reviews' });
      await queue.getByText('Cheap watches at my site, click now!!').waitFor();
      await queue.getByText('Spam: 1').waitFor();
      await expectNoSeriousA11yViolations(admin.page, [CLOUDSCAPE_MOBILE_NAV]);
      await screenshot(admin.page, 'admin-reported-reviews-desktop.jpg', { fullPage: true });
      await admin.page.getByRole('button', { name: /^Hide the review of .* by Runner$/ }).click();
      const confirm = admin.page.getByRole('dialog');
      await confirm.getByText(/will be hidden/).waitFor();
      await confirm.getByLabel('Notes for the record').fill('Advertising');
      await screenshot(admin.page, 'admin-hide-review-desktop.jpg');
      await confirm.getByRole('button', { name: 'Hide', exact: true }).click();
      await admin.page.getByText('Review hidden', { exact: true }).waitFor();
      await admin.page.getByText('No reported reviews').waitFor();
      await phoneCheck(admin.page, 'admin-reported-reviews', [CLOUDSCAPE_MOBILE_NAV]);

      // A visitor's feed (a browser that has not cached the public feed for its minute) no longer has it.
      const visitor = await newPage(browser());
      try {
        await visitor.page.goto(stackUrl('/community?state=CT'));
        const visitorFeed = visitor.page.getByRole('list', { name: 'Reviews and recaps in Connecticut' });
        await visitorFeed.getByRole('link', { name: 'Negative splits on the river' }).waitFor();
        await expect.poll(() => visitorFeed.getByText('Cheap watches at my site, click now!!').count()).toBe(0);
        await expect.poll(() => visitorFeed.getByRole('listitem').count()).toBe(4);
      } finally {
        await visitor.context.close();
      }
    } finally {
      await athlete.context.close();
      await admin.context.close();
    }
  });
});
