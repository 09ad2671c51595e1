/**
 * Strava sync (issue 25) in headless Chromium against the local stack and its Strava stand-in: a new athlete connects
 * from the journal through the stand-in's authorize page, an activity created on the stand-in appears in the journal,
 * deleted there it disappears here, and Disconnect asks first. axe on the journal, and screenshots at desktop and
 * phone widths.
 */
import { describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import type { Page } from 'playwright-core';
import { expectNoSeriousA11yViolations, expectNoSidewaysScroll, newPage, screenshot, signUpThroughForm, stackUrl, useBrowser } from '../support/browser.ts';

const browser = useBrowser();
const PHONE = { width: 390, height: 844 };

/** The stand-in's control API (not Strava's), as a person at `npm start` or a test drives it. */
async function control(method: string, path: string, body?: unknown): Promise<unknown> {
  const { url, clientSecret } = inject('e2eStack').strava;
  const response = await fetch(new URL(path, url), {
    method,
    headers: { authorization: `Bearer ${clientSecret}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`);
  const text = await response.text();
  return text ? (JSON.parse(text) as unknown) : undefined;
}

/** How many workouts named `name` the journal shows, read afresh (the worker's write lands between two loads). */
async function shown(page: Page, name: string): Promise<number> {
  await page.reload();
  await page.getByRole('heading', { level: 2, name: 'Strava' }).waitFor();
  await page.getByText('Connected as').waitFor();
  return page.getByRole('list', { name: 'Workouts' }).getByRole('listitem').filter({ hasText: name }).count();
}

describe('Strava sync', () => {
  it('connects through the authorize page, brings in an activity created on Strava and removes it when deleted there', async () => {
    const { context, page } = await newPage(browser());
    const runner = `Trail${Date.now() % 100_000}`;
    try {
      await signUpThroughForm(page, `strava-${Date.now()}@racefinder.test`);
      await page.goto(stackUrl('/training-journal'));
      await page.getByRole('button', { name: 'Miles', exact: true }).click();
      const section = page.getByRole('region', { name: 'Strava' });
      await section.getByRole('button', { name: 'Connect with Strava' }).waitFor();
      await screenshot(page, 'strava-connect-desktop.jpg');
      await section.getByRole('button', { name: 'Connect with Strava' }).click();

      // Strava's authorize page (the stand-in's): sign in as a new athlete and authorize.
      await page.getByRole('heading', { name: 'Authorize RaceFinder to connect to Strava' }).waitFor();
      await page.getByLabel('Name of a new athlete').fill(`${runner} Runner`);
      await screenshot(page, 'strava-authorize-desktop.jpg');
      await page.getByRole('button', { name: 'Authorize' }).click();

      // Back on the journal, connected; the (empty) history done.
      await page.waitForURL(/\/training-journal$/);
      await section.getByText(`${runner} Runner`).waitFor();
      await section.getByText('Nothing from the 90 days before connecting').waitFor();
      const athletes = (await control('GET', '/_local/athletes')) as { id: number; firstname: string; authorized: boolean }[];
      const athlete = athletes.find((candidate) => candidate.firstname === runner);
      expect(athlete?.authorized).toBe(true);

      const yesterday = new Date(Date.now() - 86_400_000);
      yesterday.setUTCHours(14, 0, 0, 0);
      const activity = (await control('POST', `/_local/athletes/${athlete!.id}/activities`, { name: 'Mesa Trail Tempo', sport_type: 'TrailRun', start_date: yesterday.toISOString(), distance: 10_000, moving_time: 3000 })) as { id: number };
      await expect.poll(() => shown(page, 'Mesa Trail Tempo'), { interval: 1000 }).toBe(1);
      const entry = page.getByRole('list', { name: 'Workouts' }).getByRole('listitem').filter({ hasText: 'Mesa Trail Tempo' });
      await entry.getByText(/^6\.2 mi · 50:00/).waitFor();
      await entry.getByText('From Strava').waitFor();
      await section.getByText(/^[A-Z][a-z]{2} \d{1,2}, \d{1,2}:\d{2} [AP]M$/).waitFor();
      await expectNoSeriousA11yViolations(page);
      await screenshot(page, 'strava-journal-desktop.jpg', { fullPage: true });
      await page.setViewportSize(PHONE);
      await expectNoSidewaysScroll(page, PHONE.width);
      await screenshot(page, 'strava-journal-phone.jpg', { fullPage: true });

      await control('DELETE', `/_local/athletes/${athlete!.id}/activities/${activity.id}`);
      await expect.poll(() => shown(page, 'Mesa Trail Tempo'), { interval: 1000 }).toBe(0);

      // Disconnect asks first, and leaves the section ready to connect again.
      await section.getByRole('button', { name: 'Disconnect' }).click();
      const dialog = page.getByRole('dialog', { name: 'Disconnect Strava?' });
      await dialog.getByText(/stay in your journal/).waitFor();
      await screenshot(page, 'strava-disconnect-phone.jpg');
      await dialog.getByRole('button', { name: 'Disconnect' }).click();
      // Said at once, from the answer to the disconnect (not from the status read again later).
      await page.getByText('Strava disconnected', { exact: true }).waitFor({ timeout: 5000 });
      await section.getByRole('button', { name: 'Connect with Strava' }).waitFor({ timeout: 5000 });
      expect(((await control('GET', '/_local/athletes')) as { id: number; authorized: boolean }[]).find((candidate) => candidate.id === athlete!.id)?.authorized).toBe(false);
    } finally {
      await context.close();
    }
  });
});
