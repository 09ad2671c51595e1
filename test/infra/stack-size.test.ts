import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_ROUTES_PER_STACK } from '../../infra/api.ts';
import { FUNCTIONS_PER_ERROR_ALARM } from '../../infra/operations.ts';
import { TRIGGERS } from '../../infra/lambda-triggers.ts';
import type { RouteAreas } from '../../infra/api.ts';
import { ROUTE_AREAS, ROUTES, routeKey } from '../../shared/routes/index.ts';
import type { AnyRouteDefinition } from '../../shared/routes/index.ts';
import { SYNTH_TIMEOUT_MS, synthesizeRaceFinder } from './synth-stack.ts';
import type { Synthesized } from './synth-stack.ts';
import { handlerTag, ourFunctions, resourcesOfType } from './template-queries.ts';

/** CloudFormation refuses a stack of more than 500 resources; this margin leaves room for a release's growth. */
const RESOURCES_PER_STACK_LIMIT = 400;
/** What one route costs in its area stack: function, role, policy, log group, permission, integration, route. */
const RESOURCES_PER_ROUTE = 7;

/**
 * A route table of `count` routes over `areaCount` areas, each route a copy of a real one (so its handler
 * module exists and the access levels are mixed as in the app) at a path of its own.
 */
function generatedRouteAreas(count: number, areaCount: number): RouteAreas {
  const models = Object.values(ROUTES) as AnyRouteDefinition[];
  const areas: Record<string, Record<string, AnyRouteDefinition>> = {};
  for (let index = 0; index < count; index += 1) {
    const model = models[index % models.length]!;
    const id = `generated${index}`;
    const area = (areas[`area-${index % areaCount}`] ??= {});
    area[id] = { ...model, id, path: `/api/generated-${index}${model.path.slice('/api'.length)}` as `/api/${string}` };
  }
  return areas;
}

const overLimit = (synth: Synthesized) =>
  synth.stacks.filter((stack) => stack.resourceCount >= RESOURCES_PER_STACK_LIMIT).map((s) => `${s.path}: ${s.resourceCount}`);

describe('the deployed assembly', () => {
  let synth: Synthesized;
  beforeAll(() => {
    synth = synthesizeRaceFinder();
  }, SYNTH_TIMEOUT_MS);
  afterAll(() => synth?.cleanup());

  it(`keeps every stack under ${RESOURCES_PER_STACK_LIMIT} resources`, () => {
    expect(synth.stacks.length).toBeGreaterThan(1);
    expect(overLimit(synth)).toEqual([]);
  });

  it('holds each API area in a nested stack of its own and nothing of the routes in the top stack', () => {
    const nested = synth.stacks.filter((stack) => stack.nested).map((stack) => stack.path);
    expect(nested.sort()).toEqual(Object.keys(ROUTE_AREAS).map((area) => `RaceFinder/Api/${area[0]!.toUpperCase()}${area.slice(1)}Routes`).sort());
    const top = synth.stacks.find((stack) => !stack.nested)!;
    expect(resourcesOfType(top.template, 'AWS::ApiGatewayV2::Route')).toEqual([]);
    expect(resourcesOfType(top.template, 'AWS::ApiGatewayV2::Api')).toHaveLength(1);
    expect(resourcesOfType(top.template, 'AWS::ApiGatewayV2::Stage')).toHaveLength(1);
    expect(resourcesOfType(top.template, 'AWS::ApiGatewayV2::Authorizer')).toHaveLength(1);
    // The functions no route calls (infra/lambda-triggers.ts: the sign-up triggers, the export worker, the event
    // pages, the import and migration tasks) stay with the user pool, the bucket, the distribution and the state machines.
    expect(ourFunctions(top.template).map(([, fn]) => handlerTag(fn)).sort()).toEqual(
      Object.values(TRIGGERS).map((trigger) => trigger.handler).sort(),
    );
  });

  it("puts each area's routes, and only them, in that area's stack", () => {
    for (const [area, table] of Object.entries(ROUTE_AREAS)) {
      const stack = synth.stacks.find((candidate) => candidate.path.toLowerCase() === `racefinder/api/${area}routes`.toLowerCase())!;
      const keys = resourcesOfType(stack.template, 'AWS::ApiGatewayV2::Route').map(([, route]) => route.Properties!.RouteKey);
      expect(keys.sort(), area).toEqual(Object.values(table).map((route) => routeKey(route)).sort());
      expect(stack.resourceCount, area).toBe(Object.keys(table).length * RESOURCES_PER_ROUTE);
    }
  });
});

