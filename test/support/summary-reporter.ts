import { writeFileSync } from 'node:fs';
import type { Reporter, SerializedError, TestModule } from 'vitest/node';

/** What one vitest run counted, as the suite runner (test/run-suite.ts) reads it back. */
export interface RunCounts {
  readonly passed: number;
  readonly failed: number;
  readonly skipped: number;
}

/** Where a run writes its counts as JSON when the suite runner asks (it runs each project in its own vitest). */
export const COUNTS_FILE_VARIABLE = 'RACEFINDER_TEST_COUNTS_FILE';

/**
 * Prints one plain closing line, 'tests: N passed, N failed, N skipped', after vitest's own summary, so
 * any tool reading the end of the log can tell how many tests ran without parsing vitest's format. A file
 * whose hooks or imports failed, and every unhandled error, counts as a failure: its tests never ran, and
 * that must not read as "0 failed".
 */
export default class SummaryReporter implements Reporter {
  onTestRunEnd(testModules: ReadonlyArray<TestModule>, unhandledErrors: ReadonlyArray<SerializedError>): void {
    let passed = 0;
    let failed = unhandledErrors.length;
    let skipped = 0;
    for (const module of testModules) {
      failed += module.errors().length;
      for (const test of module.children.allTests()) {
        const state = test.result().state;
        if (state === 'passed') passed += 1;
        else if (state === 'failed') failed += 1;
        else skipped += 1;
      }
    }
    const countsFile = process.env[COUNTS_FILE_VARIABLE];
    if (countsFile) writeFileSync(countsFile, JSON.stringify({ passed, failed, skipped } satisfies RunCounts));
    process.stdout.write(`\ntests: ${passed} passed, ${failed} failed, ${skipped} skipped\n`);
  }
}
