/**
 * The admin import screens against the real local stack: the demo admin starts a RunSignup import on
 * /admin/import (run by the local state machine against the RunSignup stand-in) and follows it in the job
 * table until it ends in counts; on /admin the admin pastes JSON events and sees the result alert. Screenshots
 * at desktop and phone widths are kept in the system's temp folder (racefinder-e2e/) to look at.
 */
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { expectNoSeriousA11yViolations, expectNoSidewaysScroll, screenshot, useBrowser, newPage, signIn, stackUrl, settled } from '../support/browser.ts';

const DESKTOP = { width: 1280, height: 800 };
const PHONE = { width: 375, height: 740 };

const browser = useBrowser();

const h1 = (page: Page, name: string) => page.getByRole('heading', { level: 1, name, exact: true });

/** The job table's rows (the header row is in the table's own thead). */
const jobRows = (page: Page): Locator => page.getByRole('table', { name: 'Recent import jobs' }).locator('tbody tr');

/** A full-page shot from the top: scrolled, the sticky header would be pictured mid-page. */
async function fullShot(page: Page, name: string) {
  await page.evaluate(() => window.scrollTo(0, 0));
  await screenshot(page, name, { fullPage: true });
}

describe('admin imports', () => {
  it('lets the demo admin start a RunSignup import and follow it until it ends in counts', async () => {
    const { context, page } = await newPage(browser(), DESKTOP);
    try {
      await signIn(page, 'Admin');
      await page.goto(stackUrl('/admin/import'));
      await h1(page, 'Event Import').waitFor();
      await page.getByText('Total Events').waitFor();
      await expect.poll(() => page.getByText('Loading figures').count()).toBe(0);

      // A small quick sync: the first 500 races of this year and next, verified automatically.
      await page.getByRole('button', { name: /Max events/ }).click();
      await page.getByRole('option', { name: '500', exact: true }).click();
      await page.getByText(/^Quick sync of up to 500 RunSignup races for all states/).waitFor();
      await fullShot(page, 'admin-import-form-desktop.jpg');

      await page.getByRole('button', { name: 'Start Import' }).click();
      await page.getByText('Import Started').waitFor();
      await page.getByText(/^Started quick sync from RunSignup for all states \(/).waitFor();

      // The new job heads the list; the table refreshes every 10 s (the refresh button reads it at once).
      const first = jobRows(page).first();
      await first.getByText(/RunSignup · Quick Sync · All states/).waitFor();
      const deadline = Date.now() + 150_000;
      let sawProgress = false;
      const ended = first.getByText(/^(Completed|Completed with errors|Failed)$/);
      while (!(await ended.count())) {
        if (Date.now() > deadline) throw new Error(`The import did not end: ${await first.textContent()}`);
        if (!sawProgress && (await first.getByRole('progressbar').count())) {
          sawProgress = true;
          await first.getByText(/^[\d,]+ of 500 races handled$/).waitFor();
          await screenshot(page, 'admin-import-running-desktop.jpg');
        }
        // The list refreshes itself every 10 s; between two reads, wait for the end to show rather than a fixed time.
        await ended.waitFor({ timeout: 2000 }).catch(() => undefined);
        if (!(await ended.count())) await page.getByRole('button', { name: 'Refresh import jobs' }).click();
      }
      await expect.poll(() => first.getByText('Failed', { exact: true }).count()).toBe(0);
      const results = await first.getByText(/^Fetched \d/).textContent();
      const fetched = Number(/^Fetched ([\d,]+)/.exec(results ?? '')![1]!.replace(/,/g, ''));
      const created = Number(/created ([\d,]+)/.exec(results ?? '')![1]!.replace(/,/g, ''));
      expect(fetched, results!).toBeGreaterThan(0);
      expect(created, results!).toBeGreaterThan(0);
      await expect.poll(() => first.getByText(/^You · /).count()).toBe(1);

      // Its details: every count and the errors it recorded, if any.
      await first.getByRole('button', { name: /^Details/ }).click();
      const dialog = page.getByRole('dialog');
      await dialog.getByText('Import job details').waitFor();
      await dialog.getByText('Fetched', { exact: true }).waitFor();
      await settled(page); // the modal's fade-in
      await screenshot(page, 'admin-import-details-desktop.jpg');
      await dialog.getByRole('button', { name: 'Close', exact: true }).click();

      // The stat cards now show the import.
      await page.reload();
      await page.getByText('Last Import').waitFor();
      await expect.poll(() => page.getByText('Never', { exact: true }).count()).toBe(0);
      await fullShot(page, 'admin-import-desktop.jpg');
      await expectNoSeriousA11yViolations(page);

      await page.setViewportSize(PHONE);
      await h1(page, 'Event Import').waitFor();
      await expectNoSidewaysScroll(page, PHONE.width);
      await fullShot(page, 'admin-import-phone.jpg');
    } finally {
      await context.close();
    }
  });

  it('imports pasted JSON events on /admin and reports the result', async () => {
    const { context, page } = await newPage(browser(), DESKTOP);
    try {
      await signIn(page, 'Admin');
      await page.goto(stackUrl('/admin'));
      await h1(page, 'Admin Panel').waitFor();
      await page.getByRole('group', { name: 'Events' }).waitFor();

      const box = page.getByRole('textbox', { name: 'Events (JSON)' });
      await page.getByRole('button', { name: 'Import Events' }).click();
      await page.getByText('Please enter JSON data to import').waitFor();
      await box.fill('{"title": "Not a list"}');
      await page.getByRole('button', { name: 'Import Events' }).click();
      await page.getByText('Data must be an array of events').waitFor();

      const year = new Date().getUTCFullYear() + 1;
      const stamp = Date.now().toString(36);
      const events = [
        { title: `E2E Riverfront 10K ${stamp}`, event_date: `${year}-05-16`, event_type: 'road_race', location_name: 'Riverfront Park', city: 'Denver', state: 'CO', zip_code: '80202', distances: ['10K'], registration_fee: 45 },
        { title: `E2E Canyon Trail 50K ${stamp}`, event_date: `${year}-06-20`, event_type: 'trail_race', location_name: 'Canyon Park', city: 'Boulder', state: 'CO', distances: '50K', registration_fee: 90 },
      ];
      await box.fill(JSON.stringify(events, null, 2));
      await page.getByRole('button', { name: 'Import Events' }).click();
      await page.getByText('Successfully imported 2 events!').waitFor();
      await page.getByText(/Fetched 2, created 2/).waitFor();
      await fullShot(page, 'admin-overview-desktop.jpg');
      await expectNoSeriousA11yViolations(page);

      // Two events missing required fields: the server refuses the whole paste, as spec 001 words it.
      await box.fill(JSON.stringify([events[0], { title: 'No place or date' }, { city: 'Denver' }]));
      await page.getByRole('button', { name: 'Import Events' }).click();
      await page.getByText('Import failed').waitFor();
      await page.getByText('2 events have missing required fields').waitFor();

      await page.setViewportSize(PHONE);
      await expectNoSidewaysScroll(page, PHONE.width);
      await fullShot(page, 'admin-overview-phone.jpg');
    } finally {
      await context.close();
    }
  });
});
