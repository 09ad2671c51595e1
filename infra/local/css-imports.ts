import { register } from 'node:module';

let registered = false;

/**
 * Lets this process import the web app's components, which import their stylesheets for the bundler: on the
 * server such an import is nothing (css-imports-hooks.mjs). The local gateway renders pages with them, as the
 * page function does in AWS from a bundle whose CSS esbuild leaves empty.
 */
export function registerCssImports(): void {
  if (registered) return;
  registered = true;
  register('./css-imports-hooks.mjs', import.meta.url);
}
