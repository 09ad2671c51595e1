/**
 * Issue 11's newsletter and blog in headless Chromium against the local stack.
 * - A visitor subscribes from the footer (twice: the same answer), the demo admin sees the subscriber counted on
 *   /admin/data and exports the list, and the visitor follows the unsubscribe link from that file: the page
 *   changes nothing until they press Unsubscribe.
 * - The demo admin writes a post in Markdown (with a script, an onerror image and a javascript: link among it),
 *   previews it and publishes it; a visitor reads it on /blog and /blog/<slug>, where nothing of that runs;
 *   unpublished it is gone for visitors, and it is deleted after confirming.
 * axe at desktop and phone widths, no sideways scrolling on phones, screenshots in racefinder-e2e/.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { todayInNewYork } from '#shared/dates';
import { csvRecords } from '../support/csv.ts';
import { CLOUDSCAPE_MOBILE_NAV, expectNoSeriousA11yViolations, newPage, screenshot, signIn, stackUrl, useBrowser, downloadText, settled, expectNoSidewaysScroll } from '../support/browser.ts';
import { pointDataLayerAtE2eStack } from '../support/e2e-data.ts';

const browser = useBrowser();
const PHONE = { width: 390, height: 844 };

async function expectFitsPhone(page: Page, name: string): Promise<void> {
  await page.setViewportSize(PHONE);
  await expectNoSeriousA11yViolations(page);
  await expectNoSidewaysScroll(page, PHONE.width);
  await screenshot(page, name, { fullPage: true });
}

/** What the subscriber item says: the status only a screen-less check can read (the GET of /unsubscribe must not change it). */
async function subscriptionStatus(email: string): Promise<string | undefined> {
  pointDataLayerAtE2eStack();
  const { newsletterSubscriber } = await import('#data/newsletter-subscription');
  return (await newsletterSubscriber(email))?.status;
}

describe('the newsletter', () => {
  it('signs a visitor up from the footer and lets them leave through the link in the admins’ export', async () => {
    const email = `Reader-${Date.now()}@Example.org`;
    const visitor = await newPage(browser());
    const admin = await newPage(browser());
    try {
      const page = visitor.page;
      await page.goto(stackUrl('/'));
      const footer = page.getByRole('contentinfo');
      const field = footer.getByLabel('Newsletter e-mail');
      await field.scrollIntoViewIfNeeded();
      await field.fill('not-an-address');
      await footer.getByRole('button', { name: 'Subscribe' }).click();
      await footer.getByText('Enter a valid e-mail address, like name@example.com.').waitFor();

      await field.fill(email);
      await footer.getByRole('button', { name: 'Subscribe' }).click();
      await page.getByText('Subscribed!', { exact: true }).waitFor();
      await page.getByText("You'll receive the latest race updates and training tips.").waitFor();
      await expect.poll(() => field.inputValue()).toBe('');
      await screenshot(page, 'newsletter-footer-desktop.jpg');
      await expectNoSeriousA11yViolations(page);
      // Again, spelt otherwise: the same answer, one subscriber.
      await page.getByText('Subscribed!', { exact: true }).waitFor({ state: 'detached' });
      await field.fill(email.toLowerCase());
      await footer.getByRole('button', { name: 'Subscribe' }).click();
      await page.getByText('Subscribed!', { exact: true }).waitFor();
      await expect(subscriptionStatus(email)).resolves.toBe('active');

      // The admin sees the list counted and exports it; the file holds the address and its unsubscribe link.
      await signIn(admin.page, 'Admin');
      await admin.page.goto(stackUrl('/admin/data'));
      await admin.page.getByText('Newsletter subscribers', { exact: true }).waitFor();
      await admin.page.getByRole('button', { name: 'Export newsletter' }).click();
      await admin.page.getByText('Newsletter data exported successfully').waitFor();
      const fileName = `newsletter-${todayInNewYork()}.csv`;
      const [download] = await Promise.all([admin.page.waitForEvent('download'), admin.page.getByRole('button', { name: `Download ${fileName}` }).first().click()]);
      const { header, records } = csvRecords(await downloadText(download));
      expect(header).toEqual(['email', 'subscribedAt', 'unsubscribePath']);
      const mine = records.filter((record) => record.email === email.toLowerCase());
      expect(mine).toHaveLength(1);
      const link = mine[0]!.unsubscribePath!;
      expect(link).toMatch(/^\/unsubscribe\?token=[A-Za-z0-9_-]{43}$/);
      await screenshot(admin.page, 'newsletter-admin-data-desktop.jpg', { fullPage: true });

      // Opening the link, as a mail scanner would, changes nothing; the button does.
      await page.goto(stackUrl(link));
      await page.getByRole('heading', { level: 1, name: 'Unsubscribe from the newsletter' }).waitFor();
      await expect(subscriptionStatus(email)).resolves.toBe('active');
      await expectNoSeriousA11yViolations(page);
      await screenshot(page, 'unsubscribe-ask-desktop.jpg');
      await page.getByRole('button', { name: 'Unsubscribe' }).click();
      await page.getByRole('heading', { level: 1, name: "You're unsubscribed" }).waitFor();
      await expect(subscriptionStatus(email)).resolves.toBe('unsubscribed');
      await screenshot(page, 'unsubscribe-done-desktop.jpg');
      await expectFitsPhone(page, 'unsubscribe-done-phone.jpg');

      // A link cut short says so.
      await page.goto(stackUrl('/unsubscribe?token=abc'));
      await page.getByRole('heading', { level: 1, name: 'This unsubscribe link is not complete' }).waitFor();
      await page.goto(stackUrl(link));
      await expectFitsPhone(page, 'unsubscribe-ask-phone.jpg');
      await page.goto(stackUrl('/'));
      await page.getByRole('contentinfo').getByLabel('Newsletter e-mail').scrollIntoViewIfNeeded();
      await screenshot(page, 'newsletter-footer-phone.jpg');
    } finally {
      await visitor.context.close();
      await admin.context.close();
    }
  });
});

