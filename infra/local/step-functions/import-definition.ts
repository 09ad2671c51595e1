/**
 * The import state machine's definition as CDK synthesizes it (infra/imports.ts), for the local runner: the
 * Imports construct is built in a stack of the same name and path as the deployed one and synthesized
 * (Lambda bundling skipped, so it takes about a second), and its template's DefinitionString is resolved the way CloudFormation would,
 * with placeholder ARNs for the functions. test/infra/import-state-machine.test.ts checks that this is the
 * definition of the real stack.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { App, Stack, type CfnResource } from 'aws-cdk-lib';
import type { StateMachineDefinition } from 'aws-local-stepfunctions';
import { Data } from '../../data.ts';
import { Imports } from '../../imports.ts';

export const LOCAL_ACCOUNT = '000000000000';
export const LOCAL_REGION = 'us-east-1';
/** The local machine's ARN, as IMPORT_STATE_MACHINE_ARN carries it. */
export const LOCAL_IMPORT_STATE_MACHINE_ARN = `arn:aws:states:${LOCAL_REGION}:${LOCAL_ACCOUNT}:stateMachine:RaceFinderImport`;

type Json = unknown;

/**
 * Resolves the intrinsic functions CDK puts in a definition string (Fn::Join, Ref of pseudo parameters,
 * Fn::GetAtt of a function's Arn) to the string CloudFormation would pass Step Functions, with local ARNs.
 */
export function resolveDefinitionString(value: Json): string {
  if (typeof value === 'string') return value;
  if (value && typeof value === 'object') {
    const node = value as Record<string, Json>;
    if (Array.isArray(node['Fn::Join'])) {
      const [separator, parts] = node['Fn::Join'] as [string, Json[]];
      return parts.map((part) => resolveDefinitionString(part)).join(separator);
    }
    if (typeof node.Ref === 'string') {
      const pseudo: Record<string, string> = { 'AWS::Partition': 'aws', 'AWS::Region': LOCAL_REGION, 'AWS::AccountId': LOCAL_ACCOUNT, 'AWS::URLSuffix': 'amazonaws.com' };
      const resolved = pseudo[node.Ref];
      if (resolved) return resolved;
    }
    if (Array.isArray(node['Fn::GetAtt']) && node['Fn::GetAtt'][1] === 'Arn') {
      return `arn:aws:lambda:${LOCAL_REGION}:${LOCAL_ACCOUNT}:function:${String(node['Fn::GetAtt'][0])}`;
    }
  }
  throw new Error(`The import definition holds a value the local runner cannot resolve: ${JSON.stringify(value).slice(0, 200)}`);
}

/** The definition of a synthesized state machine resource (its DefinitionString property). */
export function definitionOf(stateMachineProperties: { DefinitionString?: Json }): StateMachineDefinition {
  return JSON.parse(resolveDefinitionString(stateMachineProperties.DefinitionString)) as StateMachineDefinition;
}

let cached: StateMachineDefinition | undefined;

/** Synthesizes the Imports construct once per process and returns its resolved definition. */
export function importStateMachineDefinition(): StateMachineDefinition {
  if (cached) return cached;
  const outdir = mkdtempSync(join(tmpdir(), 'racefinder-import-definition-'));
  try {
    // CDK's built-in template validation is for deploys (`cdk synth` keeps it): here it was most of the synth's
    // CPU (a WebAssembly engine's start), paid by every local stack's start.
    const app = new App({ outdir, builtinCloudFormationValidation: false, context: { 'aws:cdk:bundling-stacks': [] } });
    // The deployed stack's id and the construct's path, so logical ids (and with them the ARNs) match.
    const stack = new Stack(app, 'RaceFinder');
    const imports = new Imports(stack, 'Imports', { data: new Data(stack, 'Data'), appVersion: 'local', superAdminEmails: [] });
    const template = app.synth().getStackByName(stack.stackName).template as { Resources: Record<string, { Properties: { DefinitionString?: Json } }> };
    const logicalId = stack.resolve((imports.stateMachine.node.defaultChild as CfnResource).logicalId) as string;
    cached = definitionOf(template.Resources[logicalId]!.Properties);
    return cached;
  } finally {
    rmSync(outdir, { recursive: true, force: true });
  }
}
