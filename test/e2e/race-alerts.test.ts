/**
 * Race alerts end to end against the real local stack (issue 23): a new athlete signs up and saves a search on
 * the search page; an admin imports a race that matches it (the JSON import on /admin); the daily alerts job runs
 * (POST /_local/schedules/daily-alerts, as its schedule would); the digest reaches the SES stand-in's mailbox with
 * a link to the race, and the inbox behind the header's bell links there too; the e-mail's footer link
 * unsubscribes from that kind after the athlete confirms, and the settings page shows it off. Screenshots at
 * desktop and phone widths are kept in the system's temp folder (racefinder-e2e/).
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { eventually } from '../support/eventually.ts';
import { expectNoSeriousA11yViolations, expectNoSidewaysScroll, newPage, screenshot, signIn, signUpThroughForm, stackUrl, useBrowser } from '../support/browser.ts';

const DESKTOP = { width: 1280, height: 800 };
const PHONE = { width: 390, height: 844 };

const browser = useBrowser();

interface Mail {
  readonly subject: string;
  readonly text: string;
  readonly html: string;
}

async function mailTo(email: string): Promise<Mail[]> {
  const response = await fetch(stackUrl(`/_local/mailbox.json?to=${encodeURIComponent(email)}`));
  expect(response.status).toBe(200);
  return (await response.json()) as Mail[];
}

async function shot(page: Page, name: string) {
  await page.evaluate(() => window.scrollTo(0, 0));
  await screenshot(page, name, { fullPage: true });
}

describe('race alerts', () => {
  it('tells a new athlete of a new race for their saved search by e-mail and in the inbox, and its unsubscribe link stops that kind', async () => {
    const stamp = Date.now().toString(36);
    // One word no other race has: letters only, so the search reads it as one word.
    const word = `Quillback${stamp.replace(/\d/g, '')}`;
    const email = `alerts-${stamp}@racefinder.test`;
    const athlete = await newPage(browser(), DESKTOP);
    const admin = await newPage(browser(), DESKTOP);
    try {
      await signUpThroughForm(athlete.page, email);

      // The search, saved from the search page under a name of the athlete's own.
      await athlete.page.goto(stackUrl(`/events?q=${word}&state=CO`));
      await athlete.page.getByRole('button', { name: 'Save this search' }).click();
      const name = athlete.page.getByRole('textbox', { name: 'Name this search' });
      await name.fill(`${word} races in Colorado`);
      await athlete.page.getByRole('button', { name: 'Save', exact: true }).click();
      await athlete.page.getByText(`Saved “${word} races in Colorado”`).waitFor();

      // The admin imports a race that matches it.
      await signIn(admin.page, 'Admin');
      await admin.page.goto(stackUrl('/admin'));
      await admin.page.getByRole('group', { name: 'Events' }).waitFor();
      const year = new Date().getUTCFullYear() + 1;
      const title = `${word} Lakeside 10K`;
      await admin.page.getByRole('textbox', { name: 'Events (JSON)' }).fill(
        JSON.stringify([{ title, event_date: `${year}-05-16`, event_type: 'road_race', location_name: 'Sloan Lake Park', city: 'Denver', state: 'CO', zip_code: '80204', distances: ['10K'], registration_fee: 40 }]),
      );
      // Verified on import: only verified races are listed, so only they are news to a saved search.
      await admin.page.getByLabel('Verify imported events automatically').check();
      await admin.page.getByRole('button', { name: 'Import Events' }).click();
      await admin.page.getByText('Successfully imported 1 events!').waitFor();

      // The daily job, now.
      const run = await fetch(stackUrl('/_local/schedules/daily-alerts'), { method: 'POST' });
      expect(run.status).toBe(200);

      const [mail] = await eventually(async () => {
        const mails = await mailTo(email);
        return mails.length > 0 ? mails : undefined;
      }, 'the digest in the mailbox');
      expect(mail!.text).toContain(title);
      const raceLink = /href="(http[^"]*\/events\/[0-9A-Z]{26})"/.exec(mail!.html)?.[1];
      expect(raceLink, 'the digest links to the race').toBeDefined();
      const unsubscribeLink = /href="(http[^"]*\/notifications\/unsubscribe\?token=[^"]+)"/.exec(mail!.html)?.[1]?.replace(/&amp;/g, '&');
      expect(unsubscribeLink, 'the footer links to the unsubscribe page').toBeDefined();

      // The inbox: the bell counts it, the item leads to the race.
      await athlete.page.goto(stackUrl('/'));
      const bell = athlete.page.getByRole('link', { name: 'Notifications, 1 unread' });
      await bell.click();
      await athlete.page.getByRole('heading', { level: 1, name: 'Notifications' }).waitFor();
      const item = athlete.page.getByRole('list', { name: 'Notifications, newest first' }).getByRole('link').first();
      await expect.poll(() => item.textContent()).toContain(`${word} races in Colorado`);
      await shot(athlete.page, 'notifications-inbox-desktop.jpg');
      await expectNoSeriousA11yViolations(athlete.page);
      await athlete.page.setViewportSize(PHONE);
      await expectNoSidewaysScroll(athlete.page, PHONE.width);
      await shot(athlete.page, 'notifications-inbox-phone.jpg');
      await athlete.page.setViewportSize(DESKTOP);
      await item.click();
      await athlete.page.getByRole('heading', { level: 1, name: title }).waitFor();
      expect(new URL(athlete.page.url()).pathname).toBe(new URL(raceLink!).pathname);
      await athlete.page.getByRole('link', { name: 'Notifications' }).waitFor();

      // The e-mail's unsubscribe link: nothing changes until the athlete confirms.
      await athlete.page.goto(stackUrl(new URL(unsubscribeLink!).pathname + new URL(unsubscribeLink!).search));
      await athlete.page.getByRole('heading', { name: 'Stop these e-mails?' }).waitFor();
      await shot(athlete.page, 'notifications-unsubscribe-desktop.jpg');
      await athlete.page.getByRole('button', { name: 'Unsubscribe' }).click();
      await athlete.page.getByRole('heading', { name: "You're unsubscribed" }).waitFor();

      await athlete.page.goto(stackUrl('/settings/notifications'));
      const digestEmail = athlete.page.getByRole('checkbox', { name: 'New races for your saved searches (daily): by e-mail' });
      await digestEmail.waitFor();
      await expect.poll(() => digestEmail.isChecked()).toBe(false);
      await expect.poll(() => athlete.page.getByRole('checkbox', { name: 'New races for your saved searches (daily): in the app' }).isChecked()).toBe(true);
      await shot(athlete.page, 'notification-settings-desktop.jpg');
      await expectNoSeriousA11yViolations(athlete.page);
      await athlete.page.setViewportSize(PHONE);
      await expectNoSidewaysScroll(athlete.page, PHONE.width);
      await shot(athlete.page, 'notification-settings-phone.jpg');

      await athlete.page.goto(stackUrl('/saved-searches'));
      await athlete.page.getByRole('heading', { level: 2, name: `${word} races in Colorado` }).waitFor();
      await shot(athlete.page, 'saved-searches-phone.jpg');
    } finally {
      await athlete.context.close();
      await admin.context.close();
    }
  });
});
