// Module hooks (node:module register) for running the web app's components in Node: a component imports its
// stylesheet for the bundler, and on the server that import is nothing. Lambda bundles get the same from
// esbuild's empty loader (infra/lambda-function.ts).
export async function resolve(specifier, context, nextResolve) {
  if (specifier.endsWith('.css')) return { url: 'data:text/javascript,', shortCircuit: true };
  return nextResolve(specifier, context);
}
