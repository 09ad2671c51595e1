/**
 * From the event list to one event's page (its facts, the .ics download), then saving it as the demo athlete
 * and finding it on the dashboard under Saved and Upcoming; axe on both pages.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { expectNoSeriousA11yViolations, useBrowser, newPage, signIn, stackUrl, downloadText } from '../support/browser.ts';

const browser = useBrowser();


/** Text as React's server renderer escapes it in markup. */
function asReactWritesText(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#x27;');
}

/** Opens the first event of /events through its View Details link; returns its title and page path. */
async function openFirstEvent(page: Page): Promise<{ title: string; path: string }> {
  await page.goto(stackUrl('/events'));
  const details = page.getByRole('link', { name: /^View Details of / }).first();
  await details.waitFor();
  const name = (await details.textContent()) ?? '';
  const title = name.replace(/^View Details of /, '').trim();
  await details.click();
  await page.waitForURL(/\/events\/[0-9A-HJKMNP-TV-Z]{26}$/);
  await page.getByRole('heading', { level: 1, name: title }).waitFor();
  return { title, path: new URL(page.url()).pathname };
}

/** Holds every script the page asks for until the returned function is called: the app cannot take the page over. */
async function holdScripts(page: Page): Promise<() => void> {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/[^/]+\.js$/, async (route) => {
    await released;
    await route.continue();
  });
  return release;
}

/** Whether React's root is on #root: the app has taken the server's page over. */
function takenOver(page: Page): Promise<boolean> {
  return page.evaluate(() => Object.keys(document.querySelector('#root') ?? {}).some((key) => key.startsWith('__reactContainer')));
}

