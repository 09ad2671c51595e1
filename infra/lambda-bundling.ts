/**
 * What every function's esbuild bundle is built with beyond its entry (infra/lambda-function.ts), shared with the
 * bundle-size bench (test/bench/lambda-bundles.ts) so that it measures the bundles that deploy.
 */

/**
 * esbuild's ESM output has no `require`, but CommonJS dependencies bundled into it still call it for Node
 * built-ins; a real one from createRequire keeps them working.
 */
export const ESM_REQUIRE_BANNER = "import{createRequire as __cr}from'node:module';const require=__cr(import.meta.url);";

/**
 * Libraries that check NODE_ENV get their production builds: React's server renderer in the notification sender is
 * half the size and without its development checks. Lambda sets no NODE_ENV of its own.
 */
export const LAMBDA_DEFINES: Readonly<Record<string, string>> = { 'process.env.NODE_ENV': JSON.stringify('production') };

/** A stylesheet a web component imports is nothing in a function (the page function renders those components). */
export const LAMBDA_LOADERS = { '.css': 'empty' } as const;
