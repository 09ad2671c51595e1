/**
 * The event the app fires on `document` once it has taken over a server-rendered page and knows who is signed in
 * (web/src/app/take-over-signal.tsx). Until then the page's starter (#shared/app-start-script) holds the clicks a
 * reader makes on the page's buttons, which do nothing without the app, and it replays them on this event.
 */
export const APP_READY_EVENT = 'racefinder:app-ready';
