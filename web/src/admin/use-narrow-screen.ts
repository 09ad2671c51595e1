/**
 * Whether the screen is phone-narrow (below Cloudscape's 688 px "xs" breakpoint), so an admin table can hide
 * the columns a phone has no room for and keep its actions on screen instead of past a sideways scroll.
 */
import { useSyncExternalStore } from 'react';

const QUERY = '(max-width: 687px)';

function media(): MediaQueryList | undefined {
  return typeof window !== 'undefined' && typeof window.matchMedia === 'function' ? window.matchMedia(QUERY) : undefined;
}

function subscribe(onChange: () => void): () => void {
  const list = media();
  list?.addEventListener('change', onChange);
  return () => list?.removeEventListener('change', onChange);
}

export function useNarrowScreen(): boolean {
  return useSyncExternalStore(subscribe, () => media()?.matches ?? false, () => false);
}
