/**
 * Sign in as each demo account through the real /auth form (cognito-local behind the local gateway), see
 * that role's navigation, sign out; the 404 page; axe on the pages a visitor meets first.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { demoAccount, signUpThroughForm, expectNoSeriousA11yViolations, useBrowser, newPage, stackUrl, signIn } from '../support/browser.ts';

const browser = useBrowser();


const mainNav = (page: Page) => page.getByRole('navigation', { name: 'Main' });

const SECTIONS = ['Races', 'Near me', 'Calendar', 'Training', 'Community'];

/** Link names the main navigation shows to each role, in its default view, and those it must not. */
const NAVIGATION: Record<string, { shows: string[]; hides: string[]; viewModes?: string[] }> = {
  Athlete: { shows: [...SECTIONS, 'My dashboard'], hides: ['Admin', 'Super admin dashboard', 'Organizer dashboard'] },
  'Second athlete': { shows: [...SECTIONS, 'My dashboard'], hides: ['Admin', 'Super admin dashboard', 'Organizer dashboard'] },
  Organizer: { shows: [...SECTIONS, 'Organizer dashboard'], hides: ['Admin', 'Super admin dashboard', 'My dashboard'], viewModes: ['Athlete', 'Organizer'] },
  Admin: { shows: [...SECTIONS, 'Admin', 'Organizer dashboard'], hides: ['Super admin dashboard', 'My dashboard'], viewModes: ['Athlete', 'Organizer'] },
  'Super admin': {
    shows: [...SECTIONS, 'Admin', 'Super admin dashboard'],
    hides: ['My dashboard', 'Organizer dashboard'],
    viewModes: ['Athlete', 'Organizer', 'Super admin'],
  },
};

describe('signing in as each demo account', () => {
  it.each(Object.entries(NAVIGATION))('shows %s the navigation of their role, then signs out', async (label, expected) => {
    const { context, page } = await newPage(browser());
    try {
      await signIn(page, label);
      const nav = mainNav(page);
      // Role links appear once /api/me has answered; wait for them, then check what must be absent.
      for (const name of expected.shows) await nav.getByRole('link', { name, exact: true }).waitFor();
      for (const name of expected.hides) await expect.poll(() => nav.getByRole('link', { name, exact: true }).count()).toBe(0);
      // The header names the person by their first name, not their e-mail.
      await expect.poll(() => nav.getByText(demoAccount(label).firstName, { exact: true }).isVisible()).toBe(true);

      const viewMode = nav.getByRole('combobox', { name: 'View mode' });
      if (expected.viewModes) {
        await expect.poll(() => viewMode.locator('option').allTextContents()).toEqual(expected.viewModes);
      } else {
        await expect.poll(() => viewMode.count()).toBe(0);
      }

      await nav.getByRole('button', { name: /^Account menu/ }).click();
      await nav.getByRole('button', { name: 'Sign out' }).click();
      await page.getByText("You've been successfully signed out.").waitFor();
      await expect.poll(() => nav.getByRole('link', { name: 'Log In', exact: true }).isVisible()).toBe(true);
      await expect.poll(() => nav.getByRole('button', { name: /^Account menu/ }).count()).toBe(0);
    } finally {
      await context.close();
    }
  });

  it("lets the super admin switch to the athlete view, which opens the athlete's dashboard and hides the super admin dashboard", async () => {
    const { context, page } = await newPage(browser());
    try {
      await signIn(page, 'Super admin');
      const nav = mainNav(page);
      await nav.getByRole('combobox', { name: 'View mode' }).selectOption({ label: 'Athlete' });
      await page.waitForURL((url) => url.pathname === '/dashboard');
      await nav.getByRole('link', { name: 'My dashboard', exact: true }).waitFor();
      await expect.poll(() => nav.getByRole('link', { name: 'Super admin dashboard', exact: true }).count()).toBe(0);
    } finally {
      await context.close();
    }
  });

  it('refuses a wrong password with a readable message and keeps the e-mail typed', async () => {
    const { context, page } = await newPage(browser());
    try {
      const { email } = demoAccount('Athlete');
      await page.goto(stackUrl('/auth'));
      await page.getByLabel('Email').fill(email);
      await page.getByLabel('Password').fill('Not-the-password-1!');
      await page.getByRole('button', { name: 'Sign in', exact: true }).click();
      await page.getByText('Incorrect e-mail or password.').waitFor();
      await expect.poll(() => page.getByLabel('Email').inputValue()).toBe(email);
    } finally {
      await context.close();
    }
  });

  it('signs a new athlete up, confirms the e-mailed code and signs them in with their name on file', async () => {
    const { context, page } = await newPage(browser());
    try {
      const email = `new-runner-${Date.now()}@racefinder.test`;
      await signUpThroughForm(page, email, { firstName: 'Nia', lastName: 'Okoro' });
      // A new account is welcomed, not welcomed back (issue 7).
      await page.getByRole('status').getByText('Welcome to RaceFinder!').waitFor();
      await expect.poll(() => page.getByText('Welcome back!').count()).toBe(0);
      const nav = mainNav(page);
      // The post-confirmation trigger created the profile with the names from the form: the header shows the first
      // name, and the dashboard welcomes a new account rather than welcoming it back.
      await nav.getByText('Nia', { exact: true }).waitFor();
      await nav.getByRole('link', { name: 'My dashboard', exact: true }).click();
      await page.getByRole('heading', { level: 1, name: 'Welcome, Nia' }).waitFor();
      await expect.poll(() => page.getByText(email.split('@')[0]!, { exact: true }).count()).toBe(0);
    } finally {
      await context.close();
    }
  });

  it('keeps the session across a reload and sends a signed-in visitor away from /auth', async () => {
    const { context, page } = await newPage(browser());
    try {
      await signIn(page, 'Athlete');
      await page.reload();
      await mainNav(page).getByRole('button', { name: /^Account menu/ }).waitFor();
      await page.goto(stackUrl('/auth'));
      await page.waitForURL(stackUrl('/'));
    } finally {
      await context.close();
    }
  });
});

describe('pages a visitor meets first', () => {
  it('shows the 404 page for an unknown path, with a way home', async () => {
    const { context, page } = await newPage(browser());
    try {
      await page.goto(stackUrl('/no-such-page'));
      await page.getByRole('heading', { name: '404' }).waitFor();
      await expect.poll(() => page.getByText('Oops! Page not found').isVisible()).toBe(true);
      await page.getByRole('link', { name: 'Return to Home' }).click();
      await page.waitForURL(stackUrl('/'));
      await expectNoSeriousA11yViolations(page);
    } finally {
      await context.close();
    }
  });

  it.each([
    ['/', 'desktop', { width: 1280, height: 800 }],
    ['/', 'phone', { width: 390, height: 844 }],
    ['/auth', 'desktop', { width: 1280, height: 800 }],
    ['/auth?mode=signup', 'phone', { width: 390, height: 844 }],
    ['/about', 'desktop', { width: 1280, height: 800 }],
  ] as const)('has no serious accessibility violations on %s (%s)', async (path, _label, viewport) => {
    const { context, page } = await newPage(browser(), viewport);
    try {
      await page.goto(stackUrl(path));
      await page.getByRole('heading', { level: 1 }).first().waitFor();
      await expectNoSeriousA11yViolations(page);
    } finally {
      await context.close();
    }
  });

  it('has no serious accessibility violations on the signed-in home page', async () => {
    const { context, page } = await newPage(browser());
    try {
      await signIn(page, 'Organizer');
      await expectNoSeriousA11yViolations(page);
    } finally {
      await context.close();
    }
  });
});
