/**
 * A race course, in Chromium against the local stack: an admin opens an event's edit page, a file that is not a
 * course is refused with the server's reason and nothing saved, a GPX file is uploaded from the Course section's
 * file input, and the event page shows its figures, elevation profile and route sketch; removing it asks first.
 * axe and screenshots at desktop and phone widths.
 */
import { describe, expect, it } from 'vitest';
import { expectNoSeriousA11yViolations, expectNoSidewaysScroll, newPage, screenshot, signIn, stackUrl, useBrowser } from '../support/browser.ts';
import { gpxText, hillyElevations } from '../support/gpx.ts';

const browser = useBrowser();
const PHONE = { width: 390, height: 844 };

// 12 km of rolling hills, 60 m high every 2 km: a 'mountainous' course by its climb per km.
const COURSE = gpxText({ elevations: hillyElevations(121, 60), name: 'Ridge loop' });

describe('an event course', () => {
  it('is uploaded on the edit page, a bad file refused, and shown on the event page', async () => {
    const search = (await (await fetch(stackUrl('/api/events?state=CO'))).json()) as { items: { id: string; title: string; course?: unknown }[] };
    const event = search.items.find((item) => item.course === undefined);
    expect(event).toBeDefined();
    const { id, title } = event!;
    const admin = await newPage(browser());
    const phone = await newPage(browser(), PHONE);
    try {
      const { page } = admin;
      await signIn(page, 'Admin');
      await page.goto(stackUrl(`/events/${id}/edit`));
      const section = page.getByRole('region', { name: 'Course' });
      await section.getByText('No course yet.').waitFor();
      const input = section.getByLabel('Upload GPX file…');

      await input.setInputFiles({ name: 'notes.gpx', mimeType: 'application/gpx+xml', buffer: Buffer.from('these are my notes, not a course') });
      await section.getByText('notes.gpx was not saved').waitFor();
      await section.getByText('This file is not a GPX file: it is not readable XML.').waitFor();
      await section.getByText('No course yet.').waitFor();
      await expectNoSeriousA11yViolations(page);

      await input.setInputFiles({ name: 'ridge-loop.gpx', mimeType: 'application/gpx+xml', buffer: Buffer.from(COURSE) });
      await page.getByText('Course saved', { exact: true }).waitFor();
      await section.getByText('“Ridge loop”, 121 points', { exact: false }).waitFor();
      await expect.poll(() => section.getByText('notes.gpx was not saved').count()).toBe(0);
      await section.getByText('Mountainous').waitFor();
      await section.locator('[data-testid="profile-chart"] canvas').waitFor();
      await section.scrollIntoViewIfNeeded();
      await screenshot(page, 'course-edit-desktop.jpg', { fullPage: true });

      // The event page: the section, its figures in miles and feet for a reader with no other choice, the chart and the sketch.
      await phone.page.goto(stackUrl(`/events/${id}`));
      await phone.page.getByRole('heading', { level: 1, name: title }).waitFor();
      const shown = phone.page.getByRole('region', { name: 'Course' });
      await shown.locator('[data-testid="profile-chart"] canvas').waitFor();
      await shown.getByRole('img', { name: /Sketch of the 7\.\d mi route "Ridge loop"/ }).waitFor();
      await expect.poll(() => shown.getByText(/^\d{1,3}(,\d{3})* ft$/).count()).toBeGreaterThanOrEqual(2);
      await expectNoSeriousA11yViolations(phone.page);
      await expectNoSidewaysScroll(phone.page, PHONE.width);
      await shown.scrollIntoViewIfNeeded();
      await screenshot(phone.page, 'course-event-phone.jpg');

      // Removing it asks first; after it the event page has no Course section.
      await section.getByRole('button', { name: 'Remove course' }).click();
      const dialog = page.getByRole('dialog', { name: 'Remove the course?' });
      await dialog.getByRole('button', { name: 'Remove course' }).click();
      await page.getByText('Course removed', { exact: true }).waitFor();
      await section.getByText('No course yet.').waitFor();
      // A new visitor (the event's answer is public and cached for a minute, so not the phone that saw it).
      const visitor = await newPage(browser(), PHONE);
      try {
        await visitor.page.goto(stackUrl(`/events/${id}`));
        await visitor.page.getByRole('heading', { level: 1, name: title }).waitFor();
        await visitor.page.getByRole('heading', { level: 2, name: 'Distances' }).waitFor();
        await expect.poll(() => visitor.page.getByRole('region', { name: 'Course' }).count()).toBe(0);
      } finally {
        await visitor.context.close();
      }
    } finally {
      await admin.context.close();
      await phone.context.close();
    }
  });
});
