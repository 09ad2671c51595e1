import { writeFileSync } from 'node:fs';
import { relative } from 'node:path';
import type { Reporter, SerializedError, TestModule } from 'vitest/node';

/** What one vitest run counted, as the suite runner (test/run-suite.ts) reads it back. */
export interface RunCounts {
  readonly passed: number;
  readonly failed: number;
  readonly skipped: number;
  /** What failed, a line each: the file, the test and the first line of its error. */
  readonly failures?: readonly string[];
}

/** The first line of an error's message, short enough for a summary. */
function firstLine(error: { message?: string } | undefined): string {
  return (error?.message ?? 'no message').split('\n')[0]!.slice(0, 300);
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
    const failures = unhandledErrors.map((error) => `unhandled error: ${firstLine(error)}`);
    for (const module of testModules) {
      failed += module.errors().length;
      const file = relative(process.cwd(), module.moduleId);
      failures.push(...module.errors().map((error) => `${file}: ${firstLine(error)}`));
      for (const test of module.children.allTests()) {
        const result = test.result();
        if (result.state === 'passed') passed += 1;
        else if (result.state === 'failed') {
          failed += 1;
          failures.push(`${file} > ${test.fullName}: ${firstLine(result.errors?.[0])}`);
        } else skipped += 1;
      }
    }
    const countsFile = process.env[COUNTS_FILE_VARIABLE];
    if (countsFile) writeFileSync(countsFile, JSON.stringify({ passed, failed, skipped, failures } satisfies RunCounts));
    process.stdout.write(`\ntests: ${passed} passed, ${failed} failed, ${skipped} skipped\n`);
  }
}