describe('an API of 100 routes over 5 areas', () => {
  const routeAreas = generatedRouteAreas(100, 5);
  let synth: Synthesized;
  beforeAll(() => {
    // Generated tables have none of the app's route ids, so none of its per-route needs.
    synth = synthesizeRaceFinder({}, { routeAreas, routeNeeds: {} });
  }, SYNTH_TIMEOUT_MS);
  afterAll(() => synth?.cleanup());

  it('builds every route, in one area stack per area', () => {
    expect(resourcesOfType(synth.template, 'AWS::ApiGatewayV2::Route')).toHaveLength(100);
    expect(ourFunctions(synth.template)).toHaveLength(100 + Object.keys(TRIGGERS).length);
    expect(synth.stacks.filter((stack) => stack.nested)).toHaveLength(5);
  });

  it(`keeps every stack under ${RESOURCES_PER_STACK_LIMIT} resources, at ${RESOURCES_PER_ROUTE} a route in the area stacks`, () => {
    expect(overLimit(synth)).toEqual([]);
    for (const stack of synth.stacks.filter((candidate) => candidate.nested)) {
      expect(stack.resourceCount, stack.path).toBe(20 * RESOURCES_PER_ROUTE);
    }
  });

  it('has no unacknowledged cdk-nag AwsSolutions errors or warnings', () => {
    expect(synth.nagFindings).toEqual([]);
  });
});

describe(`an area of more than ${MAX_ROUTES_PER_STACK} routes`, () => {
  let synth: Synthesized;
  beforeAll(() => {
    synth = synthesizeRaceFinder({}, { routeAreas: generatedRouteAreas(120, 1), routeNeeds: {} });
  }, SYNTH_TIMEOUT_MS);
  afterAll(() => synth?.cleanup());

  it(`is split over stacks of at most ${MAX_ROUTES_PER_STACK} routes, each under ${RESOURCES_PER_STACK_LIMIT} resources`, () => {
    const nested = synth.stacks.filter((stack) => stack.nested);
    expect(nested.map((stack) => [stack.path, resourcesOfType(stack.template, 'AWS::ApiGatewayV2::Route').length])).toEqual([
      ['RaceFinder/Api/Area0Routes', 50],
      ['RaceFinder/Api/Area0Routes2', 50],
      ['RaceFinder/Api/Area0Routes3', 20],
    ]);
    expect(resourcesOfType(synth.template, 'AWS::ApiGatewayV2::Route')).toHaveLength(120);
    expect(overLimit(synth)).toEqual([]);
  });

  it('sums the errors of its 120 functions in alarms of at most 10 functions each, all in the top stack', () => {
    const top = synth.stacks.find((stack) => !stack.nested)!;
    const errorAlarms = resourcesOfType(top.template, 'AWS::CloudWatch::Alarm').filter(([, alarm]) =>
      String(alarm.Properties!.AlarmName).includes('-lambda-errors-area-0'),
    );
    const sizes = errorAlarms.map(([, alarm]) => (alarm.Properties!.Metrics as { MetricStat?: unknown }[]).filter((q) => q.MetricStat).length);
    expect(sizes.reduce((sum, size) => sum + size, 0)).toBe(120);
    expect(Math.max(...sizes)).toBeLessThanOrEqual(FUNCTIONS_PER_ERROR_ALARM);
    expect(errorAlarms).toHaveLength(12);
  });
});