describe('the blog', () => {
  it('lets the admin write and publish a Markdown post that visitors read, with nothing in it able to run', async () => {
    let visitor = await newPage(browser());
    const admin = await newPage(browser());
    const title = `Taper Week: What to Expect ${Date.now() % 100000}`;
    const body = [
      '# Why taper',
      'Three weeks out, cut your mileage by **a third** and keep _some_ speed.',
      '- Sleep more\n- Eat well\n- Trust the training',
      'Find your race on [RaceFinder](/events).',
      '<script>window.__pwned = "script"</script>',
      '<img src="https://127.0.0.1:9/x.png" onerror="window.__pwned = \'onerror\'">',
      '[Claim your prize](javascript:window.__pwned="link")',
    ].join('\n\n');
    try {
      // Nothing is published yet.
      let page = visitor.page;
      await page.goto(stackUrl('/blog'));
      await page.getByRole('heading', { level: 1, name: 'Blog' }).waitFor();
      await page.getByText('No posts yet', { exact: true }).waitFor();
      await expectNoSeriousA11yViolations(page);
      await screenshot(page, 'blog-empty-desktop.jpg');

      // Without motion, axe never reads a Flashbar's colours halfway through its fade-in.
      await admin.page.emulateMedia({ reducedMotion: 'reduce' });
      await signIn(admin.page, 'Admin');
      await admin.page.goto(stackUrl('/admin/blog'));
      await admin.page.getByRole('heading', { level: 1, name: 'Blog Posts' }).waitFor();
      await admin.page.getByRole('button', { name: 'New post' }).first().click();
      await admin.page.getByRole('heading', { level: 1, name: 'New blog post' }).waitFor();
      await admin.page.getByLabel('Title').fill(title);
      const slug = await admin.page.getByLabel('Slug').inputValue();
      expect(slug).toMatch(/^taper-week-what-to-expect-\d+$/);
      await admin.page.getByLabel('Summary').fill('Less running, more rest: how the last three weeks before a marathon should feel.');
      await admin.page.getByLabel('Body (Markdown)').fill(body);
      await admin.page.getByRole('tab', { name: 'Preview' }).click();
      await admin.page.locator('.blog-body').getByRole('heading', { level: 2, name: 'Why taper' }).waitFor();
      await expectNoSeriousA11yViolations(admin.page, [CLOUDSCAPE_MOBILE_NAV]);
      await screenshot(admin.page, 'admin-blog-preview-desktop.jpg', { fullPage: true });
      await admin.page.getByRole('button', { name: 'Publish' }).click();
      await admin.page.getByText('Post published', { exact: true }).waitFor();
      const row = admin.page.getByRole('row').filter({ hasText: title });
      await row.getByText('Published', { exact: true }).waitFor();
      await expectNoSeriousA11yViolations(admin.page, [CLOUDSCAPE_MOBILE_NAV]);
      await screenshot(admin.page, 'admin-blog-list-desktop.jpg', { fullPage: true });

      // A visitor finds it on /blog and reads it. (Another one: the first one's browser keeps the empty list it
      // was given for a minute, as the blog's answers say it may: Cache-Control public, max-age=60.)
      await visitor.context.close();
      visitor = await newPage(browser());
      page = visitor.page;
      await page.goto(stackUrl('/blog'));
      await page.getByRole('link', { name: title, exact: true }).click();
      await page.waitForURL(stackUrl(`/blog/${slug}`));
      await page.getByRole('heading', { level: 1, name: title }).waitFor();
      const article = page.locator('.blog-body');
      await article.getByRole('heading', { level: 2, name: 'Why taper' }).waitFor();
      await expect.poll(() => article.locator('strong').first().textContent()).toBe('a third');
      await expect.poll(() => article.getByRole('listitem').count()).toBe(3);
      await expect.poll(() => article.getByRole('link', { name: 'RaceFinder' }).getAttribute('href')).toBe('/events');
      // Nothing the author typed ran or can run: no script, no handler, no javascript: address. Every image has
      // loaded or failed (an onerror handler, had it survived, would have run by then).
      await page.waitForFunction(() => [...document.images].every((image) => image.complete));
      await settled(page);
      await expect(page.evaluate(() => (window as unknown as { __pwned?: string }).__pwned)).resolves.toBeUndefined();
      await expect.poll(() => article.locator('script').count()).toBe(0);
      await expect.poll(() => article.locator('[onerror], [onclick], [onload]').count()).toBe(0);
      await expect.poll(() => page.locator('a[href^="javascript:" i]').count()).toBe(0);
      await article.getByText('Claim your prize').click();
      await settled(page);
      await expect(page.evaluate(() => (window as unknown as { __pwned?: string }).__pwned)).resolves.toBeUndefined();
      await expectNoSeriousA11yViolations(page);
      await screenshot(page, 'blog-post-desktop.jpg', { fullPage: true });
      await expectFitsPhone(page, 'blog-post-phone.jpg');
      await page.goto(stackUrl('/blog'));
      await page.getByRole('link', { name: title, exact: true }).waitFor();
      await expectFitsPhone(page, 'blog-list-phone.jpg');
      await page.setViewportSize({ width: 1280, height: 800 });
      await screenshot(page, 'blog-list-desktop.jpg', { fullPage: true });

      // Unpublished, it is gone for visitors; deleted after confirming, it is gone for good.
      await row.getByRole('button', { name: `Unpublish ${title}` }).click();
      await admin.page.getByText('Post unpublished', { exact: true }).waitFor();
      await visitor.context.close();
      visitor = await newPage(browser());
      page = visitor.page;
      await page.goto(stackUrl(`/blog/${slug}`));
      await page.getByRole('heading', { level: 1, name: 'Post not found' }).waitFor();
      await expectNoSeriousA11yViolations(page);
      await row.getByRole('button', { name: `Delete ${title}` }).click();
      const dialog = admin.page.getByRole('dialog');
      await dialog.getByText(`/blog/${slug} stops working`, { exact: false }).waitFor();
      await dialog.getByRole('button', { name: 'Delete', exact: true }).click();
      await admin.page.getByText('Post deleted', { exact: true }).waitFor();
      await admin.page.getByText('No posts yet', { exact: true }).waitFor();
    } finally {
      await visitor.context.close();
      await admin.context.close();
    }
  });
});
