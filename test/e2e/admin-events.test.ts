/**
 * /admin/events in Chromium against the seeded local stack: the demo admin verifies an unverified event and
 * finds it in public search, features two events in bulk after confirming, and edits an event from its row,
 * coming back to the filtered list; FLUSH DATABASE is only a super admin's.
 * Screenshots at desktop and phone widths go to the system's temp folder (racefinder-e2e/) to look at.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { screenshot, useBrowser, newPage, signIn, stackUrl, expectNoSidewaysScroll } from '../support/browser.ts';


const browser = useBrowser();

const h1 = (page: Page) => page.getByRole('heading', { level: 1, name: /Event Management/ });

/** The titles of the rows shown, in order (the row header cell's link). */
async function rowTitles(page: Page): Promise<string[]> {
  await page.getByText(/^Showing \d+ to \d+ of/).first().waitFor();
  return (await page.locator('table tbody tr th a').allInnerTexts()).map((text) => text.trim());
}

describe('admin events', () => {
  it('lets the demo admin verify an unverified event, which public search then finds', async () => {
    const { context, page } = await newPage(browser());
    try {
      await signIn(page, 'Admin');
      await page.goto(stackUrl('/admin/events?verified=no'));
      await h1(page).waitFor();
      const [title] = await rowTitles(page);
      expect(title).toBeTruthy();
      await screenshot(page, 'admin-events-unverified-1280.jpg', { fullPage: true });

      await page.getByRole('button', { name: `Verify ${title}`, exact: true }).click();
      await page.getByText('Event updated').waitFor();
      // It leaves the unverified list and is listed as verified.
      await page.goto(stackUrl(`/admin/events?verified=yes&q=${encodeURIComponent(title!)}`));
      await expect(rowTitles(page)).resolves.toContain(title);

      await page.goto(stackUrl(`/events?q=${encodeURIComponent(title!)}`));
      await page.getByRole('link', { name: new RegExp(title!.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')) }).first().waitFor();
    } finally {
      await context.close();
    }
  });

  it('features two events in bulk', async () => {
    const { context, page } = await newPage(browser());
    try {
      await signIn(page, 'Admin');
      await page.goto(stackUrl('/admin/events?featured=no'));
      await h1(page).waitFor();
      const [first, second] = await rowTitles(page);
      await page.getByRole('checkbox', { name: `Select ${first}`, exact: true }).check();
      await page.getByRole('checkbox', { name: `Select ${second}`, exact: true }).check();
      await page.getByText('2 events selected').waitFor();
      await screenshot(page, 'admin-events-selected-1280.jpg');
      await page.getByRole('button', { name: 'Feature', exact: true }).click();
      const asked = page.getByRole('dialog', { name: 'Feature events' });
      await asked.getByText('Feature 2 events?', { exact: false }).waitFor();
      await asked.getByRole('button', { name: 'Feature', exact: true }).click();
      await page.getByText('Bulk update successful').waitFor();
      await page.getByText('Updated 2 events').waitFor();

      for (const title of [first!, second!]) {
        await page.goto(stackUrl(`/admin/events?featured=yes&q=${encodeURIComponent(title)}`));
        await expect(rowTitles(page)).resolves.toContain(title);
      }
    } finally {
      await context.close();
    }
  });

  it('edits an event from its row and comes back to the filtered list, the row showing the change', async () => {
    const { context, page } = await newPage(browser());
    try {
      await signIn(page, 'Admin');
      const list = '/admin/events?state=OR&verified=yes';
      await page.goto(stackUrl(list));
      await h1(page).waitFor();
      const [title] = await rowTitles(page);
      await page.getByRole('link', { name: `Edit ${title}`, exact: true }).click();
      await page.getByRole('heading', { level: 1, name: 'Edit Event' }).waitFor();
      const renamed = `${title} (edited ${Date.now().toString(36)})`;
      await page.getByLabel('Event Name').fill(renamed);
      await screenshot(page, 'admin-event-edit-1280.jpg');
      await page.getByRole('button', { name: 'Save Changes' }).click();
      // Back where the admin was, filters and all, with the new name in the row.
      await page.waitForURL(stackUrl(list));
      await h1(page).waitFor();
      // The list read again on return (a cached page shows first, for a moment).
      await page.locator('table tbody tr th a', { hasText: renamed }).waitFor();
      await screenshot(page, 'admin-events-after-edit-1280.jpg', { fullPage: true });

      // From the event page, the admin edits too (not claims), and Cancel goes back to that page.
      // The row's title opens the public page in a new tab; here, in this one.
      await page.goto(stackUrl((await page.locator('table tbody tr th a', { hasText: renamed }).getAttribute('href'))!));
      await page.getByRole('heading', { level: 1, name: renamed }).waitFor();
      const eventUrl = page.url();
      await page.getByRole('link', { name: `Edit Event ${renamed}` }).click();
      await page.getByRole('heading', { level: 1, name: 'Edit Event' }).waitFor();
      await page.getByRole('link', { name: 'Cancel' }).click();
      await page.waitForURL(eventUrl);
    } finally {
      await context.close();
    }
  });

  it('shows FLUSH DATABASE to the super admin only, armed by a first click', async () => {
    for (const label of ['Admin', 'Super admin']) {
      const { context, page } = await newPage(browser());
      try {
        await signIn(page, label);
        await page.goto(stackUrl('/admin/events'));
        await h1(page).waitFor();
        await rowTitles(page);
        const flush = page.getByRole('button', { name: 'FLUSH DATABASE' });
        if (label === 'Admin') {
          await expect.poll(() => flush.count()).toBe(0);
          continue;
        }
        await flush.click();
        await page.getByRole('button', { name: 'CONFIRM FLUSH' }).click();
        const dialog = page.getByRole('dialog', { name: 'Delete all events' });
        await dialog.waitFor();
        await expect(dialog.getByRole('button', { name: 'Delete all events' }).isDisabled()).resolves.toBe(true);
        await screenshot(page, 'admin-events-flush-1280.jpg');
        // Nothing is flushed here: other tests read the seeded catalogue.
        await dialog.getByRole('button', { name: 'Cancel' }).click();
      } finally {
        await context.close();
      }
    }
  });

  it('fits a phone: filters wrap and the table scrolls inside its container', async () => {
    const { context, page } = await newPage(browser());
    try {
      await signIn(page, 'Admin');
      await page.setViewportSize({ width: 375, height: 740 });
      await page.goto(stackUrl('/admin/events?state=CA'));
      await h1(page).waitFor();
      await rowTitles(page);
      await screenshot(page, 'admin-events-375.jpg', { fullPage: true });
      await expectNoSidewaysScroll(page, 375);
      await page.setViewportSize({ width: 1280, height: 800 });
      await screenshot(page, 'admin-events-state-1280.jpg', { fullPage: true });
    } finally {
      await context.close();
    }
  });
});
