/**
 * The admin area against the real local stack: the demo admin signs in through /auth and gets the Cloudscape
 * shell (side navigation, breadcrumbs, an empty state per unbuilt section), its chunk and styles fetched only
 * then; an athlete is denied and a visitor asked to sign in. Screenshots at desktop and phone widths are kept
 * in the system's temp folder (racefinder-e2e/) to look at.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { CLOUDSCAPE_MOBILE_NAV, expectNoSeriousA11yViolations, screenshot, useBrowser, newPage, signIn, stackUrl, expectNoSidewaysScroll } from '../support/browser.ts';


const browser = useBrowser();

const h1 = (page: Page, name: string) => page.getByRole('heading', { level: 1, name, exact: true });

describe('admin shell', () => {
  it.each([
    ['desktop', { width: 1280, height: 800 }],
    ['phone', { width: 375, height: 740 }],
  ] as const)('gives the demo admin the shell of the admin sections (%s)', async (label, viewport) => {
    // Signed in at desktop width, where the header shows Sign out (on a phone it is inside the menu).
    const { context, page } = await newPage(browser());
    try {
      const scripts: string[] = [];
      page.on('request', (request) => {
        if (request.resourceType() === 'script' || request.resourceType() === 'stylesheet') scripts.push(new URL(request.url()).pathname);
      });
      await signIn(page, 'Admin');
      // Nothing of the admin area (Cloudscape) is fetched by the public pages.
      expect(scripts.filter((path) => path.includes('admin-area'))).toEqual([]);
      await page.setViewportSize(viewport);

      await page.goto(stackUrl('/admin'));
      await h1(page, 'Admin Panel').waitFor();
      // The overview is built (test/e2e/admin-import.test.ts drives it): its JSON import is there.
      await page.getByRole('heading', { level: 2, name: 'JSON import' }).waitFor();
      expect(scripts.filter((path) => /admin-area-.*\.js$/.test(path))).toHaveLength(1);
      expect(scripts.filter((path) => /admin-area-.*\.css$/.test(path))).toHaveLength(1);

      const sections = page.getByRole('navigation', { name: 'Admin sections' });
      if (label === 'phone') {
        // On a phone the side navigation is a drawer behind a toggle.
        await page.getByRole('button', { name: 'Open admin sections' }).click();
      }
      // Another section (test/e2e/community.test.ts drives this one).
      await sections.getByRole('link', { name: 'Reviews', exact: true }).click();
      await h1(page, 'Review Moderation').waitFor();
      expect(new URL(page.url()).pathname).toBe('/admin/reviews');
      await page.getByRole('table', { name: 'Reported reviews' }).waitFor();
      const crumbs = page.getByRole('navigation', { name: 'Breadcrumbs' });
      await expect.poll(() => crumbs.getByRole('link', { name: 'Admin', exact: true }).getAttribute('href')).toBe('/admin');
      await expect(page.title()).resolves.toBe('Review Moderation · RaceFinder');
      // The site's header stays above the shell, and nothing is wider than the screen.
      await expect.poll(() => page.getByRole('banner').first().isVisible()).toBe(true);
      await expectNoSidewaysScroll(page, viewport.width);
      await screenshot(page, `admin-shell-${label}.jpg`, { fullPage: true });
      await expectNoSeriousA11yViolations(page, [CLOUDSCAPE_MOBILE_NAV]);
    } finally {
      await context.close();
    }
  });

  it('denies the demo athlete, by the role the server gives', async () => {
    const { context, page } = await newPage(browser());
    try {
      await signIn(page, 'Athlete');
      await page.goto(stackUrl('/admin/events'));
      await h1(page, 'Access Denied').waitFor();
      await page.getByText('You need admin privileges to access this page.').waitFor();
      await expect.poll(() => page.getByRole('navigation', { name: 'Admin sections' }).count()).toBe(0);
      await expect.poll(() => page.getByText('Event Management').count()).toBe(0);
      await screenshot(page, 'admin-denied-athlete.jpg');
    } finally {
      await context.close();
    }
  });

  it('asks a visitor to sign in', async () => {
    const { context, page } = await newPage(browser(), { width: 375, height: 740 });
    try {
      await page.goto(stackUrl('/admin'));
      await h1(page, 'Please Sign In').waitFor();
      await expect.poll(() => page.getByRole('link', { name: 'Sign in', exact: true }).getAttribute('href')).toBe('/auth?returnTo=%2Fadmin');
      await expect.poll(() => page.getByRole('navigation', { name: 'Admin sections' }).count()).toBe(0);
      await screenshot(page, 'admin-visitor-phone.jpg');
    } finally {
      await context.close();
    }
  });
});
