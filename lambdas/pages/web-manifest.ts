/**
 * Vite's build manifest (web/dist/.vite/manifest.json, `build.manifest` in web/vite.config.ts): which files a
 * lazily loaded page's chunk is, and which stylesheets it brings. A server-rendered page links its chunk's CSS in
 * its head, so it is styled before any script runs. Its chunks' scripts are not in its head: on Lighthouse's mobile
 * network, scripts fetched before the first paint held it back (page-shell.ts). The page's starter preloads them
 * once the page is painted, so the app does not discover them one import after another while it takes over.
 */
export interface ManifestChunk {
  readonly file: string;
  readonly css?: readonly string[];
  readonly imports?: readonly string[];
  readonly isEntry?: boolean;
}

export type WebManifest = Readonly<Record<string, ManifestChunk>>;

export const MANIFEST_PATH = '.vite/manifest.json';

export interface ChunkAssets {
  readonly stylesheets: readonly string[];
  /** The chunks' scripts, which the page preloads after its first paint. */
  readonly modules: readonly string[];
}

/**
 * The files these modules need beyond the entry's (index.html names those already): their chunks, the chunks they
 * import, and their CSS, as absolute paths. `sources` are modules as the manifest names them (relative to web/).
 */
export function chunkAssets(manifest: WebManifest | undefined, ...sources: string[]): ChunkAssets {
  if (!manifest) return { stylesheets: [], modules: [] };
  const entryFiles = entryFilesOf(manifest);
  const chunks = sources.map((source) => manifest[source]).filter((chunk) => chunk !== undefined);
  const needed = [...new Set(chunks.flatMap((chunk) => filesOf(manifest, chunk)))].filter((file) => !entryFiles.has(file));
  return {
    stylesheets: needed.filter((file) => file.endsWith('.css')).map((file) => `/${file}`),
    modules: needed.filter((file) => !file.endsWith('.css')).map((file) => `/${file}`),
  };
}

/** What index.html loads already, worked out once per build (a manifest is kept as long as its build is served). */
const ENTRY_FILES = new WeakMap<WebManifest, ReadonlySet<string>>();

function entryFilesOf(manifest: WebManifest): ReadonlySet<string> {
  let files = ENTRY_FILES.get(manifest);
  if (!files) {
    files = new Set(Object.values(manifest).flatMap((chunk) => (chunk.isEntry ? filesOf(manifest, chunk) : [])));
    ENTRY_FILES.set(manifest, files);
  }
  return files;
}

/** A chunk's own file and CSS, and those of every chunk it imports, each once. */
function filesOf(manifest: WebManifest, chunk: ManifestChunk, seen = new Set<string>()): string[] {
  const files = [chunk.file, ...(chunk.css ?? [])];
  for (const key of chunk.imports ?? []) {
    const imported = manifest[key];
    if (seen.has(key) || !imported) continue;
    seen.add(key);
    files.push(...filesOf(manifest, imported, seen));
  }
  return [...new Set(files)];
}
