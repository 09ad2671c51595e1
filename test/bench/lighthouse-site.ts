/**
 * Lighthouse (mobile preset, headless Chromium) of the public pages, run as its own process by the bench:
 * the local stack it starts must own the handler modules' configuration (one stack per process, see
 * infra/local/stack.ts), while the bench process has already pointed them at its own DynamoDB Local.
 *
 *   tsx test/bench/lighthouse-site.ts <webRoot> <outFile> <path>...
 *
 * A path may name FIRST_EVENT: the page of the first event the search lists (the ids are made at seeding).
 *
 * Writes { path: { performance, accessibility, failing: [...] } } to outFile; with LIGHTHOUSE_REPORT_DIR set, also
 * each page's whole Lighthouse report (lhr JSON) there, to see what a score is made of. Chromium is spawned here,
 * tied to this process, so it cannot outlive it; so are the stack's children.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { killOnExit, stopChild } from '../../infra/local/processes.ts';

/** In a path: the id of the first event GET /api/events lists. */
export const FIRST_EVENT = '{first-event}';

export interface LighthouseScores {
  readonly performance: number;
  readonly accessibility: number;
  readonly seo: number;
  /** Largest Contentful Paint, ms (simulated mobile). */
  readonly lcpMs: number;
  /** Audits that scored below 0.9, for the report. */
  readonly failing: readonly string[];
  /** The performance metrics as Lighthouse displays them. */
  readonly metrics: string;
  /** What GET /api/events answered just before, so a score of an error page is not mistaken for the real one. */
  readonly api: string;
}

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const CHROMIUM_FLAGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

async function startChromium(profileDir: string) {
  const child = spawn('/usr/bin/setpriv', ['--pdeathsig', 'SIGKILL', '--', CHROMIUM, ...CHROMIUM_FLAGS, `--user-data-dir=${profileDir}`, '--remote-debugging-port=0', 'about:blank'], {
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  const release = killOnExit(child);
  const port = await new Promise<number>((resolve, reject) => {
    let stderr = '';
    const timer = setTimeout(() => reject(new Error(`Chromium did not start: ${stderr}`)), 30_000);
    child.stderr?.on('data', (chunk: Buffer) => {
      stderr += chunk.toString();
      const match = /DevTools listening on ws:\/\/[^:]+:(\d+)\//.exec(stderr);
      if (match) {
        clearTimeout(timer);
        resolve(Number(match[1]));
      }
    });
    child.once('exit', (code) => reject(new Error(`Chromium exited (${code}): ${stderr}`)));
  });
  return {
    port,
    async stop() {
      await stopChild(child);
      release();
    },
  };
}

async function main(): Promise<void> {
  const [webRoot, outFile, ...paths] = process.argv.slice(2);
  if (!webRoot || !outFile || paths.length === 0) throw new Error('usage: lighthouse-site.ts <webRoot> <outFile> <path>...');
  process.env.POWERTOOLS_LOG_LEVEL = 'SILENT';
  const dataDir = mkdtempSync(join(tmpdir(), 'racefinder-bench-site-'));
  const profileDir = mkdtempSync(join(tmpdir(), 'racefinder-bench-chromium-'));
  const { startLocalStack } = await import('../../infra/local/stack.ts');
  const stack = await startLocalStack({ port: 0, dataDir, inMemoryDatabase: true, fresh: true, webRoot, logLevel: 'SILENT', printCodes: false });
  let chromium: Awaited<ReturnType<typeof startChromium>> | undefined;
  try {
    chromium = await startChromium(profileDir);
    const { default: lighthouse } = await import('lighthouse');
    const results: Record<string, LighthouseScores> = {};
    const probe = await fetch(new URL('/api/events', stack.url));
    const body = (await probe.json().catch(() => undefined)) as { items?: { id: string }[] } | undefined;
    const api = `GET /api/events answered ${probe.status}${body?.items ? ` with ${body.items.length} events` : ''}`;
    for (const path of paths) {
      const firstEvent = body?.items?.[0]?.id;
      if (path.includes(FIRST_EVENT) && !firstEvent) throw new Error(`${path} needs an event, and ${api}`);
      const url = new URL(path.replace(FIRST_EVENT, firstEvent ?? ''), stack.url).toString();
      // Default config = the mobile preset (Moto G Power emulation, simulated slow 4G and 4x CPU throttling).
      const result = await lighthouse(url, { port: chromium.port, logLevel: 'error', onlyCategories: ['performance', 'accessibility', 'seo'], output: 'json' });
      if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
      const { categories, audits } = result.lhr;
      const reportDir = process.env.LIGHTHOUSE_REPORT_DIR;
      if (reportDir) writeFileSync(join(reportDir, `${path.replace(/\W+/g, '_') || 'root'}.json`), JSON.stringify(result.lhr));
      const failing = Object.values(audits)
        .filter((audit) => typeof audit.score === 'number' && audit.score < 0.9 && audit.scoreDisplayMode !== 'informative')
        .map((audit) => `${audit.id}${audit.displayValue ? ` (${audit.displayValue})` : ''}`);
      const metrics = ['first-contentful-paint', 'largest-contentful-paint', 'total-blocking-time', 'cumulative-layout-shift', 'speed-index']
        .map((id) => `${audits[id]?.title ?? id} ${audits[id]?.displayValue ?? '?'}`)
        .join(', ');
      results[path] = {
        api,
        metrics,
        performance: Math.round((categories.performance?.score ?? 0) * 100),
        accessibility: Math.round((categories.accessibility?.score ?? 0) * 100),
        seo: Math.round((categories.seo?.score ?? 0) * 100),
        lcpMs: Math.round(audits['largest-contentful-paint']?.numericValue ?? Number.NaN),
        failing,
      };
    }
    writeFileSync(outFile, JSON.stringify(results, null, 2));
  } finally {
    await chromium?.stop();
    await stack.stop();
    rmSync(dataDir, { recursive: true, force: true });
    rmSync(profileDir, { recursive: true, force: true });
  }
}

// Only when run as the bench's child: run.ts imports FIRST_EVENT from here, and must not start a stack by it.
if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  main().then(
    () => process.exit(0),
    (error: unknown) => {
      console.error(error);
      process.exit(1);
    },
  );
}