describe('event detail and dashboard', () => {
  it('shows a seeded event with its facts, downloads its .ics and passes axe', async () => {
    const { context, page } = await newPage(browser());
    try {
      const { title, path } = await openFirstEvent(page);
      const facts = page.getByRole('complementary', { name: 'Key facts and actions' });
      for (const label of ['Date', 'Location', 'Entry fee', 'Event type', 'Terrain']) {
        await expect.poll(() => facts.getByText(label, { exact: true }).first().isVisible()).toBe(true);
      }
      await expect.poll(() => page.getByRole('heading', { name: 'About this race' }).isVisible()).toBe(true);
      await expect.poll(() => page.getByRole('heading', { name: 'Distances' }).isVisible()).toBe(true);
      await expect(page.title()).resolves.toBe(`${title} · RaceFinder`);

      const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Add to calendar' }).click()]);
      expect(download.suggestedFilename()).toMatch(/\.ics$/);
      const ics = await downloadText(download);
      expect(ics.startsWith('BEGIN:VCALENDAR\r\n')).toBe(true);
      expect(ics).toContain(`UID:${path.split('/').pop()}@racefinder\r\n`);
      expect(ics.replace(/\r\n /g, '')).toContain('DTSTART;VALUE=DATE:');

      await expectNoSeriousA11yViolations(page);
    } finally {
      await context.close();
    }
  });

  it('answers an event page and a landing page with their content before any script runs, and the app takes that markup over without replacing it', async () => {
    const { context, page } = await newPage(browser());
    const problems: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') problems.push(message.text());
    });
    page.on('pageerror', (error) => problems.push(error.message));
    // Every element the page loses from the document, from before its first script runs.
    await page.addInitScript(() => {
      const removed: string[] = [];
      (window as unknown as { removedHeadings: string[] }).removedHeadings = removed;
      new MutationObserver((records) => {
        for (const record of records) {
          for (const node of record.removedNodes) {
            if (node instanceof Element && (node.matches('h1, main') || node.querySelector('h1'))) removed.push(node.outerHTML.slice(0, 80));
          }
        }
      }).observe(document, { childList: true, subtree: true });
    });
    try {
      const { title, path } = await openFirstEvent(page);
      for (const [pagePath, heading] of [
        [path, title],
        ['/races/california', 'Races in California'],
      ] as const) {
        // As a crawler or a link preview reads it: the HTML alone.
        const html = await (await fetch(stackUrl(pagePath))).text();
        expect(html, pagePath).toContain(`>${asReactWritesText(heading)}</h1>`);
        await page.goto(stackUrl(pagePath));
        await page.getByRole('heading', { level: 1, name: heading }).waitFor();
        // The app has taken the page over (React's root is on #root) and never removed the server's heading.
        await page.waitForFunction(() => Object.keys(document.querySelector('#root') ?? {}).some((key) => key.startsWith('__reactContainer')));
        expect(await page.evaluate(() => (window as unknown as { removedHeadings: string[] }).removedHeadings), pagePath).toEqual([]);
      }
      await page.getByRole('link', { name: 'Marathons', exact: true }).click();
      await page.getByRole('heading', { level: 1, name: 'Marathons in California' }).waitFor();
      expect(problems).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('carries out a Save pressed before the app has taken the page over, for a visitor and for the signed-in athlete', async () => {
    const visitor = await newPage(browser());
    const athlete = await newPage(browser());
    try {
      await signIn(athlete.page, 'Athlete');
      const { title, path } = await openFirstEvent(athlete.page);
      const unsave = athlete.page.getByRole('button', { name: `Remove ${title} from saved` });
      await athlete.page.getByRole('button', { name: `Save ${title}` }).or(unsave).waitFor();
      if (await unsave.isVisible()) {
        await unsave.click();
        await athlete.page.getByText('Event removed').waitFor();
      }
      // The visitor's page is hydrated (the button stays the element pressed); the athlete's is drawn anew.
      for (const { page } of [visitor, athlete]) {
        const release = await holdScripts(page);
        await page.goto(stackUrl(path), { waitUntil: 'domcontentloaded' });
        const save = page.getByRole('button', { name: `Save ${title}` });
        await save.click();
        await expect.poll(() => save.getAttribute('aria-busy')).toBe('true');
        expect(await takenOver(page)).toBe(false);
        release();
      }
      await visitor.page.getByText('You need to be signed in to save events').waitFor();
      await athlete.page.getByText('Event saved!').waitFor();
      // Once, though pressed before: the replayed click saved it and nothing undid that.
      await unsave.waitFor();
      await unsave.click();
      await athlete.page.getByText('Event removed').waitFor();
    } finally {
      await visitor.context.close();
      await athlete.context.close();
    }
  });

  it("says an unknown event doesn't exist", async () => {
    const { context, page } = await newPage(browser());
    try {
      await page.goto(stackUrl('/events/01ARZ3NDEKTSV4RRFFQ69G5FAV'));
      await page.getByText("The event you're looking for doesn't exist.").waitFor();
      await expect.poll(() => page.getByRole('main').getByRole('link', { name: 'Browse events' }).getAttribute('href')).toBe('/events');
    } finally {
      await context.close();
    }
  });

  it('saves an event as the athlete and finds it on the dashboard under Saved and Upcoming', async () => {
    const { context, page } = await newPage(browser());
    try {
      await signIn(page, 'Athlete');
      const { title, path } = await openFirstEvent(page);
      // The stack is shared by every e2e file: start from "not saved" even if another test left it saved.
      const unsave = page.getByRole('button', { name: `Remove ${title} from saved` });
      const save = page.getByRole('button', { name: `Save ${title}` });
      await save.or(unsave).waitFor();
      if (await unsave.isVisible()) {
        await unsave.click();
        await save.waitFor();
      }
      await save.click();
      await page.getByText('Event saved!').waitFor();
      await page.getByRole('button', { name: `Remove ${title} from saved` }).waitFor();

      await page.goto(stackUrl('/dashboard'));
      // By first name; the demo account was made when this stack started, so it is welcomed, not welcomed back.
      await page.getByRole('heading', { level: 1, name: 'Welcome, Jordan' }).waitFor();
      const tabs = page.getByRole('tablist', { name: 'My races' });
      const panel = page.getByRole('tabpanel');
      await panel.getByRole('heading', { level: 3, name: title }).waitFor();
      await expect.poll(() => panel.getByRole('link', { name: title, exact: true }).first().getAttribute('href')).toBe(path);
      await expectNoSeriousA11yViolations(page);

      await tabs.getByRole('tab', { name: /^Upcoming/ }).click();
      await panel.getByRole('heading', { level: 3, name: title }).waitFor();
      // Keyboard: from Upcoming, the right arrow selects Completed, where a future race is not listed.
      await expect(tabs.getByRole('tab', { name: /^Upcoming/ }).evaluate((tab) => tab === document.activeElement)).resolves.toBe(true);
      await page.keyboard.press('ArrowRight');
      await tabs.getByRole('tab', { name: /^Completed/, selected: true }).waitFor();
      await expect.poll(() => panel.getByRole('heading', { level: 3, name: title }).count()).toBe(0);

      // Leave the shared demo account as it was: remove the save from the Saved tab.
      await tabs.getByRole('tab', { name: /^Saved/ }).click();
      await panel.getByRole('button', { name: `Remove ${title} from saved` }).click();
      await page.getByText('Event removed').waitFor();
      await panel.getByRole('heading', { level: 3, name: title }).waitFor({ state: 'detached' });
    } finally {
      await context.close();
    }
  });
});
