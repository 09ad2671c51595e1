/**
 * The page function's rendering at the size of the catalogue (issue 24): an event page and a landing page of
 * races by state and kind, answered in-process as the function answers them (lambdas/pages/page-response.ts)
 * against the bench's DynamoDB Local, with the read units DynamoDB reports for each page (ReturnConsumedCapacity
 * on every read). The shell is the app's index.html; the pages are drawn by the app's components.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { RACE_KINDS, raceLandingPath } from '#shared/race-landing';
import type { RaceEvent } from '#shared/schemas/event';
import type { StateCode } from '#shared/us-states';
import type { Latency } from './search-bench.ts';
import { installReadMeter } from './read-meter.ts';
import { percentile } from './stats.ts';

export interface PageMeasurement {
  readonly latency: Latency;
  /** Read units per page, averaged over every page measured. */
  readonly readUnits: number;
  readonly pages: number;
}

export type PageCase = 'event' | 'landing';

export const PAGE_CASES: readonly { readonly id: PageCase; readonly label: string }[] = [
  { id: 'event', label: 'an event page (a different public event each time)' },
  { id: 'landing', label: 'a landing page of races by state and kind (/races/{state}/{kind}, varied)' },
];

/** Renders pages of each case after a warm-up; the handlers' environment must point at the loaded table already. */
export async function measurePages(
  repoRoot: string,
  events: readonly RaceEvent[],
  { iterations, warmup }: { iterations: number; warmup: number },
): Promise<Map<PageCase, PageMeasurement>> {
  // React's production build, as the function's bundle defines it (infra/lambda-bundling.ts LAMBDA_DEFINES): its
  // development build renders several times slower. Nothing in the bench process has loaded React before.
  process.env.NODE_ENV = 'production';
  const { registerCssImports } = await import('../../infra/local/css-imports.ts');
  registerCssImports();
  const { answerPage } = await import('../../lambdas/pages/page-response.ts');
  const { db } = await import('#lib/dynamo');
  const shell = { html: readFileSync(join(repoRoot, 'web', 'index.html'), 'utf8'), manifest: undefined, siteUrl: 'https://racefinder.bench' };
  const listed = events.filter((event) => event.verified);
  const states = [...new Set(listed.map((event) => event.state))] as StateCode[];
  const paths: Record<PageCase, (index: number) => string> = {
    event: (index) => `/events/${listed[(index * 7919) % listed.length]!.id}`,
    landing: (index) => raceLandingPath({ state: states[index % states.length]!, kind: RACE_KINDS[index % RACE_KINDS.length] }),
  };
  const results = new Map<PageCase, PageMeasurement>();
  for (const { id } of PAGE_CASES) {
    const render = async (index: number) => {
      const answer = await answerPage(paths[id](index), '', shell);
      if (answer.status !== 200) throw new Error(`${paths[id](index)} answered ${answer.status}`);
    };
    for (let index = 0; index < warmup; index += 1) await render(index);
    const meter = installReadMeter(db, 'pageReadMeter');
    const samples: number[] = [];
    try {
      for (let index = 0; index < iterations; index += 1) {
        const started = performance.now();
        await render(warmup + index);
        samples.push(performance.now() - started);
      }
    } finally {
      meter.remove();
    }
    results.set(id, { latency: { p50: percentile(samples, 50), p95: percentile(samples, 95) }, readUnits: meter.units / iterations, pages: iterations });
  }
  return results;
}
