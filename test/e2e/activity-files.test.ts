/**
 * Activity files in (issue 25) in headless Chromium against the local stack: a new athlete imports a FIT file and a
 * GPX file from the journal's Import Activities dialog, sees each file's outcome and a bad file's reason, finds the
 * recorded runs in the journal with their figures in miles, opens one's splits and route, and imports a file again
 * to have its run updated, not doubled; their load shows on the dashboard. axe and screenshots at desktop and phone widths.
 */
import { describe, expect, it } from 'vitest';
import { fitActivity, gpxActivity, northboundTrack } from '../support/activity-files.ts';
import { expectNoSeriousA11yViolations, expectNoSidewaysScroll, newPage, screenshot, signUpThroughForm, stackUrl, useBrowser } from '../support/browser.ts';

const browser = useBrowser();
const PHONE = { width: 390, height: 844 };

/** A run north of Boulder: `km` kilometres in 10 m steps, a sample every 3 s; yesterday, so it is this week's. */
function run(km: number, daysAgo: number) {
  const start = new Date(Date.now() - daysAgo * 86_400_000);
  start.setUTCHours(14, 0, 0, 0);
  return northboundTrack({ count: km * 100 + 1, stepMeters: 10, intervalSeconds: 3, start, heartRate: () => 148, elevation: (index) => 1600 + (index % 200 < 100 ? index % 100 : 100 - (index % 100)) / 2 });
}

describe('activity files', () => {
  it('imports a FIT and a GPX file from the journal, names a bad file, shows splits and route, and updates a run imported again', async () => {
    const { context, page } = await newPage(browser());
    try {
      await signUpThroughForm(page, `importer-${Date.now()}@racefinder.test`);
      await page.goto(stackUrl('/training-journal'));
      await page.getByRole('button', { name: 'Miles', exact: true }).click();
      await page.getByRole('heading', { level: 2, name: 'No Workouts Yet' }).waitFor();
      await page.getByRole('button', { name: 'Import Activities' }).last().click();
      const dialog = page.getByRole('dialog', { name: 'Import Activities' });
      const gpx = { name: 'Evening_Run.gpx', mimeType: 'application/gpx+xml', buffer: Buffer.from(gpxActivity(run(8, 1), { name: 'Evening Run' })) };
      await dialog.getByLabel('Choose files').setInputFiles([
        { name: 'long-run.fit', mimeType: 'application/octet-stream', buffer: Buffer.from(fitActivity(run(16, 2))) },
        gpx,
        { name: 'broken.fit', mimeType: 'application/octet-stream', buffer: Buffer.from('not a fit file at all') },
      ]);
      const files = dialog.getByRole('list', { name: 'Files' });
      await files.getByRole('listitem').filter({ hasText: 'long-run.fit' }).getByText('1 new activity').waitFor();
      await files.getByRole('listitem').filter({ hasText: 'Evening_Run.gpx' }).getByText('1 new activity').waitFor();
      await files.getByRole('listitem').filter({ hasText: 'broken.fit' }).getByText('No activities could be read from this file.').waitFor();
      await expect.poll(() => files.getByRole('listitem').filter({ hasText: 'broken.fit' }).getByRole('listitem').textContent()).toMatch(/FIT/);
      await expectNoSeriousA11yViolations(page);
      await screenshot(page, 'activity-import-dialog-desktop.jpg');
      await dialog.getByRole('button', { name: 'Close' }).click();

      // The journal has both runs, in the athlete's miles, marked recorded.
      const list = page.getByRole('list', { name: 'Workouts' });
      await expect.poll(() => list.getByRole('listitem').count()).toBe(2);
      const evening = list.getByRole('listitem').filter({ hasText: 'Evening Run' });
      await evening.getByText(/^5 mi · 40:00 · 8:03 \/mi · \d+ ft climb · 148 bpm$/).waitFor();
      await list.getByRole('listitem').filter({ hasText: '9.9 mi' }).getByText('Recorded').waitFor();
      await evening.getByText('Splits and route').click();
      const splits = evening.getByRole('table', { name: 'Splits per mile' });
      // Four whole miles of the 4.97, each at the run's even pace, the last ending at 32:11 of moving time.
      await splits.getByRole('cell', { name: '32:11' }).waitFor();
      await expect.poll(() => splits.getByRole('row').count()).toBe(4 + 1);
      await expect.poll(() => splits.getByRole('cell', { name: '8:03 /mi' }).count()).toBe(4);
      await evening.getByRole('img', { name: /^The route of the workout of / }).waitFor();
      await expectNoSeriousA11yViolations(page);
      await screenshot(page, 'activity-journal-desktop.jpg', { fullPage: true });

      // The same run again: updated, not doubled.
      await page.getByRole('button', { name: 'Import Activities' }).first().click();
      await dialog.getByLabel('Choose files').setInputFiles([gpx]);
      await files.getByRole('listitem').filter({ hasText: 'Evening_Run.gpx' }).getByText('1 already in your log, updated').waitFor();
      await dialog.getByRole('button', { name: 'Close' }).click();
      await expect.poll(() => list.getByRole('listitem').count()).toBe(2);

      // The runs' load (from their heart rate) on the dashboard: fitness, fatigue and form today, and the week's ramp.
      await page.goto(stackUrl('/training-dashboard'));
      const load = page.getByRole('region', { name: 'Training load' });
      const today = load.getByRole('list', { name: 'Training load today' });
      await today.waitFor();
      await expect.poll(() => today.getByRole('listitem').filter({ hasText: 'Form' }).textContent()).toMatch(/Form-\d+training hard|Form-\d+very tired/);
      await load.getByText(/^Fitness rose \d+(\.\d)? this week\.$/).waitFor();
      await load.locator('.weekly-chart canvas').waitFor();
      await expectNoSeriousA11yViolations(page);
      await screenshot(load, 'training-load-desktop.jpg');

      await page.setViewportSize(PHONE);
      await expectNoSidewaysScroll(page, PHONE.width);
      await screenshot(load, 'training-load-phone.jpg');
      await page.goto(stackUrl('/training-journal'));
      await page.getByRole('button', { name: 'Import Activities' }).first().click();
      await expectNoSidewaysScroll(page, PHONE.width);
      await screenshot(page, 'activity-import-dialog-phone.jpg');
      await dialog.getByRole('button', { name: 'Close' }).click();
      await expectNoSidewaysScroll(page, PHONE.width);
      await screenshot(page, 'activity-journal-phone.jpg', { fullPage: true });
    } finally {
      await context.close();
    }
  });
});
