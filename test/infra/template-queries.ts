/** Small readers over a synthesized template, so the tests read as statements of intent. */
import type { Template } from 'aws-cdk-lib/assertions';
import { HANDLER_TAG } from '../../infra/lambda-function.ts';

export interface Resource {
  readonly Type: string;
  readonly Properties?: Record<string, unknown>;
  readonly DependsOn?: string | string[];
  readonly DeletionPolicy?: string;
  readonly UpdateReplacePolicy?: string;
}

export interface PolicyStatement {
  readonly Effect: string;
  readonly Action: string | string[];
  readonly Resource?: unknown;
  readonly Condition?: unknown;
}

export function resources(template: Template): Record<string, Resource> {
  return (template.toJSON() as { Resources: Record<string, Resource> }).Resources;
}

export function resourcesOfType(template: Template, type: string): [string, Resource][] {
  return Object.entries(resources(template)).filter(([, resource]) => resource.Type === type);
}

export function onlyResourceOfType(template: Template, type: string): [string, Resource] {
  const found = resourcesOfType(template, type);
  if (found.length !== 1) throw new Error(`Expected one ${type}, found ${found.length}`);
  return found[0]!;
}

/** The handler-module tag of a function, when it is one of ours. */
export function handlerTag(fn: Resource): string | undefined {
  const tags = (fn.Properties?.Tags ?? []) as { Key: string; Value: string }[];
  return tags.find((tag) => tag.Key === HANDLER_TAG)?.Value;
}

export function ourFunctions(template: Template): [string, Resource][] {
  return resourcesOfType(template, 'AWS::Lambda::Function').filter(([, fn]) => handlerTag(fn) !== undefined);
}

export function functionForHandler(template: Template, handlerModule: string): [string, Resource] {
  const found = ourFunctions(template).filter(([, fn]) => handlerTag(fn) === handlerModule);
  if (found.length !== 1) throw new Error(`Expected one function for ${handlerModule}, found ${found.length}`);
  return found[0]!;
}

export function asArray<T>(value: T | T[] | undefined): T[] {
  if (value === undefined) return [];
  return Array.isArray(value) ? value : [value];
}

/** Every statement of every identity policy in the template: AWS::IAM::Policy, managed and role-inline. */
export function identityStatements(template: Template): { owner: string; statement: PolicyStatement }[] {
  const out: { owner: string; statement: PolicyStatement }[] = [];
  for (const [id, resource] of Object.entries(resources(template))) {
    const documents: unknown[] = [];
    if (resource.Type === 'AWS::IAM::Policy' || resource.Type === 'AWS::IAM::ManagedPolicy') {
      documents.push(resource.Properties?.PolicyDocument);
    }
    if (resource.Type === 'AWS::IAM::Role') {
      for (const policy of asArray(resource.Properties?.Policies as { PolicyDocument: unknown }[] | undefined)) {
        documents.push(policy.PolicyDocument);
      }
    }
    for (const document of documents) {
      for (const statement of asArray((document as { Statement?: PolicyStatement[] } | undefined)?.Statement)) {
        out.push({ owner: id, statement });
      }
    }
  }
  return out;
}

/** Statements attached to the role a function runs as. */
export function statementsOfFunctionRole(template: Template, fn: Resource): PolicyStatement[] {
  const roleId = ((fn.Properties?.Role as { 'Fn::GetAtt': [string, string] })['Fn::GetAtt'] ?? [])[0];
  return resourcesOfType(template, 'AWS::IAM::Policy')
    .filter(([, policy]) => asArray(policy.Properties?.Roles as unknown[]).some((role) => JSON.stringify(role) === JSON.stringify({ Ref: roleId })))
    .flatMap(([, policy]) => asArray((policy.Properties?.PolicyDocument as { Statement: PolicyStatement[] }).Statement));
}
