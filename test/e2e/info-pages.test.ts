/**
 * RaceFinder's informative pages and contact form in Chromium: every page of issue 11's set (/about, /faq,
 * /terms, /privacy, /sponsorship, /partners, /corporate, /volunteer, /ambassador-program, /contact) is axe-clean
 * at desktop and phone widths with no sideways scroll; the FAQ's answers open from the keyboard; the footer shows
 * the stack's configured (example) contact details; a visitor follows /sponsorship's call to action to the form
 * with the topic chosen, is shown the field errors, sends the message, and an admin finds it in the inbox at
 * /admin/messages, reads it and marks it handled.
 */
import { describe, expect, it } from 'vitest';
import { CLOUDSCAPE_MOBILE_NAV, expectNoSeriousA11yViolations, newPage, screenshot, signIn, stackUrl, useBrowser } from '../support/browser.ts';

const browser = useBrowser();
const PHONE = { width: 390, height: 844 };

const PAGES = [
  { path: '/about', heading: 'About RaceFinder' },
  { path: '/faq', heading: 'Frequently Asked Questions' },
  { path: '/terms', heading: 'Terms of Service' },
  { path: '/privacy', heading: 'Privacy Policy' },
  { path: '/sponsorship', heading: 'Sponsorship' },
  { path: '/partners', heading: 'Partners' },
  { path: '/corporate', heading: 'Corporate Wellness' },
  { path: '/volunteer', heading: 'Volunteer' },
  { path: '/ambassador-program', heading: 'Ambassador Program' },
  { path: '/contact', heading: 'Contact Us' },
] as const;

describe('the informative pages', () => {
  it('are axe-clean at desktop and phone widths, with no sideways scroll on phones', async () => {
    const { context, page } = await newPage(browser());
    try {
      for (const { path, heading } of PAGES) {
        await page.setViewportSize({ width: 1280, height: 800 });
        await page.goto(stackUrl(path));
        await page.getByRole('heading', { level: 1, name: heading }).waitFor();
        // The footer (its own chunk) and its contact block are part of every page.
        await page.getByRole('contentinfo').getByRole('link', { name: 'Contact us' }).waitFor();
        await expectNoSeriousA11yViolations(page);
        const name = path.slice(1);
        await screenshot(page, `info-${name}-desktop.jpg`, { fullPage: true });

        await page.setViewportSize(PHONE);
        await expectNoSeriousA11yViolations(page);
        expect(await page.evaluate(() => document.documentElement.scrollWidth), path).toBeLessThanOrEqual(PHONE.width);
        await screenshot(page, `info-${name}-phone.jpg`, { fullPage: true });
      }
    } finally {
      await context.close();
    }
  });

  it('opens an FAQ answer from the keyboard and shows the configured contact details in the footer', async () => {
    const { context, page } = await newPage(browser());
    try {
      await page.goto(stackUrl('/faq'));
      const question = page.getByText('Who can see my training log?', { exact: true });
      await question.waitFor();
      const answer = page.getByText(/^Only you\. Your workouts, goals, plans/);
      await expect.poll(() => answer.isVisible()).toBe(false);
      await question.focus();
      await page.keyboard.press('Enter');
      await answer.waitFor({ state: 'visible' });
      await screenshot(page, 'info-faq-open-desktop.jpg');

      // The local stack's example details (infra/local/site-contact.ts): a deployment's come from its context.
      const footer = page.getByRole('contentinfo');
      await footer.getByRole('link', { name: 'team@racefinder.example' }).waitFor();
      await expect.poll(() => footer.getByRole('link', { name: 'team@racefinder.example' }).getAttribute('href')).toBe('mailto:team@racefinder.example');
      await footer.getByText('Anytown, USA').waitFor();
      await footer.scrollIntoViewIfNeeded();
      await screenshot(page, 'info-footer-contact-desktop.jpg', { fullPage: true });
    } finally {
      await context.close();
    }
  });
});

