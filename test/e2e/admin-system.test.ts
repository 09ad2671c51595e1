/**
 * /admin/system in Chromium against the real local stack: the demo super admin sees database, auth and API
 * measured now and refreshes them, sees the stored configuration, and switches maintenance mode on (every
 * page then shows the banner) and off again. Screenshots at 1280 and 375 px are kept in the system's temp
 * folder (racefinder-e2e/) to look at.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { CLOUDSCAPE_MOBILE_NAV, expectNoSeriousA11yViolations, screenshot, useBrowser, newPage, signIn, stackUrl, settled, expectNoSidewaysScroll } from '../support/browser.ts';

const BANNER = 'Scheduled maintenance.';

const browser = useBrowser();

async function openConfiguration(page: Page) {
  await page.goto(stackUrl('/admin/system'));
  await page.getByRole('heading', { level: 1, name: 'System', exact: true }).waitFor();
  await page.getByRole('tab', { name: 'Configuration' }).click();
  await page.getByRole('heading', { level: 2, name: 'Configuration', exact: true }).waitFor();
}

/** Sets maintenance mode from the Configuration tab and waits for 'Configuration Saved'. */
async function setMaintenance(page: Page, on: boolean) {
  await openConfiguration(page);
  const toggle = page.getByRole('checkbox', { name: /Maintenance mode/ });
  if ((await toggle.isChecked()) !== on) await toggle.click();
  await page.getByRole('button', { name: 'Save Configuration' }).click();
  await page.getByText('Configuration Saved').waitFor();
}

describe('/admin/system', () => {
  it.each([
    ['desktop', { width: 1280, height: 800 }],
    ['phone', { width: 375, height: 740 }],
  ] as const)('shows health measured now and the stored configuration (%s)', async (label, viewport) => {
    const { context, page } = await newPage(browser());
    try {
      await signIn(page, 'Super admin');
      await page.setViewportSize(viewport);
      await page.goto(stackUrl('/admin/system'));
      await page.getByRole('heading', { level: 1, name: 'System', exact: true }).waitFor();
      // Database and auth measured by the server, the API as this browser felt it: each 'Healthy · <n> ms'.
      await page.getByText('Round trip from this browser').waitFor();
      const badges = await page.getByText(/^(Healthy|Warning) · [\d,]+ ms$/).allTextContents();
      expect(badges).toHaveLength(3);
      // A refresh measures again: a new request, answered (never from a cache) and shown.
      const measuredAgain = page.waitForResponse((response) => new URL(response.url()).pathname === '/api/admin/health');
      await page.getByRole('button', { name: 'Refresh Health Check' }).click();
      const response = await measuredAgain;
      expect(response.status()).toBe(200);
      expect(response.headers()['cache-control']).toBe('private, no-store');
      await page.getByText(/^Checked at /).waitFor();
      await expect.poll(() => page.getByText(/^(Healthy|Warning) · [\d,]+ ms$/).count()).toBe(3);
      await expect.poll(() => page.getByText(/CPU|Restart Services|View Detailed Logs/).count()).toBe(0);
      await expectNoSidewaysScroll(page, viewport.width);
      await screenshot(page, `admin-system-health-${label}.jpg`, { fullPage: true });
      await expectNoSeriousA11yViolations(page, [CLOUDSCAPE_MOBILE_NAV]);

      await page.getByRole('tab', { name: 'Configuration' }).click();
      await page.getByRole('heading', { level: 2, name: 'Configuration', exact: true }).waitFor();
      await expect.poll(() => page.getByRole('spinbutton', { name: /API rate limit/ }).inputValue()).toMatch(/^\d+$/);
      await expect(page.getByRole('button', { name: 'Save Configuration' }).isEnabled()).resolves.toBe(true);
      await expectNoSidewaysScroll(page, viewport.width);
      await screenshot(page, `admin-system-configuration-${label}.jpg`, { fullPage: true });
      await expectNoSeriousA11yViolations(page, [CLOUDSCAPE_MOBILE_NAV]);
    } finally {
      await context.close();
    }
  });

  it('switches maintenance mode on (the banner shows on public pages) and off again', async () => {
    const { context, page } = await newPage(browser());
    let switchedOn = false;
    try {
      await signIn(page, 'Super admin');
      await setMaintenance(page, true);
      switchedOn = true;
      for (const [label, viewport] of [
        ['desktop', { width: 1280, height: 800 }],
        ['phone', { width: 375, height: 740 }],
      ] as const) {
        await page.setViewportSize(viewport);
        await page.goto(stackUrl('/events'));
        await page.getByText(BANNER).waitFor();
        await page.evaluate(() => window.scrollTo(0, 0));
        await screenshot(page, `maintenance-banner-${label}.jpg`);
      }
      await page.setViewportSize({ width: 1280, height: 800 });

      await setMaintenance(page, false);
      switchedOn = false;
      // The banner follows GET /api/status: once its answer is in and rendered, the banner is there or never comes.
      const status = page.waitForResponse((response) => new URL(response.url()).pathname === '/api/status');
      await page.goto(stackUrl('/'));
      await page.getByRole('heading', { level: 1 }).first().waitFor();
      await status;
      await settled(page);
      await expect.poll(() => page.getByText(BANNER).count()).toBe(0);
    } finally {
      // Never leave the shared e2e stack in maintenance mode for the files after this one.
      if (switchedOn) await setMaintenance(page, false).catch(() => undefined);
      await context.close();
    }
  });

  it('shows an admin the configuration without a way to change it', async () => {
    const { context, page } = await newPage(browser());
    try {
      await signIn(page, 'Admin');
      await openConfiguration(page);
      await page.getByText('Only super admins can change the system configuration.', { exact: false }).waitFor();
      await expect.poll(() => page.getByRole('button', { name: 'Save Configuration' }).count()).toBe(0);
      await expect(page.getByRole('checkbox', { name: /Maintenance mode/ }).isDisabled()).resolves.toBe(true);
    } finally {
      await context.close();
    }
  });
});
