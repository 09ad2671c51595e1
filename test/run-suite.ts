/**
 * `npm test`: the whole suite on a 2-core machine in a few minutes (DESIGN section 10).
 *
 * The checks run as separate processes, side by side where they can be, each with its output in a log of its
 * own: typecheck and lint (with its cache) beside the one web build, then the vitest projects, each in its own
 * vitest so that its wall time is its own. The web build is made once, into WEB_BUILD, with hidden source
 * maps: the e2e stack serves it and the first-load budget test measures it. web/dist, which deploys, is left
 * alone.
 *
 * Which steps share the machine is the plan below (LANES). The machine is the limit: a run keeps both cores
 * busy (vmstat: 88% busy over the run, on 2 cores), so a step's wall time here is its share of the machine, and
 * the cpu column is what the step's own processes used (bash's `times`: Chromium's renderers, which its browser
 * process does not wait for, are missing from it, and they are most of what e2e costs).
 *
 * The run ends with a table of each step's wall time and test count and one closing line,
 * 'tests: N passed, N failed, N skipped'. A failed step prints its whole log; the run exits 1.
 *
 *   npm test                      everything
 *   npm test -- unit web          only these steps (and the steps they need)
 *   npm test -- --serial          one step at a time: each step's own wall time, to compare plans
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createWriteStream, existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { COUNTS_FILE_VARIABLE, type RunCounts } from './support/summary-reporter.ts';
import { WEB_BUILD_VARIABLE } from './support/web-build.ts';

const REPO_ROOT = fileURLToPath(new URL('../', import.meta.url));
const LOG_DIR = join(REPO_ROOT, '.cache', 'test-logs');
const WEB_BUILD = join(REPO_ROOT, '.cache', 'web-test-build');
const BIN = join(REPO_ROOT, 'node_modules', '.bin');
/**
 * A step still running after this long is stopped and fails the run, rather than holding CI until its limit (90
 * minutes). CI's two-core machine is slower than a workstation: its longest lane (web-isolated) ran past 25
 * minutes beside the others and was stopped though it was only slow.
 */
const STEP_TIMEOUT_MS = 55 * 60_000;
/** How much of a step's log a failure summary repeats when the step ended before counting its tests. */
const LOG_TAIL_LINES = 40;

interface Step {
  readonly name: string;
  readonly command: readonly string[];
  /** Steps that must have passed before this one starts. */
  readonly after?: readonly string[];
  /** Vitest steps report their counts. */
  readonly vitest?: boolean;
}

const vitest = (project: string, after: readonly string[] = [], shard?: { index: number; of: number }): Step => ({
  name: shard ? `${project}-${shard.index}` : project,
  command: [join(BIN, 'vitest'), 'run', '--project', project, ...(shard ? [`--shard=${shard.index}/${shard.of}`] : [])],
  after,
  vitest: true,
});

const BUILD: Step = {
  name: 'build',
  command: [join(BIN, 'vite'), 'build', '--config', 'web/vite.config.ts', '--outDir', WEB_BUILD, '--emptyOutDir', '--sourcemap', 'hidden', '--logLevel', 'warn'],
};

/** e2e's shards: each has a stack and a browser of its own, so no file sees another's writes or system settings. */
const E2E_SHARDS = 3;

/**
 * The plan, in lanes: steps in one lane run one after another, lanes run side by side. e2e is the largest step
 * by far (about half of the machine's work, most of it in Chromium), so it starts first, in shards that run side
 * by side and end together instead of one long tail; the other steps share the machine with them. Small
 * steps follow the shards, so that five lanes, not two, are left to keep both cores busy once e2e is done; lint
 * is among them because without its cache (a fresh clone) it is 30 CPU seconds.
 *
 * Linux shares the cores between sessions, not processes (sched_autogroup): each step runs in a session of its
 * own (runStep), and so does each shard's Chromium, which Playwright starts detached. A step gets one share
 * however many processes it has, so the largest web step, one worker, gets a fifth of a core beside e2e; more
 * workers would split that share and slow each test (with two, a 2 s test took 32 s), and more lanes only added
 * work (6 lanes: 436 s). It starts early, in a lane with only unit before it; starting it first was slower (396 s),
 * unit and the small steps then held the e2e lanes. Measured on 2 cores: 378 s for the whole run; 409 s before
 * web was parted into the files that share a process and those that cannot; one after another, 963 s. Those runs
 * had web-isolated (then 32 files, 139 CPU seconds) in that lane and web (20) after unit-isolated; since most
 * of those files share web's process, web is the large one (70 to 84 CPU seconds, web-isolated 4) and the two
 * have changed places.
 */
