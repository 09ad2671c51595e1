import { App, Duration } from 'aws-cdk-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RouteAreas } from '../../infra/api.ts';
import { REQUEST_PATH_READ_ACTIONS } from '../../infra/data.ts';
import { readDeployConfig } from '../../infra/deploy-config.ts';
import type { RouteNeeds, RouteNeedsTable } from '../../infra/route-needs.ts';
import { RaceFinderStack } from '../../infra/stack.ts';
import { ROUTES, ROUTE_AREAS, ROUTE_IDS } from '../../shared/routes/index.ts';
import type { AnyRouteDefinition } from '../../shared/routes/index.ts';
import { SYNTH_TIMEOUT_MS, makeWebBuild, synthesizeRaceFinder } from './synth-stack.ts';
import type { Synthesized } from './synth-stack.ts';
import { asArray, functionForHandler, resources, statementsOfFunctionRole } from './template-queries.ts';
import type { PolicyStatement, Resource } from './template-queries.ts';

/**
 * DynamoDB actions that change data. Transactions have no IAM action of their own (TransactWriteItems is
 * authorised by the Put/Update/Delete of each item), listed anyway in case a policy names them.
 */
const TABLE_WRITE_ACTIONS = [
  'dynamodb:PutItem',
  'dynamodb:UpdateItem',
  'dynamodb:DeleteItem',
  'dynamodb:BatchWriteItem',
  'dynamodb:TransactWriteItems',
  'dynamodb:PartiQLInsert',
  'dynamodb:PartiQLUpdate',
  'dynamodb:PartiQLDelete',
  'dynamodb:ImportTable',
  'dynamodb:RestoreTableFromBackup',
  'dynamodb:DeleteTable',
  'dynamodb:UpdateTable',
];

const routes = ROUTE_IDS.map((id) => ROUTES[id] as AnyRouteDefinition);
const anyoneMayCall = (route: AnyRouteDefinition) => route.access === 'public' || route.access === 'optional';

/** Every statement that applies to a function's role: its policies, and inline or managed ones on the role. */
function roleStatements(synth: Synthesized, fn: Resource): PolicyStatement[] {
  const roleId = (fn.Properties!.Role as { 'Fn::GetAtt': [string, string] })['Fn::GetAtt'][0];
  const role = resources(synth.template)[roleId]!;
  // Inline or managed policies on the role would escape statementsOfFunctionRole: there are none.
  expect(role.Properties?.Policies, roleId).toBeUndefined();
  expect(role.Properties?.ManagedPolicyArns, roleId).toBeUndefined();
  return statementsOfFunctionRole(synth.template, fn);
}

const dynamoActions = (statements: PolicyStatement[]) =>
  statements.flatMap((statement) => asArray(statement.Action)).filter((action) => action.startsWith('dynamodb:'));

describe('table access of the routes', () => {
  let synth: Synthesized;
  beforeAll(() => {
    synth = synthesizeRaceFinder();
  }, SYNTH_TIMEOUT_MS);
  afterAll(() => synth?.cleanup());

  it('lets no route that anyone may call write to the table, but for counters in the analytics partitions, the newsletter, contact messages and one-click unsubscribes in their own', () => {
    const open = routes.filter(anyoneMayCall);
    expect(open.length).toBeGreaterThan(0);
    expect(open.filter((route) => route.data === 'count').map((route) => route.id)).toEqual(['recordBeacon']);
    expect(open.filter((route) => route.data === 'newsletter').map((route) => route.id).sort()).toEqual(['subscribeToNewsletter', 'unsubscribeFromNewsletter']);
    expect(open.filter((route) => route.data === 'contact').map((route) => route.id)).toEqual(['sendContactMessage']);
    expect(open.filter((route) => route.data === 'unsubscribe').map((route) => route.id)).toEqual(['unsubscribe']);
    const partitions = {
      count: ['STATS#*', 'SEEN#*', 'ANALYTICS_SALT'],
      newsletter: ['NEWSLETTER#*'],
      contact: ['CONTACT#*'],
      // The token's person's switches (their own USER# partition) and the token's use record.
      unsubscribe: ['USER#*', 'UNSUBSCRIBED#*'],
    } as const;
    for (const route of open) {
      const [id, fn] = functionForHandler(synth.template, route.handler);
      const statements = roleStatements(synth, fn);
      const actions = dynamoActions(statements);
      expect(actions.length, id).toBeGreaterThan(0);
      for (const statement of statements) {
        const writes = asArray(statement.Action).filter((action) => TABLE_WRITE_ACTIONS.includes(action));
        if (writes.length === 0) continue;
        // Only a partition-limited route writes, only Put and Update, and only under its own key prefixes.
        expect(['count', 'newsletter', 'contact', 'unsubscribe'], `${route.id}: ${writes.join(', ')}`).toContain(route.data);
        expect(writes.sort(), route.id).toEqual(['dynamodb:PutItem', 'dynamodb:UpdateItem']);
        expect(statement.Condition, route.id).toEqual({ 'ForAllValues:StringLike': { 'dynamodb:LeadingKeys': partitions[route.data as keyof typeof partitions] } });
      }
      for (const action of actions) expect(action, route.id).not.toContain('*');
    }
  });

  it('gives routes that declare read access only read actions', () => {
    const readers = routes.filter((route) => route.data === 'read');
    expect(readers.length).toBeGreaterThan(0);
    for (const route of readers) {
      const [, fn] = functionForHandler(synth.template, route.handler);
      expect(dynamoActions(roleStatements(synth, fn)).sort(), route.id).toEqual([...REQUEST_PATH_READ_ACTIONS].sort());
    }
  });

  it('gives routes that declare read-write access the writes too', () => {
    const writers = routes.filter((route) => route.data === 'read-write');
    expect(writers.length).toBeGreaterThan(0);
    for (const route of writers) {
      const [, fn] = functionForHandler(synth.template, route.handler);
      expect(dynamoActions(roleStatements(synth, fn)), route.id).toEqual(expect.arrayContaining(['dynamodb:PutItem', 'dynamodb:UpdateItem']));
    }
  });
});

