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
  },
  server: { port: 5173 },
});
