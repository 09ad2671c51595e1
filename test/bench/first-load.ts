/**
 * Public first-load JS: builds the web app into a temporary folder (as test/web/first-load-budget.test.ts
 * does, so it measures the current source) and sums the gzip sizes of the scripts index.html makes the
 * browser fetch before anything runs: the entry and its modulepreloads. The build is kept for Lighthouse.
 */
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

export interface FirstLoad {
  readonly outDir: string;
  readonly scripts: readonly { readonly file: string; readonly gzipBytes: number }[];
  readonly gzipBytes: number;
}

export async function buildAndMeasureFirstLoad(repoRoot: string): Promise<FirstLoad> {
  const { build } = await import('vite');
  const outDir = mkdtempSync(join(tmpdir(), 'racefinder-bench-web-'));
  const nodeEnv = process.env.NODE_ENV;
  process.env.NODE_ENV = 'production';
  try {
    await build({
      configFile: join(repoRoot, 'web', 'vite.config.ts'),
      mode: 'production',
      logLevel: 'silent',
      build: { outDir, emptyOutDir: true },
    });
  } finally {
    process.env.NODE_ENV = nodeEnv;
  }
  const html = readFileSync(join(outDir, 'index.html'), 'utf8');
  const files = [...html.matchAll(/<(?:script[^>]*\ssrc|link[^>]*rel="modulepreload"[^>]*\shref)="\/([^"]+\.js)"/g)].map((match) => match[1]!);
  const scripts = files.map((file) => ({ file, gzipBytes: gzipSync(readFileSync(join(outDir, file))).length }));
  return { outDir, scripts, gzipBytes: scripts.reduce((sum, script) => sum + script.gzipBytes, 0) };
}