const E2E = Array.from({ length: E2E_SHARDS }, (_, index) => vitest('e2e', ['build'], { index: index + 1, of: E2E_SHARDS }));
/**
 * TypeScript 7's native compiler (package.json's typescript-native), one thread: the same errors on this project
 * as TypeScript 5.9's tsc (kept for typescript-eslint, which needs its compiler API) for 9 CPU seconds instead of
 * 45. Named by its path: both packages call their command tsc, and which one node_modules/.bin/tsc is depends on
 * the install.
 */
const TYPECHECK: Step = { name: 'typecheck', command: [process.execPath, join(REPO_ROOT, 'node_modules', 'typescript-native', 'bin', 'tsc'), '-p', '.', '--singleThreaded'] };
const LINT: Step = { name: 'lint', command: [join(BIN, 'eslint'), '--cache', '--cache-location', join(REPO_ROOT, 'node_modules', '.cache', 'eslint', ''), '.'] };
/*
 * After the shards, each lane gets about the same work: the largest step after them (integration-own-stack, 105 to
 * 128 s) follows the shortest shard (the second: 300 to 320 s, against 325 to 366 s for the others), infra follows
 * the third, and lint and the isolated steps the first. With own-stack after the third shard the run ended with it,
 * alone, at 476 and 483 s (runs 65 and 66, 3,900 tests), the other lanes done 10 to 80 s before.
 */
const LANES: readonly (readonly Step[])[] = [
  [BUILD, E2E[0]!, LINT, vitest('unit-isolated'), vitest('web-isolated', ['build'])],
  [E2E[1]!, vitest('integration-own-stack')],
  [E2E[2]!, vitest('infra')],
  [TYPECHECK, vitest('integration')],
  [vitest('unit'), vitest('web', ['build'])],
];

interface Outcome {
  readonly step: Step;
  readonly ok: boolean;
  readonly seconds: number;
  /** When the step ended, in seconds from the run's start: the lane that ends last is the one to pack better. */
  readonly endedAt?: number;
  /** User and system CPU of the step's processes. */
  readonly cpuSeconds?: number;
  readonly counts?: RunCounts;
  readonly note?: string;
}

const running = new Set<ChildProcess>();

function stopGroup(child: ChildProcess, signal: NodeJS.Signals): void {
  try {
    if (child.pid) process.kill(-child.pid, signal);
  } catch {
    // Already gone.
  }
}

function stopAll(signal: NodeJS.Signals = 'SIGTERM'): void {
  for (const child of running) stopGroup(child, signal);
}

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    stopAll();
    setTimeout(() => stopAll('SIGKILL'), 5_000).unref();
    process.exitCode = 130;
  });
}

/** The children's user and system time from bash's `times` (its second line: '0m12.345s 0m1.234s'). */
function childCpuSeconds(times: string): number | undefined {
  const line = times.trim().split('\n')[1] ?? '';
  const parts = [...line.matchAll(/(\d+)m([\d.]+)s/g)].map((match) => Number(match[1]) * 60 + Number(match[2]));
  return parts.length === 2 ? parts[0]! + parts[1]! : undefined;
}

function logFile(step: Step): string {
  return join(LOG_DIR, `${step.name}.log`);
}

