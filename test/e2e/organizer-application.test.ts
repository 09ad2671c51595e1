/**
 * Issue 9, the application flow in headless Chromium against the local stack: a new athlete applies on
 * /apply-organizer, an admin approves on /admin/applications (or a super admin on /superadmin's pending list),
 * and the athlete's next GET /api/me says organizer. axe at desktop and phone widths; screenshots under the run's screenshot folder.
 */
import { describe, expect, it } from 'vitest';
import { CLOUDSCAPE_MOBILE_NAV, expectNoSeriousA11yViolations, newPage, screenshot, signIn, signUpThroughForm, stackUrl, useBrowser, expectNoSidewaysScroll } from '../support/browser.ts';
import { fillApplication } from '../support/organizer-application-form.ts';

const browser = useBrowser();
const PHONE = { width: 390, height: 844 };

describe('applying to be an organizer', () => {
  it('an athlete applies, an admin approves, and the athlete is an organizer on the next visit', async () => {
    const organization = `Ridge Runners ${Date.now()}`;
    const email = `applicant-${Date.now()}@racefinder.test`;
    const athlete = await newPage(browser());
    const admin = await newPage(browser());
    try {
      const page = athlete.page;
      await signUpThroughForm(page, email);
      await page.goto(stackUrl('/apply-organizer'));
      await page.getByRole('heading', { name: 'Become an Event Organizer' }).waitFor();
      // The contact e-mail starts as the user's own.
      await expect.poll(() => page.getByLabel('Contact Email').inputValue()).toBe(email);
      await screenshot(page, 'apply-organizer-desktop.jpg', { fullPage: true });
      await expectNoSeriousA11yViolations(page);

      // Nothing filled in: the spec's message names the missing fields, and nothing is sent.
      await page.getByRole('button', { name: 'Submit Application' }).click();
      await page.getByText('Missing Information').waitFor();
      await page.getByText('Please fill in: Organization Name, Organization Type, Description, Experience, Event Types').waitFor();

      await page.getByLabel('Organization Name').fill(organization);
      await page.getByLabel('Organization Type').selectOption('running_club');
      await page.getByLabel('Description', { exact: false }).first().fill('We organize trail races in the foothills every spring and fall.');
      await page.getByLabel('Experience', { exact: false }).first().fill('Eight years of permitted events with up to 600 runners.');
      await page.getByLabel('Trail Race').check();
      await page.getByRole('button', { name: 'Submit Application' }).click();
      await page.getByText('Terms Agreement Required').waitFor();
      await page.getByLabel(/I agree to the terms and conditions/).check();
      await page.getByRole('button', { name: 'Submit Application' }).click();
      await page.getByRole('heading', { name: 'Application Submitted! 🎉' }).waitFor();
      // The confirmation opens at the top, its heading in view (the form's Submit was far down the page).
      expect(await page.evaluate(() => window.scrollY)).toBe(0);
      const top = await page.getByRole('heading', { name: 'Application Submitted! 🎉' }).boundingBox();
      expect(top!.y).toBeLessThan(400);
      await screenshot(page, 'apply-organizer-submitted.jpg');

      // Coming back shows the application under review, not a second form.
      await page.goto(stackUrl('/apply-organizer'));
      await page.getByRole('heading', { name: 'Your application is under review' }).waitFor();

      await signIn(admin.page, 'Admin');
      await admin.page.goto(stackUrl('/admin/applications'));
      await admin.page.getByRole('button', { name: `Read the application of ${organization}` }).waitFor();
      await screenshot(admin.page, 'admin-applications-desktop.jpg');
      await expectNoSeriousA11yViolations(admin.page, [CLOUDSCAPE_MOBILE_NAV]);
      await admin.page.getByRole('button', { name: `Approve ${organization}` }).click();
      const dialog = admin.page.getByRole('dialog');
      await dialog.getByLabel('Notes for the applicant').fill('Welcome aboard.');
      await dialog.getByRole('button', { name: 'Approve', exact: true }).click();
      await admin.page.getByText('Application approved').waitFor();
      await admin.page.getByText(`${organization} (${email}) is now an organizer.`).waitFor();

      // The athlete's next visit: the server says organizer (the app's own GET /api/me), so the page says no
      // application is needed.
      const me = page.waitForResponse((response) => new URL(response.url()).pathname === '/api/me' && response.request().method() === 'GET');
      await page.goto(stackUrl('/apply-organizer'));
      expect(await (await me).json()).toMatchObject({ email, role: 'organizer' });
      await page.getByRole('heading', { name: 'You are already an organizer' }).waitFor();
    } finally {
      await athlete.context.close();
      await admin.context.close();
    }
  });

  it('a super admin approves from the pending list on /superadmin; the next /api/me says organizer', async () => {
    const organization = `Harbor Striders ${Date.now()}`;
    const email = `superadmin-queue-${Date.now()}@racefinder.test`;
    const athlete = await newPage(browser());
    const owner = await newPage(browser());
    try {
      const page = athlete.page;
      await signUpThroughForm(page, email);
      await page.goto(stackUrl('/apply-organizer'));
      await fillApplication(page, organization);
      await page.getByRole('heading', { name: 'Application Submitted! 🎉' }).waitFor();

      const admin = owner.page;
      await signIn(admin, 'Super admin');
      await admin.goto(stackUrl('/superadmin'));
      const queue = admin.getByRole('table', { name: 'Pending organizer applications' });
      await queue.getByRole('button', { name: `Read the application of ${organization}` }).waitFor();
      await screenshot(admin, 'superadmin-pending-desktop.jpg', { fullPage: true });
      await expectNoSeriousA11yViolations(admin, [CLOUDSCAPE_MOBILE_NAV]);
      // The same list at phone width (signed in above: the phone header keeps Sign out in its menu): the page no
      // wider than the screen, axe clean.
      await admin.setViewportSize(PHONE);
      await queue.getByRole('button', { name: `Approve ${organization}` }).waitFor();
      // The phone shows the organization and the decision only, so Approve and Deny are on screen. The table
      // lays itself out again after the resize (its columns follow its width), so the edge is polled, not read once.
      for (const action of ['Approve', 'Deny']) {
        const button = queue.getByRole('button', { name: `${action} ${organization}` });
        await expect.poll(async () => {
          const box = await button.boundingBox();
          return box ? box.x + box.width : Number.POSITIVE_INFINITY;
        }, { message: action }).toBeLessThanOrEqual(PHONE.width);
      }
      await expectNoSeriousA11yViolations(admin, [CLOUDSCAPE_MOBILE_NAV]);
      await expectNoSidewaysScroll(admin, PHONE.width);
      await screenshot(admin, 'superadmin-pending-phone.jpg', { fullPage: true });
      await admin.setViewportSize({ width: 1280, height: 800 });

      // Read in full first, then approve from the reading dialog, with notes.
      await queue.getByRole('button', { name: `Read the application of ${organization}` }).click();
      const reading = admin.getByRole('dialog', { name: organization });
      await reading.getByText('Eight years of permitted events with up to 600 runners.').waitFor();
      await reading.getByRole('button', { name: 'Approve', exact: true }).click();
      const confirm = admin.getByRole('dialog', { name: 'Approve application' });
      await confirm.getByLabel('Notes for the applicant').fill('Welcome to RaceFinder.');
      await screenshot(admin, 'superadmin-approve-dialog.jpg');
      await confirm.getByRole('button', { name: 'Approve', exact: true }).click();
      await admin.getByText(`${organization} (${email}) is now an organizer.`).waitFor();
      await queue.getByRole('button', { name: `Read the application of ${organization}` }).waitFor({ state: 'detached' });
      // The decision is in Recent Activity (the recorded entry, not sample text), and the tiles read the server.
      await admin.reload();
      const activity = admin.getByRole('table', { name: 'Recent activity' });
      await activity.getByText(`Approved the organizer application of ${organization}`).waitFor();
      await admin.getByText('System health').waitFor();
      await admin.getByText(/^(Healthy|Slow|Degraded)$/).first().waitFor();
      await screenshot(admin, 'superadmin-activity-desktop.jpg', { fullPage: true });

      const me = page.waitForResponse((response) => new URL(response.url()).pathname === '/api/me' && response.request().method() === 'GET');
      await page.goto(stackUrl('/apply-organizer'));
      expect(await (await me).json()).toMatchObject({ email, role: 'organizer' });
      await page.getByRole('heading', { name: 'You are already an organizer' }).waitFor();

    } finally {
      await athlete.context.close();
      await owner.context.close();
    }
  });

  it('reads well and passes axe at phone width', async () => {
    const email = `phone-applicant-${Date.now()}@racefinder.test`;
    const { context, page } = await newPage(browser(), PHONE);
    try {
      await signUpThroughForm(page, email);
      await page.goto(stackUrl('/apply-organizer'));
      await page.getByRole('heading', { name: 'Become an Event Organizer' }).waitFor();
      await expectNoSeriousA11yViolations(page);
      // Nothing wider than the screen.
      await expectNoSidewaysScroll(page, PHONE.width);
      await screenshot(page, 'apply-organizer-phone.jpg', { fullPage: true });
    } finally {
      await context.close();
    }
  });
});
