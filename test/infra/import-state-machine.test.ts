import { App, Stack } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import { StateMachine as LocalStateMachine } from 'aws-local-stepfunctions';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Data } from '../../infra/data.ts';
import { DeployConfigError, importScheduleOf, readDeployConfig } from '../../infra/deploy-config.ts';
import { IMPORT_TASKS, IMPORT_TASK_STATES, Imports, importTaskModule, type ImportTaskName } from '../../infra/imports.ts';
import { definitionOf, importStateMachineDefinition } from '../../infra/local/step-functions/import-definition.ts';
import { PAGES_AT_ONCE } from '../../lambdas/imports/tasks/task-io.ts';
import { SYNTH_TIMEOUT_MS, logicalIdOf, synthesizeRaceFinder } from './synth-stack.ts';
import type { Synthesized } from './synth-stack.ts';
import { asArray, functionForHandler, resources, resourcesOfType, statementsOfFunctionRole } from './template-queries.ts';
import type { PolicyStatement, Resource } from './template-queries.ts';

const IMPORT_TASK_NAMES = Object.keys(IMPORT_TASKS) as ImportTaskName[];

interface AslState {
  Type: string;
  Next?: string;
  End?: boolean;
  Resource?: string;
  Retry?: { ErrorEquals: string[]; IntervalSeconds?: number; MaxAttempts?: number; BackoffRate?: number }[];
  Catch?: { ErrorEquals: string[]; Next: string; ResultPath?: string }[];
  MaxConcurrency?: number;
  ItemsPath?: string;
  ItemProcessor?: { StartAt: string; States: Record<string, AslState> };
  TimeoutSeconds?: number;
  Choices?: { Variable: string; Next: string }[];
  Default?: string;
}
interface Asl {
  StartAt: string;
  States: Record<string, AslState>;
  TimeoutSeconds?: number;
}

let synth: Synthesized;
let asl: Asl;
let machineId: string;
beforeAll(() => {
  synth = synthesizeRaceFinder();
  machineId = logicalIdOf(synth.stack, synth.stack.imports.stateMachine);
  const machine = resources(synth.template)[machineId]!;
  asl = definitionOf(machine.Properties as { DefinitionString: unknown }) as unknown as Asl;
}, SYNTH_TIMEOUT_MS);
afterAll(() => synth?.cleanup());

/** Every state, the Map's inner ones included, by name. */
function allStates(definition: Asl): Record<string, AslState> {
  const states: Record<string, AslState> = {};
  const walk = (of: Record<string, AslState>) => {
    for (const [name, state] of Object.entries(of)) {
      states[name] = state;
      if (state.ItemProcessor) walk(state.ItemProcessor.States);
    }
  };
  walk(definition.States);
  return states;
}

const statementsOfRole = (roleId: string): PolicyStatement[] =>
  Object.values(resources(synth.template))
    .filter((resource) => resource.Type === 'AWS::IAM::Policy' && asArray(resource.Properties?.Roles as unknown[]).some((role) => JSON.stringify(role) === JSON.stringify({ Ref: roleId })))
    .flatMap((policy) => asArray((policy.Properties!.PolicyDocument as { Statement: PolicyStatement[] }).Statement));

