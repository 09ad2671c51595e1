/**
 * Every Lambda bundled the way the deployment bundles it, measured for size, and imported in a fresh Node
 * process to time module initialisation (the cold-start work that is ours, not the runtime's).
 *
 * The esbuild options REPLICATE what infra/lambda-function.ts asks NodejsFunction for (ESM, node22, minify,
 * mainFields module,main, the createRequire banner, @aws-sdk/* external because bundleAwsSDK is false);
 * that file does not export them, so a change there must be mirrored here.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { existsSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { build } from 'esbuild';
import { ROUTES } from '#shared/routes';
import {
  eventPagesEnvironment,
  exportsEnvironment,
  handlerEnvironment,
  importStarterEnvironment,
  importTaskEnvironment,
  offAwsEnvironment,
  siteEnvironment,
  tokenVerifierEnvironment,
} from '../../infra/lambda-environment.ts';
import { ESM_REQUIRE_BANNER, LAMBDA_DEFINES, LAMBDA_LOADERS } from '../../infra/lambda-bundling.ts';
import { TRIGGERS } from '../../infra/lambda-triggers.ts';
import { HEAVY_DEPENDENCIES, type HeavyDependency } from './heavy-dependencies.ts';
import { median } from './stats.ts';

export interface LambdaBundle {
  readonly handlerModule: string;
  /** Minified bytes of index.mjs; undefined when the handler module does not exist yet. */
  readonly bytes?: number;
  /** Median import time of the bundle in a fresh node process, ms. */
  readonly initMs?: number;
  /**
   * A heavy dependency it bundles that earns it a budget of its own (report.ts TARGETS): the packaged US zip
   * table (`zipcodes`, ~4.7 MB) of the functions that normalize imported races (issue 8), the official Stripe
   * SDK of the payment functions (issue 9) or the official OpenAI SDK of the coach's send function (issue 10).
   */
  readonly carries?: HeavyDependency;
  readonly error?: string;
}

/** Handler modules of every route, in route-table order, then every trigger (infra/lambda-triggers.ts). */
export function handlerModules(): string[] {
  return [...new Set([...Object.values(ROUTES).map((route) => route.handler), ...Object.values(TRIGGERS).map((trigger) => trigger.handler)])];
}

function timeImport(file: string, env: NodeJS.ProcessEnv): number {
  const script =
    'const start = performance.now();' +
    `await import(${JSON.stringify(pathToFileURL(file).href)});` +
    'process.stdout.write(String(performance.now() - start));';
  const result = spawnSync(process.execPath, ['--input-type=module', '-e', script], { env, encoding: 'utf8' });
  if (result.status !== 0) {
    const lines = result.stderr.trim().split('\n');
    throw new Error(lines.findLast((line) => /^\w*Error\b/.test(line)) ?? lines.at(-1) ?? `exit ${result.status}`);
  }
  return Number(result.stdout);
}

export async function measureLambdaBundles(repoRoot: string, runs = 5): Promise<LambdaBundle[]> {
  // Inside the repository, so the external @aws-sdk/* resolves from node_modules as the runtime's copy would.
  const outRoot = join(repoRoot, '.bench', 'lambdas');
  rmSync(outRoot, { recursive: true, force: true });
  // What a deployed function has at cold start; the endpoint is never contacted by an import.
  const env = {
    PATH: process.env.PATH,
    ...handlerEnvironment({ tableName: 'racefinder-bench', appVersion: 'bench', superAdminEmails: [] }),
    // Handlers with optional sign-in build their token verifier at init; no key is fetched by an import.
    ...tokenVerifierEnvironment({ userPoolId: 'us-east-1_bench', clientId: 'bench' }),
    // What infra/route-needs.ts adds to the export and import functions (names only; nothing is contacted).
    ...exportsEnvironment({ bucketName: 'racefinder-bench-exports', workerFunctionName: 'racefinder-bench-export-worker' }),
    ...importStarterEnvironment({ stateMachineArn: 'arn:aws:states:us-east-1:000000000000:stateMachine:bench' }),
    ...importTaskEnvironment({}),
    // The web bucket the event page function reads index.html from.
    ...eventPagesEnvironment({ webBucketName: 'racefinder-bench-web' }),
    // The site's address, which POST /api/promotions needs at init for Stripe's return URLs.
    ...siteEnvironment({ siteUrl: 'https://racefinder.bench' }),
    // No DynamoDB endpoint, as in AWS: an import contacts nothing.
    ...offAwsEnvironment({ logLevel: 'SILENT' }),
  };
  const results: LambdaBundle[] = [];
  for (const handlerModule of handlerModules()) {
    const entry = join(repoRoot, 'lambdas', `${handlerModule}.ts`);
    if (!existsSync(entry)) {
      results.push({ handlerModule, error: 'handler module not built yet' });
      continue;
    }
    const outDir = join(outRoot, handlerModule.replaceAll('/', '__'));
    mkdirSync(outDir, { recursive: true });
    const outfile = join(outDir, 'index.mjs');
    try {
      const { metafile } = await build({
        metafile: true,
        entryPoints: [entry],
        outfile,
        bundle: true,
        platform: 'node',
        target: 'node22',
        format: 'esm',
        mainFields: ['module', 'main'],
        banner: { js: ESM_REQUIRE_BANNER },
        minify: true,
        sourcemap: true,
        sourcesContent: false,
        external: ['@aws-sdk/*'],
        define: { ...LAMBDA_DEFINES },
        loader: { ...LAMBDA_LOADERS },
        logLevel: 'silent',
        absWorkingDir: repoRoot,
      });
      const samples = Array.from({ length: runs }, () => timeImport(outfile, env));
      const inputs = Object.keys(metafile.inputs);
      const carries = (Object.keys(HEAVY_DEPENDENCIES) as HeavyDependency[]).find((name) => inputs.some((input) => input.includes(HEAVY_DEPENDENCIES[name].folder)));
      results.push({ handlerModule, bytes: statSync(outfile).size, initMs: median(samples), ...(carries ? { carries } : {}) });
    } catch (error) {
      results.push({ handlerModule, error: (error as Error).message.split('\n')[0] });
    }
  }
  return results;
}
