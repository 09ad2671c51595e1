/**
 * The e2e project's one Chromium, launched by its global setup as a server that every test file connects to
 * (browser.ts, useBrowser): a browser start is a second or two of a busy machine's CPU, once instead of per file.
 */
import { chromium, type BrowserServer } from 'playwright-core';

declare module 'vitest' {
  export interface ProvidedContext {
    e2eBrowser: { wsEndpoint: string };
  }
}

/** Debian's Chromium, started the way this machine allows: headless, no sandbox as root, no background traffic. */
export function launchBrowserServer(): Promise<BrowserServer> {
  return chromium.launchServer({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
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
