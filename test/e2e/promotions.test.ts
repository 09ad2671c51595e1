/**
 * Issue 9's whole organizer journey in headless Chromium against the local stack and its Stripe stand-in: a new
 * athlete applies, an admin approves; the new organizer claims an event, the admin approves the claim; the
 * organizer promotes it for its state from the dashboard and pays on the local checkout page ('Payment
 * Verified! 🎉' from the server's status, set by the signed webhook); the admin approves the promotion; and a
 * visitor's search of that state shows the event first, its card with the Premium badge marked Promoted. axe and screenshots at desktop and phone widths.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { CLOUDSCAPE_MOBILE_NAV, expectNoSeriousA11yViolations, newPage, screenshot, signIn, signUpThroughForm, stackUrl, useBrowser, expectNoSidewaysScroll } from '../support/browser.ts';
import { fillApplication } from '../support/organizer-application-form.ts';

const browser = useBrowser();
const PHONE = { width: 390, height: 844 };

/** An unclaimed event from /events, far enough down the list not to be the one another test claims. */
async function unclaimedEvent(page: Page): Promise<{ id: string; title: string; state: string }> {
  await page.goto(stackUrl('/events'));
  const link = page.getByRole('link', { name: /^Claim Event / }).nth(9);
  await link.waitFor();
  const title = ((await link.textContent()) ?? '').replace(/^Claim Event\s*/, '').trim();
  const id = ((await link.getAttribute('href')) ?? '').split('?')[0]!.split('/').pop()!;
  const event = (await (await fetch(stackUrl(`/api/events/${id}`))).json()) as { state: string };
  return { id, title, state: event.state };
}

