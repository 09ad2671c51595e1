/**
 * `npm run bench`: RaceFinder's performance in one table (DESIGN section 10, issue 3). A benchmark, not a
 * test: it measures and marks each number against its target, and writes the table to .bench/results.md.
 *
 *   npm run bench                                   everything: 10k and 100k events
 *   npm run bench -- --sizes 10000                  one size only
 *   npm run bench -- --skip lighthouse,postgres     sections: search, pages (needs search), admin-list, near, postgres, recall, lambdas, first-load, lighthouse, seed, import, training, activities, migration, deletion, alerts
 *   npm run bench -- --seed-runs 3 --seed-direct    first-start seed time runs (default 3), and the old direct writes too
 *   npm run bench -- --iterations 20 --warmup 3     repetitions per query kind (default 50 after 5)
 *   npm run bench -- --load-parallel 4              bulk creates in flight while loading (default 4)
 *
 * Children (DynamoDB Local, PostgreSQL, the Lighthouse process with its stack and Chromium) are tied to
 * this process and stopped at the end, on failure and on Ctrl-C.
 */
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import type { RaceEvent } from '#shared/schemas/event';
import { handlerEnvironment, offAwsEnvironment } from '../../infra/lambda-environment.ts';
import { DEFAULT_SEED, generateSeedEvents } from '../../infra/local/seed/generate-events.ts';
import { killOnExit } from '../../infra/local/processes.ts';
import { buildAndMeasureFirstLoad } from './first-load.ts';
import type { ImportBenchResult } from './import-bench.ts';
import type { TrainingBenchResult } from './training-bench.ts';
import type { ActivityFilesBenchResult } from './activity-files-bench.ts';
import type { AccountDeletionBenchResult } from './account-deletion-bench.ts';
import type { MigrationBenchResult } from './migration-bench.ts';
import type { AlertsBenchResult } from './alerts-bench.ts';
import { measureLambdaBundles } from './lambda-bundles.ts';
import { FIRST_EVENT, type LighthouseScores } from './lighthouse-site.ts';
import { PAGE_CASES } from './page-bench.ts';
import { todayInNewYork } from '#shared/dates';
import { pickRareWord, priceKinds, queryMix, tagKinds, wordRuleKinds, type QueryKind } from './query-mix.ts';
import { renderTable, type BenchReport, type Outcome, type RecallResult, type SizeReport } from './report.ts';
import type { BulkCreate, HttpHandler, Latency, SearchFn } from './search-bench.ts';
import { collectThrough, loadThroughStore, measureHandler, measureKind } from './search-bench.ts';
import { recall, wordsOf } from './stats.ts';
import { adminListCases, measureAdminCase, type AdminListFn } from './admin-list-bench.ts';
import { countsWithin, densestPlace, measureNearCase, nearCases } from './near-bench.ts';

// Before anything loads the AWS SDK: Node 20 here, the runtime is Node 22.
process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED = 'true';
const REPO_ROOT = fileURLToPath(new URL('../../', import.meta.url));
const SECTIONS = ['search', 'pages', 'admin-list', 'near', 'postgres', 'recall', 'lambdas', 'first-load', 'lighthouse', 'seed', 'import', 'training', 'activities', 'migration', 'deletion', 'alerts'] as const;
type Section = (typeof SECTIONS)[number];
/** Kinds also timed through the full Lambda handler, to show the wrapper's overhead. */
const HANDLER_KINDS = ['none', 'common'];
const LOAD_SAMPLE = 5000;
/** How many of the generated events the rare word is counted in (query-mix.ts pickRareWord). */
const RARE_WORD_SAMPLE = 10_000;
const LOAD_PROGRESS_CHUNK = 10_000;
const TARGET_LOAD_MINUTES = 15;

