/**
 * Events organizers run, in Chromium against the local stack: the organizer fills /create-event (the form's
 * own checks first, nothing typed lost), the event waits in My Events, an admin approves it on
 * /admin/event-reviews and it is found in search; the owner edits it and the admin sees the edit, field by
 * field, under Recent edits. axe and screenshots at desktop and phone widths.
 */
import { describe, expect, it } from 'vitest';
import { CLOUDSCAPE_MOBILE_NAV, expectNoSeriousA11yViolations, newPage, screenshot, signIn, stackUrl, useBrowser, expectNoSidewaysScroll } from '../support/browser.ts';

const browser = useBrowser();
const BROWSER_UA = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const PHONE = { width: 390, height: 844 };

const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

describe('an organizer creates and edits an event', () => {
  it('creates it, an admin approves it, search finds it; the edit shows under Recent edits', async () => {
    const marker = `Quarry${Date.now().toString(36)}`;
    const title = `${marker} Trail Challenge`;
    const organizer = await newPage(browser());
    const admin = await newPage(browser());
    try {
      const { page } = organizer;
      await signIn(page, 'Organizer');
      await page.goto(stackUrl('/create-event'));
      await page.getByRole('heading', { level: 1, name: 'Create Event' }).waitFor();
      await page.getByText('Reviews take 1-2 business days.', { exact: false }).waitFor();

      // The form's checks: nothing sent, each problem beside its field, what was typed kept.
      await page.getByLabel('Event Name').fill(title);
      await page.getByLabel('Event Date').fill(inDays(-1));
      await page.getByRole('button', { name: 'Create Event' }).click();
      await page.getByText('Some fields need your attention', { exact: false }).waitFor();
      await page.getByText('The event date must be in the future').waitFor();
      await page.getByText('List at least one distance').waitFor();
      await expect.poll(() => page.getByLabel('Event Name').inputValue()).toBe(title);
      await expectNoSeriousA11yViolations(page);
      await screenshot(page, 'create-event-errors-desktop.jpg', { fullPage: true });

      await page.getByLabel('Description (optional)').fill('A rolling trail loop around the old quarry.');
      await page.getByLabel('Event Type').selectOption('trail_race');
      await page.getByLabel('Terrain').selectOption('trail');
      await page.getByLabel('Event Date').fill(inDays(45));
      await page.getByLabel('Start Time (optional)').fill('07:30');
      await page.getByLabel('Distances').fill('10K, Half Marathon');
      await page.getByLabel('This is a virtual event').check();
      await page.getByLabel('This is a virtual event').uncheck();
      await page.getByLabel('Venue or Start Location').fill('Quarry Ridge Park');
      await page.getByLabel('City').fill('Bozeman');
      await page.getByLabel('State').selectOption('MT');
      await page.getByLabel('Registration Fee in $ (optional)').fill('45');
      await page.getByLabel('Registration Closes (optional)').fill(inDays(50));
      await page.getByRole('button', { name: 'Create Event' }).click();
      await page.getByText('Registration must close on or before the event date').waitFor();
      await page.getByLabel('Registration Closes (optional)').fill(inDays(40));
      await page.getByRole('button', { name: 'Create Event' }).click();

      await page.waitForURL(/\/organizer-dashboard\?tab=events/);
      await page.getByText('Event Submitted', { exact: true }).waitFor();
      const row = page.getByRole('list', { name: 'My events' }).getByRole('listitem').filter({ hasText: title });
      await row.getByText('In review', { exact: true }).waitFor();
      await expectNoSeriousA11yViolations(page);
      await screenshot(page, 'organizer-my-events-desktop.jpg', { fullPage: true });

      await signIn(admin.page, 'Admin');
      await admin.page.goto(stackUrl('/admin/event-reviews'));
      await admin.page.getByRole('button', { name: `Approve ${title}` }).waitFor();
      await expectNoSeriousA11yViolations(admin.page, [CLOUDSCAPE_MOBILE_NAV]);
      await screenshot(admin.page, 'admin-event-reviews-desktop.jpg');
      await admin.page.getByRole('button', { name: `Approve ${title}` }).click();
      await admin.page.getByRole('dialog').filter({ hasText: 'Approve event' }).getByRole('button', { name: 'Approve', exact: true }).click();
      await admin.page.getByText('Event approved').waitFor();

      const found = await (await fetch(stackUrl(`/api/events?q=${encodeURIComponent(marker)}`))).json() as { items: { id: string; title: string }[] };
      expect(found.items.map((item) => item.title)).toEqual([title]);

      // A visitor in an ordinary browser opens it (headless Chromium's own User-Agent counts as a bot, rightly),
      // and its owner sees the view on the Analytics tab.
      const visitorContext = await browser().newContext({ userAgent: BROWSER_UA });
      try {
        const visitor = await visitorContext.newPage();
        const counted = visitor.waitForResponse((response) => response.url().endsWith(`/api/events/${found.items[0]!.id}/beacon`));
        await visitor.goto(stackUrl(`/events/${found.items[0]!.id}`));
        expect(await (await counted).json()).toEqual({ outcome: 'counted' });
        // The start the organizer gave, on the race's clock: Montana is on Mountain Time.
        await visitor.getByRole('complementary', { name: 'Key facts and actions' }).getByText(/^7:30 AM M[SD]T$/).waitFor();
      } finally {
        await visitorContext.close();
      }
      await page.goto(stackUrl('/organizer-dashboard?tab=analytics'));
      await page.getByLabel('Event', { exact: true }).selectOption(found.items[0]!.id);
      const totals = page.getByRole('list', { name: 'Totals' });
      await totals.getByText('views', { exact: false }).waitFor();
      await expect.poll(() => totals.getByRole('listitem').first().textContent()).toMatch(/^[1-9]\d* views$/);
      await page.locator('.daily-chart canvas').waitFor();
      await expectNoSeriousA11yViolations(page);
      await screenshot(page, 'organizer-analytics-desktop.jpg', { fullPage: true });

      // The owner edits it (now live); the admin sees the change.
      await page.goto(stackUrl('/organizer-dashboard?tab=events'));
      await row.getByText('Live', { exact: true }).waitFor();
      await row.getByRole('link', { name: `Edit ${title}` }).click();
      await page.getByRole('heading', { level: 1, name: 'Edit Event' }).waitFor();
      await expect.poll(() => page.getByLabel('Distances').inputValue()).toBe('10K, Half Marathon');
      await page.getByLabel('City').fill('Belgrade');
      await page.getByLabel('Registration Fee in $ (optional)').fill('');
      await page.getByRole('button', { name: 'Save Changes' }).click();
      await page.getByText('Event Updated', { exact: true }).waitFor();

      await admin.page.goto(stackUrl('/admin/event-reviews?view=edits'));
      const edit = admin.page.getByRole('row').filter({ hasText: title });
      await edit.getByText('Bozeman → Belgrade', { exact: false }).waitFor();
      await edit.getByText('45 → (empty)', { exact: false }).waitFor();
      await expectNoSeriousA11yViolations(admin.page, [CLOUDSCAPE_MOBILE_NAV]);
      await screenshot(admin.page, 'admin-event-edits-desktop.jpg');

      // Phone widths.
      await page.setViewportSize(PHONE);
      await page.goto(stackUrl('/create-event'));
      await page.getByRole('heading', { level: 1, name: 'Create Event' }).waitFor();
      await expectNoSeriousA11yViolations(page);
      await expectNoSidewaysScroll(page, PHONE.width);
      await screenshot(page, 'create-event-phone.jpg', { fullPage: true });
      await page.goto(stackUrl('/organizer-dashboard?tab=events'));
      await page.getByRole('list', { name: 'My events' }).waitFor();
      await expectNoSeriousA11yViolations(page);
      await screenshot(page, 'organizer-my-events-phone.jpg', { fullPage: true });
      await admin.page.setViewportSize(PHONE);
      await admin.page.goto(stackUrl('/admin/event-reviews'));
      await admin.page.getByRole('heading', { level: 1, name: 'New Events & Edits' }).waitFor();
      await expectNoSeriousA11yViolations(admin.page, [CLOUDSCAPE_MOBILE_NAV]);
      await screenshot(admin.page, 'admin-event-reviews-phone.jpg', { fullPage: true });
    } finally {
      await organizer.context.close();
      await admin.context.close();
    }
  });

  it('turns away an athlete from /create-event and asks a visitor to sign in', async () => {
    const { context, page } = await newPage(browser());
    try {
      await page.goto(stackUrl('/create-event'));
      await page.getByRole('heading', { level: 1, name: 'Please Sign In' }).waitFor();
      await signIn(page, 'Athlete');
      await page.goto(stackUrl('/create-event'));
      await page.getByRole('heading', { level: 1, name: 'Access Denied' }).waitFor();
    } finally {
      await context.close();
    }
  });
});
