import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const webRoot = fileURLToPath(new URL('.', import.meta.url));
const reactRouterProduction = fileURLToPath(new URL('../node_modules/react-router/dist/production/', import.meta.url));

/**
 * One build for every environment: nothing environment-specific is baked in; the app reads /config.json at
 * start. `#shared/*` resolves through the "imports" map of the repository's package.json, which Vite honours
 * for files under web/ because that is their nearest package.json.
 */
export default defineConfig(({ command }) => ({
  root: webRoot,
  plugins: [react()],
  resolve: {
    // React Router 7 ships a production build (dist/production, ENABLE_DEV_WARNINGS false) but its package.json
    // exports only dist/development, so every bundler ships the warnings and the code that checks for them
    // (remix-run/react-router#12532, #14102). The built site takes the production files; the dev server keeps
    // the warnings. It saves ~1.2 KB gzip of first load.
    alias:
      command === 'build'
        ? [
            { find: /^react-router$/, replacement: `${reactRouterProduction}index.mjs` },
            { find: /^react-router\/dom$/, replacement: `${reactRouterProduction}dom-export.mjs` },
          ]
        : [],
  },
  build: {
    outDir: fileURLToPath(new URL('./dist', import.meta.url)),
    emptyOutDir: true,
    // .vite/manifest.json: the server-rendered pages link their page chunk's CSS from it (lambdas/pages/web-manifest.ts).
    manifest: true,
    // No maps in the deployable build: the site uploads web/dist as is, and maps would publish the sources.
    sourcemap: false,
    // The admin area (Cloudscape) is split off by React.lazy; this only keeps the warning meaningful for it.
    chunkSizeWarningLimit: 1500,
    rolldownOptions: {
      output: {
        // Seven base64 characters of hash (42 bits; Vite's default is eight, and Rolldown wants at least seven for
        // this many chunks): a name only has to differ from the earlier versions of the same file. The entry lists
        // about a hundred chunk names for its lazy pages' preloads, and their hashes are the part gzip cannot
        // shrink: one character fewer each was 139 B gzip less on every first load.
        entryFileNames: 'assets/[name]-[hash:7].js',
        chunkFileNames: 'assets/[name]-[hash:7].js',
        assetFileNames: 'assets/[name]-[hash:7][extname]',
        codeSplitting: {
          groups: [
            // zod is one shared chunk, named for what it is: every page that calls the API loads it once, beside
            // the route tables of the areas it calls (web/src/lib/api-areas).
            { name: 'zod', test: /node_modules[\\/]zod[\\/]/ },
            // React and TanStack Query, which the entry and every lazily loaded page share, in one chunk of their
            // own. Left to Rolldown (1.2), which modules shared by the entry and the pages stay in the entry
            // depends on the order it happens to merge them in: one more page that fetches data split ~2 KB of
            // them into five extra first-load chunks (131,510 B gzip against 129,720 B this way, which two more
            // such pages move by 8 B). Named, the first load no longer depends on which pages exist.
            { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler|@tanstack)[\\/]/ },
            // Every module the entry imports statically stays in the entry's chunk. Left to Rolldown, a lazy page
            // that imports some of them (the event search's list, the search URL vocabulary) made it move those
            // into common chunks that the entry then preloaded: /local as a lazy page cost 3.8 KB gzip of first
            // load that way (133,762 B against 129,896 B with this group, which also folds the small auth-context
            // chunk back in). Lazy pages may now import what the entry has without a price on the first load.
            { name: 'app', tags: ['$initial'] },
          ],
        },
      },
    },
  },
  server: { port: 5173 },
}));
