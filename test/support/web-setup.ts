import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterAll, afterEach, vi } from 'vitest';
import { forgetApiAnswers, installedApi } from '../web/fake-use-api.ts';
import type * as UseApiModule from '../../web/src/lib/use-api.ts';

// A few web tests run in the node environment (the bundle budget); the rest have jsdom's window.
const browserLike = typeof window !== 'undefined';

// findBy* and waitFor wait for the page's state up to this long (Testing Library's default is 1 s). npm test runs
// this project beside others on two cores, where a Cloudscape table can take longer than a second to render;
// a test still ends as soon as its state shows.
//
// Cloudscape repeats a form field's error, a flash and other announcements in a visually hidden live region a
// moment after showing them (internal/components/live-region). Text queries leave those copies out: a slow run
// otherwise found the error twice ('Found multiple elements'), once as shown and once as announced.
configure({ asyncUtilTimeout: 45_000, defaultIgnore: 'script, style, [class*="awsui_announcer"]' });

// jsdom has no layout: the router's scroll restoration would only log "Not implemented" on every navigation.
if (browserLike) window.scrollTo = () => {};
// Nor scrollIntoView (the coach's chat follows an exchange with it).
if (browserLike) Element.prototype.scrollIntoView = () => {};

/**
 * useApi, for every web file: each call goes to the fake the test installed (test/web/fake-use-api.ts), or to the
 * real client when it installed none. The real hook runs either way, so a component calls the same hooks in every
 * render, and the function keeps the real one's identity (effects that depend on it do not run again).
 */
vi.mock('../../web/src/lib/use-api.ts', async (importOriginal) => {
  const actual = await importOriginal<typeof UseApiModule>();
  const { useCallback } = await import('react');
  const useApi: typeof actual.useApi = (area) => {
    const real = actual.useApi(area);
    return useCallback(
      (...args: Parameters<typeof real>) => {
        const fake = installedApi() as typeof real | undefined;
        return (fake ?? real)(...args);
      },
      [real],
    ) as typeof real;
  };
  return { ...actual, useApi };
});

// Vitest runs without globals, so Testing Library cannot register its own cleanup. What a test changed in the
// process goes back after it, so files can share one (vitest.config.ts): its fake API, stubbed globals (fetch,
// IntersectionObserver, matchMedia...), spies, and fake clocks. Unmounting comes first: a page's last requests
// still reach the test's fake, not the real client.
afterEach(() => {
  if (browserLike) {
    cleanup();
    localStorage.clear();
    sessionStorage.clear();
  }
  forgetApiAnswers();
  vi.unstubAllGlobals();
  vi.useRealTimers();
  vi.restoreAllMocks();
});

/**
 * Cloudscape's Flashbar moves a new flash on after a 115 ms timer (flashbar/constant.js). A flash shown by a
 * file's last test would fire it after jsdom's window is gone, an uncaught "window is not defined" that fails
 * the run though every test passed: each file waits that long before its window goes.
 */
const CLOUDSCAPE_FLASH_TIMER_MS = 115;
afterAll(async () => {
  if (browserLike) await new Promise((resolve) => setTimeout(resolve, CLOUDSCAPE_FLASH_TIMER_MS + 35));
});