describe('an organizer pays to promote their event', () => {
  it('applies, claims, promotes and pays; after the admin approves, the event leads its state search', async () => {
    const organization = `Summit Pacers ${Date.now()}`;
    const email = `promoter-${Date.now()}@racefinder.test`;
    const organizer = await newPage(browser());
    const admin = await newPage(browser());
    const visitor = await newPage(browser());
    try {
      const page = organizer.page;
      await signUpThroughForm(page, email);
      await page.goto(stackUrl('/organizer-dashboard'));
      await page.getByRole('heading', { level: 1, name: 'Access Denied' }).waitFor();
      await page.getByRole('link', { name: 'Apply to become an organizer' }).click();
      await fillApplication(page, organization);
      await page.getByRole('heading', { name: 'Application Submitted! 🎉' }).waitFor();

      await signIn(admin.page, 'Admin');
      await admin.page.goto(stackUrl('/admin/applications'));
      await admin.page.getByRole('button', { name: `Approve ${organization}` }).click();
      await admin.page.getByRole('dialog').getByRole('button', { name: 'Approve', exact: true }).click();
      await admin.page.getByText(`${organization} (${email}) is now an organizer.`).waitFor();

      // Now an organizer: claim an event from its page.
      const event = await unclaimedEvent(page);
      await page.goto(stackUrl(`/events/${event.id}?claim=1`));
      const claimDialog = page.getByRole('dialog', { name: 'Claim Event' });
      await claimDialog.getByLabel('Reason for claiming').fill('Our club has organized this race since 2015.');
      await claimDialog.getByRole('button', { name: 'Submit Claim' }).click();
      await page.getByText('Claim Submitted', { exact: true }).waitFor();

      await admin.page.goto(stackUrl('/admin/claims'));
      await admin.page.getByRole('button', { name: `Approve the claim on ${event.title}` }).click();
      await admin.page.getByRole('dialog').filter({ hasText: 'Approve claim' }).getByRole('button', { name: 'Approve', exact: true }).click();
      await admin.page.getByText('Claim approved').waitFor();

      // The dashboard: tiles from the counters, the approved claim with Promote Event.
      await page.goto(stackUrl('/organizer-dashboard?tab=claims'));
      await page.getByRole('heading', { level: 1, name: 'Event Organizer Dashboard' }).waitFor();
      const claimRow = page.getByRole('listitem').filter({ hasText: event.title });
      await claimRow.getByText('Approved', { exact: true }).waitFor();
      const tiles = page.getByRole('list', { name: 'Summary' });
      await tiles.getByRole('listitem').filter({ hasText: 'Approved Claims' }).getByText('1', { exact: true }).waitFor();
      await expectNoSeriousA11yViolations(page);
      await screenshot(page, 'organizer-dashboard-claims-desktop.jpg', { fullPage: true });

      await claimRow.getByRole('button', { name: 'Promote Event' }).click();
      const promote = page.getByRole('dialog', { name: 'Promote Event' });
      await promote.getByText('Premium', { exact: true }).click();
      await expect.poll(() => promote.getByRole('radio', { name: /Premium/ }).isChecked()).toBe(true);
      await expect.poll(() => promote.getByLabel('State').inputValue()).toBe(event.state);
      // Seven days from today at $3 a day (the dialog's default span, unless the race comes sooner).
      const pay = promote.getByRole('button', { name: /^Pay \$\d+ & Promote$/ });
      const label = (await pay.textContent()) ?? '';
      await promote.getByText(/Total \$\d+/).waitFor();
      await expectNoSeriousA11yViolations(page);
      await screenshot(page, 'promote-dialog-desktop.jpg');
      await pay.click();

      // Stripe's page (the local stand-in): the total the server priced, then Pay.
      await page.getByRole('heading', { level: 1, name: 'Pay RaceFinder' }).waitFor();
      const price = label.replace(/^Pay (\$\d+) & Promote$/, '$1');
      await expect.poll(() => page.getByRole('row', { name: /Total/ }).textContent()).toContain(`${price}.00`);
      await page.getByRole('button', { name: /^Pay \$/ }).click();
      await page.waitForURL(/\/organizer-dashboard\?/);
      await page.getByText('Payment Verified! 🎉', { exact: true }).waitFor();
      // The return's query is gone once answered: a reload says nothing again.
      await page.waitForURL((url) => !url.searchParams.has('promotion_success'));
      const promotions = page.getByRole('tabpanel');
      await promotions.getByText('Paid', { exact: true }).waitFor();
      await promotions.getByText('In review', { exact: true }).waitFor();
      await screenshot(page, 'organizer-dashboard-paid-desktop.jpg', { fullPage: true });

      // The admin approves the paid promotion.
      await admin.page.goto(stackUrl('/admin/promotions'));
      const row = admin.page.getByRole('row').filter({ hasText: event.title });
      await row.waitFor();
      await expectNoSeriousA11yViolations(admin.page, [CLOUDSCAPE_MOBILE_NAV]);
      await screenshot(admin.page, 'admin-promotions-desktop.jpg');
      await row.getByRole('button', { name: `Approve the promotion of ${event.title}` }).click();
      const modal = admin.page.getByRole('dialog').filter({ hasText: 'Approve promotion' });
      await modal.getByLabel('Notes for the organizer').fill('Enjoy the race.');
      await modal.getByRole('button', { name: 'Approve', exact: true }).click();
      await admin.page.getByText('Promotion approved').waitFor();

      // Anyone searching that state now sees the event first.
      await visitor.page.goto(stackUrl(`/events?state=${event.state}`));
      const first = visitor.page.getByRole('heading', { level: 3 }).first();
      await first.waitFor();
      await expect.poll(() => first.textContent()).toContain(event.title);
      await screenshot(visitor.page, 'promoted-event-first-in-state.jpg');
      // Its card shows the tier bought (Premium) marked as paid placement, not the editorial Featured pick.
      const card = visitor.page.getByRole('article', { name: event.title });
      const badge = card.locator('.event-flag--promoted');
      await badge.waitFor();
      await expect.poll(() => badge.textContent()).toMatch(/^Premium.*Promoted$/);
      const editorial = (await (await fetch(stackUrl(`/api/events/${event.id}`))).json()) as { featured?: boolean };
      await expect.poll(() => card.getByText('Featured', { exact: true }).count()).toBe(editorial.featured ? 1 : 0);
      await expectNoSeriousA11yViolations(visitor.page);
      await screenshot(card, 'promoted-card-premium-desktop.jpg');
      await visitor.page.setViewportSize(PHONE);
      await badge.waitFor();
      await screenshot(card, 'promoted-card-premium-phone.jpg');
      await visitor.page.setViewportSize({ width: 1280, height: 800 });
      // Its page names the organization the application created.
      await visitor.page.goto(stackUrl(`/events/${event.id}`));
      await visitor.page.getByRole('region', { name: 'Organizer' }).getByText(organization, { exact: true }).waitFor();
      await screenshot(visitor.page, 'event-organization-desktop.jpg', { fullPage: true });

      await page.goto(stackUrl('/organizer-dashboard?tab=promotions'));
      await page.getByRole('tabpanel').getByText('Admin Approved', { exact: true }).waitFor();
      await page.getByRole('list', { name: 'Summary' }).getByRole('listitem').filter({ hasText: 'Active Promotions' }).getByText('1', { exact: true }).waitFor();

      // Phone width: the dashboard, the dialog and the admin queue.
      await page.setViewportSize(PHONE);
      await expectNoSeriousA11yViolations(page);
      await expectNoSidewaysScroll(page, PHONE.width);
      await screenshot(page, 'organizer-dashboard-promotions-phone.jpg', { fullPage: true });
      await page.goto(stackUrl('/organizer-dashboard?tab=claims'));
      await page.getByRole('listitem').filter({ hasText: event.title }).getByRole('button', { name: 'Promote Event' }).click();
      await page.getByRole('dialog', { name: 'Promote Event' }).getByText(/Total \$\d+/).waitFor();
      await expectNoSeriousA11yViolations(page);
      await screenshot(page, 'promote-dialog-phone.jpg', { fullPage: true });
      await admin.page.setViewportSize(PHONE);
      await admin.page.goto(stackUrl('/admin/promotions?status=approved'));
      await admin.page.getByRole('row').filter({ hasText: event.title }).waitFor();
      await expectNoSeriousA11yViolations(admin.page, [CLOUDSCAPE_MOBILE_NAV]);
      await screenshot(admin.page, 'admin-promotions-approved-phone.jpg', { fullPage: true });
    } finally {
      await organizer.context.close();
      await admin.context.close();
      await visitor.context.close();
    }
  });

  it('/promote-event explains prices to a visitor and lists an organizer’s events to promote; a cancelled payment says so', async () => {
    const { context, page } = await newPage(browser());
    try {
      await page.goto(stackUrl('/promote-event'));
      await page.getByRole('heading', { level: 1, name: 'Promote an Event' }).waitFor();
      const prices = page.getByRole('list', { name: 'Promotion prices' });
      for (const text of ['$1 a day', '$3 a day', '$5 a day']) await prices.getByText(text, { exact: true }).waitFor();
      await page.getByRole('main').getByRole('link', { name: 'Sign in' }).waitFor();
      await expectNoSeriousA11yViolations(page);
      await screenshot(page, 'promote-event-visitor-desktop.jpg', { fullPage: true });

      await signIn(page, 'Organizer');
      await page.goto(stackUrl('/promote-event'));
      await page.getByRole('heading', { level: 2, name: 'Your claims' }).waitFor();
      await page.setViewportSize(PHONE);
      await expectNoSeriousA11yViolations(page);
      await expectNoSidewaysScroll(page, PHONE.width);
      await screenshot(page, 'promote-event-organizer-phone.jpg', { fullPage: true });

      await page.goto(stackUrl('/organizer-dashboard?promotion_cancelled=true&promotion_id=01HZZZZZZZZZZZZZZZZZZZZZZZ'));
      await page.getByText('Payment Cancelled', { exact: true }).waitFor();
    } finally {
      await context.close();
    }
  });
});
