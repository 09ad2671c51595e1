import { mkdirSync, readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import type axe from 'axe-core';
import { type Browser, type BrowserContext, type Download, type Locator, type Page } from 'playwright-core';
import { afterAll, beforeAll, expect, inject } from 'vitest';
import { launchBrowser } from './browser-server.ts';

/**
 * The shard's one Chromium, launched in this worker by the first file that asks and kept for the files after it
 * (the e2e project shares one process between its files, isolate: false). The getter hands it to each test; after
 * a file's tests, the contexts it opened are closed.
 */
let launched: Promise<Browser> | undefined;

export function useBrowser(): () => Browser {
  let browser: Browser | undefined;
  beforeAll(async () => {
    launched ??= launchBrowser().then(patient);
    browser = await launched;
  });
  afterAll(async () => {
    await Promise.all((browser?.contexts() ?? []).map((context) => context.close()));
  });
  return () => {
    if (!browser) throw new Error('The browser is launched in beforeAll: use it inside a test');
    return browser;
  };
}

/**
 * How long a click, a wait for an element or a navigation may take before the test fails. Playwright's 30 s is
 * for a browser with a machine to itself; npm test runs three stacks and browsers beside four other steps on two
 * cores, where a page's first load can take longer (vitest.config.ts LIMITS says more).
 */
const ACTION_TIMEOUT_MS = 90_000;

/** The browser, with every context it opens, however a test opens it, given the suite's waits. */
function patient(browser: Browser): Browser {
  const newContext = browser.newContext.bind(browser);
  browser.newContext = async (options) => {
    const context = await newContext(options);
    context.setDefaultTimeout(ACTION_TIMEOUT_MS);
    context.setDefaultNavigationTimeout(ACTION_TIMEOUT_MS);
    return context;
  };
  return browser;
}

/**
 * Whether this run keeps the tests' screenshots, for a person to look at: RACEFINDER_SCREENSHOTS=1. They are off
 * by default because nobody sees what a CI machine or a routine `npm test` writes to its temp folder, and the 176 of
 * them were about 40 of the suite's CPU seconds (a full-page JPEG is a third of a second of the browser's time).
 */
const SCREENSHOTS = process.env.RACEFINDER_SCREENSHOTS === '1';

/**
 * A screenshot of the page or of one element, when this run keeps them (SCREENSHOTS). An element's screenshot
 * waits for it to be visible first, and a test may lean on that wait: without screenshots it still waits.
 */
export async function screenshot(target: Page | Locator, name: string, options: { fullPage?: boolean } = {}): Promise<void> {
  if (!name.endsWith('.jpg')) throw new Error(`Screenshot ${name}: name it .jpg (JPEG costs the browser less than PNG)`);
  if (!SCREENSHOTS) {
    if (!('goto' in target)) await target.waitFor();
    return;
  }
  if ('goto' in target) await target.screenshot({ path: screenshotPath(name), ...options });
  else await target.screenshot({ path: screenshotPath(name) });
}

/**
 * Where a screenshot goes, to be looked at: racefinder-e2e/ in the system's temp folder (made when missing). The
 * tests name them .jpg, which Playwright takes as JPEG: a full-page PNG cost its browser about 0.44 CPU seconds
 * and a JPEG 0.32.
 */
function screenshotPath(name: string): string {
  const folder = join(tmpdir(), 'racefinder-e2e');
  mkdirSync(folder, { recursive: true });
  return join(folder, name);
}

/** What a download saved. */
export async function downloadBytes(download: Download): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of await download.createReadStream()) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** What a download saved, as text. */
export async function downloadText(download: Download): Promise<string> {
  return (await downloadBytes(download)).toString('utf8');
}

export function stackUrl(path = '/'): string {
  return new URL(path, inject('e2eStack').url).toString();
}

export function demoAccount(label: string) {
  const stack = inject('e2eStack');
  const found = stack.accounts.find((account) => account.label === label);
  if (!found) throw new Error(`No demo account labelled ${label}`);
  return { ...found, password: stack.password };
}

