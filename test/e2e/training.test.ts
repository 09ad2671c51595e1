/**
 * Issue 10's log in headless Chromium against the local stack: a new athlete picks miles, logs three
 * workouts from the journal, finds one by search, edits one, and sees this week's figures and the 12-week
 * chart on the training dashboard; a goal's progress follows the log. Plans from the hub, today's workout
 * completed and downloaded for a watch, the plan's calendar feed, and the coach. axe and screenshots at desktop and
 * phone widths.
 */
import { Decoder, Stream } from '@garmin/fitsdk';
import ICAL from 'ical.js';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { todayInNewYork } from '#shared/dates';
import { WEEKDAYS } from '#shared/schemas/training-plan';
import { downloadBytes, expectNoSeriousA11yViolations, newPage, screenshot, signUpThroughForm, stackUrl, useBrowser, userIdFor, expectNoSidewaysScroll } from '../support/browser.ts';
import { pointDataLayerAtE2eStack } from '../support/e2e-data.ts';

const browser = useBrowser();
const PHONE = { width: 390, height: 844 };

async function logWorkout(page: Page, { activity, miles, minutes, effort, notes }: { activity: string; miles?: string; minutes?: string; effort?: string; notes?: string }) {
  await page.getByRole('button', { name: 'Log Workout' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Log Workout' });
  await dialog.getByLabel('Activity type').selectOption({ label: activity });
  if (miles) await dialog.getByLabel('Distance (mi)').fill(miles);
  if (minutes) await dialog.getByLabel('Duration (minutes)').fill(minutes);
  if (effort) await dialog.getByLabel('Effort').selectOption(effort);
  if (notes) await dialog.getByLabel('Notes').fill(notes);
  await dialog.getByRole('button', { name: 'Log Workout' }).click();
  await page.getByText('Workout Logged', { exact: true }).waitFor();
  await dialog.waitFor({ state: 'detached' });
}

describe('the training log', () => {
  it('logs three workouts from the journal and shows this week and the chart on the dashboard', async () => {
    const { context, page } = await newPage(browser());
    try {
      await signUpThroughForm(page, `trainer-${Date.now()}@racefinder.test`);
      await page.goto(stackUrl('/training-journal'));
      await page.getByRole('heading', { name: 'Miles or kilometres?' }).waitFor();
      await page.getByRole('button', { name: 'Miles', exact: true }).click();
      await page.getByRole('heading', { level: 2, name: 'No Workouts Yet' }).waitFor();
      await expectNoSeriousA11yViolations(page);

      // A workout without an activity is refused in the dialog, with nothing lost.
      await page.getByRole('button', { name: 'Log Workout' }).first().click();
      const dialog = page.getByRole('dialog', { name: 'Log Workout' });
      await dialog.getByLabel('Distance (mi)').fill('3.1');
      await dialog.getByRole('button', { name: 'Log Workout' }).click();
      await dialog.getByText('Please select an activity type').waitFor();
      await expect.poll(() => dialog.getByLabel('Distance (mi)').inputValue()).toBe('3.1');
      await screenshot(page, 'training-log-dialog-desktop.jpg');
      await dialog.getByRole('button', { name: 'Cancel' }).click();

      await logWorkout(page, { activity: 'Running', miles: '3.1', minutes: '28', effort: '4', notes: 'Easy loop by the river' });
      await logWorkout(page, { activity: 'Running', miles: '6.2', minutes: '58', effort: '7', notes: 'Tempo on the track' });
      await logWorkout(page, { activity: 'Yoga', minutes: '40', effort: '2' });
      const list = page.getByRole('list', { name: 'Workouts' });
      await expect.poll(() => list.getByRole('listitem').count()).toBe(3);
      await list.getByText('6.2 mi').waitFor();

      // Search finds one; the edit keeps its place.
      await page.getByLabel('Search workouts').fill('river');
      await page.waitForURL(/q=river/);
      await expect.poll(() => list.getByRole('listitem').count()).toBe(1);
      await list.getByRole('button', { name: /^Edit the workout/ }).click();
      const edit = page.getByRole('dialog', { name: 'Edit Workout' });
      await edit.getByLabel('Notes').fill('Easy loop by the river, windy');
      await edit.getByRole('button', { name: 'Save Changes' }).click();
      await list.getByText('Easy loop by the river, windy').waitFor();
      await page.getByLabel('Search workouts').fill('');
      await screenshot(page, 'training-journal-desktop.jpg', { fullPage: true });

      // The dashboard's figures come from the server's aggregates.
      await page.goto(stackUrl('/training-dashboard'));
      const tiles = page.getByRole('list', { name: 'Summary' });
      await tiles.getByRole('listitem').filter({ hasText: 'Total Workouts' }).getByText('3', { exact: true }).waitFor();
      await tiles.getByRole('listitem').filter({ hasText: 'This Week' }).getByText('3', { exact: true }).waitFor();
      await tiles.getByText('9.3 mi').first().waitFor();
      await page.getByText('3 of 5 workouts').waitFor();
      await page.locator('.weekly-chart canvas').first().waitFor();
      await page.getByText('Show the weeks as a table').click();
      await page.getByRole('cell', { name: '9.3 mi' }).waitFor();
      await page.getByText(/Average running pace: 9:\d\d \/mi/).waitFor();

      // A weekly goal shows its progress from the same figures.
      await page.getByRole('button', { name: 'Set Goal' }).first().click();
      const goal = page.getByRole('dialog', { name: 'Set Training Goal' });
      await goal.getByLabel('Goal name').fill('Fifteen miles a week');
      await goal.getByLabel('Description').fill('Base for a spring half');
      await goal.getByLabel('Target (mi)').fill('15');
      await goal.getByRole('button', { name: 'Set Goal' }).click();
      await page.getByText('Goal Created!', { exact: true }).waitFor();
      await page.getByRole('progressbar', { name: 'Progress of Fifteen miles a week' }).waitFor();
      await expect.poll(() => page.getByRole('progressbar', { name: 'Progress of Fifteen miles a week' }).getAttribute('aria-valuenow')).toBe('62');
      await expectNoSeriousA11yViolations(page);
      await screenshot(page, 'training-dashboard-desktop.jpg', { fullPage: true });

      await page.setViewportSize(PHONE);
      await expectNoSeriousA11yViolations(page);
      await expectNoSidewaysScroll(page, PHONE.width);
      await screenshot(page, 'training-dashboard-phone.jpg', { fullPage: true });
      await page.goto(stackUrl('/training-journal'));
      await page.getByRole('list', { name: 'Workouts' }).waitFor();
      await expectNoSeriousA11yViolations(page);
      await expectNoSidewaysScroll(page, PHONE.width);
      await screenshot(page, 'training-journal-phone.jpg', { fullPage: true });
    } finally {
      await context.close();
    }
  });

  it('builds plans from the hub: a template, and a refused custom plan moved to the earliest safe date; starts one', async () => {
    const { context, page } = await newPage(browser());
    try {
      await signUpThroughForm(page, `planner-${Date.now()}@racefinder.test`);
      await page.goto(stackUrl('/training'));
      await page.getByRole('button', { name: 'Kilometres', exact: true }).click();
      await page.getByRole('heading', { level: 2, name: 'Training plans' }).waitFor();

      // A card toggles its selection; Start This Plan opens the generator's form filled from it.
      const card = page.getByRole('button', { name: /^Half Marathon/ });
      await card.click();
      await expect.poll(() => card.getAttribute('aria-pressed')).toBe('true');
      await card.getByText('Selected').waitFor();
      await page.getByRole('button', { name: 'Start This Plan' }).click();
      const form = page.getByRole('form', { name: 'Create a training plan' });
      await expect.poll(() => form.getByLabel('Race distance').inputValue()).toBe('half');
      await form.getByRole('button', { name: 'Create Plan' }).click();
      await page.getByText('Training Plan Created!', { exact: true }).waitFor();
      const created = page.getByRole('region', { name: /Half Marathon/ });
      await created.getByText('Race day').first().waitFor();
      await expectNoSeriousA11yViolations(page);
      await screenshot(page, 'training-hub-plan-desktop.jpg', { fullPage: true });

      // A custom marathon in 8 weeks for a beginner breaks the rules: the reason, and the earliest date that works.
      await page.getByRole('button', { name: 'Create Custom Plan' }).click();
      const custom = page.getByRole('form', { name: 'Create a training plan' });
      await custom.getByLabel('Race distance').selectOption('marathon');
      await custom.getByLabel('Your level').selectOption('beginner');
      await custom.getByLabel('Plan length').selectOption('8');
      await custom.getByRole('button', { name: 'Create Plan' }).click();
      await custom.getByText('This plan would not be safe').waitFor();
      await custom.getByText(/marathon needs/i).waitFor();
      await screenshot(page, 'training-plan-refused-desktop.jpg');
      await custom.getByRole('button', { name: /^Plan for .* instead$/ }).click();
      // The new plan's own panel (the half marathon's toast may still be showing: wait for the plan itself).
      const marathon = page.getByRole('region', { name: /^Marathon plan/ });
      await marathon.waitFor();

      await marathon.getByRole('button', { name: 'Start This Plan' }).click();
      await page.getByText('Plan Started', { exact: true }).waitFor();
      const mine = page.getByRole('region', { name: 'Your plans' });
      await expect.poll(() => mine.getByRole('listitem').count()).toBe(2);
      await mine.getByText('Active').waitFor();

      await page.setViewportSize(PHONE);
      await expectNoSeriousA11yViolations(page);
      await expectNoSidewaysScroll(page, PHONE.width);
      await screenshot(page, 'training-hub-phone.jpg', { fullPage: true });
    } finally {
      await context.close();
    }
  });

  it('chats with the coach on /ai-coach: its reply cites the athlete’s own numbers and can log a workout', async () => {
    const { context, page } = await newPage(browser());
    try {
      await signUpThroughForm(page, `coached-${Date.now()}@racefinder.test`);
      await page.goto(stackUrl('/ai-coach'));
      await page.getByRole('button', { name: 'Kilometres', exact: true }).click();
      await page.getByRole('tab', { name: 'Today' }).waitFor();
      await page.getByRole('heading', { name: 'No Workout Planned' }).waitFor();
      await page.getByRole('button', { name: 'Talk to Coach' }).click();
      await page.waitForURL(/tab=coach/);
      const input = page.getByLabel('Message to your coach');
      await input.fill('Please log a 6 km run today, 35 minutes');
      await input.press('Enter');
      const log = page.getByRole('list', { name: 'Conversation' });
      await log.getByText(/Logged running, 6 km, 35 min/).waitFor();
      await page.getByRole('button', { name: 'How is my training going this week?' }).click();
      await log.getByText(/1 workout and 6 km/).waitFor();
      await expectNoSeriousA11yViolations(page);
      await screenshot(page, 'ai-coach-chat-desktop.jpg', { fullPage: true });

      await page.getByRole('tab', { name: 'Stats' }).click();
      await page.getByText(/1 workout · 6 km in all/).waitFor();
      await page.setViewportSize(PHONE);
      await page.getByRole('tab', { name: 'Coach' }).click();
      await screenshot(page, 'ai-coach-chat-phone.jpg', { fullPage: true });
      await expectNoSeriousA11yViolations(page);
      await expectNoSidewaysScroll(page, PHONE.width);
      await screenshot(page, 'ai-coach-chat-phone.jpg', { fullPage: true });

      // The quick question gets what it asks (today), and on a phone the chat follows it: the reply is in view.
      await page.evaluate(() => window.scrollTo(0, 0));
      await page.getByRole('button', { name: 'What should I do today?' }).click();
      const today = log.getByText(/^You have no plan started, so nothing is scheduled today/);
      await today.waitFor();
      await page.waitForFunction(() => {
        const replies = document.querySelectorAll('.coach-message--assistant');
        const box = replies[replies.length - 1]?.getBoundingClientRect();
        return box !== undefined && box.top < window.innerHeight && box.bottom > 0;
      });
      await screenshot(page, 'ai-coach-chat-today-phone.jpg');
    } finally {
      await context.close();
    }
  });

  it('completes today’s workout of the active plan, and subscribes to the plan as a calendar feed', async () => {
    const { context, page } = await newPage(browser());
    try {
      const email = `today-${Date.now()}@racefinder.test`;
      await signUpThroughForm(page, email);
      await page.goto(stackUrl('/ai-coach'));
      await page.getByRole('button', { name: 'Kilometres', exact: true }).click();
      await page.getByRole('heading', { name: 'No Workout Planned' }).waitFor();

      // A plan made three weeks ago is under way today, which no screen can make: set it up through the data
      // layer. Its long runs fall on today's weekday, so today has a workout.
      pointDataLayerAtE2eStack();
      const { createTrainingPlan, startTrainingPlan } = await import('#data/training-plan');
      const sub = await userIdFor(email);
      const today = todayInNewYork();
      const plan = await createTrainingPlan(sub, { raceDistance: '10k', weeks: 12, level: 'intermediate', daysPerWeek: 4, longRunDay: WEEKDAYS[(new Date(`${today}T12:00:00Z`).getUTCDay() + 6) % 7]! }, 'km', new Date(Date.now() - 21 * 86_400_000));
      await startTrainingPlan(sub, plan.id, today);
      const workout = plan.plan.weeks.flatMap((week) => week.workouts).find((entry) => entry.date === today);
      expect(workout?.type).toBe('long_run');

      await page.reload();
      const panel = page.getByRole('region', { name: 'Today: Long run' });
      await panel.getByText(workout!.description).waitFor();
      await panel.getByRole('button', { name: 'Start Workout' }).click();
      await page.getByText('Workout Started', { exact: true }).waitFor();
      await panel.getByRole('button', { name: 'Pause' }).waitFor();
      await panel.getByRole('button', { name: 'Complete' }).click();
      await page.getByText('Workout Logged!', { exact: true }).waitFor();
      await panel.getByText('Completed', { exact: true }).waitFor();
      // Today's workout for a watch: a FIT workout file under the day's name, with the long run's pace target.
      const [watchFile] = await Promise.all([page.waitForEvent('download'), panel.getByRole('button', { name: /^Download for watch \(\.fit\)/ }).click()]);
      expect(watchFile.suggestedFilename()).toBe(`${today}-long-run.fit`);
      const steps = new Decoder(Stream.fromByteArray(await downloadBytes(watchFile))).read().messages.workoutStepMesgs;
      expect(steps?.map((step) => step.intensity)).toEqual(['warmup', 'active', 'cooldown']);
      expect(steps?.[1]?.targetType).toBe('speed');
      await page.getByText('Saved for your watch', { exact: true }).waitFor();
      await expectNoSeriousA11yViolations(page);
      await screenshot(page, 'ai-coach-today-desktop.jpg', { fullPage: true });
      await page.getByRole('tab', { name: 'Stats' }).click();
      await page.getByText(new RegExp(`^1 workout · ${workout!.distanceKm} km in all`)).waitFor();

      // The calendar feed: on, fetched by its address without signing in, parsed by a real iCalendar parser.
      await page.getByRole('tab', { name: 'Plans' }).click();
      const feed = page.getByRole('region', { name: 'Calendar feed' });
      await feed.getByRole('button', { name: 'Turn on calendar feed' }).click();
      await page.getByText('Calendar feed on', { exact: true }).waitFor();
      const address = feed.getByLabel('Private feed address');
      const url = await address.inputValue();
      expect(url).toMatch(/\/api\/calendar-feeds\/[A-Za-z0-9_-]{43}\/training-plan\.ics$/);
      await expect.poll(() => feed.getByRole('link', { name: 'Open in calendar app' }).getAttribute('href')).toBe(url.replace(/^http:/, 'webcal:'));
      const response = await fetch(url);
      expect(response.headers.get('content-type')).toBe('text/calendar; charset=utf-8');
      const calendar = ICAL.Component.fromString(await response.text());
      const entries = calendar.getAllSubcomponents('vevent').map((component) => new ICAL.Event(component));
      expect(entries).toHaveLength(plan.totalWorkouts);
      expect(entries.find((entry) => entry.startDate.toString() === today)?.summary).toBe(`✓ Long run · ${workout!.distanceKm} km`);
      await expectNoSeriousA11yViolations(page);
      await screenshot(feed, 'ai-coach-calendar-feed-desktop.jpg');

      // A new address retires the old one; turning the feed off retires the new one. Each asks first.
      await feed.getByRole('button', { name: 'New address' }).click();
      await page.getByRole('dialog', { name: 'Give the feed a new address?' }).getByRole('button', { name: 'Make new address' }).click();
      await page.getByText('New feed address ready', { exact: true }).waitFor();
      await expect.poll(() => address.inputValue()).not.toBe(url);
      const replaced = await address.inputValue();
      expect((await fetch(url)).status).toBe(404);
      expect((await fetch(replaced)).status).toBe(200);
      await feed.getByRole('button', { name: 'Turn off' }).click();
      await page.getByRole('dialog', { name: 'Turn off the calendar feed?' }).getByRole('button', { name: 'Turn off' }).click();
      await feed.getByRole('button', { name: 'Turn on calendar feed' }).waitFor();
      expect((await fetch(replaced)).status).toBe(404);

      await page.setViewportSize(PHONE);
      await expectNoSeriousA11yViolations(page);
      await expectNoSidewaysScroll(page, PHONE.width);
      await screenshot(feed, 'ai-coach-calendar-feed-off-phone.jpg');
      await page.getByRole('tab', { name: 'Today' }).click();
      await page.getByRole('region', { name: 'Today: Long run' }).waitFor();
      await screenshot(page, 'ai-coach-today-phone.jpg', { fullPage: true });
    } finally {
      await context.close();
    }
  });

  it('asks a visitor to sign in', async () => {
    const { context, page } = await newPage(browser());
    try {
      await page.goto(stackUrl('/training-dashboard'));
      await page.getByRole('heading', { level: 1, name: 'Please Sign In' }).waitFor();
      await page.getByText('Sign in to see your workouts, plans, goals and weekly progress.').waitFor();
      await page.goto(stackUrl('/ai-coach'));
      await page.getByRole('heading', { level: 1, name: 'AI Coach Access Required' }).waitFor();
    } finally {
      await context.close();
    }
  });
});
