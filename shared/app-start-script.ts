/**
 * The one inline script the site runs: a server-rendered page (lambdas/pages/page-shell.ts) starts the app with it
 * once the page has been painted, instead of from its head.
 *
 * From the head, the app's entry and the chunks it imports (about 120 KB gzip) are fetched beside the page's
 * stylesheets, and on a slow phone network they share its bandwidth with them: Lighthouse's mobile run counted
 * them before the first paint (LCP 1.9 to 2.0 s, and 0.9 s without them; docs/pages.md). The page's markup is all a
 * reader needs until the app takes over, so this fetches the entry, its imports and the page's chunks once the
 * browser reports the first contentful paint (a frame's animation callback comes before the frame is shown, and the
 * paint is timed when it is shown); the app takes over about a round trip later than from the head. A page that is
 * or goes hidden, which paints nothing, starts at once; a browser without paint timing starts after a frame.
 *
 * Until the app has taken over, a button on the page does nothing, and a reader on a slow phone may well press
 * Save in that second. The script therefore holds a click on a button in #root (the first per button; a second
 * is the same wish), marks the button busy, and replays the click when the app says it is ready
 * (APP_READY_EVENT). A visitor's page is hydrated, so the button is the same element; a page that someone
 * signed in reads is drawn anew, and the click goes to the button with the same name in the same place among its
 * namesakes. If that button now has another name (Save became Remove from saved), the wish was already met and
 * the click is dropped rather than undoing it. Links need none of this: they work without the app.
 *
 * The script is a constant, so the Content-Security-Policy allows exactly it by its hash (script-src stays 'self'
 * otherwise); what differs per page and build comes in its data attributes: `data-entry`, the entry's URL, and
 * `data-preload`, the URLs of the modules to preload, separated by spaces. A string, not a function's source: the
 * page function's bundle is minified and the CSP is made at synth, so both must hash the same text.
 */
import { createHash } from 'node:crypto';
import { APP_READY_EVENT } from './app-ready-event.ts';

export const APP_START_SCRIPT =
  '(() => {' +
  ' const { entry, preload } = document.currentScript.dataset;' +
  ' let started = false;' +
  ' const start = () => {' +
  ' if (started) return;' +
  ' started = true;' +
  ' const add = (tag, attributes) => document.head.append(Object.assign(document.createElement(tag), attributes, { crossOrigin: "" }));' +
  ' for (const href of preload.split(" ").filter(Boolean)) add("link", { rel: "modulepreload", href });' +
  ' add("script", { type: "module", src: entry });' +
  ' };' +
  ' const held = [];' +
  ' const buttons = () => [...document.querySelectorAll("#root button")];' +
  ' const nameOf = (button) => button.getAttribute("aria-label") || button.textContent.trim();' +
  ' const hold = (event) => {' +
  ' const button = event.target.closest?.("#root button");' +
  ' if (!button) return;' +
  ' event.preventDefault();' +
  ' event.stopImmediatePropagation();' +
  ' if (held.some((click) => click.button === button)) return;' +
  ' const name = nameOf(button);' +
  ' held.push({ button, name, place: buttons().filter((other) => nameOf(other) === name).indexOf(button) });' +
  ' button.setAttribute("aria-busy", "true");' +
  ' };' +
  ' document.addEventListener("click", hold, true);' +
  ` document.addEventListener("${APP_READY_EVENT}", () => {` +
  ' document.removeEventListener("click", hold, true);' +
  ' for (const { button, name, place } of held) {' +
  ' button.removeAttribute("aria-busy");' +
  ' (button.isConnected ? button : buttons().filter((other) => nameOf(other) === name)[place])?.click();' +
  ' }' +
  ' }, { once: true });' +
  ' if (document.visibilityState === "hidden") return start();' +
  ' document.addEventListener("visibilitychange", start, { once: true });' +
  ' if (!PerformanceObserver.supportedEntryTypes?.includes("paint")) return requestAnimationFrame(() => setTimeout(start));' +
  ' new PerformanceObserver((list) => list.getEntriesByName("first-contentful-paint").length && start()).observe({ type: "paint", buffered: true });' +
  ' })();';

/** The CSP source that allows APP_START_SCRIPT and no other inline script. */
export const APP_START_SCRIPT_SOURCE = `'sha256-${createHash('sha256').update(APP_START_SCRIPT, 'utf8').digest('base64')}'`;
