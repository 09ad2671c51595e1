/**
 * /calendar in headless Chromium against the local stack and its seeded catalogue: next month's races on the
 * grid, day by day exactly as the /events search has them, switching months, filtering by state (with the
 * public feed of that filter fetched and parsed), the keyboard, and the agenda a phone opens; then a new
 * athlete saves a race from the calendar, finds it under My races, turns on the saved-races feed and reads
 * it back with ical.js. axe at desktop and phone widths, and screenshots of each.
 */
import ICAL from 'ical.js';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { todayInNewYork } from '#shared/dates';
import type { EventSearchPage, EventSummary } from '#shared/schemas/search';
import { lastDayOf, shiftMonth } from '../../web/src/features/calendar/api/month-grid.ts';
import { expectNoSeriousA11yViolations, newPage, screenshot, signUpThroughForm, stackUrl, useBrowser, expectNoSidewaysScroll } from '../support/browser.ts';

const browser = useBrowser();
const PHONE = { width: 390, height: 844 };

const nextMonth = shiftMonth(todayInNewYork().slice(0, 7), 1);
const monthName = (month: string) => new Intl.DateTimeFormat('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(new Date(`${month}-15T12:00:00Z`));

/** Every race of a month as the API has it, all pages. */
async function monthRaces(month: string, filters: Record<string, string> = {}): Promise<EventSummary[]> {
  const races: EventSummary[] = [];
  let cursor: string | undefined;
  do {
    const url = new URL(stackUrl('/api/events'));
    for (const [key, value] of Object.entries({ ...filters, from: `${month}-01`, to: lastDayOf(month), ...(cursor ? { cursor } : {}) })) url.searchParams.set(key, value);
    const page = (await (await fetch(url)).json()) as EventSearchPage;
    races.push(...page.items);
    cursor = page.nextCursor;
  } while (cursor);
  return races;
}

/** Races per day of the month, as the API has them: { '2026-06-14': 3, ... }. */
function countsByDay(races: readonly EventSummary[]): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const race of races) counts[race.eventDate] = (counts[race.eventDate] ?? 0) + 1;
  return counts;
}

/** Races per day as the grid's day buttons name them ('Saturday, June 14: 3 races'), for the days of the month. */
async function gridCounts(page: Page, month: string): Promise<Record<string, number>> {
  const labels = await page.getByRole('grid').getByRole('button').evaluateAll((buttons) => buttons.map((button) => button.getAttribute('aria-label') ?? ''));
  const counts: Record<string, number> = {};
  for (const label of labels) {
    const match = /^\w+, \w+ (\d+)(?:, today)?: (\d+) races?$/.exec(label);
    if (match) counts[`${month}-${match[1]!.padStart(2, '0')}`] = Number(match[2]);
  }
  return counts;
}

interface FeedEntry {
  uid: string;
  summary: string;
  start: string;
  url: string | null;
  location: string;
}

async function fetchFeed(url: string): Promise<{ name: string; entries: FeedEntry[]; response: Response }> {
  const response = await fetch(url);
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toBe('text/calendar; charset=utf-8');
  const calendar = ICAL.Component.fromString(await response.text());
  const entries = calendar.getAllSubcomponents('vevent').map((component) => {
    const event = new ICAL.Event(component);
    // All day, or (a race with a start time, such as another test's import) from its start instant in UTC.
    expect(event.startDate.isDate || event.startDate.zone.tzid === 'UTC', event.startDate.toString()).toBe(true);
    return { uid: event.uid, summary: event.summary, start: event.startDate.toString(), url: component.getFirstPropertyValue('url') as string | null, location: event.location };
  });
  return { name: String(calendar.getFirstPropertyValue('x-wr-calname')), entries, response };
}

