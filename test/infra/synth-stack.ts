/**
 * Builds the real stack the way infra/app.ts does (same deploy-context parsing, same cdk-nag pack), with
 * Lambda bundling skipped for speed and a throwaway web build, and synthesizes it once.
 *
 * The API's areas are nested stacks. Tests read one merged template (each nested stack's resources spliced
 * into its parent, parameters replaced by the values the parent passes), so an assertion about a route reads
 * the same wherever its resources live; `stacks` keeps each stack's own template for per-stack checks.
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { App, NestedStack, Stack, Validations } from 'aws-cdk-lib';
import type { CfnResource } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import { AwsSolutionsChecks } from 'cdk-nag';
import type { IConstruct } from 'constructs';
import { readDeployConfig } from '../../infra/deploy-config.ts';
import { RaceFinderStack, type RaceFinderStackProps } from '../../infra/stack.ts';

export interface NagFinding {
  readonly rule: string;
  readonly severity: string;
  readonly paths: readonly string[];
}

/** One CloudFormation stack of the assembly, top-level or nested, with its own resources only. */
export interface AssemblyStack {
  /** Construct path: 'RaceFinder', 'RaceFinder/Api/EventsRoutes'. */
  readonly path: string;
  readonly nested: boolean;
  readonly template: Template;
  readonly resourceCount: number;
}

export interface Synthesized<S extends Stack = RaceFinderStack> {
  readonly stack: S;
  /** The stack with its nested stacks merged in (see the header). */
  readonly template: Template;
  /** Every stack of the assembly, each with its own template. */
  readonly stacks: readonly AssemblyStack[];
  readonly assemblyDir: string;
  /** Unacknowledged AwsSolutions findings, errors and warnings alike. */
  readonly nagFindings: readonly NagFinding[];
  cleanup(): void;
}

interface ValidationReport {
  readonly pluginReports?: readonly {
    readonly pluginName: string;
    readonly violations: readonly {
      readonly ruleName: string;
      readonly severity: string;
      readonly violatingConstructs?: readonly { readonly constructPath?: string }[];
    }[];
  }[];
}

function readNagFindings(assemblyDir: string): NagFinding[] {
  const report = JSON.parse(readFileSync(join(assemblyDir, 'validation-report.json'), 'utf8')) as ValidationReport;
  return (report.pluginReports ?? [])
    .filter((plugin) => plugin.pluginName === 'AwsSolutions')
    .flatMap((plugin) => plugin.violations)
    .map((violation) => ({
      rule: violation.ruleName,
      severity: violation.severity,
      paths: (violation.violatingConstructs ?? []).map((construct) => construct.constructPath ?? '?'),
    }));
}

type Json = unknown;
interface TemplateJson {
  Resources: Record<string, { Type: string; Properties?: Record<string, Json>; DependsOn?: string | string[] }>;
  Outputs?: Record<string, { Value: Json }>;
  Conditions?: Record<string, Json>;
  [section: string]: Json;
}

function readTemplate(assemblyDir: string, stack: Stack): TemplateJson {
  return JSON.parse(readFileSync(join(assemblyDir, stack.templateFile), 'utf8')) as TemplateJson;
}

/** Rebuilds a JSON value bottom-up, letting `replace` swap any object node (return undefined to keep it). */
function mapJson(value: Json, replace: (node: Record<string, Json>) => Json | undefined): Json {
  if (Array.isArray(value)) return value.map((item) => mapJson(item, replace));
  if (value === null || typeof value !== 'object') return value;
  const node = value as Record<string, Json>;
  const replaced = replace(node);
  if (replaced !== undefined) return replaced;
  return Object.fromEntries(Object.entries(node).map(([key, child]) => [key, mapJson(child, replace)]));
}

function directNestedStacks(stack: Stack): NestedStack[] {
  return stack.node.findAll().filter((c): c is NestedStack => NestedStack.isNestedStack(c) && c.nestedStackParent === stack);
}

/**
 * A stack's template with its nested stacks spliced in, recursively. In the nested resources `Ref` of a
 * parameter becomes the value the parent passes; in the parent, a nested output becomes its value, and
 * DependsOn on a nested stack also names each of its resources (CloudFormation waits for all of them).
 * The nested-stack resources themselves stay. Logical ids must not clash across stacks: they are derived
 * from construct paths, and the area stacks name theirs by route id, which the route table keeps unique.
 */
