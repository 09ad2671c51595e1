import { useCallback, useState } from 'react';
import type { EventLayout } from './event-card.tsx';

export const EVENT_LAYOUTS: readonly EventLayout[] = ['list', 'compact', 'cards'];
export const DISPLAY_STORAGE_KEY = 'racefinder.events.display';

function stored(fallback: EventLayout): EventLayout {
  try {
    const value = localStorage.getItem(DISPLAY_STORAGE_KEY);
    return value && (EVENT_LAYOUTS as readonly string[]).includes(value) ? (value as EventLayout) : fallback;
  } catch {
    // Storage can be unavailable (privacy modes); the default layout is fine then.
    return fallback;
  }
}

/** The event list layout, remembered in this browser; list rows unless the visitor chose another. */
export function useDisplayMode(fallback: EventLayout = 'list'): [EventLayout, (layout: EventLayout) => void] {
  const [layout, setLayout] = useState<EventLayout>(() => stored(fallback));
  const choose = useCallback((next: EventLayout) => {
    setLayout(next);
    try {
      localStorage.setItem(DISPLAY_STORAGE_KEY, next);
    } catch {
      // Not remembered; the choice still applies on this page.
    }
  }, []);
  return [layout, choose];
}
