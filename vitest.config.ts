import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { configDefaults, defineConfig } from 'vitest/config';

// Quiet the AWS SDK's Node 20 notice in test output; Lambda itself runs Node 22.
process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED = 'true';

const node = { environment: 'node' as const };
/**
 * Waits are for a machine under load, not for one test alone: npm test runs five steps side by side on two cores,
 * and CI's machine is about half again slower than a workstation, so a test often gets a fifth of a core. A wait
 * only ends a failing test sooner; a passing one ends as soon as its state shows, so the limits are generous
 * and set here, per project, rather than test by test (where earlier, tighter figures failed CI runs).
 *
 * expect.poll's default wait is one second: a page's refetch or a queue's delivery takes longer than that.
 */
const PATIENT_POLL = { poll: { timeout: 60_000 } };
/** A test's whole time, and a hook's (a stack's start, a bulk write), in each kind of project. */
const LIMITS = {
  unit: { testTimeout: 120_000 },
  stack: { testTimeout: 180_000, hookTimeout: 600_000 },
  web: { testTimeout: 240_000, hookTimeout: 240_000 },
  e2e: { testTimeout: 360_000, hookTimeout: 360_000 },
} as const;
const OWN_STACK_FILES = 'test/integration/own-stack/**/*.test.ts';

/** What in a test file changes the process for the files after it: module mocks, mocked SDK clients, variables. */
const CHANGES_THE_PROCESS = /\bmockClient\(|\bvi\.(mock|doMock|stubEnv|stubGlobal|resetModules)\(|process\.env\.\w+\s*=[^=]|delete process\.env/;
/**
 * The same for web files, whose setup (test/support/web-setup.ts) puts stubbed globals, fake clocks and spies back
 * after every test, and fakes the API for all of them at once (test/web/fake-use-api.ts): a module mock of a
 * file's own, or a variable it sets, still reaches the files after it.
 */
const CHANGES_THE_WEB_PROCESS = /\bvi\.(mock|doMock|stubEnv|resetModules)\(|process\.env\.\w+\s*=[^=]|delete process\.env/;

/** A folder's test files, parted into those that may share a process and those that change it. */
function filesByIsolation(folder: string, changesTheProcess = CHANGES_THE_PROCESS): { shared: string[]; isolated: string[] } {
  const files = readdirSync(folder, { recursive: true, encoding: 'utf8' })
    .filter((name) => /\.test\.tsx?$/.test(name))
    .map((name) => join(folder, name));
  const isolated = files.filter((file) => changesTheProcess.test(readFileSync(file, 'utf8')));
  return { shared: files.filter((file) => !isolated.includes(file)), isolated };
}

const UNIT_FILES = filesByIsolation('test/unit');
const WEB = { environment: 'jsdom' as const, setupFiles: ['test/support/web-setup.ts'], ...LIMITS.web };
const WEB_FILES = filesByIsolation('test/web', CHANGES_THE_WEB_PROCESS);

export default defineConfig({
  test: {
    reporters: ['default', './test/support/summary-reporter.ts'],
    projects: [
      // Unit files share one process without isolation (a file costs no process start and no second load of
      // the modules it imports: 42 CPU seconds isolated, about 16 so), except those that replace modules, SDK
      // clients or process variables, whose changes would reach the next file: each of those gets a process.
      // Not Vitest's 5 s: a sweep of 84 plans takes 4 s alone and took over 5 beside the other steps.
      { test: { ...node, name: 'unit', include: UNIT_FILES.shared, setupFiles: ['test/support/unit-env.ts'], isolate: false, ...LIMITS.unit } },
      { test: { ...node, name: 'unit-isolated', include: UNIT_FILES.isolated, setupFiles: ['test/support/unit-env.ts'], ...LIMITS.unit } },
      // The files share the one local stack of the global setup, and one process without isolation: a file
      // costs no process start and no second load of the handlers and the AWS SDK (integration took 175 CPU
      // seconds isolated, about 110 so). Each file leaves the shared data as it found what others rely on.
      {
        test: {
          ...node,
          name: 'integration',
          include: ['test/integration/**/*.test.ts'],
          expect: PATIENT_POLL,
          exclude: [...configDefaults.exclude, OWN_STACK_FILES],
          globalSetup: ['test/support/integration-global.ts'],
          setupFiles: ['test/support/integration-env.ts'],
          isolate: false,
          ...LIMITS.stack,
        },
      },
      // A file that starts a stack of its own points this process's handlers at it (one stack per process,
      // infra/local/handler-env.ts), so each of these runs in a process of its own.
      { test: { ...node, name: 'integration-own-stack', include: [OWN_STACK_FILES], ...LIMITS.stack, expect: PATIENT_POLL } },
      // One process without isolation: the files share one synth of the default stack (test/infra/synth-stack.ts).
      // Their synths write to a temp folder of their own, removed at the end (infra-global.ts).
      {
        test: {
          ...node,
          name: 'infra',
          include: ['test/infra/**/*.test.ts'],
          globalSetup: ['test/support/infra-global.ts'],
          // CDK's built-in template validation (a WebAssembly engine's start, about 3 CPU seconds a synth) is for
          // deploys, which `cdk synth` keeps: its findings are warnings, and these files assert intent and cdk-nag's.
          env: { CDK_VALIDATION: 'false' },
          testTimeout: 300_000,
          isolate: false,
          maxWorkers: 1,
        },
      },
      // Web files share one process and one jsdom window the same way (web-setup.ts unmounts, clears storage and
      // puts back the fake API, stubbed globals and clocks after every test), but for the few that mock a module
      // of their own or set a variable. While each file that faked the API or stubbed a global had a process of
      // its own (a cold load of jsdom, React and Cloudscape each), web-isolated took 153 CPU seconds and web 23;
      // with all but two shared, web takes 70 to 84 (the machine's load moves it) and web-isolated 4. They pass
      // in any order (--sequence.shuffle).
      { test: { ...WEB, name: 'web', include: WEB_FILES.shared, isolate: false } },
      { test: { ...WEB, name: 'web-isolated', include: WEB_FILES.isolated } },
      {
        test: {
          ...node,
          name: 'e2e',
          include: ['test/e2e/**/*.test.ts'],
          expect: PATIENT_POLL,
          globalSetup: ['test/support/e2e-global.ts'],
          ...LIMITS.e2e,
          fileParallelism: false,
          // One process for a shard's files, one after another: they share its Chromium (browser.ts) and loaded
          // modules. No e2e file changes its process (each drives a browser and a stack in processes of their own).
          isolate: false,
        },
      },
    ],
  },
});