function mergedTemplate(assemblyDir: string, stack: Stack): TemplateJson {
  let merged = readTemplate(assemblyDir, stack);
  for (const nested of directNestedStacks(stack)) {
    const child = mergedTemplate(assemblyDir, nested);
    const holderId = stack.resolve((nested.nestedStackResource as CfnResource).logicalId) as string;
    const parameters = (merged.Resources[holderId]?.Properties?.Parameters ?? {}) as Record<string, Json>;
    const substitute = (value: Json) =>
      mapJson(value, (node) => {
        const keys = Object.keys(node);
        if (keys.length === 1 && keys[0] === 'Ref' && typeof node.Ref === 'string' && node.Ref in parameters) {
          return parameters[node.Ref];
        }
        return undefined;
      });
    const childResources = substitute(child.Resources) as TemplateJson['Resources'];
    const childOutputs = (substitute(child.Outputs ?? {}) ?? {}) as Record<string, { Value: Json }>;
    for (const [section, entries] of [['Resources', childResources], ['Conditions', child.Conditions ?? {}]] as const) {
      const target = ((merged[section] as Record<string, Json> | undefined) ?? {}) as Record<string, Json>;
      for (const [id, entry] of Object.entries(entries)) {
        if (id in target) throw new Error(`${id} is in ${stack.node.path} and in its nested stack ${nested.node.path}`);
        target[id] = entry;
      }
      (merged as Record<string, Json>)[section] = target;
    }
    const childIds = Object.keys(childResources);
    merged = mapJson(merged, (node) => {
      const getAtt = node['Fn::GetAtt'];
      if (Object.keys(node).length !== 1 || !Array.isArray(getAtt) || getAtt[0] !== holderId) return undefined;
      const output = String(getAtt[1]).replace(/^Outputs\./, '');
      if (!(output in childOutputs)) throw new Error(`${nested.node.path} has no output ${output}`);
      return childOutputs[output]!.Value;
    }) as TemplateJson;
    for (const resource of Object.values(merged.Resources)) {
      const dependsOn = resource.DependsOn === undefined ? [] : [resource.DependsOn].flat();
      if (dependsOn.includes(holderId)) resource.DependsOn = [...dependsOn, ...childIds];
    }
  }
  return merged;
}

function assemblyStacks(assemblyDir: string, app: App): AssemblyStack[] {
  return app.node
    .findAll()
    .filter((construct): construct is Stack => Stack.isStack(construct))
    .map((stack) => {
      const json = readTemplate(assemblyDir, stack);
      return {
        path: stack.node.path,
        nested: NestedStack.isNestedStack(stack),
        template: Template.fromJSON(json),
        resourceCount: Object.keys(json.Resources).length,
      };
    });
}

/** A web build with an index page and one hashed asset, like Vite's output. */
export function makeWebBuild(root: string): string {
  const dist = join(root, 'web-dist');
  mkdirSync(join(dist, 'assets'), { recursive: true });
  writeFileSync(join(dist, 'index.html'), '<!doctype html><title>RaceFinder</title><script src="/assets/index-abc123.js"></script>');
  writeFileSync(join(dist, 'assets', 'index-abc123.js'), 'console.log("app")');
  return dist;
}

/** For beforeAll hooks that synthesize: generous, because the machine may be busy with other test projects. */
export const SYNTH_TIMEOUT_MS = 120_000;

/**
 * Synthesizes any stack built inside a fresh App with the given context and cdk-nag attached. Validation
 * errors do not throw: they are returned as findings so a test can name them.
 */
export function synthesizeWith<S extends Stack>(
  context: Record<string, unknown>,
  build: (app: App, workDir: string) => S,
): Synthesized<S> {
  const workDir = mkdtempSync(join(tmpdir(), 'racefinder-infra-'));
  const app = new App({
    outdir: join(workDir, 'cdk.out'),
    // CDK's built-in template linting takes most of a synth here and its findings are only warnings; the
    // tests assert intent and cdk-nag findings instead. `cdk synth` keeps it on.
    builtinCloudFormationValidation: false,
    context: {
      'aws:cdk:bundling-stacks': [],
      '@aws-cdk/core:failSynthOnValidationErrors': false,
      ...context,
    },
  });
  const stack = build(app, workDir);
  Validations.of(app).addPlugins(new AwsSolutionsChecks(app));
  const assembly = app.synth();
  return {
    stack,
    template: Template.fromJSON(mergedTemplate(assembly.directory, stack)),
    stacks: assemblyStacks(assembly.directory, app),
    assemblyDir: assembly.directory,
    nagFindings: readNagFindings(assembly.directory),
    cleanup: () => rmSync(workDir, { recursive: true, force: true }),
  };
}

/**
 * The app's stack as `cdk synth` makes it from the default deploy context, synthesized once per test process and
 * shared: most infra test files assert on this same stack, and the infra project runs its files in one process
 * without isolation (vitest.config.ts), so six files pay for one synth. Its cleanup() is a no-op; its folder
 * goes when the process exits. Tests only read it.
 */
let defaultStack: Synthesized | undefined;

/** The app's stack, with `props` (a generated route table, route needs...) over the deploy context's defaults. */
export function synthesizeRaceFinder(context: Record<string, unknown> = {}, props: Partial<RaceFinderStackProps> = {}): Synthesized {
  if (Object.keys(context).length > 0 || Object.keys(props).length > 0) return synthesizeRaceFinderWith(context, props);
  if (!defaultStack) {
    const synthesized = synthesizeRaceFinderWith({}, {});
    process.once('exit', () => synthesized.cleanup());
    defaultStack = { ...synthesized, cleanup: () => undefined };
  }
  return defaultStack;
}

function synthesizeRaceFinderWith(context: Record<string, unknown>, props: Partial<RaceFinderStackProps>): Synthesized {
  return synthesizeWith(
    context,
    (app, workDir) =>
      new RaceFinderStack(app, 'RaceFinder', {
        deploy: readDeployConfig(app.node),
        webDistPath: makeWebBuild(workDir),
        // The real route needs name the real routes: a generated route table has none of them.
        ...(props.routeAreas && !props.routeNeeds ? { routeNeeds: {} } : {}),
        ...props,
      }),
  );
}

/** Logical id of a construct's CloudFormation resource. */
export function logicalIdOf(stack: Stack, construct: IConstruct): string {
  const resource = construct.node.defaultChild ?? construct;
  return stack.resolve((resource as unknown as { logicalId: string }).logicalId) as string;
}
