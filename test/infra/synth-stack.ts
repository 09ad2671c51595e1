/**
 * Builds the real stack the way infra/app.ts does (same deploy-context parsing, same cdk-nag pack), with
 * Lambda bundling skipped for speed and a throwaway web build, and synthesizes it once.
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { App, Validations } from 'aws-cdk-lib';
import type { Stack } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import { AwsSolutionsChecks } from 'cdk-nag';
import type { IConstruct } from 'constructs';
import { readDeployConfig } from '../../infra/deploy-config.ts';
import { RaceFinderStack } from '../../infra/stack.ts';

export interface NagFinding {
  readonly rule: string;
  readonly severity: string;
  readonly paths: readonly string[];
}

export interface Synthesized<S extends Stack = RaceFinderStack> {
  readonly stack: S;
  readonly template: Template;
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
    template: Template.fromStack(stack),
    assemblyDir: assembly.directory,
    nagFindings: readNagFindings(assembly.directory),
    cleanup: () => rmSync(workDir, { recursive: true, force: true }),
  };
}

export function synthesizeRaceFinder(context: Record<string, unknown> = {}): Synthesized {
  return synthesizeWith(
    context,
    (app, workDir) =>
      new RaceFinderStack(app, 'RaceFinder', { deploy: readDeployConfig(app.node), webDistPath: makeWebBuild(workDir) }),
  );
}

/** Logical id of a construct's CloudFormation resource. */
export function logicalIdOf(stack: Stack, construct: IConstruct): string {
  const resource = construct.node.defaultChild ?? construct;
  return stack.resolve((resource as unknown as { logicalId: string }).logicalId) as string;
}
