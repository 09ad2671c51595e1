/**
 * The API as a web test answers it. The shared setup (test/support/web-setup.ts) replaces useApi once, for every
 * web file, with one that hands each call to the request a test installed here, or to the real client when no
 * test installed one; it forgets the installed request after every test, so a file installs its fake in
 * beforeEach. One replacement in the setup, not a vi.mock in each file, is what lets these files share a process:
 * a file's own module mock reached the files after it, so each such file had a process (and a cold load of
 * jsdom, React and Cloudscape) of its own (vitest.config.ts).
 */

/** A fake of the typed client useApi returns: (routeId, input, options) => Promise of the response. */
export type FakeRequest = (routeId: string, ...rest: never[]) => Promise<unknown>;

let installed: FakeRequest | undefined;

/** Answers every useApi call with this request until the test ends. */
export function answerApiWith(request: FakeRequest): void {
  installed = request;
}

/** The request a test installed, if any (web-setup.ts's useApi asks it on every call). */
export function installedApi(): FakeRequest | undefined {
  return installed;
}

/** Back to the real client: the setup calls this after every test. */
export function forgetApiAnswers(): void {
  installed = undefined;
}

/** What a route of the fake is called with. */
export type FakeInput = { path?: Record<string, string>; query?: Record<string, string>; body?: Record<string, unknown> };

/**
 * A fake API answered route by route: `handlers` maps a route id to its answer, `calls` records every call in
 * order, `request` (for answerApiWith) throws on a route no handler answers, `callsOf` lists one route's inputs.
 */
export function routedApi() {
  const handlers = new Map<string, (input: FakeInput) => unknown>();
  const calls: [string, FakeInput][] = [];
  const request = async (id: string, input: FakeInput = {}) => {
    calls.push([id, input]);
    const handler = handlers.get(id);
    if (!handler) throw new Error(`Unexpected API call ${id}`);
    return handler(input);
  };
  const callsOf = (id: string) => calls.filter(([route]) => route === id).map(([, input]) => input);
  return { handlers, calls, request, callsOf };
}