describe('a message through the contact form', () => {
  it('goes from /sponsorship’s call to action, with the topic chosen, to the admins’ inbox, where it is marked handled', async () => {
    const marker = `sponsor${Date.now().toString(36)}`;
    const visitor = await newPage(browser());
    const admin = await newPage(browser());
    try {
      const { page } = visitor;
      await page.goto(stackUrl('/sponsorship'));
      await page.getByRole('heading', { level: 1, name: 'Sponsorship' }).waitFor();
      await page.getByRole('link', { name: 'Contact us about sponsorship' }).click();
      await page.waitForURL(stackUrl('/contact?topic=sponsorship'));
      const form = page.getByRole('form', { name: 'Contact form' });
      await expect.poll(() => form.getByLabel('Topic').inputValue()).toBe('sponsorship');

      // Sent empty: each field says what it needs, and focus goes to the first.
      await form.getByRole('button', { name: 'Send message' }).click();
      await form.getByText('Please enter your name').waitFor();
      await form.getByText('Please enter your e-mail address').waitFor();
      await form.getByText('Please write your message').waitFor();
      await expect(form.getByLabel('Your name').evaluate((element) => element === document.activeElement)).resolves.toBe(true);
      await expectNoSeriousA11yViolations(page);
      await screenshot(page, 'contact-errors-desktop.jpg', { fullPage: true });

      await form.getByLabel('Your name').fill('Morgan Diaz');
      await form.getByLabel('E-mail address').fill('morgan.diaz@example.org');
      await form.getByLabel('Message').fill(`We would like to sponsor trail races in Colorado this spring. Reference ${marker}.`);
      await form.getByRole('button', { name: 'Send message' }).click();
      const sent = page.getByRole('status').filter({ hasText: 'Message sent' });
      await sent.getByText('we will answer at morgan.diaz@example.org').waitFor();
      await expectNoSeriousA11yViolations(page);
      await screenshot(page, 'contact-sent-desktop.jpg', { fullPage: true });

      const inbox = admin.page;
      await signIn(inbox, 'Admin');
      await inbox.goto(stackUrl('/admin/messages'));
      await inbox.getByRole('heading', { level: 1, name: 'Contact Messages' }).waitFor();
      const table = inbox.getByRole('table', { name: 'Open contact messages' });
      const row = table.getByRole('row').filter({ hasText: marker });
      await row.waitFor();
      await row.getByText('Sponsorship', { exact: true }).waitFor();
      const openCount = async () => Number(/\((\d+) open\)/.exec((await inbox.getByRole('heading', { level: 1, name: 'Contact Messages' }).first().textContent()) ?? '')?.[1]);
      const before = await openCount();
      expect(before).toBeGreaterThanOrEqual(1);
      await expectNoSeriousA11yViolations(inbox, [CLOUDSCAPE_MOBILE_NAV]);
      await screenshot(inbox, 'admin-messages-desktop.jpg');

      await row.getByRole('button', { name: 'Read the message from Morgan Diaz' }).click();
      const dialog = inbox.getByRole('dialog').filter({ hasText: 'Message from Morgan Diaz' });
      await dialog.getByText(marker, { exact: false }).waitFor();
      await expect.poll(() => dialog.getByRole('link', { name: 'Reply by e-mail' }).getAttribute('href')).toMatch(/^mailto:morgan\.diaz@example\.org\?subject=/);
      await expectNoSeriousA11yViolations(inbox, [CLOUDSCAPE_MOBILE_NAV]);
      await screenshot(inbox, 'admin-messages-detail-desktop.jpg');
      await dialog.getByRole('button', { name: 'Mark handled' }).click();
      await inbox.getByText('Message marked handled').waitFor();
      await dialog.getByText(/^Handled /).waitFor();
      await dialog.getByRole('button', { name: 'Close' }).first().click();
      await expect.poll(() => table.getByRole('row').filter({ hasText: marker }).count()).toBe(0);
      await expect.poll(openCount).toBe(before - 1);

      await inbox.getByRole('button', { name: 'Handled', exact: true }).click();
      await inbox.getByRole('table', { name: 'Handled contact messages' }).getByRole('row').filter({ hasText: marker }).waitFor();
      await screenshot(inbox, 'admin-messages-handled-desktop.jpg');

      await inbox.setViewportSize(PHONE);
      await inbox.getByRole('table', { name: 'Handled contact messages' }).getByRole('row').nth(1).waitFor();
      await expectNoSeriousA11yViolations(inbox, [CLOUDSCAPE_MOBILE_NAV]);
      await screenshot(inbox, 'admin-messages-phone.jpg', { fullPage: true });
    } finally {
      await visitor.context.close();
      await admin.context.close();
    }
  });
});
