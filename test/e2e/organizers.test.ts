/**
 * The organizer directory, suggested races and charity races in Chromium against the local stack. An
 * organization with public events (set up through the data layer: its approval and its events' reviews have
 * e2e tests of their own) is found by the directory's debounced search, kept in the URL, and its page lists
 * its upcoming events as event cards; an athlete suggests a race on /submit-event, an admin approves it on
 * /admin/event-reviews and the athlete sees it listed; /charity-races lists a charity race and not a plain one.
 * axe at desktop and phone widths, no sideways scrolling on phones, screenshots to look at.
 */
import { ulid } from 'ulid';
import { describe, expect, it } from 'vitest';
import { todayInNewYork } from '#shared/dates';
import type { RaceEvent } from '#shared/schemas/event';
import { CLOUDSCAPE_MOBILE_NAV, expectNoSeriousA11yViolations, newPage, screenshot, signIn, stackUrl, useBrowser, expectNoSidewaysScroll } from '../support/browser.ts';
import { pointDataLayerAtE2eStack } from '../support/e2e-data.ts';

const browser = useBrowser();
const PHONE = { width: 390, height: 844 };
const dayAfter = (days: number) => new Date(Date.parse(`${todayInNewYork()}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
/** A word no seeded name has, so the searches below find this file's organization and events only. */
const marker = `Kestrel${Date.now().toString(36)}`;

function raceEvent(fields: Partial<RaceEvent> & Pick<RaceEvent, 'title' | 'eventDate'>): RaceEvent {
  const now = new Date().toISOString();
  return {
    id: ulid(),
    eventType: 'road_race',
    terrainType: 'road',
    locationName: 'Prescott Park',
    city: 'Portsmouth',
    state: 'NH',
    country: 'US',
    distances: ['5K', '10K'],
    tags: [],
    featured: false,
    verified: true,
    source: 'manual',
    createdAt: now,
    updatedAt: now,
    ...fields,
  };
}

describe('the organizer directory', () => {
  it('finds an organization by a debounced search kept in the URL and opens its page with its upcoming events', async () => {
    pointDataLayerAtE2eStack();
    const { createOrganization } = await import('#data/organization');
    const { createEvent } = await import('#data/event');
    const organization = await createOrganization({
      id: ulid(),
      name: `${marker} Seacoast Racing`,
      description: 'A volunteer club putting on road races along the New Hampshire seacoast since 2009.',
      websiteUrl: 'https://example.org/seacoast-racing',
      verified: true,
    });
    const first = await createEvent(raceEvent({ title: `${marker} Harbor 10K`, eventDate: dayAfter(21), organizationId: organization.id }));
    await createEvent(raceEvent({ title: `${marker} Lighthouse Trail Run`, eventDate: dayAfter(49), eventType: 'trail_race', terrainType: 'trail', city: 'New Castle', organizationId: organization.id }));

    const { page, context } = await newPage(browser());
    try {
      await page.goto(stackUrl('/organizers'));
      await page.getByRole('heading', { level: 1, name: 'Event Organizers' }).waitFor();
      await page.getByRole('list', { name: 'Organizers' }).waitFor();
      await screenshot(page, 'organizers-desktop.jpg', { fullPage: true });

      // A prefix of a word of its name and of the city of its events.
      const query = `${marker.slice(0, -1).toLowerCase()} portsm`;
      await page.getByLabel('Search organizers').fill(query);
      // The search waits for a pause in typing, then keeps the text in the URL.
      await page.waitForURL((url) => url.searchParams.get('q') === query);
      const card = page.getByRole('article', { name: `${marker} Seacoast Racing` });
      await card.waitFor();
      // The card may be in the unfiltered list too: the list has settled when it is the only one.
      await expect.poll(() => page.getByRole('list', { name: 'Organizers' }).getByRole('article').count()).toBe(1);
      await card.getByText('Verified').waitFor();
      await card.getByText('Portsmouth, NH').waitFor();
      await card.getByText('2 events · 2 upcoming').waitFor();
      await card.getByText(`${marker} Harbor 10K`).waitFor();
      // A refetch in flight dims the grid (aria-busy), which axe would read as low contrast: check it at rest.
      await expect.poll(() => page.getByRole('list', { name: 'Organizers' }).getAttribute('aria-busy')).toBe('false');
      await expectNoSeriousA11yViolations(page);
      await screenshot(page, 'organizers-search-desktop.jpg', { fullPage: true });

      await page.getByLabel('Search organizers').fill('zzqx nothing here');
      await page.getByRole('heading', { name: 'No organizers match' }).waitFor();
      await page.goBack();
      await page.waitForURL((url) => url.searchParams.get('q') !== 'zzqx nothing here');

      await page.goto(stackUrl(`/organizers?q=${encodeURIComponent(marker)}`));
      await page.getByRole('article', { name: `${marker} Seacoast Racing` }).getByRole('link', { name: /View organizer/ }).click();
      await page.waitForURL(stackUrl(`/organizers/${organization.id}`));
      await page.getByRole('heading', { level: 1, name: `${marker} Seacoast Racing` }).waitFor();
      await page.getByText('A volunteer club putting on road races').waitFor();
      const upcoming = page.getByRole('region', { name: 'Upcoming events' });
      await upcoming.getByRole('article', { name: `${marker} Harbor 10K` }).waitFor();
      await upcoming.getByRole('article', { name: `${marker} Lighthouse Trail Run` }).waitFor();
      await page.getByRole('link', { name: /example\.org/ }).waitFor();
      await expect.poll(() => page.getByRole('link', { name: 'Contact via RaceFinder' }).getAttribute('href')).toBe('/contact?topic=organizers');
      await expectNoSeriousA11yViolations(page);
      await screenshot(page, 'organization-desktop.jpg', { fullPage: true });

      // The event page names the organization and links back to it.
      await upcoming.getByRole('heading', { name: `${marker} Harbor 10K` }).getByRole('link').click();
      await page.waitForURL(stackUrl(`/events/${first.id}`));
      await page.getByRole('link', { name: `${marker} Seacoast Racing` }).click();
      await page.waitForURL(stackUrl(`/organizers/${organization.id}`));

      await page.setViewportSize(PHONE);
      await page.getByRole('heading', { level: 1, name: `${marker} Seacoast Racing` }).waitFor();
      await expectNoSeriousA11yViolations(page);
      await expectNoSidewaysScroll(page, PHONE.width);
      await screenshot(page, 'organization-phone.jpg', { fullPage: true });
      await page.goto(stackUrl(`/organizers?q=${encodeURIComponent(marker)}`));
      await page.getByRole('article', { name: `${marker} Seacoast Racing` }).waitFor();
      await expectNoSeriousA11yViolations(page);
      await expectNoSidewaysScroll(page, PHONE.width);
      await screenshot(page, 'organizers-search-phone.jpg', { fullPage: true });

      await page.goto(stackUrl('/organizers/01HZZZZZZZZZZZZZZZZZZZZZZZ'));
      await page.getByRole('heading', { name: 'Organizer not found' }).waitFor();
    } finally {
      await context.close();
    }
  });
});

describe('suggesting a missing race', () => {
  it('an athlete suggests a race, an admin approves it, and the athlete sees it listed', async () => {
    const title = `${marker} Mill Pond 5K`;
    const athlete = await newPage(browser());
    const admin = await newPage(browser());
    try {
      const { page } = athlete;
      await page.goto(stackUrl('/submit-event'));
      await page.getByRole('heading', { name: 'Please Sign In' }).waitFor();
      await signIn(page, 'Athlete');
      await page.goto(stackUrl('/submit-event'));
      await page.getByRole('heading', { level: 1, name: 'Submit an Event' }).waitFor();

      // The form's own checks first: nothing sent, each problem beside its field, what was typed kept.
      await page.getByLabel('Event Name').fill(title);
      await page.getByRole('button', { name: 'Submit Event' }).click();
      await page.getByText('Some fields need your attention', { exact: false }).waitFor();
      await page.getByText('List at least one distance').waitFor();
      await expect.poll(() => page.getByLabel('Event Name').inputValue()).toBe(title);

      await page.getByLabel('Event Date').fill(dayAfter(40));
      await page.getByLabel('Event Type').selectOption('road_race');
      await page.getByLabel('Distances').fill('5K, 1 Mile');
      await page.getByLabel('City').fill('Exeter');
      await page.getByLabel('State').selectOption('NH');
      await page.getByLabel('Race Website (optional)').fill('https://example.org/mill-pond');
      await page.getByLabel('Notes for our reviewers (optional)').fill('Run by the Exeter rotary club every spring.');
      await page.getByRole('button', { name: 'Submit Event' }).click();
      await page.getByText('Thanks for the suggestion!').waitFor();
      const mine = page.getByRole('region', { name: 'Your suggestions' });
      const row = mine.getByRole('listitem').filter({ hasText: title });
      await row.getByText('Waiting for review').waitFor();
      await expect.poll(() => page.getByLabel('Event Name').inputValue()).toBe('');
      await expectNoSeriousA11yViolations(page);
      await screenshot(page, 'submit-event-desktop.jpg', { fullPage: true });
      await page.setViewportSize(PHONE);
      await expectNoSeriousA11yViolations(page);
      await expectNoSidewaysScroll(page, PHONE.width);
      await screenshot(page, 'submit-event-phone.jpg', { fullPage: true });

      await signIn(admin.page, 'Admin');
      await admin.page.goto(stackUrl('/admin/event-reviews'));
      const approve = admin.page.getByRole('button', { name: `Approve ${title}` });
      await approve.waitFor();
      await admin.page.getByRole('row').filter({ hasText: title }).getByText('Suggestion').waitFor();
      await admin.page.getByRole('row').filter({ hasText: title }).getByText('Run by the Exeter rotary club', { exact: false }).waitFor();
      await admin.page.getByRole('button', { name: `Reject ${title}` }).waitFor();
      await expectNoSeriousA11yViolations(admin.page, [CLOUDSCAPE_MOBILE_NAV]);
      await screenshot(admin.page, 'admin-event-reviews-suggestion-desktop.jpg');
      await approve.click();
      await admin.page.getByRole('dialog').filter({ hasText: 'Approve event' }).getByRole('button', { name: 'Approve', exact: true }).click();
      await admin.page.getByText('Event approved').waitFor();

      await page.reload();
      await mine.getByRole('listitem').filter({ hasText: title }).getByText('Listed').waitFor();
      await mine.getByRole('link', { name: title }).click();
      await page.getByRole('heading', { level: 1, name: title }).waitFor();
    } finally {
      await athlete.context.close();
      await admin.context.close();
    }
  });
});

describe('charity races', () => {
  it('lists an upcoming charity race with the search filters, and not a plain one', async () => {
    pointDataLayerAtE2eStack();
    const { createEvent } = await import('#data/event');
    await createEvent(raceEvent({ title: `${marker} Hope Walk`, eventDate: dayAfter(30), eventType: 'fun_run', tags: ['charity'] }));
    await createEvent(raceEvent({ title: `${marker} Plain Mile`, eventDate: dayAfter(31) }));
    const { page, context } = await newPage(browser());
    try {
      await page.goto(stackUrl('/charity-races'));
      await page.getByRole('heading', { level: 1, name: 'Charity Races' }).waitFor();
      await page.getByText('Organizers mark their races as charity races', { exact: false }).waitFor();
      await page.locator('.event-card').first().waitFor();
      await screenshot(page, 'charity-races-desktop.jpg');

      await page.goto(stackUrl(`/charity-races?q=${encodeURIComponent(marker)}`));
      await page.getByRole('article', { name: `${marker} Hope Walk` }).waitFor();
      await page.getByText("You've seen all available events").waitFor();
      await expect.poll(() => page.getByRole('article').count()).toBe(1);
      await expectNoSeriousA11yViolations(page);
      await screenshot(page, 'charity-races-search-desktop.jpg', { fullPage: true });
      await page.setViewportSize(PHONE);
      await expectNoSeriousA11yViolations(page);
      await expectNoSidewaysScroll(page, PHONE.width);
      await screenshot(page, 'charity-races-phone.jpg', { fullPage: true });
    } finally {
      await context.close();
    }
  });
});
