/**
 * The data migrations in AWS (infra/migrations.ts): the state machine that takes steps until every migration is
 * done, run here by aws-local-stepfunctions from the synthesized definition, and the custom resource that starts
 * it after a deploy and waits, failing the deploy when it fails.
 */
import '../../infra/local/step-functions/promise-with-resolvers.ts';
import { StateMachine as LocalStateMachine } from 'aws-local-stepfunctions';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrationIds } from '../../infra/migrations.ts';
import { TRIGGERS } from '../../infra/lambda-triggers.ts';
import { definitionOf } from '../../infra/local/step-functions/import-definition.ts';
import { SYNTH_TIMEOUT_MS, logicalIdOf, synthesizeRaceFinder } from './synth-stack.ts';
import type { Synthesized } from './synth-stack.ts';
import { asArray, functionForHandler, resources, resourcesOfType, statementsOfFunctionRole } from './template-queries.ts';

let synth: Synthesized;
let machineId: string;
let asl: { StartAt: string; TimeoutSeconds?: number; States: Record<string, Record<string, unknown>> };
beforeAll(() => {
  synth = synthesizeRaceFinder();
  machineId = logicalIdOf(synth.stack, synth.stack.migrations.stateMachine);
  asl = definitionOf(resources(synth.template)[machineId]!.Properties as { DefinitionString: unknown }) as unknown as typeof asl;
}, SYNTH_TIMEOUT_MS);
afterAll(() => synth?.cleanup());

/** Runs the synthesized definition with `runSteps` as the RunSteps task. */
function execute(runSteps: (input: unknown) => Promise<unknown>, input: unknown = {}) {
  const machine = new LocalStateMachine(structuredClone(asl) as never);
  return machine.run(input as never, { overrides: { taskResourceLocalHandlers: { RunSteps: runSteps as never }, retryIntervalOverrides: { RunSteps: 0 } } }).result;
}

describe('the migrations state machine', () => {
  it('invokes the step function until it says every migration is done', async () => {
    const inputs: unknown[] = [];
    const migrations = ['0001-profile-search-keys', '0002-search-index-7'];
    const output = await execute(
      async (input) => {
        inputs.push(input);
        return { done: inputs.length === 3, steps: 40 };
      },
      { requestId: 'deploy-1', migrations },
    );
    expect(inputs).toHaveLength(3);
    // Every invocation hears which migrations its deploy brought (a rollback's older list runs only those).
    for (const input of inputs) expect(input).toMatchObject({ migrations });
    expect(output).toEqual({ requestId: 'deploy-1', migrations, result: { done: true, steps: 40 } });
    expect(asl.States.RunSteps!.Resource).toBe(`arn:aws:lambda:us-east-1:000000000000:function:${functionForHandler(synth.template, TRIGGERS.migrationSteps.handler)[0]}`);
    expect(asl.TimeoutSeconds).toBe(7200);
  });

  it('fails when a step fails, after retrying only Lambda’s own transient errors', async () => {
    let invocations = 0;
    await expect(
      execute(async () => {
        invocations += 1;
        throw Object.assign(new Error('The migration 0002-search-index-7 failed'), { name: 'Error' });
      }),
    ).rejects.toThrow();
    expect(invocations).toBe(1);
    const retry = (asl.States.RunSteps!.Retry as { ErrorEquals: string[] }[])[0]!;
    expect(retry.ErrorEquals).toEqual(expect.arrayContaining(['Lambda.ServiceException', 'States.Timeout']));
    expect(retry.ErrorEquals).not.toContain('States.ALL');
  });

  it('gives the migration step function the request path’s reads and writes, and no function a Scan', () => {
    const scanners = resourcesOfType(synth.template, 'AWS::Lambda::Function').filter(([, fn]) =>
      statementsOfFunctionRole(synth.template, fn).some((statement) => asArray(statement.Action).includes('dynamodb:Scan')),
    );
    expect(scanners).toEqual([]);
    const [, steps] = functionForHandler(synth.template, TRIGGERS.migrationSteps.handler);
    const actions = statementsOfFunctionRole(synth.template, steps).flatMap((statement) => asArray(statement.Action)).filter((action) => action.startsWith('dynamodb:'));
    expect(actions).toEqual(expect.arrayContaining(['dynamodb:Query', 'dynamodb:PutItem', 'dynamodb:BatchWriteItem']));
  });
});

describe('the deploy', () => {
  it('runs the migrations through a custom resource that changes with the version and the list of migrations', () => {
    const [, resource] = resourcesOfType(synth.template, 'Custom::DataMigrations')[0]!;
    expect(resource.Properties).toMatchObject({ Migrations: migrationIds(), AppVersion: expect.any(String) });
  });

  it('starts only this state machine from onEvent, and only reads its executions from isComplete', () => {
    const [, start] = functionForHandler(synth.template, TRIGGERS.migrationsStart.handler);
    const startStates = statementsOfFunctionRole(synth.template, start).filter((statement) => asArray(statement.Action).some((action) => action.startsWith('states:')));
    expect(startStates).toEqual([expect.objectContaining({ Action: 'states:StartExecution', Resource: { Ref: machineId } })]);
    expect((start.Properties!.Environment as { Variables: Record<string, unknown> }).Variables.MIGRATIONS_STATE_MACHINE_ARN).toEqual({ Ref: machineId });
    const [, check] = functionForHandler(synth.template, TRIGGERS.migrationsCheck.handler);
    const checkStates = statementsOfFunctionRole(synth.template, check).filter((statement) => asArray(statement.Action).some((action) => action.startsWith('states:')));
    expect(checkStates).toHaveLength(1);
    expect(checkStates[0]!.Action).toBe('states:DescribeExecution');
    expect(JSON.stringify(checkStates[0]!.Resource)).toContain(':execution:');
  });
});