describe('the import state machine', () => {
  it('is valid Amazon States Language, as aws-local-stepfunctions validates it', () => {
    // A copy: the library fills in defaults (QueryLanguage) on the definition it is given.
    expect(() => new LocalStateMachine(structuredClone(asl) as never)).not.toThrow();
    const broken = structuredClone(asl);
    broken.States.MorePages!.Default = 'NoSuchState';
    expect(() => new LocalStateMachine(broken as never)).toThrow();
    expect(asl.StartAt).toBe('StartJob');
    expect(asl.TimeoutSeconds).toBeGreaterThan(0);
  });

  it('is the very definition the local runner executes', () => {
    expect(importStateMachineDefinition()).toEqual(asl);
  });

  it('runs each Task state on its own task function', () => {
    const states = allStates(asl);
    for (const [stateName, fnName] of Object.entries(IMPORT_TASK_STATES)) {
      const [fnId] = functionForHandler(synth.template, importTaskModule(fnName));
      expect(states[stateName]?.Type, stateName).toBe('Task');
      expect(states[stateName]?.Resource, stateName).toBe(`arn:aws:lambda:us-east-1:000000000000:function:${fnId}`);
    }
  });

  it('retries Lambda service errors and task timeouts with backoff on every task, and gives every task a timeout', () => {
    const tasks = Object.entries(allStates(asl)).filter(([, state]) => state.Type === 'Task');
    expect(tasks.length).toBe(Object.keys(IMPORT_TASK_STATES).length);
    for (const [name, state] of tasks) {
      const retry = state.Retry?.find((retrier) => retrier.ErrorEquals.includes('Lambda.ServiceException'));
      expect(retry, name).toBeDefined();
      expect(retry!.ErrorEquals, name).toEqual(expect.arrayContaining(['States.Timeout', 'Lambda.TooManyRequestsException']));
      expect(retry!.BackoffRate, name).toBeGreaterThan(1);
      expect(retry!.MaxAttempts, name).toBeGreaterThanOrEqual(2);
      expect(state.TimeoutSeconds, name).toBeGreaterThan(0);
    }
  });

  it('fetches pages in a Map of at most 2 at once, and catches a page that fails after its retries to record it', () => {
    const batch = asl.States.ImportBatch!;
    expect(batch.Type).toBe('Map');
    expect(batch.MaxConcurrency).toBe(2);
    expect(PAGES_AT_ONCE).toBe(2);
    expect(batch.ItemsPath).toBe('$.pages');
    const page = batch.ItemProcessor!.States.ImportPage!;
    expect(page.Catch).toEqual([{ ErrorEquals: ['States.ALL'], ResultPath: '$.error', Next: 'RecordPageFailure' }]);
    expect(batch.ItemProcessor!.States.RecordPageFailure!.End).toBe(true);
  });

  it('loops while the batch says more pages follow, then finishes the job', () => {
    expect(asl.States.ImportBatch!.Next).toBe('MorePages');
    expect(asl.States.MorePages!.Choices).toEqual([expect.objectContaining({ Variable: '$.batch[1].more', Next: 'NextBatch' })]);
    expect(asl.States.MorePages!.Default).toBe('FinishJob');
    expect(asl.States.NextBatch!.Next).toBe('ImportBatch');
    expect(asl.States.FinishJob!.Next).toBe('Imported');
    expect(asl.States.SkippedOrRun!.Type).toBe('Choice');
  });

  it('ends the job as failed when the run itself fails, and the execution as failed too', () => {
    for (const name of ['StartJob', 'ImportBatch', 'FinishJob']) {
      expect(asl.States[name]!.Catch, name).toEqual([{ ErrorEquals: ['States.ALL'], ResultPath: '$.error', Next: 'FailJob' }]);
    }
    expect(asl.States.FailJob!.Next).toBe('ImportFailed');
    expect(asl.States.ImportFailed!.Type).toBe('Fail');
  });

  it('may invoke its three task functions and nothing else, and logs every execution event', () => {
    const machine = resources(synth.template)[machineId]!;
    const roleId = (machine.Properties!.RoleArn as { 'Fn::GetAtt': [string, string] })['Fn::GetAtt'][0];
    const statements = statementsOfRole(roleId);
    const invoke = statements.filter((statement) => asArray(statement.Action).includes('lambda:InvokeFunction'));
    const functionIds = IMPORT_TASK_NAMES.map((name) => functionForHandler(synth.template, importTaskModule(name))[0]);
    const invoked = new Set(invoke.flatMap((statement) => asArray(statement.Resource as unknown[])).map((resource) => JSON.stringify(resource).match(/"(\w+Function\w+)"/)?.[1]));
    expect([...invoked].sort()).toEqual(functionIds.sort());
    expect(statements.flatMap((statement) => asArray(statement.Action)).filter((action) => !action.startsWith('logs:') && action !== 'lambda:InvokeFunction')).toEqual([]);
    expect((machine.Properties!.LoggingConfiguration as { Level: string }).Level).toBe('ALL');
  });

  it('gives the task functions their table actions, never Scan, and no function outside the import may be invoked by them', () => {
    for (const name of IMPORT_TASK_NAMES) {
      const task = { ...IMPORT_TASKS[name], handlerModule: importTaskModule(name) };
      const [, fn] = functionForHandler(synth.template, task.handlerModule);
      const statements = statementsOfFunctionRole(synth.template, fn);
      const actions = statements.flatMap((statement) => asArray(statement.Action));
      expect(actions.filter((action) => action.startsWith('dynamodb:')).sort(), task.handlerModule).toEqual([...task.actions].sort());
      expect(actions, task.handlerModule).not.toContain('dynamodb:Scan');
      expect(actions.filter((action) => !action.startsWith('dynamodb:') && !action.startsWith('logs:')), task.handlerModule).toEqual([]);
      const variables = (fn.Properties!.Environment as { Variables: Record<string, unknown> }).Variables;
      expect(variables, task.handlerModule).toMatchObject({ RUNSIGNUP_API_URL: 'https://runsignup.com', RUNSIGNUP_ALLOWED_HOSTS: 'runsignup.com' });
    }
  });
});

describe('starting an import from the API', () => {
  it('lets the startImportJob route, and no other function, start this state machine, and tells it which', () => {
    const starters = Object.values(resources(synth.template))
      .filter((resource) => resource.Type === 'AWS::Lambda::Function')
      .filter((fn) =>
        statementsOfFunctionRole(synth.template, fn).some(
          (statement) => asArray(statement.Action).some((action) => action.startsWith('states:')) && JSON.stringify(statement.Resource).includes(machineId),
        ),
      );
    expect(starters.map((fn) => (fn.Properties!.Tags as { Key: string; Value: string }[]).find((tag) => tag.Key === 'racefinder:handler')?.Value)).toEqual([
      'imports/start-import-job',
    ]);
    const statements = statementsOfFunctionRole(synth.template, starters[0]!).filter((statement) => asArray(statement.Action).some((action) => action.startsWith('states:')));
    expect(statements).toEqual([expect.objectContaining({ Effect: 'Allow', Action: 'states:StartExecution', Resource: { Ref: machineId } })]);
    expect((starters[0]!.Properties!.Environment as { Variables: Record<string, unknown> }).Variables.IMPORT_STATE_MACHINE_ARN).toEqual({ Ref: machineId });
  });
});

