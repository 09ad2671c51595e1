import type { Page } from 'playwright-core';

/** Fills /apply-organizer's required fields and the terms, and submits (the page must be open). */
export async function fillApplication(page: Page, organization: string): Promise<void> {
  await page.getByRole('heading', { name: 'Become an Event Organizer' }).waitFor();
  await page.getByLabel('Organization Name').fill(organization);
  await page.getByLabel('Organization Type').selectOption('running_club');
  await page.getByLabel('Description', { exact: false }).first().fill('We organize trail races in the foothills every spring and fall.');
  await page.getByLabel('Experience', { exact: false }).first().fill('Eight years of permitted events with up to 600 runners.');
  await page.getByLabel('Trail Race').check();
  await page.getByLabel(/I agree to the terms and conditions/).check();
  await page.getByRole('button', { name: 'Submit Application' }).click();
}
