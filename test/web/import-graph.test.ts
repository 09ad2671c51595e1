// @vitest-environment node
/**
 * The shape of web/src as a graph of imports (DESIGN section 2): no module imports itself back through others,
 * and every page finds the styles of the components it renders in the CSS that is loaded with it. A stylesheet
 * imported only from another page's chunk arrives only after that page was opened (the search page's State
 * select and Filters popover were unstyled until /auth had been visited, because field.css came with the auth
 * chunk alone).
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const SRC = resolve('web/src');

interface Module {
  readonly static: string[];
  readonly dynamic: string[];
}

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    return entry.isDirectory() ? filesUnder(path) : /\.(tsx?|css)$/.test(entry.name) ? [path] : [];
  });
}

const STATIC_IMPORT = /(?:^|[\s;])(?:import|export)\s+(?:type\s+)?(?:[\w*{}\s,$]+\s+from\s+)?['"]([^'"]+)['"]/g;
const DYNAMIC_IMPORT = /\bimport\(\s*['"]([^'"]+)['"]\s*\)/g;
const TYPE_ONLY = /^\s*(?:import|export)\s+type\s/;

/** web/src modules by path: their static (value) imports and their import() targets, inside web/src only. */
function readGraph(): Map<string, Module> {
  const graph = new Map<string, Module>();
  for (const file of filesUnder(SRC)) {
    if (file.endsWith('.css')) {
      graph.set(file, { static: [], dynamic: [] });
      continue;
    }
    const source = readFileSync(file, 'utf8');
    const local = (specifier: string) => {
      if (!specifier.startsWith('.')) return undefined;
      const target = resolve(dirname(file), specifier);
      if (!existsSync(target)) throw new Error(`${relative(SRC, file)} imports ${specifier}, which does not exist`);
      return target.startsWith(SRC) ? target : undefined;
    };
    const staticImports = [...source.matchAll(STATIC_IMPORT)]
      // A type-only import is erased: it loads nothing and cannot make a cycle at run time.
      .filter((match) => !TYPE_ONLY.test(match[0].replace(/^[\s;]/, '')))
      .map((match) => local(match[1]!))
      .filter((target): target is string => target !== undefined);
    const dynamicImports = [...source.matchAll(DYNAMIC_IMPORT)].map((match) => local(match[1]!)).filter((target): target is string => target !== undefined);
    graph.set(file, { static: staticImports, dynamic: dynamicImports });
  }
  return graph;
}

const graph = readGraph();
const name = (file: string) => relative(SRC, file);

/** Every import cycle, each as the chain of modules that closes it (static and dynamic imports alike). */
function cycles(): string[][] {
  const found: string[][] = [];
  const state = new Map<string, 'open' | 'done'>();
  const stack: string[] = [];
  const visit = (file: string) => {
    state.set(file, 'open');
    stack.push(file);
    const module = graph.get(file)!;
    for (const next of [...module.static, ...module.dynamic]) {
      if (state.get(next) === 'open') found.push([...stack.slice(stack.indexOf(next)), next].map(name));
      else if (!state.has(next)) visit(next);
    }
    stack.pop();
    state.set(file, 'done');
  };
  for (const file of graph.keys()) if (!state.has(file)) visit(file);
  return found;
}

/** A module and everything it imports statically: what arrives in the same step as it. */
function staticClosure(root: string): Set<string> {
  const seen = new Set<string>();
  const pending = [root];
  while (pending.length > 0) {
    const file = pending.pop()!;
    if (seen.has(file)) continue;
    seen.add(file);
    pending.push(...graph.get(file)!.static);
  }
  return seen;
}

/** Class names a stylesheet's selectors name. */
function cssClasses(file: string): Set<string> {
  const css = readFileSync(file, 'utf8').replace(/\/\*[\s\S]*?\*\//g, '');
  const selectors = [...css.matchAll(/([^{}]+)\{/g)].map((match) => match[1]!).join(' ');
  return new Set([...selectors.matchAll(/\.(-?[_a-zA-Z][\w-]*)/g)].map((match) => match[1]!));
}

const stylesheets = [...graph.keys()].filter((file) => file.endsWith('.css'));
const definedBy = new Map<string, string[]>();
for (const sheet of stylesheets) for (const cls of cssClasses(sheet)) definedBy.set(cls, [...(definedBy.get(cls) ?? []), sheet]);

/**
 * Class names a module writes in its string literals (className="...", buttonClass(...), template parts). Only
 * names with a '-' or '_' count: a bare word ('auth', 'dashboard') is as often a path or a key as a class.
 */
function classesUsed(file: string): string[] {
  const source = readFileSync(file, 'utf8');
  const literals = [...source.matchAll(/'([^'\n]*)'|"([^"\n]*)"|`([^`]*)`/g)].map((match) => match[1] ?? match[2] ?? match[3] ?? '');
  const tokens = literals.flatMap((literal) => literal.replace(/\$\{[^}]*\}/g, ' ').split(/\s+/));
  return [...new Set(tokens.filter((token) => /[-_]/.test(token) && definedBy.has(token)))];
}

const entry = join(SRC, 'main.tsx');
/** The entry, and every module loaded with import(): each starts a chunk of its own. */
const chunkRoots = [entry, ...new Set([...graph.values()].flatMap((module) => module.dynamic))];
const entryClosure = staticClosure(entry);

describe('web/src import graph', () => {
  it('reads every module and finds the entry and the lazily loaded pages', () => {
    expect(graph.size).toBeGreaterThan(50);
    expect(chunkRoots.map(name)).toEqual(expect.arrayContaining(['main.tsx', 'features/auth/pages/auth-page.tsx', 'app/pages/dashboard-route.tsx']));
    expect(entryClosure.has(join(SRC, 'features/events/pages/events-page.tsx'))).toBe(true);
  });

  it('has no circular imports', () => {
    expect(cycles()).toEqual([]);
  });

  it('loads the stylesheet of every class a page renders with that page, not with another page', () => {
    const missing: string[] = [];
    for (const root of chunkRoots) {
      const closure = staticClosure(root);
      const loaded = new Set([...entryClosure, ...closure]);
      for (const module of closure) {
        if (!/\.tsx?$/.test(module)) continue;
        for (const cls of classesUsed(module)) {
          const sheets = definedBy.get(cls)!;
          if (!sheets.some((sheet) => loaded.has(sheet))) {
            missing.push(`${name(module)} (in the chunk of ${name(root)}) uses .${cls} from ${sheets.map(name).join(' or ')}, which that chunk does not load`);
          }
        }
      }
    }
    expect(missing).toEqual([]);
  });

  it('styles the search filters (State select, Filters panel) from the entry, not the auth page', () => {
    const field = join(SRC, 'components/field.css');
    expect(entryClosure.has(field)).toBe(true);
    expect(classesUsed(join(SRC, 'features/events/components/event-filter-bar.tsx'))).toContain('field__input');
    // The panel's fields are a chunk of their own, which loads the field styles itself (the test above).
    expect(classesUsed(join(SRC, 'features/events/components/filters-panel.tsx'))).toContain('field__input');
  });
});
