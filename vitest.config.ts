import { defineConfig } from 'vitest/config';

// Quiet the AWS SDK's Node 20 notice in test output; Lambda itself runs Node 22.
process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED = 'true';

const node = { environment: 'node' as const };

export default defineConfig({
  test: {
    reporters: ['default', './test/support/summary-reporter.ts'],
    projects: [
      { test: { ...node, name: 'unit', include: ['test/unit/**/*.test.ts'], setupFiles: ['test/support/unit-env.ts'] } },
      {
        test: {
          ...node,
          name: 'integration',
          include: ['test/integration/**/*.test.ts'],
          globalSetup: ['test/support/integration-global.ts'],
          setupFiles: ['test/support/integration-env.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      // One process without isolation: the files share one synth of the default stack (test/infra/synth-stack.ts).
      { test: { ...node, name: 'infra', include: ['test/infra/**/*.test.ts'], testTimeout: 120_000, isolate: false, maxWorkers: 1 } },
      {
        test: {
          name: 'web',
          environment: 'jsdom',
          include: ['test/web/**/*.test.{ts,tsx}'],
          setupFiles: ['test/support/web-setup.ts'],
          testTimeout: 20_000,
        },
      },
      {
        test: {
          ...node,
          name: 'e2e',
          include: ['test/e2e/**/*.test.ts'],
          globalSetup: ['test/support/e2e-global.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