interface CognitoLocalUser {
  Username: string;
  ConfirmationCode?: string;
  Attributes?: { Name: string; Value: string }[];
}

/**
 * The sign-up code cognito-local "sent" to an address: it keeps it on the user in its pool file, which it
 * writes shortly after answering, so this polls briefly.
 */
export async function confirmationCodeFor(email: string): Promise<string> {
  return pooledUserFact(email, (user) => user.ConfirmationCode, 'confirmation code');
}

/** The user id (Cognito's sub, the API's caller id) of the account with this e-mail. */
export async function userIdFor(email: string): Promise<string> {
  return pooledUserFact(email, (user) => user.Attributes?.find((attribute) => attribute.Name === 'sub')?.Value, 'user id');
}

async function pooledUserFact(email: string, fact: (user: CognitoLocalUser) => string | undefined, what: string): Promise<string> {
  const { cognitoDbFile } = inject('e2eStack');
  for (let attempt = 0; attempt < 50; attempt += 1) {
    const pool = JSON.parse(await readFile(cognitoDbFile, 'utf8')) as { Users?: Record<string, CognitoLocalUser> };
    const user = Object.values(pool.Users ?? {}).find((candidate) =>
      candidate.Attributes?.some((attribute) => attribute.Name === 'email' && attribute.Value === email),
    );
    const value = user ? fact(user) : undefined;
    if (value) return value;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`No ${what} for ${email} in ${cognitoDbFile}`);
}

export async function newPage(browser: Browser, viewport = { width: 1280, height: 800 }): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ viewport });
  const page = await context.newPage();
  return { context, page };
}

/** An axe finding of a library's markup, not ours, set aside on the one element it names. */
export interface KnownA11yFinding {
  readonly id: string;
  readonly html: RegExp;
}

/**
 * Cloudscape's AppLayout (3.0.1383) puts aria-orientation on the <nav> of its phone toolbar
 * (app-layout/visual-refresh/mobile-toolbar.tsx), which navigation landmarks do not support; it is markup of
 * the library, not ours, so the admin screens' tests set that one finding on that one element aside.
 */
export const CLOUDSCAPE_MOBILE_NAV: KnownA11yFinding = {
  id: 'aria-allowed-attr',
  html: /^<nav aria-hidden="(true|false)" aria-label="Admin sections" aria-orientation="horizontal"/,
};

/**
 * Waits until the page has settled: two animation frames have passed (a state an answer brought is rendered,
 * a transition it causes has started) and every finite animation has ended; endless ones (spinners) are not
 * waited for. What a test checks next is then the page's state, not a moment of it.
 */
export async function settled(page: Page): Promise<void> {
  await page.evaluate(async () => {
    const frame = () => new Promise((resolve) => requestAnimationFrame(resolve));
    for (let round = 0; round < 10; round += 1) {
      await frame();
      await frame();
      const settling = document.getAnimations().filter((animation) => animation.playState === 'running' && animation.effect?.getComputedTiming().endTime !== Infinity);
      if (settling.length === 0) return;
      await Promise.all(settling.map((animation) => animation.finished.catch(() => undefined)));
    }
  });
}

/**
 * Fails when the page is wider than `width` once it has settled: a resize re-lays a Cloudscape page out over
 * a few frames (its components measure themselves with ResizeObserver), so the width is read until it fits or
 * 3 s have passed, and a failure names the elements that stick out, which is what a reader needs to fix it.
 */
export async function expectNoSidewaysScroll(page: Page, width: number): Promise<void> {
  await settled(page);
  const deadline = Date.now() + 3000;
  let scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
  while (scrollWidth > width && Date.now() < deadline) {
    await page.waitForTimeout(100);
    scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
  }
  if (scrollWidth <= width) return;
  const wide = await page.evaluate((limit) => [...document.body.querySelectorAll('*')]
    .filter((element) => element.getBoundingClientRect().right > limit)
    .slice(-5)
    .map((element) => `${element.tagName.toLowerCase()}.${[...element.classList].join('.')} right=${Math.round(element.getBoundingClientRect().right)}`), width);
  expect(scrollWidth, `wider than ${width} px: ${wide.join('; ')}`).toBeLessThanOrEqual(width);
}