/** Runs one step in a process group of its own (its stacks and browsers go with it), its output to its log. */
async function runStep(step: Step): Promise<Outcome> {
  const started = performance.now();
  const countsFile = join(LOG_DIR, `${step.name}.counts.json`);
  rmSync(countsFile, { force: true });
  const log = createWriteStream(logFile(step));
  const cpuFile = join(LOG_DIR, `${step.name}.cpu`);
  rmSync(cpuFile, { force: true });
  // Through bash, whose `times` gives the CPU the step and everything it waited for used: how much of the
  // machine's two cores a step takes, which is what the plan below is packed by.
  const child = spawn('bash', ['-c', '"$@"; code=$?; times > "$RACEFINDER_CPU_FILE"; exit $code', 'bash', ...step.command], {
    cwd: REPO_ROOT,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, [COUNTS_FILE_VARIABLE]: countsFile, [WEB_BUILD_VARIABLE]: WEB_BUILD, RACEFINDER_CPU_FILE: cpuFile, FORCE_COLOR: '0' },
  });
  running.add(child);
  child.stdout!.pipe(log, { end: false });
  child.stderr!.pipe(log, { end: false });
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    stopGroup(child, 'SIGTERM');
    setTimeout(() => stopGroup(child, 'SIGKILL'), 5_000).unref();
  }, STEP_TIMEOUT_MS);
  const code = await new Promise<number | null>((resolve) => {
    child.once('error', () => resolve(-1));
    child.once('close', (exitCode) => resolve(exitCode));
  });
  clearTimeout(timer);
  running.delete(child);
  await new Promise<void>((resolve) => log.end(resolve));
  const seconds = (performance.now() - started) / 1000;
  const cpuSeconds = existsSync(cpuFile) ? childCpuSeconds(readFileSync(cpuFile, 'utf8')) : undefined;
  const counts = step.vitest && existsSync(countsFile) ? (JSON.parse(readFileSync(countsFile, 'utf8')) as RunCounts) : undefined;
  const ok = code === 0 && !timedOut && (!step.vitest || (counts !== undefined && counts.failed === 0));
  const note = timedOut ? `stopped after ${STEP_TIMEOUT_MS / 60_000} minutes` : step.vitest && !counts ? 'ended before counting its tests' : undefined;
  return { step, ok, seconds, ...(cpuSeconds === undefined ? {} : { cpuSeconds }), ...(counts ? { counts } : {}), ...(note ? { note } : {}) };
}

function report(outcome: Outcome): void {
  const tests = outcome.counts ? `, ${outcome.counts.passed} passed${outcome.counts.failed ? `, ${outcome.counts.failed} failed` : ''}` : '';
  process.stdout.write(`${outcome.ok ? 'ok  ' : 'FAIL'} ${outcome.step.name} in ${outcome.seconds.toFixed(1)} s${tests}${outcome.note ? ` (${outcome.note})` : ''}\n`);
  if (!outcome.ok) {
    process.stdout.write(`----- ${outcome.step.name}: its whole output -----\n${readFileSync(logFile(outcome.step), 'utf8')}\n----- end of ${outcome.step.name} -----\n`);
  }
}

/** The steps to run: all, or those named on the command line and the steps they need. */
function selectedSteps(names: readonly string[]): Set<string> {
  const all = LANES.flat();
  const byName = new Map(all.map((step) => [step.name, step]));
  if (names.length === 0) return new Set(byName.keys());
  const chosen = new Set<string>();
  const add = (name: string) => {
    if (chosen.has(name)) return;
    chosen.add(name);
    byName.get(name)!.after?.forEach(add);
  };
  for (const name of names) {
    // A project's name stands for all its shards (e2e: e2e-1 and e2e-2).
    const matching = all.filter((step) => step.name === name || step.name.startsWith(`${name}-`));
    if (matching.length === 0) throw new Error(`No step named ${name}; the steps are ${[...byName.keys()].join(', ')}`);
    matching.forEach((step) => add(step.name));
  }
  return chosen;
}

/**
 * What failed, again, at the very end of the output: a CI log cut to its head and tail keeps the end, and a failed
 * step's whole log, printed when it ended, may be in the cut middle. A step stopped before it counted its tests
 * shows its log's last lines instead (which file it was in).
 */