describe('the nightly import schedule', () => {
  let schedule: Resource;
  beforeAll(() => {
    // The stack's other schedule is the daily alerts' (test/infra/notifications.test.ts).
    const imports = resourcesOfType(synth.template, 'AWS::Scheduler::Schedule').filter(([, candidate]) => candidate.Properties!.Description === 'Nightly RunSignup import');
    expect(imports).toHaveLength(1);
    schedule = imports[0]![1];
  });

  it('starts the state machine at 3 am New York time with a full sync of the next 180 days', () => {
    const props = schedule.Properties!;
    expect(props.ScheduleExpression).toBe('cron(0 3 * * ? *)');
    expect(props.ScheduleExpressionTimezone).toBe('America/New_York');
    expect(props.State).toBe('ENABLED');
    const target = props.Target as { Arn: unknown; RoleArn: unknown; Input: string };
    expect(target.Arn).toEqual({ Ref: machineId });
    expect(JSON.parse(target.Input)).toEqual({
      source: 'runsignup',
      startedBy: 'schedule',
      options: { days: 180, limit: 10000, autoVerify: true, mode: 'full' },
    });
  });

  it('uses a role that only EventBridge Scheduler may assume and that may only start this state machine', () => {
    const roleId = ((schedule.Properties!.Target as { RoleArn: { 'Fn::GetAtt': [string, string] } }).RoleArn)['Fn::GetAtt'][0];
    const role = resources(synth.template)[roleId]!;
    const trust = (role.Properties!.AssumeRolePolicyDocument as { Statement: PolicyStatement[] }).Statement;
    expect(trust).toHaveLength(1);
    expect((trust[0] as PolicyStatement & { Principal?: unknown }).Principal).toEqual({ Service: 'scheduler.amazonaws.com' });
    const inline = (role.Properties!.Policies as { PolicyDocument: { Statement: PolicyStatement[] } }[]).flatMap((policy) => policy.PolicyDocument.Statement);
    expect(inline).toEqual([{ Effect: 'Allow', Action: 'states:StartExecution', Resource: { Ref: machineId } }]);
    expect(statementsOfRole(roleId)).toEqual([]);
    expect(role.Properties!.ManagedPolicyArns).toBeUndefined();
  });

  it('exposes the state machine on the stack, whose failed executions raise an alarm', () => {
    expect(logicalIdOf(synth.stack, synth.stack.imports.stateMachine)).toBe(machineId);
    const alarm = resourcesOfType(synth.template, 'AWS::CloudWatch::Alarm').find(([, resource]) => resource.Properties!.AlarmName === 'RaceFinder-imports-failed');
    expect(JSON.stringify(alarm?.[1].Properties!.Metrics)).toContain(JSON.stringify({ Name: 'StateMachineArn', Value: { Ref: machineId } }));
  });
});

describe('the nightly import from deploy context', () => {
  const scheduleOf = (context: Record<string, unknown>) => {
    const app = new App({ context: { 'aws:cdk:bundling-stacks': [], ...context } });
    const stack = new Stack(app, 'Probe');
    new Imports(stack, 'Imports', { data: new Data(stack, 'Data'), appVersion: 'test', superAdminEmails: [], schedule: importScheduleOf(readDeployConfig(app.node)) });
    return Template.fromStack(stack);
  };

  it('takes the expression, state, window and limit from context', () => {
    const template = scheduleOf({ importSchedule: 'rate(12 hours)', importState: 'co', importDays: '30', importLimit: '2500' });
    const [, schedule] = resourcesOfType(template, 'AWS::Scheduler::Schedule')[0]!;
    expect(schedule.Properties!.ScheduleExpression).toBe('rate(12 hours)');
    expect(JSON.parse((schedule.Properties!.Target as { Input: string }).Input).options).toEqual({
      state: 'CO',
      days: 30,
      limit: 2500,
      autoVerify: true,
      mode: 'full',
    });
  });

  it('creates no schedule when importSchedule is off', () => {
    expect(resourcesOfType(scheduleOf({ importSchedule: 'off' }), 'AWS::Scheduler::Schedule')).toEqual([]);
  });

  it('refuses a bad expression, state, window or limit with a message naming it', () => {
    const configOf = (context: Record<string, unknown>) => () => readDeployConfig(new App({ context }).node);
    expect(configOf({ importSchedule: 'every night' })).toThrow(DeployConfigError);
    expect(configOf({ importSchedule: 'every night' })).toThrow(/importSchedule/);
    expect(configOf({ importState: 'XX' })).toThrow(/importState/);
    expect(configOf({ importDays: '0' })).toThrow(/importDays/);
    expect(configOf({ importLimit: '20000' })).toThrow(/importLimit/);
  });
});
