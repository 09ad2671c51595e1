/**
 * The web build the tests look at. `npm test` (test/run-suite.ts) builds the app once, with hidden source maps,
 * into a folder it names in RACEFINDER_WEB_BUILD; the e2e stack serves it and the first-load budget measures
 * it. A project run on its own (`vitest run --project e2e`) falls back to what it did before: e2e serves
 * web/dist, and the budget test builds the current source itself.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';

export const WEB_BUILD_VARIABLE = 'RACEFINDER_WEB_BUILD';

/** The suite runner's build of this run, if there is one. */
export function suiteWebBuild(): string | undefined {
  const dir = process.env[WEB_BUILD_VARIABLE];
  return dir && existsSync(join(dir, 'index.html')) ? dir : undefined;
}
