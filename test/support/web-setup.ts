import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterEach, vi } from 'vitest';

// A few web tests run in the node environment (the bundle budget); the rest have jsdom's window.
const browserLike = typeof window !== 'undefined';

// jsdom has no layout: the router's scroll restoration would only log "Not implemented" on every navigation.
if (browserLike) window.scrollTo = () => {};

// Vitest runs without globals, so Testing Library cannot register its own cleanup.
afterEach(() => {
  if (browserLike) {
    cleanup();
    localStorage.clear();
  }
  vi.restoreAllMocks();
});