const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/**
 * axe's rules run on the page as it is, with axe put in once per document. @axe-core/playwright cost three
 * times as much for the same rules: it put axe's 550 KB in twice on every call, and in its default mode it
 * opened a blank page (a renderer process of its own) to merge each frame's results in. Both serve pages
 * with frames, which the product's pages have none of (a page that gains one needs axe put in it too). Measured on the
 * informative pages' 20 checks: 24 of the file's 47 CPU seconds went to axe, 7 of 31 this way.
 */
async function axeResults(page: Page): Promise<axe.AxeResults> {
  type WithAxe = { axe?: typeof axe };
  const present = await page.evaluate(() => typeof (window as WithAxe).axe?.run === 'function');
  if (!present) {
    await page.evaluate(AXE_SOURCE);
    // Contrast is judged against the colours beneath the text even where a ::before or ::after has a background:
    // axe otherwise leaves such text undecided (incomplete, which these checks do not read) after asking the
    // pseudo-elements' styles of every layer under every text, most of color-contrast's time and half of axe's.
    // So this can only add violations, never hide one (0 added on the suite's 128 checks).
    await page.evaluate(() => (window as WithAxe).axe!.configure({ checks: [{ id: 'color-contrast', options: { ignorePseudo: true } }] }));
  }
  // Only violations are asked for in detail: the tests read nothing else, and listing every passing node is work.
  return page.evaluate(() => (window as WithAxe).axe!.run(document, { resultTypes: ['violations'] }));
}

/** axe finds nothing serious or critical on the page, apart from the `known` findings of library markup. */
export async function expectNoSeriousA11yViolations(page: Page, known: readonly KnownA11yFinding[] = []): Promise<void> {
  // Colours are judged as they settle: a message still fading in (Cloudscape's flash, a toast) has text of
  // partial opacity, which axe measured at 4.13:1 one run in six. For the check the page is shown with reduced
  // motion (the pages and Cloudscape then go to their final state at once) and finite animations are waited for.
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await settled(page);
  const results = await axeResults(page).finally(() => page.emulateMedia({ reducedMotion: null }));
  const serious = results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .flatMap((violation) =>
      violation.nodes
        .filter((node) => !known.some((finding) => finding.id === violation.id && finding.html.test(node.html)))
        .map((node) => `${violation.id}: ${violation.help} (${node.target.join(' ')})`),
    );
  expect(serious).toEqual([]);
}

/** Signs a demo account in through the real /auth form and waits until the app shows it signed in. */
export async function signIn(page: Page, label: string): Promise<void> {
  const { email, password } = demoAccount(label);
  await page.goto(stackUrl('/auth'));
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await page.waitForURL(stackUrl('/'));
  await page.getByRole('button', { name: /^Account menu/ }).waitFor();
}

/** Signs a new athlete up through the real /auth form and its e-mailed code, ending signed in on the home page. */
export async function signUpThroughForm(page: Page, email: string, { firstName = 'Rosa', lastName = 'Diaz' } = {}): Promise<void> {
  await page.goto(stackUrl('/auth?mode=signup'));
  await page.getByLabel('First name').fill(firstName);
  await page.getByLabel('Last name').fill(lastName);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill('Strong-pass-42!');
  await page.getByRole('button', { name: 'Create account' }).click();
  await page.getByRole('heading', { name: 'Confirm your e-mail' }).waitFor();
  await page.getByLabel('Confirmation code').fill(await confirmationCodeFor(email));
  await page.getByRole('button', { name: 'Confirm and sign in' }).click();
  await page.waitForURL(stackUrl('/'));
}
