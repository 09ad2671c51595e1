import { useSyncExternalStore } from 'react';

/** Phones: the agenda is their default view, and the month grid shows counts rather than race names. */
export const NARROW_SCREEN_QUERY = '(max-width: 640px)';

function subscribe(onChange: () => void): () => void {
  if (typeof window.matchMedia !== 'function') return () => undefined;
  const query = window.matchMedia(NARROW_SCREEN_QUERY);
  query.addEventListener('change', onChange);
  return () => query.removeEventListener('change', onChange);
}

/** Whether the screen is phone-narrow now (false where matchMedia is missing, as in jsdom). */
export function useNarrowScreen(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => typeof window.matchMedia === 'function' && window.matchMedia(NARROW_SCREEN_QUERY).matches,
    () => false,
  );
}
