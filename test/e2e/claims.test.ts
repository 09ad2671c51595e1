/**
 * Event claims in Chromium: the organizer finds an unclaimed event, claims it from the event page's dialog,
 * an admin approves it on /admin/claims with notes, and the organizer then sees 'Claimed by You' on the event
 * page and its card; /claim-event explains the flow and lists the claim. axe at desktop and phone widths.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { CLOUDSCAPE_MOBILE_NAV, expectNoSeriousA11yViolations, newPage, screenshot, signIn, stackUrl, useBrowser } from '../support/browser.ts';

const browser = useBrowser();
const PHONE = { width: 390, height: 844 };

/** The first event of /events that the signed-in organizer may claim: its title and page path. */
async function firstClaimable(page: Page): Promise<{ title: string; path: string }> {
  await page.goto(stackUrl('/events'));
  const link = page.getByRole('link', { name: /^Claim Event / }).first();
  await link.waitFor();
  const title = ((await link.textContent()) ?? '').replace(/^Claim Event\s*/, '').trim();
  const href = (await link.getAttribute('href')) ?? '';
  return { title, path: href.split('?')[0]! };
}

// Two signed-in browsers and an admin's queue each: about 40 s alone, and past 60 s when the whole suite loads the machine.
describe('claiming an event', () => {
  it('organizer claims from the event page, admin approves, the event shows Claimed by You', async () => {
    const organizer = await newPage(browser());
    const admin = await newPage(browser());
    try {
      const { page } = organizer;
      await signIn(page, 'Organizer');
      const { title, path } = await firstClaimable(page);
      await screenshot(page, 'claims-cards-organizer-desktop.jpg');

      await page.goto(stackUrl(path));
      await page.getByRole('heading', { level: 1, name: title }).waitFor();
      const panel = page.getByRole('complementary', { name: 'Key facts and actions' });
      await panel.getByRole('button', { name: 'Claim Event' }).click();
      const dialog = page.getByRole('dialog', { name: 'Claim Event' });
      await dialog.waitFor();
      const submit = dialog.getByRole('button', { name: 'Submit Claim' });
      await expect(submit.isDisabled()).resolves.toBe(true);
      await expect.poll(() => dialog.getByText('Claims are reviewed by an administrator', { exact: false }).isVisible()).toBe(true);
      await dialog.getByLabel('Reason for claiming').fill('I am the race director; the race website lists me.');
      await expectNoSeriousA11yViolations(page);
      await screenshot(page, 'claims-dialog-desktop.jpg');
      await submit.click();
      await page.getByText('Claim Submitted', { exact: true }).waitFor();
      await dialog.waitFor({ state: 'detached' });
      await panel.getByText('Your claim on this event is waiting for review by an administrator.').waitFor();

      // Arriving again from the card while the claim is pending opens no dialog and offers no second claim.
      await page.goto(stackUrl(`${path}?claim=1`));
      await expect.poll(() => panel.getByRole('button', { name: 'Claim Event' }).count()).toBe(0);

      await signIn(admin.page, 'Admin');
      await admin.page.goto(stackUrl('/admin/claims'));
      const row = admin.page.getByRole('row').filter({ hasText: title });
      await row.waitFor();
      await expect.poll(() => row.getByText('I am the race director; the race website lists me.').isVisible()).toBe(true);
      await expectNoSeriousA11yViolations(admin.page, [CLOUDSCAPE_MOBILE_NAV]);
      await screenshot(admin.page, 'claims-admin-queue-desktop.jpg');
      await row.getByRole('button', { name: `Approve the claim on ${title}` }).click();
      const modal = admin.page.getByRole('dialog').filter({ hasText: 'Approve claim' });
      await modal.getByLabel('Notes for the organizer').fill('Confirmed on the race website.');
      await screenshot(admin.page, 'claims-admin-approve-desktop.jpg');
      await modal.getByRole('button', { name: 'Approve', exact: true }).click();
      await admin.page.getByText('Claim approved').waitFor();
      await admin.page.getByRole('row').filter({ hasText: title }).waitFor({ state: 'detached' });

      await page.goto(stackUrl(path));
      await page.getByRole('heading', { level: 1, name: title }).waitFor();
      await page.getByRole('list', { name: 'Event tags' }).getByText('Claimed by You', { exact: true }).waitFor();
      await expect.poll(() => panel.getByRole('button', { name: 'Claim Event' }).count()).toBe(0);
      await expectNoSeriousA11yViolations(page);
      await screenshot(page, 'claims-detail-claimed-desktop.jpg');

      // Other visitors see 'Claimed'; the organizer's list says Approved with the admin's notes.
      await admin.page.goto(stackUrl(path));
      await admin.page.getByRole('list', { name: 'Event tags' }).getByText('Claimed', { exact: true }).waitFor();
      await page.goto(stackUrl('/claim-event'));
      const mine = page.getByRole('listitem').filter({ hasText: title });
      await mine.getByText('Approved', { exact: true }).waitFor();
      await expect.poll(() => mine.getByText("Administrator's note: Confirmed on the race website.").isVisible()).toBe(true);
      await expectNoSeriousA11yViolations(page);
      await screenshot(page, 'claims-claim-event-page-desktop.jpg', { fullPage: true });
    } finally {
      await organizer.context.close();
      await admin.context.close();
    }
  });

  it('works at phone width: the card link opens the dialog on the event page; /claim-event and the admin queue pass axe', async () => {
    // Signed in at desktop width (the sign-in helper uses the desktop navigation), then on a phone.
    const organizer = await newPage(browser());
    const admin = await newPage(browser());
    try {
      const { page } = organizer;
      await signIn(page, 'Organizer');
      await page.setViewportSize(PHONE);
      const { title } = await firstClaimable(page);
      await page.getByRole('link', { name: `Claim Event ${title}` }).first().click();
      const dialog = page.getByRole('dialog', { name: 'Claim Event' });
      await dialog.waitFor();
      await dialog.getByLabel('Reason for claiming').fill('Our club organizes this race every year.');
      await expectNoSeriousA11yViolations(page);
      await screenshot(page, 'claims-dialog-phone.jpg');
      await dialog.getByRole('button', { name: 'Cancel' }).click();
      await dialog.waitFor({ state: 'detached' });
      expect(new URL(page.url()).search).toBe('');

      await page.goto(stackUrl('/claim-event'));
      await page.getByRole('heading', { level: 2, name: 'Your claims' }).waitFor();
      await expectNoSeriousA11yViolations(page);
      await screenshot(page, 'claims-claim-event-page-phone.jpg', { fullPage: true });

      await signIn(admin.page, 'Admin');
      await admin.page.setViewportSize(PHONE);
      await admin.page.goto(stackUrl('/admin/claims?status=approved'));
      await admin.page.getByRole('heading', { level: 1, name: 'Event Claims' }).waitFor();
      await admin.page.getByRole('table', { name: 'Approved claims' }).waitFor();
      await expectNoSeriousA11yViolations(admin.page, [CLOUDSCAPE_MOBILE_NAV]);
      await screenshot(admin.page, 'claims-admin-approved-phone.jpg', { fullPage: true });
    } finally {
      await organizer.context.close();
      await admin.context.close();
    }
  });

  it('tells a visitor to sign in and an athlete to apply first', async () => {
    const { context, page } = await newPage(browser());
    try {
      await page.goto(stackUrl('/claim-event'));
      await page.getByRole('heading', { level: 1, name: 'Claim an Event' }).waitFor();
      await page.getByRole('main').getByRole('link', { name: 'Sign in' }).waitFor();
      await signIn(page, 'Athlete');
      await page.goto(stackUrl('/claim-event'));
      await page.getByRole('link', { name: 'Apply to become an organizer' }).waitFor();
      await page.goto(stackUrl('/events'));
      await page.getByRole('link', { name: /^View Details of / }).first().waitFor();
      await expect.poll(() => page.getByRole('link', { name: /^Claim Event / }).count()).toBe(0);
    } finally {
      await context.close();
    }
  });
});