/** Builds the stack (without synthesizing it) from the app's table with some routes changed. */
function buildWith(options: { routeAreas?: RouteAreas; routeNeeds?: Readonly<Record<string, RouteNeeds | undefined>> }): void {
  const app = new App({ context: { 'aws:cdk:bundling-stacks': [] } });
  new RaceFinderStack(app, 'RaceFinder', { deploy: readDeployConfig(app.node), webDistPath: makeWebBuild(app.outdir), ...options });
}

describe('refusals', () => {
  it('refuses a route anyone may call that declares read-write access', () => {
    const routeAreas = { ...ROUTE_AREAS, events: { ...ROUTE_AREAS.events, searchEvents: { ...ROUTES.searchEvents, data: 'read-write' as const } } };
    expect(() => buildWith({ routeAreas })).toThrow(/searchEvents is public but declares data: 'read-write'/);
  });

  it('refuses needs for a route that is not in the table, at compile time and at synth', () => {
    const misspelt = {
      // @ts-expect-error: RouteNeedsTable is keyed by route id, and there is no route serchEvents.
      serchEvents: { memorySize: 512 },
    } satisfies RouteNeedsTable;
    expect(() => buildWith({ routeNeeds: misspelt })).toThrow(/not in the table: serchEvents/);
  });

  it('refuses a timeout API Gateway would not wait for', () => {
    const routeNeeds = { searchEvents: { timeout: Duration.seconds(30) } } satisfies RouteNeedsTable;
    expect(() => buildWith({ routeNeeds })).toThrow(/searchEvents: a timeout of 30 seconds outlives/);
  });

  it('refuses a secret variable that would replace one the handlers read', () => {
    const routeNeeds = { updateMe: { secrets: { TABLE_NAME: 'racefinder/oops' } } } satisfies RouteNeedsTable;
    expect(() => buildWith({ routeNeeds })).toThrow(/updateMe: secret variable TABLE_NAME/);
  });
});

describe('route needs', () => {
  const needs = {
    updateMe: {
      timeout: Duration.seconds(20),
      memorySize: 1024,
      secrets: { COACH_API_KEY_SECRET: 'racefinder/coach-api-key' },
      grants: (fn, { data }) => data.grant(fn, ['dynamodb:ConditionCheckItem']),
    },
  } satisfies RouteNeedsTable;
  let synth: Synthesized;
  beforeAll(() => {
    synth = synthesizeRaceFinder({}, { routeNeeds: needs });
  }, SYNTH_TIMEOUT_MS);
  afterAll(() => synth?.cleanup());

  it("sets the route's timeout and memory and leaves the others on the defaults", () => {
    const [, fn] = functionForHandler(synth.template, ROUTES.updateMe.handler);
    expect(fn.Properties).toMatchObject({ Timeout: 20, MemorySize: 1024 });
    const [, other] = functionForHandler(synth.template, ROUTES.getMe.handler);
    expect(other.Properties).toMatchObject({ Timeout: 10, MemorySize: 256 });
  });

  it('passes the secret by name, never its value, and lets the function read that secret only', () => {
    const [, fn] = functionForHandler(synth.template, ROUTES.updateMe.handler);
    const variables = (fn.Properties!.Environment as { Variables: Record<string, unknown> }).Variables;
    expect(variables.COACH_API_KEY_SECRET).toBe('racefinder/coach-api-key');
    const secretStatements = roleStatements(synth, fn).filter((statement) =>
      asArray(statement.Action).some((action) => action.startsWith('secretsmanager:')),
    );
    expect(secretStatements).toHaveLength(1);
    expect(asArray(secretStatements[0]!.Action).sort()).toEqual(['secretsmanager:DescribeSecret', 'secretsmanager:GetSecretValue']);
    expect(JSON.stringify(secretStatements[0]!.Resource)).toContain(':secret:racefinder/coach-api-key-??????');
    const [, other] = functionForHandler(synth.template, ROUTES.getMe.handler);
    expect(JSON.stringify(roleStatements(synth, other))).not.toContain('secretsmanager');
  });

  it('adds the extra grants to the table access the route declares', () => {
    const [, fn] = functionForHandler(synth.template, ROUTES.updateMe.handler);
    expect(dynamoActions(roleStatements(synth, fn))).toEqual(
      expect.arrayContaining(['dynamodb:ConditionCheckItem', 'dynamodb:PutItem', 'dynamodb:GetItem']),
    );
  });

  it('has no unacknowledged cdk-nag AwsSolutions errors or warnings', () => {
    expect(synth.nagFindings).toEqual([]);
  });
});
