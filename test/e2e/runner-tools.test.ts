/**
 * Issue 11's runner tools in headless Chromium against the local stack: the public pacing calculator (a pace,
 * a finish time, field errors, miles and kilometres, splits and predictions), and the race checklist of a race
 * saved through the event page (ticks, items added and removed, all kept across a reload; a refused tick goes
 * back with a toast). axe and screenshots at desktop and phone widths.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { expectNoSeriousA11yViolations, newPage, screenshot, signUpThroughForm, stackUrl, useBrowser, expectNoSidewaysScroll } from '../support/browser.ts';

const browser = useBrowser();
const PHONE = { width: 390, height: 844 };

async function expectFitsPhone(page: Page) {
  await page.setViewportSize(PHONE);
  await expectNoSeriousA11yViolations(page);
  await expectNoSidewaysScroll(page, PHONE.width);
}

describe('the pacing calculator', () => {
  it('works out a pace, then a finish time, in miles and kilometres, with splits, predictions and field errors', async () => {
    const { context, page } = await newPage(browser());
    try {
      await page.goto(stackUrl('/pacing-calculator'));
      await page.getByRole('heading', { level: 1, name: 'Pacing Calculator' }).waitFor();
      const form = page.getByRole('form', { name: 'Your run' });
      // The polite live region that reads out each result (or what to fix).
      const summary = page.locator('.pacing-summary[role="status"]');
      const said = (text: string) => expect.poll(() => summary.textContent()).toBe(text);

      // Miles, a pace and the half marathon are the starting choices; no time is a field error, in place.
      await expect.poll(() => form.getByRole('radio', { name: 'Miles' }).isChecked()).toBe(true);
      await expect.poll(() => form.getByRole('radio', { name: 'Half marathon' }).isChecked()).toBe(true);
      await form.getByRole('button', { name: 'Calculate pace' }).click();
      await form.getByText('Enter a time, e.g. 1:45:00 or 45:00').waitFor();
      await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('aria-invalid'))).toBe('true');
      await said('Check the finish time: nothing was worked out yet.');

      // A world-class time for the half is refused; the typed time stays.
      await form.getByRole('textbox', { name: 'Finish time' }).fill('55:00');
      await form.getByRole('button', { name: 'Calculate pace' }).click();
      await form.getByText(/faster than the world record pace for the half marathon/).waitFor();
      await expect.poll(() => form.getByRole('textbox', { name: 'Finish time' }).inputValue()).toBe('55:00');
      await expectNoSeriousA11yViolations(page);
      await screenshot(form, 'pacing-calculator-error-desktop.jpg');

      await form.getByRole('textbox', { name: 'Finish time' }).fill('1:45:00');
      await form.getByRole('button', { name: 'Calculate pace' }).click();
      await said('13.11 mi in 1:45:00 is a pace of 8:01 /mi.');
      const results = page.locator('.pacing-results');
      await results.getByText('4:59 /km').waitFor();

      // Splits: 13 whole miles and the last 0.11; the negative tab runs the second half faster.
      const splits = page.getByRole('region', { name: 'Splits' });
      await expect.poll(() => splits.getByRole('table').getByRole('row').count()).toBe(15);
      await expect.poll(() => splits.getByRole('row', { name: /^1 8:01 8:01$/ }).count()).toBe(1);
      await splits.getByRole('tab', { name: 'Negative splits' }).click();
      await splits.getByLabel('Second half faster by').selectOption('0.05');
      await splits.getByText(/^First half 53:51, second half 51:09\.$/).waitFor();
      const predictions = page.getByRole('region', { name: 'Race-time predictions' });
      await predictions.getByRole('row', { name: /^Marathon / }).waitFor();
      await predictions.getByText(/Your VDOT is \d\d\.\d/).waitFor();
      await expectNoSeriousA11yViolations(page);
      await screenshot(page, 'pacing-calculator-desktop.jpg', { fullPage: true });

      // Kilometres: the same run, in km.
      await form.getByRole('radio', { name: 'Kilometres' }).check();
      await said('21.1 km in 1:45:00 is a pace of 4:59 /km.');
      await splits.getByRole('tab', { name: 'Even splits' }).click();
      await expect.poll(() => splits.getByRole('table').getByRole('row').count()).toBe(23);

      // A finish time from a custom distance and a pace written in the other unit.
      await form.getByRole('radio', { name: 'Finish time' }).check();
      await expect.poll(() => form.getByLabel('Pace (min/km)').inputValue()).toBe('4:59');
      await form.getByRole('radio', { name: 'Custom' }).check();
      await form.getByLabel('Custom distance (km)').fill('10');
      await form.getByLabel('Pace (min/km)').fill('7:30 /mi');
      await form.getByRole('button', { name: 'Calculate finish time' }).click();
      await said('10 km in 46:36 is a pace of 4:40 /km.');
      await expectFitsPhone(page);
      await screenshot(page, 'pacing-calculator-phone.jpg', { fullPage: true });
    } finally {
      await context.close();
    }
  });
});

describe('the race checklist', () => {
  it('keeps a checklist for a race saved through the event page: ticks and added items survive a reload', async () => {
    const { context, page } = await newPage(browser());
    try {
      await signUpThroughForm(page, `checklist-${Date.now()}@racefinder.test`);

      // Nothing saved yet: the way to the races.
      await page.goto(stackUrl('/race-checklist'));
      await page.getByRole('heading', { name: 'No upcoming races saved' }).waitFor();
      await expect.poll(() => page.getByRole('main').getByRole('link', { name: 'Find races' }).getAttribute('href')).toBe('/events');
      await expectNoSeriousA11yViolations(page);

      // Save the first upcoming race from its page.
      await page.goto(stackUrl('/events'));
      const details = page.getByRole('link', { name: /^View Details of / }).first();
      await details.waitFor();
      const title = ((await details.textContent()) ?? '').replace(/^View Details of /, '').trim();
      await details.click();
      await page.getByRole('heading', { level: 1, name: title }).waitFor();
      await page.getByRole('button', { name: `Save ${title}` }).first().click();
      await page.getByText('Event saved!').waitFor();

      await page.goto(stackUrl('/race-checklist'));
      const picker = page.getByRole('navigation', { name: 'Your upcoming races' });
      await expect.poll(() => picker.getByRole('link', { name: new RegExp(`^${title.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`) }).getAttribute('aria-current')).toBe('true');
      const checklist = page.getByRole('region', { name: title });
      await checklist.getByText(/ checklist$/).waitFor();
      const progress = checklist.getByRole('progressbar');
      const total = Number(await progress.getAttribute('aria-valuemax'));
      expect(total).toBeGreaterThan(15);
      await checklist.getByText(`0 of ${total} done`).waitFor();

      // Tick the first gear item.
      const gear = checklist.getByRole('region', { name: 'Gear' });
      const firstGear = gear.getByRole('checkbox').first();
      const firstGearName = (await gear.locator('.checklist-item__text').first().textContent()) ?? '';
      await firstGear.check();
      await checklist.getByText(`1 of ${total} done`).waitFor();

      // Add two items to Logistics inline; an empty one is refused under the field.
      const logistics = checklist.getByRole('region', { name: 'Logistics' });
      await logistics.getByRole('button', { name: '+ Add to Logistics' }).click();
      const addForm = logistics.getByRole('form', { name: 'Add an item to Logistics' });
      await addForm.getByRole('button', { name: 'Add' }).click();
      await addForm.getByText('Enter the item to add').waitFor();
      await screenshot(logistics, 'race-checklist-add-desktop.jpg');
      await addForm.getByLabel('New item for Logistics').fill('Book the hotel near the start');
      await addForm.getByRole('button', { name: 'Add' }).click();
      await page.getByText('Item added', { exact: true }).waitFor();
      await addForm.getByLabel('New item for Logistics').fill('Ask Sam for a lift home');
      await addForm.getByLabel('New item for Logistics').press('Enter');
      await logistics.getByText('Ask Sam for a lift home').waitFor();
      await expect.poll(() => addForm.getByLabel('New item for Logistics').inputValue()).toBe('');
      await addForm.getByRole('button', { name: 'Done' }).click();
      // check() fails unless the box is ticked as soon as the click is done (use-race-checklist.ts).
      await logistics.getByRole('checkbox', { name: /Book the hotel near the start/ }).check();
      await checklist.getByText(`2 of ${total + 2} done`).waitFor();

      // Removing asks first; Cancel keeps the item, Remove takes it off.
      await logistics.getByRole('button', { name: 'Remove “Ask Sam for a lift home”' }).click();
      const dialog = page.getByRole('dialog', { name: 'Remove this item?' });
      await dialog.getByRole('button', { name: 'Cancel' }).click();
      await logistics.getByText('Ask Sam for a lift home').waitFor();
      await logistics.getByRole('button', { name: 'Remove “Ask Sam for a lift home”' }).click();
      await dialog.getByRole('button', { name: 'Remove item' }).click();
      await page.getByText('Item removed', { exact: true }).waitFor();
      await expect.poll(() => logistics.getByText('Ask Sam for a lift home').count()).toBe(0);
      await expectNoSeriousA11yViolations(page);
      await screenshot(page, 'race-checklist-desktop.jpg', { fullPage: true });

      // Kept on the server: a reload shows the same ticks and items.
      await page.reload();
      await checklist.getByText(`2 of ${total + 1} done`).waitFor();
      await expect.poll(() => gear.getByRole('checkbox', { name: firstGearName }).isChecked()).toBe(true);
      await expect.poll(() => logistics.getByRole('checkbox', { name: /Book the hotel near the start/ }).isChecked()).toBe(true);
      await expect.poll(() => logistics.getByText('Ask Sam for a lift home').count()).toBe(0);

      // A tick the server refuses goes back, with a toast.
      await page.route('**/api/me/checklists/*/items/*', (route) =>
        route.request().method() === 'PATCH'
          ? route.fulfill({ status: 503, contentType: 'application/json', body: JSON.stringify({ error: { code: 'service_unavailable', message: 'The service is busy. Try again.' } }) })
          : route.fallback(),
      );
      const secondGear = gear.getByRole('checkbox').nth(1);
      // click, not check: the box ticks and goes back before check() could see it ticked.
      await secondGear.click();
      await page.getByText('Not ticked', { exact: true }).waitFor();
      await expect.poll(() => secondGear.isChecked()).toBe(false);
      await checklist.getByText(`2 of ${total + 1} done`).waitFor();
      await page.unroute('**/api/me/checklists/*/items/*');

      await expectFitsPhone(page);
      await screenshot(page, 'race-checklist-phone.jpg', { fullPage: true });
    } finally {
      await context.close();
    }
  });
});