const { values: args } = parseArgs({
  options: {
    sizes: { type: 'string', default: '10000,100000' },
    skip: { type: 'string', default: '' },
    iterations: { type: 'string', default: '50' },
    warmup: { type: 'string', default: '5' },
    'load-parallel': { type: 'string', default: '4' },
    'seed-runs': { type: 'string', default: '3' },
    'seed-direct': { type: 'boolean', default: false },
  },
});
const sizes = args.sizes
  .split(',')
  .map((size) => Number(size.trim()))
  .filter((size) => size > 0)
  .sort((a, b) => a - b);
const skipped = new Set(args.skip.split(',').map((name) => name.trim()).filter(Boolean));
for (const name of skipped) if (!SECTIONS.includes(name as Section)) throw new Error(`--skip: unknown section ${name} (${SECTIONS.join(', ')})`);
const runs = (section: Section) => !skipped.has(section);
const iterations = Number(args.iterations);
const warmup = Number(args.warmup);
const loadParallel = Math.max(1, Number(args['load-parallel']));

const log = (line: string) => console.error(`· ${line}`);
const errorText = (error: unknown) => (error instanceof Error ? error.message : String(error)).split('\n')[0]!.slice(0, 160);

async function attempt<T>(what: string, run: () => Promise<T>): Promise<Outcome<T>> {
  try {
    return { value: await run() };
  } catch (error) {
    log(`${what} failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
    return { error: errorText(error) };
  }
}

const cleanups: (() => Promise<void>)[] = [];
let cleaning: Promise<void> | undefined;
function cleanUp(): Promise<void> {
  return (cleaning ??= (async () => {
    for (const cleanup of cleanups.reverse()) await cleanup().catch((error: unknown) => log(`cleanup: ${errorText(error)}`));
  })());
}
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    log(`${signal}: stopping children`);
    // The 'exit' hook of infra/local/processes.ts SIGKILLs whatever is still running after this.
    void Promise.race([cleanUp(), new Promise((resolve) => setTimeout(resolve, 8000))]).finally(() => process.exit(130));
  });
}

/** The handler modules read TABLE_NAME and friends once, when first imported: set them first. */
function pointHandlersAt(endpoint: string, tableName: string): void {
  Object.assign(process.env, {
    ...handlerEnvironment({ tableName, appVersion: 'bench', superAdminEmails: [] }),
    ...offAwsEnvironment({ dynamoEndpoint: endpoint, logLevel: 'SILENT' }),
  });
}

interface SearchSide {
  readonly search: SearchFn;
  readonly create: BulkCreate;
  readonly handler: HttpHandler;
  readonly source: string;
  readonly adminList: AdminListFn;
  readonly forgetPlaces: () => void;
  readonly ensurePlaces: () => Promise<unknown>;
}

async function startSearchSide(): Promise<SearchSide> {
  const { startDynamoDbLocal } = await import('../../infra/local/dynamodb-local.ts');
  const { ensureTable } = await import('../../infra/local/table-bootstrap.ts');
  const dynamo = await startDynamoDbLocal();
  cleanups.push(() => dynamo.stop());
  const tableName = 'racefinder-bench';
  await ensureTable(dynamo.client, tableName);
  pointHandlersAt(dynamo.endpoint, tableName);
  log(`DynamoDB Local on ${dynamo.endpoint} (in memory)`);
  const { createEventsInBulk } = await import('../../lambdas/data/event.ts');
  // Typed against the bench's own SearchFn/HttpHandler shapes, so a change of the search's contract shows here.
  const { searchEvents } = await import('../../lambdas/events/event-search.ts');
  const { handler } = await import('../../lambdas/events/search-events.ts');
  const search: SearchFn = searchEvents;
  const source = 'lambdas/events/event-search.ts searchEvents()';
  const { listAdminEvents } = await import('../../lambdas/admin-events/admin-event-list.ts');
  const adminList: AdminListFn = listAdminEvents;
  const { forgetPlaceAnswers } = await import('../../lambdas/data/place.ts');
  const { ensurePlaceDirectory } = await import('../../lambdas/imports/normalize/place-directory.ts');
  return { search, create: createEventsInBulk, handler, source, adminList, forgetPlaces: forgetPlaceAnswers, ensurePlaces: ensurePlaceDirectory };
}

async function startBaseline() {
  const postgres = await import('./postgres-baseline.ts');
  postgres.ensurePostgresInstalled(log);
  const server = await postgres.startPostgres();
  cleanups.push(() => server.stop());
  await postgres.createEventsTable(server.client);
  log(`PostgreSQL ${server.version} started`);
  return { ...postgres, server };
}

async function sampleLatency(run: () => Promise<unknown>): Promise<Latency> {
  const { percentile } = await import('./stats.ts');
  for (let index = 0; index < warmup; index += 1) await run();
  const samples: number[] = [];
  for (let index = 0; index < iterations; index += 1) {
    const start = performance.now();
    await run();
    samples.push(performance.now() - start);
  }
  return { p50: percentile(samples, 50), p95: percentile(samples, 95) };
}

function matchedColumns(row: Record<string, unknown>, words: readonly string[]): string {
  const columns = ['title', 'city', 'state', 'location_name', 'description'];
  return words
    .map((word) => {
      const hits = columns.filter((column) => String(row[column] ?? '').toLowerCase().includes(word.toLowerCase()));
      const where = hits.map((column) => {
        const text = String(row[column]);
        const at = text.toLowerCase().indexOf(word.toLowerCase());
        const snippet = text.slice(Math.max(0, at - 25), at + word.length + 25);
        const token = wordsOf(text.slice(at)).at(0) ?? '';
        const inside = at > 0 && /[a-z0-9]/i.test(text[at - 1] ?? '');
        return `${column}${inside ? ' (inside a word)' : token === word ? '' : ` ('${token}')`}: "…${snippet}…"`;
      });
      return `'${word}' in ${where.join('; ')}`;
    })
    .join(' / ');
}

async function benchData(report: BenchReport): Promise<void> {
  const today = report.today;
  const largest = sizes.at(-1)!;
  log(`Generating ${largest.toLocaleString('en-US')} seed events (seed ${DEFAULT_SEED}, today ${today})`);
  const events: RaceEvent[] = generateSeedEvents({ count: largest, today, seed: DEFAULT_SEED });
  // Counted in the first 10k at most: a word in 3 to 8 of 100k events is a word of no particular rarity, and
  // `--sizes 100000` alone found none.
  const rareSample = Math.min(sizes[0]!, RARE_WORD_SAMPLE);
  const rare = pickRareWord(events.slice(0, rareSample));
  const kinds: QueryKind[] = [...queryMix(today, rare, rareSample), ...wordRuleKinds(), ...tagKinds(), ...priceKinds()];
  (report.kinds as QueryKind[]).push(...kinds);
  report.notes.push(
    `Data: generateSeedEvents seed ${DEFAULT_SEED}, today ${today} (America/New_York); ` +
      `${events.slice(0, sizes[0]).filter((event) => !event.verified).length} of the first ${sizes[0]} are unverified (never listed). ` +
      `Rare word '${rare.word}' picked by counting words: the least frequent word in ≥ 3 verified events' title, city or location name that is in no description and inside no longer word.`,
  );

  const searched = (event: RaceEvent) => wordsOf([event.title, event.city, event.locationName].join(' '));
  const rareAtLargest = events.filter((event) => event.verified && searched(event).includes(rare.word)).length;
  if (sizes.length > 1) {
    report.notes.push(
      `The rare word is in ${rareAtLargest} verified events at ${largest.toLocaleString('en-US')} (the generator reuses venues, so counts grow with the data): ` +
        'at the larger size its first page is full, so its read units and latency there are those of a full page, not of a handful of hits.',
    );
    report.notes.push(
      'RU within ±20% between sizes is judged where the smaller size returns a full first page; where it returns the whole answer ' +
        "(fewer than 50, no cursor) the page is cheaper because there is less to return, and only the ≤ 10 RU bound applies (the cell says 'the whole answer').",
    );
  }
  report.notes.push(
    "Recall: RaceFinder pages are fetched until there are at least as many results as the baseline's first page AND they pass its last date " +
      '(so every event dated inside the baseline page is compared, whatever order ties took). ' +
      "ilike '%q%' also matches descriptions and inside words, which RaceFinder deliberately does not index (DESIGN section 6: words of title, city, " +
      'state, location name, distances and type); the like-for-like rows compare with word-start matches in the indexed columns. ' +
      "'+N only RaceFinder' counts results inside the baseline's date window that ilike does not find (matches in distances or event type).",
  );

  const [searchSide, baseline] = await Promise.all([
    runs('search') || runs('admin-list') || runs('near') ? startSearchSide() : undefined,
    runs('postgres') || runs('recall') ? startBaseline() : undefined,
  ]);
  if (searchSide) report.searchSource = searchSide.source;
  if (baseline) report.postgresVersion = baseline.server.version;

  // One place for every size (the densest of the largest catalogue), so each row compares like with like.
  const nearPlace = runs('near') ? densestPlace(events, today) : undefined;
  if (nearPlace) report.nearCases.push(...nearCases(nearPlace.zip, nearPlace.label));
  let loaded = 0;
  for (const size of sizes) {
    const sizeReport: SizeReport = {
      size, loads: [], search: new Map(), handler: new Map(), plain: new Map(), trigram: new Map(), recall: new Map(), wordStartRecall: new Map(), adminList: new Map(), near: new Map(), pages: new Map(),
    };
    report.sizes.push(sizeReport);
    const delta = events.slice(loaded, size);
    loaded = size;

    if (searchSide) {
      let rest = delta;
      const first = sizeReport === report.sizes[0];
      if (first && delta.length > LOAD_SAMPLE && runs('search')) {
        const sample = await loadThroughStore(searchSide.create, delta.slice(0, LOAD_SAMPLE), loadParallel);
        log(`Write-rate sample (cold JVM): ${LOAD_SAMPLE} events in ${(sample.ms / 1000).toFixed(1)} s = ${Math.round(sample.perSecond)} events/s`);
        sizeReport.loads.push({ label: `first ${LOAD_SAMPLE.toLocaleString('en-US')} (write-rate sample, cold JVM)`, timing: sample });
        rest = delta.slice(LOAD_SAMPLE);
      }
      const partial = [runs('admin-list') ? 'admin index' : '', runs('near') ? 'geo postings' : ''].filter(Boolean).join(' and ');
      log(`Loading ${rest.length.toLocaleString('en-US')} events into DynamoDB Local (${loadParallel} bulk creates × 4 batches of 25 items in flight)${runs('search') ? '' : `, ${partial} only (search skipped)`}`);
      const start = performance.now();
      if (!runs('search') && runs('admin-list')) {
        // Only the admin list is measured: skip the search postings it never reads (see loadAdminCatalogue).
        const { loadAdminCatalogue } = await import('./admin-list-bench.ts');
        for (let done = 0; done < rest.length; done += LOAD_PROGRESS_CHUNK) {
          await loadAdminCatalogue(rest.slice(done, done + LOAD_PROGRESS_CHUNK), loadParallel * 4);
          log(`  ${Math.min(rest.length, done + LOAD_PROGRESS_CHUNK).toLocaleString('en-US')} loaded`);
        }
        if (first) report.notes.push('Admin list: search skipped, so events were loaded with their admin index items and counters only (no search postings, which the admin list never reads).');
      }
      if (!runs('search') && runs('near')) {
        // Only radius search (and maybe the admin list) is measured: its geo postings are all it reads (see loadNearCatalogue).
        const { loadNearCatalogue } = await import('./near-bench.ts');
        for (let done = 0; done < rest.length; done += LOAD_PROGRESS_CHUNK) {
          await loadNearCatalogue(rest.slice(done, done + LOAD_PROGRESS_CHUNK));
          log(`  ${Math.min(rest.length, done + LOAD_PROGRESS_CHUNK).toLocaleString('en-US')} geo-indexed`);
        }
        if (first) report.notes.push('Near me: search skipped, so events were loaded with their geo postings only (the ~18 other postings live in partitions a radius search never reads).');
      }
      // In chunks, to show progress: a 90k load takes minutes.
      for (let done = 0; runs('search') && done < rest.length; done += LOAD_PROGRESS_CHUNK) {
        await loadThroughStore(searchSide.create, rest.slice(done, done + LOAD_PROGRESS_CHUNK), loadParallel);
        const count = Math.min(rest.length, done + LOAD_PROGRESS_CHUNK);
        if (count < rest.length) log(`  ${count.toLocaleString('en-US')} loaded, ${Math.round(count / ((performance.now() - start) / 1000))} events/s`);
      }
      const ms = performance.now() - start;
      const timing = { events: rest.length, ms, perSecond: (rest.length / ms) * 1000 };
      sizeReport.loads.push({ label: `${rest.length.toLocaleString('en-US')} more (to ${size.toLocaleString('en-US')})${runs('search') ? '' : `, ${partial} only`}`, timing });
      log(`  ${(timing.ms / 1000).toFixed(1)} s (${Math.round(timing.perSecond)} events/s)`);
      if (first && largest >= 100_000) {
        const minutes = (largest - size) / timing.perSecond / 60;
        log(
          `  loading to ${largest.toLocaleString('en-US')} should take ~${minutes.toFixed(1)} min at this rate` +
            (minutes > TARGET_LOAD_MINUTES ? ` (over ${TARGET_LOAD_MINUTES} min: DynamoDB Local is CPU-bound here; more batches in flight did not help)` : ''),
        );
      }
    }
    if (baseline) {
      await baseline.dropIndexes(baseline.server.client);
      const start = performance.now();
      await baseline.loadEvents(baseline.server.client, delta);
      sizeReport.postgresLoadMs = performance.now() - start;
    }

    if (searchSide && runs('admin-list')) {
      const cases = adminListCases(events.slice(0, size));
      if (report.adminCases.length === 0) report.adminCases.push(...cases);
      for (const kase of cases) {
        log(`Admin list ${size}: ${kase.label}`);
        sizeReport.adminList.set(kase.id, await attempt(`admin list ${kase.id}`, () => measureAdminCase(searchSide.adminList, kase, iterations, warmup)));
      }
    }
    if (searchSide && nearPlace) {
      await searchSide.ensurePlaces();
      const counts = countsWithin(events.slice(0, size), nearPlace, today);
      report.notes.push(
        `Near me at ${size.toLocaleString('en-US')}: around ${nearPlace.label} (the densest generated place at ${largest.toLocaleString('en-US')}), ` +
          `${Object.entries(counts).map(([radius, n]) => `${n.toLocaleString('en-US')} upcoming events within ${radius} mi`).join(', ')}. ` +
          'RU include the place lookup of a cold function (a ZIP item, 0.5 RU); a warm function reuses it.',
      );
      for (const kase of report.nearCases) {
        log(`Near me ${size}: ${kase.label}`);
        const within = counts[kase.query.radius ?? 25] ?? 0;
        sizeReport.near.set(kase.id, await attempt(`near ${kase.id}`, () => measureNearCase(searchSide.search, kase, today, iterations, warmup, within, searchSide.forgetPlaces)));
      }
    }
    if (searchSide && runs('search')) {
      for (const kind of kinds) {
        log(`RaceFinder ${size}: ${kind.label}`);
        sizeReport.search.set(kind.id, await attempt(`search ${kind.id}`, () => measureKind(searchSide.search, kind, today, iterations, warmup)));
      }
      for (const kind of kinds.filter((candidate) => HANDLER_KINDS.includes(candidate.id))) {
        sizeReport.handler.set(kind.id, await attempt(`handler ${kind.id}`, () => measureHandler(searchSide.handler, kind, iterations, warmup)));
      }
    }
    if (searchSide && runs('search') && runs('pages')) {
      log(`Rendered pages ${size}: an event page and a landing page`);
      const { measurePages } = await import('./page-bench.ts');
      const measured = await attempt('pages', () => measurePages(REPO_ROOT, events.slice(0, size), { iterations, warmup }));
      for (const { id } of PAGE_CASES) sizeReport.pages.set(id, 'error' in measured ? measured : { value: measured.value.get(id)! });
    }
    if (baseline && runs('postgres')) {
      const client = baseline.server.client;
      for (const kind of kinds) {
        log(`PostgreSQL ${size}, no index: ${kind.label}`);
        sizeReport.plain.set(kind.id, await attempt(`pg ${kind.id}`, () => sampleLatency(() => baseline.runBaseline(client, kind, today))));
      }
      log('Creating pg_trgm GIN and date indexes');
      await baseline.createIndexes(client);
      for (const kind of kinds) {
        log(`PostgreSQL ${size}, pg_trgm: ${kind.label}`);
        sizeReport.trigram.set(kind.id, await attempt(`pg trgm ${kind.id}`, () => sampleLatency(() => baseline.runBaseline(client, kind, today))));
      }
    }
    if (baseline && searchSide && runs('recall')) {
      for (const mode of ['ilike', 'word-start'] as const) {
        for (const kind of kinds.filter((candidate) => candidate.recall)) {
          const target = mode === 'ilike' ? sizeReport.recall : sizeReport.wordStartRecall;
          target.set(kind.id, await attempt(`recall ${mode} ${kind.id}`, () => measureRecall(kind, mode, size === largest)));
        }
      }
    }
  }

  async function measureRecall(kind: QueryKind, mode: 'ilike' | 'word-start', explain: boolean): Promise<RecallResult> {
    const rows = await baseline!.runBaseline(baseline!.server.client, kind, today, mode);
    const lastDate = rows.at(-1)?.event_date;
    const found = await collectThrough(searchSide!.search, kind, today, rows.length, lastDate);
    const result = recall(
      rows.map((row) => row.id),
      found.map((item) => item.id),
    );
    const baselineIds = new Set(rows.map((row) => row.id));
    // Found by RaceFinder only, within the baseline's date window (later ones would be on its next page).
    const onlyOurs = found.filter((item) => !baselineIds.has(item.id) && (!lastDate || item.eventDate < lastDate));
    if (explain) {
      for (const id of result.missing.slice(0, 3)) {
        const row = rows.find((candidate) => candidate.id === id)! as unknown as Record<string, unknown>;
        report.notes.push(`Missed (${mode}, ${kind.label}): "${String(row.title)}", ${String(row.city)} ${String(row.state)}: ${matchedColumns(row, kind.words)}`);
      }
      const example = onlyOurs[0];
      if (example && mode === 'ilike') {
        report.notes.push(
          `Only RaceFinder (${kind.label}): "${example.title}", ${example.city} ${example.state}, distances ${example.distances.join(', ')}, type ${example.eventType} (indexed words ilike does not search)`,
        );
      }
    }
    return { ...result, extra: onlyOurs.length, collected: found.length };
  }
}

/** test/bench/import-bench.ts in a process of its own: its handler modules must point at its own table. */
async function runImportBench(): Promise<ImportBenchResult> {
  return runBenchProcess<ImportBenchResult>('import-bench.ts', ['--races', '10000']);
}

/** test/bench/migration-bench.ts, likewise in a process of its own. */
async function runMigrationBench(): Promise<MigrationBenchResult> {
  return runBenchProcess<MigrationBenchResult>('migration-bench.ts', ['--events', '100000']);
}

/** test/bench/account-deletion-bench.ts, likewise in a process of its own. */
async function runAccountDeletionBench(): Promise<AccountDeletionBenchResult> {
  return runBenchProcess<AccountDeletionBenchResult>('account-deletion-bench.ts', ['--logs', '1096', '--saves', '50']);
}

/** test/bench/alerts-bench.ts, likewise in a process of its own. */
async function runAlertsBench(): Promise<AlertsBenchResult> {
  return runBenchProcess<AlertsBenchResult>('alerts-bench.ts', ['--searches', '50000', '--races', '1000', '--savers', '10000', '--messages', '200', '--rate', '20']);
}

/** test/bench/training-bench.ts, likewise in a process of its own. */
async function runTrainingBench(): Promise<TrainingBenchResult> {
  return runBenchProcess<TrainingBenchResult>('training-bench.ts', ['--logs', '1100']);
}

async function runActivityFilesBench(): Promise<ActivityFilesBenchResult> {
  return runBenchProcess<ActivityFilesBenchResult>('activity-files-bench.ts', ['--activities', '1000']);
}

/** A bench module run as its own process, tied to this one, whose last line of output is its JSON result. */
async function runBenchProcess<T>(file: string, options: string[]): Promise<T> {
  const child = spawn(
    '/usr/bin/setpriv',
    ['--pdeathsig', 'SIGKILL', '--', process.execPath, '--import', 'tsx', join(REPO_ROOT, 'test', 'bench', file), ...options, '--json'],
    { cwd: REPO_ROOT, stdio: ['ignore', 'pipe', 'inherit'], env: { ...process.env, AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true' } },
  );
  const release = killOnExit(child);
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
  const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
  release();
  if (code !== 0) throw new Error(`${file} exited with ${code}`);
  return JSON.parse(output.trim().split('\n').at(-1)!) as T;
}

/** The public pages Lighthouse scores: the two first ones of a visit, and the two kinds of server-rendered page (issue 24). */
const LIGHTHOUSE_PATHS = ['/', '/events', `/events/${FIRST_EVENT}`, '/races/california'];

async function runLighthouse(webRoot: string): Promise<Record<string, LighthouseScores>> {
  const outFile = join(mkdtempSync(join(tmpdir(), 'racefinder-bench-lh-')), 'lighthouse.json');
  const child = spawn(
    '/usr/bin/setpriv',
    ['--pdeathsig', 'SIGKILL', '--', process.execPath, '--import', 'tsx', join(REPO_ROOT, 'test', 'bench', 'lighthouse-site.ts'), webRoot, outFile, ...LIGHTHOUSE_PATHS],
    { cwd: REPO_ROOT, stdio: ['ignore', 'inherit', 'inherit'], env: { ...process.env, AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true' } },
  );
  const release = killOnExit(child);
  const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
  release();
  if (code !== 0) throw new Error(`the Lighthouse process exited with ${code}`);
  const scores = JSON.parse(readFileSync(outFile, 'utf8')) as Record<string, LighthouseScores>;
  rmSync(join(outFile, '..'), { recursive: true, force: true });
  return scores;
}

async function main(): Promise<void> {
  const started = performance.now();
  const report: BenchReport = {
    startedAt: new Date().toISOString(),
    today: todayInNewYork(),
    kinds: [],
    adminCases: [],
    nearCases: [],
    sizes: [],
    notes: [],
    skipped: [...skipped],
    loadAtStart: loadavg()[0]!.toFixed(1),
  };
  try {
    if (sizes.length > 0 && (runs('search') || runs('admin-list') || runs('near') || runs('postgres') || runs('recall'))) {
      const outcome = await attempt('data benchmark', () => benchData(report));
      if ('error' in outcome) report.notes.push(`Data benchmark stopped: ${outcome.error}`);
      // The databases are not needed any more; stop them before the CPU-sensitive measurements below.
      await cleanUp();
      cleaning = undefined;
      cleanups.length = 0;
    }
    if (runs('seed')) {
      log('First-start seed time (2,000 events into DynamoDB Local on disk)');
      const { measureSeedTimes } = await import('./seed-time.ts');
      report.seed = await attempt('seed time', () =>
        measureSeedTimes({
          runs: Math.max(1, Number(args['seed-runs'])),
          events: 2000,
          today: report.today,
          modes: args['seed-direct'] ? ['build', 'image', 'direct'] : ['build', 'image'],
          log,
        }),
      );
    }
    if (runs('import')) {
      log('RunSignup import: 10,000 races from the stand-in into DynamoDB Local through the state machine, then again');
      report.importRun = await attempt('import', () => runImportBench());
    }
    if (runs('training')) {
      log('Training figures: 1,100 logs over three years into DynamoDB Local, then the stats read; plan generation');
      report.training = await attempt('training', () => runTrainingBench());
    }
    if (runs('activities')) {
      log('Activity files: a 3-hour FIT activity read; a ZIP of 1,000 activities imported into DynamoDB Local, then again');
      report.activities = await attempt('activities', () => runActivityFilesBench());
    }
    if (runs('migration')) {
      log('Data migration: 100,000 events into DynamoDB Local as the previous search index layout wrote them, brought to this one by its migration, killed halfway and resumed');
      report.migration = await attempt('migration', () => runMigrationBench());
    }
    if (runs('deletion')) {
      log('Account deletion: an athlete with three years of daily logs and 50 saved races, deleted by the worker');
      report.deletion = await attempt('deletion', () => runAccountDeletionBench());
    }
    if (runs('alerts')) {
      log('Notifications: 1,000 new races against 50,000 saved searches, a race change to 10,000 savers, the sender at its rate with SES failing some sends');
      report.alerts = await attempt('alerts', () => runAlertsBench());
    }
    if (runs('lambdas')) {
      log('Bundling Lambdas');
      report.lambdas = await attempt('lambda bundles', () => measureLambdaBundles(REPO_ROOT));
    }
    let webRoot: string | undefined;
    if (runs('first-load') || runs('lighthouse')) {
      log('Building the web app');
      report.firstLoad = await attempt('first load', () => buildAndMeasureFirstLoad(REPO_ROOT));
      if ('value' in report.firstLoad) {
        webRoot = report.firstLoad.value.outDir;
        const outDir = webRoot;
        cleanups.push(async () => rmSync(outDir, { recursive: true, force: true }));
      }
      if (!runs('first-load')) report.firstLoad = undefined;
    }
    if (runs('lighthouse')) {
      log(`Lighthouse of ${LIGHTHOUSE_PATHS.join(', ')} (a local stack with 2,000 seeded events, headless Chromium)`);
      report.lighthouse = webRoot ? await attempt('lighthouse', () => runLighthouse(webRoot)) : { error: 'no web build' };
      if ('value' in report.lighthouse) {
        for (const [path, scores] of Object.entries(report.lighthouse.value)) {
          report.notes.push(`Lighthouse ${path} (${scores.api}): ${scores.metrics}. Below 0.9: ${scores.failing.join(', ') || 'none'}.`);
        }
      }
    }
  } finally {
    await cleanUp();
  }
  report.wallMs = performance.now() - started;

  const table = renderTable(report);
  const header = [
    `## RaceFinder benchmark (${report.startedAt})`,
    '',
    `Search: ${report.searchSource ?? 'not measured'}; baseline: ${report.postgresVersion ? `PostgreSQL ${report.postgresVersion}` : 'not measured'}. ` +
      `Latency = ${iterations} runs after ${warmup} warm-up, in-process against DynamoDB Local (in memory); RU = ConsumedCapacity of the first page. ` +
      `Wall time ${(report.wallMs / 60_000).toFixed(1)} min on ${cpus().length} CPUs shared with other work ` +
      `(load average at start ${report.loadAtStart}, at end ${loadavg()[0]!.toFixed(1)}: latencies include that contention).${report.skipped.length ? ` Skipped: ${report.skipped.join(', ')}.` : ''}`,
    '',
  ];
  const notes = report.notes.length ? ['', ...report.notes.map((note) => `- ${note}`)] : [];
  const text = [...header, table, ...notes, ''].join('\n');
  console.log(`\n${text}`);
  mkdirSync(join(REPO_ROOT, '.bench'), { recursive: true });
  writeFileSync(join(REPO_ROOT, '.bench', 'results.md'), text);
  console.error(`· written to .bench/results.md`);
}

main().then(
  () => process.exit(0),
  async (error: unknown) => {
    console.error(error);
    await cleanUp();
    process.exit(1);
  },
);
