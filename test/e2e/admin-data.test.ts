/**
 * /admin/data against the real local stack: the demo admin exports events as CSV; the export worker writes the
 * file into the S3 stand-in, the screen follows the job to 'Export Successful', and Download saves the file
 * the browser is handed (Content-Disposition attachment): its header row and one row per event. Screenshots at
 * desktop and phone widths are kept in the system's temp folder (racefinder-e2e/) to look at.
 */
import { describe, expect, it } from 'vitest';
import { todayInNewYork } from '../../shared/dates.ts';
import { parseCsv } from '../support/csv.ts';
import { CLOUDSCAPE_MOBILE_NAV, expectNoSeriousA11yViolations, screenshot, useBrowser, newPage, signIn, stackUrl, downloadText, expectNoSidewaysScroll } from '../support/browser.ts';


const browser = useBrowser();

describe('/admin/data', () => {
  // A job, its worker and a download through the stack: over a minute when the machine runs the whole suite.
  it('lets the demo admin export events as a CSV file the browser saves', async () => {
    const { context, page } = await newPage(browser());
    try {
      await signIn(page, 'Admin');
      await page.goto(stackUrl('/admin/data'));
      await page.getByRole('heading', { level: 1, name: 'Data Management', exact: true }).waitFor();

      await page.getByRole('button', { name: 'Export events' }).click();
      await page.getByText('Export Successful', { exact: true }).waitFor();
      await page.getByText('Events data exported successfully').waitFor();
      const records = Number((await page.getByText(/^[\d,]+ records$/).first().textContent())!.replace(/\D/g, ''));
      expect(records).toBeGreaterThan(0);

      const fileName = `events-${todayInNewYork()}.csv`;
      const [download] = await Promise.all([
        // A fresh link from the API, then the file from the S3 stand-in: 30 s (Playwright's default) ran out once under load.
        page.waitForEvent('download'),
        page.getByRole('button', { name: `Download ${fileName}` }).first().click(),
      ]);
      expect(download.suggestedFilename()).toBe(fileName);
      const rows = parseCsv(await downloadText(download));
      expect(rows[0]!.slice(0, 4)).toEqual(['id', 'title', 'eventDate', 'registrationEndDate']);
      expect(rows.length - 1).toBe(records);
      for (const row of rows.slice(1)) {
        expect(row[0]).toMatch(/^[0-9A-HJKMNP-TV-Z]{26}$/);
        expect(row[2]).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      }
      // The page stayed where it was: the file was saved, not shown.
      expect(new URL(page.url()).pathname).toBe('/admin/data');

      // The recent exports list has it, finished, with its own Download.
      const table = page.getByRole('table');
      await table.getByRole('row').filter({ hasText: 'Completed' }).first().waitFor();
      await expect.poll(() => table.getByRole('button', { name: `Download ${fileName}` }).count()).toBeGreaterThan(0);

      await screenshot(page, 'admin-data-1280.jpg', { fullPage: true });
      await expectNoSeriousA11yViolations(page, [CLOUDSCAPE_MOBILE_NAV]);
    } finally {
      await context.close();
    }
  });

  it('fits a phone screen', async () => {
    const { context, page } = await newPage(browser());
    try {
      await signIn(page, 'Admin');
      await page.setViewportSize({ width: 375, height: 740 });
      await page.goto(stackUrl('/admin/data'));
      await page.getByRole('heading', { level: 1, name: 'Data Management', exact: true }).waitFor();
      await page.getByRole('button', { name: 'Export users' }).waitFor();
      await page.getByText(/Recent exports/).first().waitFor();
      await expectNoSidewaysScroll(page, 375);
      await screenshot(page, 'admin-data-375.jpg', { fullPage: true });
      await expectNoSeriousA11yViolations(page, [CLOUDSCAPE_MOBILE_NAV]);
    } finally {
      await context.close();
    }
  });
});