function printFailures(outcomes: readonly Outcome[]): void {
  const failed = outcomes.filter((outcome) => !outcome.ok);
  if (failed.length === 0) return;
  process.stdout.write('\nwhat failed:\n');
  for (const outcome of failed) {
    const failures = outcome.counts?.failures ?? [];
    if (failures.length > 0) {
      for (const failure of failures) process.stdout.write(`  ${outcome.step.name}: ${failure}\n`);
      continue;
    }
    process.stdout.write(`  ${outcome.step.name}: ${outcome.note ?? 'failed'}; the last lines of its log:\n`);
    const lines = existsSync(logFile(outcome.step)) ? readFileSync(logFile(outcome.step), 'utf8').trimEnd().split('\n') : [];
    for (const line of lines.slice(-LOG_TAIL_LINES)) process.stdout.write(`    ${line}\n`);
  }
}

async function main(): Promise<number> {
  mkdirSync(LOG_DIR, { recursive: true });
  const args = process.argv.slice(2);
  const serial = args.includes('--serial');
  const chosen = selectedSteps(args.filter((arg) => arg !== '--serial'));
  const lanes = serial ? [LANES.flat()] : LANES;
  const wallStarted = performance.now();
  // Each step's outcome as a promise, made before any lane starts, so a step can wait on another lane's.
  const settle = new Map<string, (outcome: Outcome) => void>();
  const outcomeOf = new Map<string, Promise<Outcome>>();
  for (const step of LANES.flat()) outcomeOf.set(step.name, new Promise((resolve) => settle.set(step.name, resolve)));
  const outcomes: Outcome[] = [];
  const runLane = async (lane: readonly Step[]) => {
    for (const step of lane) {
      if (!chosen.has(step.name)) continue;
      const needs = await Promise.all((step.after ?? []).filter((name) => chosen.has(name)).map((name) => outcomeOf.get(name)!));
      const failedNeed = needs.find((need) => !need.ok);
      const ran: Outcome = failedNeed ? { step, ok: false, seconds: 0, note: `not run: ${failedNeed.step.name} failed` } : await runStep(step);
      const outcome: Outcome = { ...ran, endedAt: (performance.now() - wallStarted) / 1000 };
      outcomes.push(outcome);
      settle.get(step.name)!(outcome);
      report(outcome);
    }
  };
  await Promise.all(lanes.map(runLane));

  const wall = (performance.now() - wallStarted) / 1000;
  const order = LANES.flat().map((step) => step.name);
  outcomes.sort((a, b) => order.indexOf(a.step.name) - order.indexOf(b.step.name));
  const total = outcomes.reduce(
    (sum, outcome) => ({
      passed: sum.passed + (outcome.counts?.passed ?? 0),
      failed: sum.failed + (outcome.counts?.failed ?? 0) + (outcome.ok || outcome.counts?.failed ? 0 : 1),
      skipped: sum.skipped + (outcome.counts?.skipped ?? 0),
    }),
    { passed: 0, failed: 0, skipped: 0 },
  );
  const width = Math.max(12, ...outcomes.map((outcome) => outcome.step.name.length + 1));
  process.stdout.write(`\n${'step'.padEnd(width)} wall (s)   cpu (s)   tests   ended at (s)\n`);
  const cpu = (seconds: number | undefined) => (seconds === undefined ? '-' : seconds.toFixed(1)).padStart(7);
  for (const outcome of outcomes) {
    const tests = outcome.counts ? String(outcome.counts.passed + outcome.counts.failed + outcome.counts.skipped) : '-';
    process.stdout.write(`${outcome.step.name.padEnd(width)} ${outcome.seconds.toFixed(1).padStart(8)}   ${cpu(outcome.cpuSeconds)}   ${tests.padStart(5)}   ${(outcome.endedAt ?? 0).toFixed(0).padStart(12)}${outcome.ok ? '' : '   FAILED'}\n`);
  }
  const cpuTotal = outcomes.reduce((sum, outcome) => sum + (outcome.cpuSeconds ?? 0), 0);
  process.stdout.write(`${'whole run'.padEnd(width)} ${wall.toFixed(1).padStart(8)}   ${cpu(cpuTotal)}   ${String(total.passed + total.failed + total.skipped).padStart(5)}\n`);
  printFailures(outcomes);
  process.stdout.write(`\ntests: ${total.passed} passed, ${total.failed} failed, ${total.skipped} skipped\n`);
  return outcomes.every((outcome) => outcome.ok) ? 0 : 1;
}

process.exitCode = await main();
