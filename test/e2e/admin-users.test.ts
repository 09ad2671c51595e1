/**
 * /admin/users in Chromium: an admin finds a new user by the start of their e-mail (the search waits for typing
 * to pause), reads their details, makes them an organizer with a reason after a confirmation, and the change is
 * in /superadmin's Recent Activity. The stat cards move. axe at desktop and phone widths.
 */
import { describe, expect, it } from 'vitest';
import { CLOUDSCAPE_MOBILE_NAV, expectNoSeriousA11yViolations, newPage, screenshot, signIn, signUpThroughForm, stackUrl, useBrowser } from '../support/browser.ts';

const browser = useBrowser();
const PHONE = { width: 390, height: 844 };

describe('the people admin', () => {
  it('finds a user, changes their role with a confirmation, and the change is recorded', async () => {
    const marker = `people${Date.now().toString(36)}`;
    const email = `${marker}@racefinder.test`;
    const newcomer = await newPage(browser());
    const admin = await newPage(browser());
    try {
      await signUpThroughForm(newcomer.page, email, { firstName: 'Casey', lastName: 'Quinn' });
      const page = admin.page;
      await signIn(page, 'Super admin');
      await page.goto(stackUrl('/admin/users'));
      await page.getByRole('heading', { level: 1, name: 'User Management' }).waitFor();
      // The stat card (the role filter's option says 'Organizers' too, later in the page).
      const organizers = page.getByText('Organizers', { exact: true }).first().locator('xpath=following-sibling::*[1]');
      await organizers.getByText(/^\d+$/).waitFor();
      const before = Number(await organizers.textContent());

      await page.getByRole('searchbox', { name: 'Search users by e-mail or name' }).fill(marker.slice(0, 9));
      const row = page.getByRole('row').filter({ hasText: email });
      await row.waitFor();
      // Once typing pauses, the server's search leaves the one match (and the header row).
      await expect.poll(() => page.getByRole('table', { name: 'Users' }).getByRole('row').count()).toBe(2);
      await expectNoSeriousA11yViolations(page, [CLOUDSCAPE_MOBILE_NAV]);
      await screenshot(page, 'admin-users-search-desktop.jpg');

      await row.getByRole('button', { name: `View details of ${email}` }).click();
      const details = page.getByRole('dialog').filter({ hasText: 'User id' });
      await details.getByText('Casey Quinn').first().waitFor();
      await screenshot(page, 'admin-users-details-desktop.jpg');
      await details.getByRole('button', { name: 'Make Organizer' }).click();
      const confirm = page.getByRole('dialog').filter({ hasText: 'Change role' });
      await confirm.getByText(`${email} becomes organizer (now athlete)`, { exact: false }).waitFor();
      await confirm.getByLabel('Reason (optional)').fill('Runs the Thursday track series');
      await confirm.getByRole('button', { name: 'Change role' }).click();
      await page.getByText(`${email} is now organizer.`).waitFor();
      await page.getByRole('dialog').filter({ hasText: 'User id' }).getByRole('button', { name: 'Close' }).click();
      await row.getByText('Organizer', { exact: true }).waitFor();
      await expect.poll(async () => Number(await organizers.textContent())).toBe(before + 1);

      await page.goto(stackUrl('/superadmin'));
      await page.getByRole('table', { name: 'Recent activity' }).getByText(`Changed the role of ${email} from athlete to organizer (Runs the Thursday track series)`).waitFor();

      await page.setViewportSize(PHONE);
      await page.goto(stackUrl('/admin/users'));
      await page.getByRole('heading', { level: 1, name: 'User Management' }).waitFor();
      await page.getByRole('table', { name: 'Users' }).getByRole('row').nth(1).waitFor();
      await expectNoSeriousA11yViolations(page, [CLOUDSCAPE_MOBILE_NAV]);
      await screenshot(page, 'admin-users-phone.jpg', { fullPage: true });
    } finally {
      await newcomer.context.close();
      await admin.context.close();
    }
  });
});
