/**
 * The e2e shard's one Chromium, launched in its test worker by the first file that needs it (browser.ts,
 * useBrowser) and shared by the files after it: a browser start is a second or two of a busy machine's CPU, once
 * instead of per file. In the worker itself, not as a server the files connect to: that relay (the vitest process
 * speaking Playwright's protocol to the worker and CDP to Chromium) cost about 6 CPU seconds a shard.
 */
import { existsSync } from 'node:fs';
import { chromium, type Browser } from 'playwright-core';

/**
 * Debian's Chromium headless shell when it is there (`apt-get install chromium-headless-shell`, as .ci/run does),
 * else its full Chromium. The shell is the same Blink and V8 without the browser's UI layers, which the full
 * browser keeps running even when headless: on two e2e files it used 21-22 CPU seconds where the full browser
 * used 31, most of it in the renderers. It is what Playwright itself runs for headless tests.
 */
const CHROMIUM = process.env.CHROMIUM_PATH ?? ['/usr/bin/chromium-headless-shell', '/usr/bin/chromium'].find((path) => existsSync(path)) ?? '/usr/bin/chromium';

/** Chromium started the way this machine allows: headless, no sandbox as root, no background traffic. */
export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
}
