// @vitest-environment node
/**
 * The public first-load budget (DESIGN section 9): what a visitor's browser must download before the home
 * page can render stays small, and the heavy parts (Amplify, zod, Cloudscape) stay in lazily loaded chunks.
 * It measures the suite runner's build of this run (test/support/web-build.ts), made from the current source
 * with hidden maps; run on its own, it builds the web app into a temporary folder, never reading a stale web/dist.
 */
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { build } from 'vite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TARGETS } from '../bench/report.ts';
import { suiteWebBuild } from '../support/web-build.ts';

const BUDGET_BYTES = TARGETS.firstLoadGzipBytes;

let outDir: string;
let ownBuild = false;
let initialScripts: string[];

async function buildOwn(): Promise<string> {
  const dir = mkdtempSync(join(tmpdir(), 'racefinder-web-'));
  ownBuild = true;
  // Vitest sets NODE_ENV=test, which would make Vite bundle React's development build.
  const nodeEnv = process.env.NODE_ENV;
  process.env.NODE_ENV = 'production';
  try {
    await build({ configFile: 'web/vite.config.ts', mode: 'production', logLevel: 'silent', build: { outDir: dir, emptyOutDir: true, sourcemap: 'hidden' } });
  } finally {
    process.env.NODE_ENV = nodeEnv;
  }
  return dir;
}

beforeAll(async () => {
  outDir = suiteWebBuild() ?? (await buildOwn());
  const html = readFileSync(join(outDir, 'index.html'), 'utf8');
  // What index.html makes the browser fetch before anything runs: the entry and its modulepreloads.
  initialScripts = [...html.matchAll(/<(?:script[^>]*\ssrc|link[^>]*rel="modulepreload"[^>]*\shref)="\/([^"]+\.js)"/g)].map((m) => m[1]!);
});

afterAll(() => {
  if (outDir && ownBuild) rmSync(outDir, { recursive: true, force: true });
});

// Maps are built here only to see which packages each initial chunk contains. Rolldown's own runtime helpers
// (a chunk of their own beside a named chunk group) come from no source file and have no map.
function sourcesOf(script: string): string[] {
  const file = join(outDir, `${script}.map`);
  if (!existsSync(file)) {
    expect(script, 'only the bundler runtime chunk has no source map').toMatch(/^assets\/rolldown-runtime-[\w-]+\.js$/);
    return [];
  }
  const map = JSON.parse(readFileSync(file, 'utf8')) as { sources: string[] };
  return map.sources;
}

describe('public first load', () => {
  it(`keeps the JavaScript index.html loads within ${BUDGET_BYTES / 1024} KB gzip`, () => {
    expect(initialScripts.length).toBeGreaterThan(0);
    const gzipped = initialScripts.reduce((sum, script) => sum + gzipSync(readFileSync(join(outDir, script))).length, 0);
    expect(gzipped).toBeLessThanOrEqual(BUDGET_BYTES);
  });

  it('leaves Amplify, zod and Cloudscape out of it', () => {
    const heavy = initialScripts.flatMap(sourcesOf).filter((source) => /node_modules\/(aws-amplify|@aws-amplify|zod|@cloudscape-design)\//.test(source));
    expect(heavy).toEqual([]);
  });
});

describe('route schemas', () => {
  const AREA_FILE = /shared\/routes\/(?!define\.ts|index\.ts)([\w-]+)\.ts$/;

  it("puts each area's table in chunks apart from every other area's, and the merged index in none", () => {
    const scripts = readdirSync(join(outDir, 'assets'))
      .filter((file) => file.endsWith('.js'))
      .map((file) => `assets/${file}`);
    const areasByChunk = scripts.map((script) => ({
      script,
      areas: sourcesOf(script).flatMap((source) => AREA_FILE.exec(source)?.[1] ?? []),
      index: sourcesOf(script).some((source) => source.endsWith('shared/routes/index.ts')),
    }));
    // The areas today's pages call (the system area's routes have no typed caller: the status is fetched
    // directly; /admin/data and /admin/system call the admin overview, health and configuration, and the
    // exports; /admin and /admin/import the overview and the import jobs; /admin/events and /admin/claims their own
    // areas; the claim dialog, the event page and /claim-event the organizer's claims; /apply-organizer and
    // /admin/applications the organizer applications; /organizer-dashboard its summary and, with /promote-event,
    // the promotions; /admin/promotions the admin's promotions; /create-event, /events/{id}/edit and My Events the
    // organizer's events, /admin/event-reviews their review; the event page's beacon and the Analytics tab, analytics;
    // /superadmin's Recent Activity, admin-activity; /admin/users, admin-users; the training pages the log and figures,
    // goals and plans, /ai-coach's chat the coach and its Plans tab the calendar feeds; /calendar the events search, the
    // saved list and the calendar feeds; the event page and /reviews the reviews; /race-checklist the race checklists;
    // /contact and /admin/messages the contact messages; /weather-tracker the race-day forecasts; /settings the personal
    // exports (and users, for deleting the account); the header's bell, /notifications, /settings/notifications and
    // /notifications/unsubscribe the notifications; the search page's Save button and /saved-searches the saved
    // searches; the event page's Course section and the edit page's GPX upload the courses; the edit page's Images
    // section and the admin's images dialog the event images; the journal's Strava section and /strava/connected the
    // Strava connection. The Stripe webhook area
    // has no web caller).
    expect(areasByChunk.flatMap((chunk) => chunk.areas).sort()).toEqual([
      'admin-activity', 'admin-blog', 'admin-claims', 'admin-contact-messages', 'admin-event-reviews', 'admin-events', 'admin-exports',
      'admin-imports', 'admin-organizer-applications', 'admin-promotions', 'admin-recaps', 'admin-reviews', 'admin-system', 'admin-users',
      'analytics', 'blog', 'calendar-feeds', 'claims', 'coach', 'community', 'contact-messages', 'courses', 'event-images', 'events', 'goals', 'my-exports', 'newsletter', 'notifications',
      'organizations', 'organizer', 'organizer-applications', 'organizer-events', 'promotions', 'race-checklists', 'recaps', 'reviews', 'saved', 'saved-searches', 'strava', 'submitted-events',
      'training', 'training-plans', 'users', 'weather',
    ]);
    expect(areasByChunk.filter((chunk) => chunk.areas.length > 1)).toEqual([]);
    expect(areasByChunk.filter((chunk) => chunk.index)).toEqual([]);
  });
});