describe('the race calendar', () => {
  it("shows next month's races day by day, switches months, filters by state and offers that filter's feed", async () => {
    const races = await monthRaces(nextMonth);
    expect(races.length).toBeGreaterThan(20);
    const { context, page } = await newPage(browser());
    try {
      await page.goto(stackUrl(`/calendar?month=${nextMonth}`));
      await page.getByRole('heading', { level: 1, name: 'Race Calendar' }).waitFor();
      await page.getByRole('grid', { name: monthName(nextMonth) }).waitFor();
      await page.getByText(`${races.length} races in ${monthName(nextMonth)}`).waitFor();
      expect(await gridCounts(page, nextMonth)).toEqual(countsByDay(races));
      // A race of a day with room for it is on the grid as a link to its page.
      const counts = countsByDay(races);
      const roomy = races.find((race) => counts[race.eventDate]! <= 3)!;
      await expect.poll(() => page.getByRole('grid').getByRole('link', { name: roomy.title, exact: true }).first().getAttribute('href')).toBe(`/events/${roomy.id}`);
      // A busy day says how many more it has.
      const busiest = Object.entries(counts).sort(([, a], [, b]) => b - a)[0]!;
      if (busiest[1] > 3) await page.getByRole('grid').getByRole('button', { name: `+${busiest[1] - 2} more` }).first().waitFor();
      await screenshot(page, 'calendar-month-desktop.jpg', { fullPage: true });
      await expectNoSeriousA11yViolations(page);

      // The busiest day's full list, from the keyboard: the grid is one tab stop, the arrows move, Enter opens.
      const busiestLabel = new RegExp(`^\\w+, \\w+ ${Number(busiest[0].slice(8))}: ${busiest[1]} races$`);
      await page.getByRole('grid').getByRole('button', { name: busiestLabel }).focus();
      await page.keyboard.press('ArrowRight');
      await page.keyboard.press('ArrowLeft');
      await page.keyboard.press('Enter');
      const dayList = page.getByRole('region', { name: new RegExp(`${Number(busiest[0].slice(8))}, ${busiest[0].slice(0, 4)}$`) });
      await expect.poll(() => dayList.getByRole('listitem').count()).toBe(busiest[1]);
      await screenshot(page, 'calendar-day-list-desktop.jpg', { fullPage: true });

      // Months: next and back.
      const following = shiftMonth(nextMonth, 1);
      await page.getByRole('button', { name: 'Next month' }).click();
      await page.getByRole('grid', { name: monthName(following) }).waitFor();
      await page.waitForURL(new RegExp(`month=${following}`));
      const followingRaces = await monthRaces(following);
      await page.getByText(`${followingRaces.length} races in ${monthName(following)}`).waitFor();
      await page.getByRole('button', { name: 'Previous month' }).click();
      await page.getByRole('grid', { name: monthName(nextMonth) }).waitFor();

      // A state: the grid holds that state's races only, and the feed of the filter is theirs.
      const state = races[0]!.state;
      const inState = await monthRaces(nextMonth, { state });
      await page.getByRole('combobox', { name: 'State' }).selectOption(state);
      await page.waitForURL(new RegExp(`month=${nextMonth}&state=${state}`));
      await page.getByText(`${inState.length} ${inState.length === 1 ? 'race' : 'races'} in ${monthName(nextMonth)}`).waitFor();
      expect(await gridCounts(page, nextMonth)).toEqual(countsByDay(inState));
      const subscribe = page.getByRole('region', { name: 'Subscribe to this calendar' });
      const feedUrl = await subscribe.getByLabel('Feed address').inputValue();
      expect(new URL(feedUrl).pathname + new URL(feedUrl).search).toBe(`/api/calendar/events.ics?state=${state}`);
      await expect.poll(() => subscribe.getByRole('link', { name: 'Open in calendar app' }).getAttribute('href')).toBe(feedUrl.replace(/^http:/, 'webcal:'));
      const feed = await fetchFeed(feedUrl);
      expect(feed.response.headers.get('cache-control')).toBe('public, max-age=3600');
      expect(feed.name).toMatch(/^RaceFinder races: /);
      expect(feed.entries.length).toBeGreaterThan(0);
      for (const entry of feed.entries) expect(entry.location.endsWith(`, ${state}`)).toBe(true);
      // The next month's races of the state are in it (it holds the next 200 of six months).
      const feedIds = new Set(feed.entries.map((entry) => entry.uid));
      if (feed.entries.length < 200) for (const race of inState) expect(feedIds.has(`${race.id}@racefinder`)).toBe(true);
      await screenshot(page, 'calendar-month-state-desktop.jpg', { fullPage: true });
      await expectNoSeriousA11yViolations(page);
    } finally {
      await context.close();
    }

    // A phone opens the agenda: the days with races, in order, without a sideways scroll.
    const phone = await newPage(browser(), PHONE);
    try {
      await phone.page.goto(stackUrl(`/calendar?month=${nextMonth}`));
      const agenda = phone.page.getByRole('list', { name: monthName(nextMonth) });
      await agenda.waitFor();
      await phone.page.getByText(`${races.length} races in ${monthName(nextMonth)}`).waitFor();
      await expect.poll(() => phone.page.getByRole('grid').count()).toBe(0);
      const days = Object.keys(countsByDay(races)).sort();
      await expect.poll(() => agenda.getByRole('heading', { level: 3 }).count()).toBe(days.length);
      await expect.poll(() => phone.page.getByRole('button', { name: 'Agenda', exact: true }).getAttribute('aria-pressed')).toBe('true');
      await screenshot(phone.page, 'calendar-agenda-phone.jpg', { fullPage: true });
      await expectNoSeriousA11yViolations(phone.page);
      expect(await phone.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
      // The filters fold under one line on a phone, which names those in effect.
      await phone.page.getByText('Filters', { exact: true }).click();
      await phone.page.getByRole('combobox', { name: 'State' }).selectOption(races[0]!.state);
      await phone.page.waitForURL(new RegExp(`state=${races[0]!.state}`));
      await phone.page.getByText(/^Filters: /).waitFor();
      await phone.page.getByText(/^Filters: /).click();
      // The month grid on a phone shows counts, still without a sideways scroll.
      await phone.page.getByRole('button', { name: 'Month', exact: true }).click();
      await phone.page.getByRole('grid', { name: monthName(nextMonth) }).waitFor();
      await screenshot(phone.page, 'calendar-month-phone.jpg', { fullPage: true });
      await expectNoSeriousA11yViolations(phone.page);
      expect(await phone.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    } finally {
      await phone.context.close();
    }
  });

  it('lets a new athlete save a race from the calendar, find it under My races and subscribe to it', async () => {
    const races = await monthRaces(nextMonth);
    const race = races.find((candidate) => !candidate.promotion)!;
    const { context, page } = await newPage(browser());
    try {
      await signUpThroughForm(page, `calendar-${Date.now()}@racefinder.test`);
      await page.goto(stackUrl(`/calendar?month=${nextMonth}&view=agenda`));
      const agenda = page.getByRole('list', { name: monthName(nextMonth) });
      await agenda.waitFor();
      await agenda.getByRole('button', { name: `Save ${race.title}` }).first().click();
      await page.getByText('Event saved!').waitFor();

      await page.getByRole('tab', { name: 'My races' }).click();
      await page.waitForURL(/tab=mine/);
      const mine = page.getByRole('list', { name: monthName(nextMonth) });
      await mine.getByRole('link', { name: race.title, exact: true }).waitFor();
      // Polled: the agenda of every race has the same name and holds this race too, so it can still be on screen here.
      await expect.poll(() => mine.getByRole('listitem').filter({ has: page.getByRole('heading', { level: 3 }) }).count()).toBe(1);
      await page.getByText(`1 saved race in ${monthName(nextMonth)}`).waitFor();
      await page.getByRole('button', { name: 'Month', exact: true }).click();
      await page.getByRole('grid', { name: monthName(nextMonth) }).getByRole('link', { name: race.title, exact: true }).waitFor();

      // The saved-races feed: turned on, fetched without signing in, read by a real iCalendar parser.
      const feed = page.getByRole('region', { name: 'Calendar feed' });
      await feed.getByRole('button', { name: 'Turn on calendar feed' }).click();
      await page.getByText('Calendar feed on', { exact: true }).waitFor();
      const address = await feed.getByLabel('Private feed address').inputValue();
      expect(address).toMatch(/\/api\/calendar-feeds\/[A-Za-z0-9_-]{43}\/saved-races\.ics$/);
      const saved = await fetchFeed(address);
      expect(saved.name).toBe('RaceFinder: my races');
      expect(saved.entries).toHaveLength(1);
      expect(saved.entries[0]).toMatchObject({ uid: `${race.id}@racefinder`, summary: race.title, start: race.eventDate });
      expect(new URL(saved.entries[0]!.url!).pathname).toBe(`/events/${race.id}`);
      await screenshot(page, 'calendar-my-races-desktop.jpg', { fullPage: true });
      await expectNoSeriousA11yViolations(page);

      await page.setViewportSize(PHONE);
      await page.getByRole('button', { name: 'Agenda', exact: true }).click();
      await page.getByRole('list', { name: monthName(nextMonth) }).getByRole('link', { name: race.title, exact: true }).waitFor();
      await screenshot(page, 'calendar-my-races-phone.jpg', { fullPage: true });
      await expectNoSeriousA11yViolations(page);
      await expectNoSidewaysScroll(page, PHONE.width);

      // Turning the feed off retires its address at once.
      await feed.getByRole('button', { name: 'Turn off' }).click();
      await page.getByRole('dialog', { name: 'Turn off the calendar feed?' }).getByRole('button', { name: 'Turn off' }).click();
      await feed.getByRole('button', { name: 'Turn on calendar feed' }).waitFor();
      expect((await fetch(address)).status).toBe(404);
    } finally {
      await context.close();
    }
  });
});
