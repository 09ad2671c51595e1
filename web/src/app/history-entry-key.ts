/**
 * Gives this document's first history entry a key of its own, before the router starts.
 *
 * React Router keeps scroll positions by the history entry's key, and the first entry of every document has
 * none: it is 'default'. Leaving a page saved its position under 'default', so the next address typed or
 * bookmarked in the same tab opened that far down (/leaderboard at 627 px after scrolling another page). With
 * a key kept in history.state, a typed address (a new entry, no state) opens at the top, while reload, back and
 * forward (the same entry, whose state the browser keeps) restore where the person was. (Kept this small: it
 * ships in the public first load.)
 */
export function keyFirstHistoryEntry(history: History = window.history): void {
  // The router's own state is an object or null; its keys have the same form as this one.
  const state = (history.state ?? {}) as { key?: string };
  if (!state.key) history.replaceState({ ...state, key: Math.random().toString(36).slice(2, 10) }, '');
}
