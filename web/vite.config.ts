import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const webRoot = fileURLToPath(new URL('.', import.meta.url));

/**
 * One build for every environment: nothing environment-specific is baked in; the app reads /config.json at
 * start. `#shared/*` resolves through the "imports" map of the repository's package.json, which Vite honours
 * for files under web/ because that is their nearest package.json.
 */
export default defineConfig({
  root: webRoot,
  plugins: [react()],
  build: {
    outDir: fileURLToPath(new URL('./dist', import.meta.url)),
    emptyOutDir: true,
    // No maps in the deployable build: the site uploads web/dist as is, and maps would publish the sources.
    sourcemap: false,
    // The admin area (Cloudscape) is split off by React.lazy; this only keeps the warning meaningful for it.
    chunkSizeWarningLimit: 1500,
    rolldownOptions: {
      output: {
        // zod is one shared chunk, named for what it is: every page that calls the API loads it once, beside
        // the route tables of the areas it calls (web/src/lib/api-areas). React and the query library are one
        // chunk too, 'framework', which the entry loads: left to itself, Rolldown (1.2) splits them into several
        // small chunks as soon as a new lazy page uses a different mix of their hooks (it fails to see that the
        // entry has loaded them already; rolldown/rolldown#10731), and each split costs the first load about
        // 2 KB gzip of cross-chunk glue. As one group they are one request whatever the pages use.
        codeSplitting: {
          groups: [
            { name: 'zod', test: /node_modules[\\/]zod[\\/]/ },
            { name: 'framework', test: /node_modules[\\/](react|react-dom|scheduler|@tanstack[\\/](react-query|query-core))[\\/]/ },
          ],
        },
      },
    },
  },
  server: { port: 5173 },
});
