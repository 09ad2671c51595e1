/**
 * The files a card is drawn with: Inter (OFL, from @fontsource/inter; WOFF, as satori reads no WOFF2) and resvg's
 * WebAssembly module. Locally they are read from node_modules; a deployed function has no node_modules, so its
 * bundling copies them beside the bundle (CARD_ASSET_FILES, infra/lambda-function.ts `besideBundle`), where they
 * are looked for first.
 */
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { basename } from 'node:path';
import { fileURLToPath } from 'node:url';

const FONT_WEIGHTS = [400, 700] as const;
/** Latin covers English and Western European names; Latin Extended the rest of Europe's (ő, ł, ș). */
const FONT_SUBSETS = ['latin', 'latin-ext'] as const;

const WASM_SPECIFIER = '@resvg/resvg-wasm/index_bg.wasm';
const fontSpecifier = (subset: string, weight: number) => `@fontsource/inter/files/inter-${subset}-${weight}-normal.woff`;

/** The package paths of every file, for the bundling to copy (by their base names) beside the bundle. */
export const CARD_ASSET_FILES: readonly string[] = [WASM_SPECIFIER, ...FONT_SUBSETS.flatMap((subset) => FONT_WEIGHTS.map((weight) => fontSpecifier(subset, weight)))];

function pathOf(specifier: string): string {
  const beside = fileURLToPath(new URL(`./${basename(specifier)}`, import.meta.url));
  return existsSync(beside) ? beside : createRequire(import.meta.url).resolve(specifier);
}

const familyOf = (subset: string) => `Inter ${subset}`;
/** The card's font-family: the subsets in turn. */
export const CARD_FONT_FAMILY = FONT_SUBSETS.map((subset) => `'${familyOf(subset)}'`).join(', ');

export interface CardFont {
  name: string;
  data: Buffer;
  weight: (typeof FONT_WEIGHTS)[number];
  style: 'normal';
}

let fonts: Promise<CardFont[]> | undefined;

/** Inter in both weights and subsets, read once per process. */
export function cardFonts(): Promise<CardFont[]> {
  fonts ??= Promise.all(
    FONT_SUBSETS.flatMap((subset) =>
      // One family per subset, so satori looks in the second for a glyph the first lacks (CARD_FONT_FAMILY).
      FONT_WEIGHTS.map(async (weight) => ({ name: familyOf(subset), data: await readFile(pathOf(fontSpecifier(subset, weight))), weight, style: 'normal' as const })),
    ),
  );
  return fonts;
}

/** resvg's WebAssembly module, compiled. */
export async function resvgModule(): Promise<WebAssembly.Module> {
  return WebAssembly.compile(await readFile(pathOf(WASM_SPECIFIER)));
}
