/**
 * Event images (issue 24) in Chromium against the local stack: the organizer picks files in the edit page's Images
 * section; a file of another type is refused at once, a file that only claims to be a JPEG is refused by the image
 * function after its upload, and a real picture is uploaded straight to the S3 stand-in, processed, described and
 * then shown on the event page as the cover and in the gallery, from its srcset; an admin removes it from the events
 * list. axe and screenshots at 1280 and 390.
 */
import { ulid } from 'ulid';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import type { RaceEvent } from '#shared/schemas/event';
import { demoAccount, expectNoSeriousA11yViolations, expectNoSidewaysScroll, newPage, screenshot, signIn, stackUrl, useBrowser, userIdFor } from '../support/browser.ts';
import { pointDataLayerAtE2eStack } from '../support/e2e-data.ts';

const browser = useBrowser();
const PHONE = { width: 390, height: 844 };

/** A landscape picture with something to see: sky, a hill and a road. */
async function photo(): Promise<Buffer> {
  const width = 1400;
  const height = 900;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
    <rect width="100%" height="100%" fill="#7cb9e8"/><circle cx="1100" cy="200" r="90" fill="#ffd35c"/>
    <path d="M0 620 Q 350 380 700 560 T 1400 520 V 900 H 0 Z" fill="#3f7d3a"/>
    <path d="M620 900 L 700 560 L 760 560 L 900 900 Z" fill="#5b5b5b"/></svg>`;
  return sharp(Buffer.from(svg)).jpeg({ quality: 85 }).toBuffer();
}

describe('event images', () => {
  it('uploads an image on the edit page, refuses bad files, and shows it on the event page', async () => {
    pointDataLayerAtE2eStack();
    const { createEvent } = await import('#data/event');
    const title = `Lakeshore ${Date.now().toString(36)} Half Marathon`;
    const now = new Date().toISOString();
    const event: RaceEvent = await createEvent({
      id: ulid(),
      title,
      description: 'A flat course along the lake.',
      eventDate: new Date(Date.now() + 60 * 86_400_000).toISOString().slice(0, 10),
      eventType: 'road_race',
      terrainType: 'road',
      locationName: 'Lakeshore Park',
      city: 'Madison',
      state: 'WI',
      country: 'US',
      distances: ['Half Marathon'],
      tags: [],
      featured: false,
      verified: true,
      source: 'organizer',
      organizerId: await userIdFor(demoAccount('Organizer').email),
      createdAt: now,
      updatedAt: now,
    });

    const { page } = await newPage(browser());
    await signIn(page, 'Organizer');
    await page.goto(stackUrl(`/events/${event.id}/edit`));
    const section = page.getByRole('region', { name: 'Images' });
    await section.getByText('No images yet', { exact: false }).waitFor();
    const picker = section.getByLabel('Add Images');

    // Another type is refused before anything is sent.
    await picker.setInputFiles({ name: 'entry-form.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4 not a picture') });
    await section.getByRole('alert').filter({ hasText: 'Choose a JPEG, PNG or WebP image.' }).waitFor();
    await section.getByRole('button', { name: 'Dismiss' }).click();

    // A file that only claims to be a JPEG reaches S3 and is refused by the image function, with its reason.
    await picker.setInputFiles({ name: 'renamed.jpg', mimeType: 'image/jpeg', buffer: Buffer.from('plain text, named like a picture') });
    await section.getByRole('alert').filter({ hasText: 'Processing failed: This file is not an image we can read.' }).waitFor();
    await section.getByRole('button', { name: 'Dismiss' }).click();
    await expect.poll(() => section.getByRole('alert').count()).toBe(0);

    // A real picture: uploaded, processed, then described.
    await picker.setInputFiles({ name: 'finish-line.jpg', mimeType: 'image/jpeg', buffer: await photo() });
    await section.getByText('Cover image').waitFor();
    await section.getByLabel('Description (alt text)').fill('The road into the hills under a sunny sky');
    await section.getByRole('button', { name: 'Save Order and Descriptions' }).click();
    await page.getByText('Images Saved').waitFor();
    await expectNoSeriousA11yViolations(page);
    await section.scrollIntoViewIfNeeded();
    await screenshot(page, 'event-images-edit-desktop.jpg', { fullPage: true });
    await page.setViewportSize(PHONE);
    await expectNoSidewaysScroll(page, PHONE.width);
    await screenshot(page, 'event-images-edit-phone.jpg', { fullPage: true });

    // The event page: the cover behind the title and the gallery, each from the renditions in its srcset.
    const visitor = await newPage(browser());
    await visitor.page.goto(stackUrl(`/events/${event.id}`));
    const pictured = visitor.page.getByRole('img', { name: 'The road into the hills under a sunny sky' });
    await pictured.waitFor();
    await expect.poll(() => pictured.getAttribute('srcset')).toMatch(/\/media\/events\/.+\/400\.webp 400w, .+\/800\.webp 800w, .+\/1200\.webp 1200w$/);
    await expect.poll(() => pictured.getAttribute('width')).toBe('1400');
    await expect.poll(() => pictured.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth > 0)).toBe(true);
    const cover = visitor.page.locator('.event-hero img.event-photo');
    await expect.poll(() => cover.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth > 0)).toBe(true);
    const preview = await visitor.page.locator('meta[property="og:image"]').getAttribute('content');
    expect(preview).toMatch(/\/media\/events\/.+\/1200\.webp$/);
    await expectNoSeriousA11yViolations(visitor.page);
    await screenshot(visitor.page, 'event-images-page-desktop.jpg', { fullPage: true });
    await visitor.page.setViewportSize(PHONE);
    await expectNoSidewaysScroll(visitor.page, PHONE.width);
    await screenshot(visitor.page, 'event-images-page-phone.jpg', { fullPage: true });

    // An admin removes it from the events list (a lazily loaded dialog), after confirming; the page has no Photos then.
    const admin = await newPage(browser());
    await signIn(admin.page, 'Admin');
    await admin.page.goto(stackUrl(`/admin/events?q=${encodeURIComponent(title)}`));
    await admin.page.getByRole('button', { name: `Images of ${title}`, exact: true }).click();
    const dialog = admin.page.getByRole('dialog', { name: `Images of ${title}` });
    await dialog.getByRole('img', { name: 'The road into the hills under a sunny sky' }).waitFor();
    await dialog.getByRole('button', { name: 'Remove image 1' }).click();
    await screenshot(admin.page, 'event-images-admin-dialog-desktop.jpg');
    await dialog.getByRole('button', { name: 'Remove image', exact: true }).click();
    await dialog.getByText('This event has no images.').waitFor();
    // A new visitor: the event's API answer is public and kept a minute by the browser, so the first visitor's app
    // may take over its fresh page with the answer it already holds (the course test does the same).
    const later = await newPage(browser());
    await later.page.goto(stackUrl(`/events/${event.id}`));
    await later.page.getByRole('heading', { level: 1, name: title }).waitFor();
    await expect.poll(() => later.page.getByRole('heading', { name: 'Photos' }).count()).toBe(0);
  });
});
