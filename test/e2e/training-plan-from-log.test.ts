/**
 * Issue 21 in headless Chromium against the local stack: a miles athlete with three weeks of logged runs (3.1, 4
 * and 6.2 mi at 9-10 min/mi) opens the plan form, sees what their log gives the plan in miles, is refused an
 * 8-week marathon with the log's figures named (and keeps what they typed), then gets a 12-week beginner half
 * in miles with paces from the log. axe and screenshots at desktop and phone widths.
 */
import { describe, expect, it } from 'vitest';
import { addDays, todayInNewYork } from '#shared/dates';
import { milesToKm } from '#shared/units';
import { expectNoSeriousA11yViolations, newPage, screenshot, signUpThroughForm, stackUrl, useBrowser, userIdFor, expectNoSidewaysScroll } from '../support/browser.ts';
import { pointDataLayerAtE2eStack } from '../support/e2e-data.ts';

const browser = useBrowser();
const DESKTOP = { width: 1280, height: 800 };
const PHONE = { width: 390, height: 844 };

/** Tuesday-ish 3.1 mi, Thursday-ish 4 mi, weekend 6.2 mi, for three weeks up to three days ago. */
const RUNS: readonly [day: number, miles: number, minutes: number][] = [
  [-20, 3.1, 29],
  [-18, 4, 39],
  [-15, 6.2, 61],
  [-13, 3.1, 28],
  [-11, 4, 38],
  [-8, 6.2, 60],
  [-6, 3.1, 28],
  [-4, 4, 39],
  [-1, 6.2, 60],
];

describe('a plan from the log', () => {
  it('gives a miles athlete a 12-week beginner half in miles, with paces from their log', async () => {
    const { context, page } = await newPage(browser());
    try {
      const email = `log-planner-${Date.now()}@racefinder.test`;
      await signUpThroughForm(page, email);
      await page.setViewportSize(DESKTOP);
      // Three weeks of runs dated in the past, which the journal's dialog would take nine round trips to type.
      pointDataLayerAtE2eStack();
      const { createTrainingLog } = await import('#data/training-log');
      const sub = await userIdFor(email);
      const today = todayInNewYork();
      for (const [day, miles, minutes] of RUNS) {
        await createTrainingLog(sub, { activityType: 'running', distanceKm: Math.round(milesToKm(miles) * 1000) / 1000, durationMinutes: minutes, logDate: addDays(today, day) });
      }

      await page.goto(stackUrl('/training'));
      await page.getByRole('button', { name: 'Miles', exact: true }).click();
      await page.getByRole('heading', { level: 2, name: 'Training plans' }).waitFor();
      await page.getByRole('button', { name: 'Create Custom Plan' }).click();
      const form = page.getByRole('form', { name: 'Create a training plan' });

      // The form says what the log gives the plan, in miles.
      const fromLog = form.getByLabel('From your training log');
      await fromLog.getByText(/From your log: 9 runs in the last 3 weeks/).waitFor();
      await fromLog.getByText(/About \d+(\.\d)? mi a week/).waitFor();
      await fromLog.getByText('6.2 mi', { exact: true }).waitFor();
      await expect.poll(() => fromLog.textContent()).not.toMatch(/\bkm\b/);

      // A beginner marathon in 8 weeks is refused, naming the log's figures in miles; nothing typed is lost.
      await form.getByLabel('Race distance').selectOption('marathon');
      await form.getByLabel('Your level').selectOption('beginner');
      await form.getByLabel('Plan length').selectOption('8');
      await form.getByLabel('Recent race or time trial (optional)').selectOption('');
      await form.getByRole('button', { name: 'Create Plan' }).click();
      const refusal = form.getByRole('alert').filter({ hasText: 'This plan would not be safe' });
      await refusal.waitFor();
      const reason = (await refusal.textContent()) ?? '';
      expect(reason).toMatch(/ mi\b/);
      expect(reason).toMatch(/from your log/);
      expect(reason).not.toMatch(/\bkm\b/);
      await expect.poll(() => form.getByLabel('Race distance').inputValue()).toBe('marathon');
      await expect.poll(() => form.getByLabel('Your level').inputValue()).toBe('beginner');
      await expectNoSeriousA11yViolations(page);
      await screenshot(page, 'plan-from-log-refused-desktop.jpg', { fullPage: true });
      await screenshot(form, 'plan-from-log-form-desktop.jpg');
      await page.setViewportSize(PHONE);
      await expectNoSidewaysScroll(page, PHONE.width);
      await screenshot(form, 'plan-from-log-form-phone.jpg');
      await page.setViewportSize(DESKTOP);

      // The half marathon in 12 weeks, which the same log is enough for.
      await form.getByLabel('Race distance').selectOption('half');
      await form.getByLabel('Plan length').selectOption('12');
      await form.getByRole('button', { name: 'Create Plan' }).click();
      await page.getByText('Training Plan Created!', { exact: true }).waitFor();
      const created = page.getByRole('region', { name: /^Half marathon plan/ });
      await created.getByText(/Built from your training log/).waitFor();
      const paces = created.locator('.plan-paces');
      await paces.getByText(/from your log's best recent run/).waitFor();
      const easy = /easy about (\d+):(\d\d) \/mi/.exec((await paces.textContent()) ?? '');
      expect(easy).not.toBeNull();
      const easyMinutes = Number(easy![1]) + Number(easy![2]) / 60;
      expect(easyMinutes).toBeGreaterThanOrEqual(10);
      expect(easyMinutes).toBeLessThanOrEqual(12);
      await expect.poll(() => paces.textContent()).toMatch(/predicted race day 2:(0[5-9]|1[0-5]):\d\d/);
      const weekOne = created.locator('.plan-weeks > li').first();
      await weekOne.getByText(/ mi in all at a relaxed, conversational pace \(about 1[01]:\d\d \/mi\)/).first().waitFor();
      await expect.poll(() => created.textContent()).not.toMatch(/\bkm\b/);
      await expectNoSeriousA11yViolations(page);
      await created.scrollIntoViewIfNeeded();
      await screenshot(page, 'plan-from-log-desktop.jpg', { fullPage: true });
      await screenshot(created, 'plan-from-log-plan-desktop.jpg');

      await page.setViewportSize(PHONE);
      await expectNoSeriousA11yViolations(page);
      await expectNoSidewaysScroll(page, PHONE.width);
      await screenshot(page, 'plan-from-log-phone.jpg', { fullPage: true });
      await screenshot(created, 'plan-from-log-plan-phone.jpg');
    } finally {
      await context.close();
    }
  });
});
