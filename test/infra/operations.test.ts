import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { App, Stack } from 'aws-cdk-lib';
import { HttpApi } from 'aws-cdk-lib/aws-apigatewayv2';
import { Template } from 'aws-cdk-lib/assertions';
import { Code, Function as LambdaFn, Runtime } from 'aws-cdk-lib/aws-lambda';
import { LogGroup } from 'aws-cdk-lib/aws-logs';
import { Pass, StateMachine, DefinitionBody } from 'aws-cdk-lib/aws-stepfunctions';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEPLOY_REGION, DeployConfigError, assertDeployRegion, readDeployConfig } from '../../infra/deploy-config.ts';
import { FUNCTIONS_PER_ERROR_ALARM, Operations, THRESHOLDS } from '../../infra/operations.ts';
import { TRIGGERS } from '../../infra/lambda-triggers.ts';
import { SiteFirewall } from '../../infra/waf.ts';
import { METRICS_DIMENSIONS, METRICS_NAMESPACE, WEBHOOK_FAILURES_METRIC } from '../../shared/operations-metrics.ts';
import { ANONYMOUS_SIGNED_IN_LIMIT, ROUTES, ROUTE_AREAS, ROUTE_IDS, SIGNED_IN_LIMIT_PER_TOKEN } from '../../shared/routes/index.ts';
import { isOpenAccess } from '../../shared/roles.ts';
import { ADMIN_IMPORTS_ROUTES } from '../../shared/routes/admin-imports.ts';
import { RuntimeConfigSchema } from '../../shared/runtime-config.ts';
import { SYNTH_TIMEOUT_MS, logicalIdOf, synthesizeRaceFinder } from './synth-stack.ts';
import type { Synthesized } from './synth-stack.ts';
import { asArray, handlerTag, onlyResourceOfType, ourFunctions, resources, resourcesOfType } from './template-queries.ts';
import type { Resource } from './template-queries.ts';

interface MetricQuery {
  Id: string;
  Expression?: string;
  ReturnData?: boolean;
  MetricStat?: { Metric: { Namespace: string; MetricName: string; Dimensions?: { Name: string; Value: unknown }[] }; Period: number; Stat: string };
}

const configFrom = (context: Record<string, unknown>) => readDeployConfig(new App({ context }).node);
const ref = (logicalId: string) => ({ Ref: logicalId });

function alarmNamed(template: Template, name: string): Resource {
  const found = resourcesOfType(template, 'AWS::CloudWatch::Alarm').filter(([, alarm]) => alarm.Properties!.AlarmName === name);
  expect(found, name).toHaveLength(1);
  return found[0]![1];
}

const queries = (alarm: Resource) => asArray(alarm.Properties!.Metrics as MetricQuery[] | undefined);
const returned = (alarm: Resource) => queries(alarm).find((query) => query.ReturnData !== false)!;
const metricStats = (alarm: Resource) => queries(alarm).flatMap((query) => (query.MetricStat ? [query.MetricStat] : []));

describe('deploy context for operations', () => {
  it('takes one alarm e-mail address, lower-cased, and refuses anything else', () => {
    expect(configFrom({ alarmEmail: ' Ops@Example.org ' }).alarmEmail).toBe('ops@example.org');
    expect(() => configFrom({ alarmEmail: 'ops@example.org,other@example.org' })).toThrow(/one e-mail address/);
    expect(() => configFrom({ alarmEmail: 'nobody' })).toThrow(DeployConfigError);
    expect(configFrom({})).not.toHaveProperty('alarmEmail');
  });

  it('takes the per-IP API rate limit as a whole number within WAF bounds', () => {
    expect(configFrom({ apiRateLimitPerIp: '2500' }).apiRateLimitPerIp).toBe(2500);
    expect(configFrom({ apiRateLimitPerIp: 300 }).apiRateLimitPerIp).toBe(300);
    expect(() => configFrom({ apiRateLimitPerIp: '12.5' })).toThrow(/apiRateLimitPerIp/);
    expect(() => configFrom({ apiRateLimitPerIp: '50' })).toThrow(/from 100/);
    expect(() => configFrom({ apiRateLimitPerIp: 'lots' })).toThrow(/apiRateLimitPerIp/);
    expect(configFrom({})).not.toHaveProperty('apiRateLimitPerIp');
  });

  it('refuses a profile region other than us-east-1 with what to do, and accepts an unknown one', () => {
    expect(() => assertDeployRegion('eu-west-1')).toThrow(/us-east-1 only.*AWS_REGION=us-east-1/);
    expect(() => assertDeployRegion(DEPLOY_REGION)).not.toThrow();
    expect(() => assertDeployRegion(undefined)).not.toThrow();
  });

  it('refuses to build the CloudFront web ACL in a stack pinned to another region', () => {
    const stack = new Stack(new App(), 'Elsewhere', { env: { region: 'eu-west-1' } });
    expect(() => new SiteFirewall(stack, 'Firewall')).toThrow(/CLOUDFRONT.*us-east-1/);
  });
});

describe('operations of the deployed stack', () => {
  let synth: Synthesized;
  beforeAll(() => {
    synth = synthesizeRaceFinder();
  }, SYNTH_TIMEOUT_MS);
  afterAll(() => synth?.cleanup());

  const topicRef = () => ref(logicalIdOf(synth.stack, synth.stack.operations.topic));

  it('encrypts the alarm topic with a rotated key CloudWatch may use, and subscribes no one without alarmEmail', () => {
    // The stack's other topic carries SES's feedback (test/infra/notifications.test.ts).
    const topicId = logicalIdOf(synth.stack, synth.stack.operations.topic);
    const topic = resources(synth.template)[topicId]!;
    const keyId = logicalIdOf(synth.stack, synth.stack.operations.topicKey);
    expect(topic.Properties!.KmsMasterKeyId).toEqual({ 'Fn::GetAtt': [keyId, 'Arn'] });
    const key = resources(synth.template)[keyId]!;
    expect(key.Properties!.EnableKeyRotation).toBe(true);
    expect((key.Properties!.KeyPolicy as { Statement: unknown[] }).Statement).toContainEqual(
      expect.objectContaining({
        Effect: 'Allow',
        Principal: { Service: 'cloudwatch.amazonaws.com' },
        Action: ['kms:Decrypt', 'kms:GenerateDataKey*'],
      }),
    );
    const [, policy] = resourcesOfType(synth.template, 'AWS::SNS::TopicPolicy').find(([, candidate]) =>
      JSON.stringify(candidate.Properties!.Topics) === JSON.stringify([ref(topicId)]),
    )!;
    const statements = (policy.Properties!.PolicyDocument as { Statement: Record<string, unknown>[] }).Statement;
    expect(statements).toContainEqual(expect.objectContaining({ Effect: 'Deny', Condition: { Bool: { 'aws:SecureTransport': 'false' } } }));
    expect(statements).toContainEqual(
      expect.objectContaining({ Effect: 'Allow', Principal: { Service: 'cloudwatch.amazonaws.com' }, Action: 'sns:Publish' }),
    );
    expect(resourcesOfType(synth.template, 'AWS::SNS::Subscription').filter(([, subscription]) => JSON.stringify(subscription.Properties!.TopicArn) === JSON.stringify(ref(topicId)))).toEqual([]);
  });

  it('notifies the topic when any alarm fires and when it recovers, and treats missing data as not breaching', () => {
    const alarms = resourcesOfType(synth.template, 'AWS::CloudWatch::Alarm');
    expect(alarms.length).toBeGreaterThanOrEqual(6);
    for (const [id, alarm] of alarms) {
      expect(alarm.Properties, id).toMatchObject({
        AlarmActions: [topicRef()],
        OKActions: [topicRef()],
        TreatMissingData: 'notBreaching',
        ComparisonOperator: 'GreaterThanOrEqualToThreshold',
      });
      expect(String(alarm.Properties!.AlarmName), id).toMatch(/^RaceFinder-/);
    }
  });

  it('alarms on the share of API requests answered 5xx, over 5 minutes, once there are enough requests', () => {
    const alarm = alarmNamed(synth.template, 'RaceFinder-api-5xx-rate');
    const apiId = ref(logicalIdOf(synth.stack, synth.stack.api.httpApi));
    expect(alarm.Properties).toMatchObject({ Threshold: THRESHOLDS.apiServerErrorPercent, EvaluationPeriods: 3, DatapointsToAlarm: 2 });
    const stats = metricStats(alarm);
    expect(stats.map((stat) => [stat.Metric.Namespace, stat.Metric.MetricName, stat.Stat, stat.Period]).sort()).toEqual([
      ['AWS/ApiGateway', '5xx', 'Sum', 300],
      ['AWS/ApiGateway', 'Count', 'Sum', 300],
    ]);
    for (const stat of stats) expect(stat.Metric.Dimensions).toEqual([{ Name: 'ApiId', Value: apiId }]);
    const ids = Object.fromEntries(queries(alarm).filter((q) => q.MetricStat).map((q) => [q.MetricStat!.Metric.MetricName, q.Id]));
    expect(returned(alarm).Expression).toBe(
      `IF(${ids.Count} >= ${THRESHOLDS.apiServerErrorMinRequests}, 100 * FILL(${ids['5xx']}, 0) / ${ids.Count}, 0)`,
    );
  });

  it("alarms on the API's p95 latency", () => {
    const alarm = alarmNamed(synth.template, 'RaceFinder-api-latency-p95');
    expect(alarm.Properties).toMatchObject({
      Namespace: 'AWS/ApiGateway',
      MetricName: 'Latency',
      ExtendedStatistic: 'p95',
      Period: 300,
      Threshold: THRESHOLDS.apiLatencyP95Ms,
      Dimensions: [{ Name: 'ApiId', Value: ref(logicalIdOf(synth.stack, synth.stack.api.httpApi)) }],
    });
  });

  it('counts 429s of the API stage from its access log and alarms on them', () => {
    const [, filter] = onlyResourceOfType(synth.template, 'AWS::Logs::MetricFilter');
    expect(filter.Properties).toMatchObject({
      LogGroupName: ref(logicalIdOf(synth.stack, synth.stack.api.accessLogs)),
      FilterPattern: '{ $.status = "429" }',
      MetricTransformations: [{ MetricNamespace: METRICS_NAMESPACE, MetricName: 'ApiThrottledRequests', MetricValue: '1' }],
    });
    // The access log writes the status as a string, which is what the pattern compares with.
    expect(JSON.stringify(resourcesOfType(synth.template, 'AWS::ApiGatewayV2::Stage')[0]![1].Properties!.AccessLogSettings)).toContain(
      '\\"status\\":\\"$context.status\\"',
    );
    expect(alarmNamed(synth.template, 'RaceFinder-api-throttled').Properties).toMatchObject({
      Namespace: METRICS_NAMESPACE,
      MetricName: 'ApiThrottledRequests',
      Statistic: 'Sum',
      Threshold: THRESHOLDS.apiThrottledRequests,
    });
  });

  it("alarms on Lambda throttles across the account's functions in the region", () => {
    const alarm = alarmNamed(synth.template, 'RaceFinder-lambda-throttles');
    expect(alarm.Properties).toMatchObject({ Namespace: 'AWS/Lambda', MetricName: 'Throttles', Statistic: 'Sum' });
    expect(alarm.Properties!.Dimensions).toBeUndefined();
  });

  it('sums the errors of every route function and every trigger into alarms of at most 10 functions, each within one area', () => {
    const byFunctionId = new Map(ourFunctions(synth.template).map(([id, fn]) => [id, handlerTag(fn)!]));
    const areaOfHandler = new Map([
      ...Object.entries(ROUTE_AREAS).flatMap(([area, table]) => Object.values(table).map((route) => [route.handler, area] as const)),
      ...Object.values(TRIGGERS).map((trigger) => [trigger.handler, 'triggers'] as const),
    ]);
    const covered: string[] = [];
    const errorAlarms = resourcesOfType(synth.template, 'AWS::CloudWatch::Alarm').filter(([, alarm]) =>
      String(alarm.Properties!.AlarmName).startsWith('RaceFinder-lambda-errors-'),
    );
    expect(errorAlarms.length).toBeGreaterThanOrEqual(Object.keys(ROUTE_AREAS).length + 1);
    for (const [id, alarm] of errorAlarms) {
      const stats = metricStats(alarm);
      expect(stats.length, id).toBeGreaterThan(0);
      expect(stats.length, id).toBeLessThanOrEqual(FUNCTIONS_PER_ERROR_ALARM);
      const handlers = stats.map((stat) => {
        expect([stat.Metric.Namespace, stat.Metric.MetricName, stat.Stat], id).toEqual(['AWS/Lambda', 'Errors', 'Sum']);
        const functionRef = stat.Metric.Dimensions!.find((dimension) => dimension.Name === 'FunctionName')!.Value as { Ref: string };
        return byFunctionId.get(functionRef.Ref)!;
      });
      const areas = new Set(handlers.map((handler) => areaOfHandler.get(handler)));
      expect(areas.size, id).toBe(1);
      expect(String(alarm.Properties!.AlarmName)).toContain(`-${[...areas][0]}`);
      expect(returned(alarm).Expression, id).toBe(`SUM([${queries(alarm).filter((q) => q.MetricStat).map((q) => `FILL(${q.Id}, 0)`).join(', ')}])`);
      expect(alarm.Properties).toMatchObject({ Threshold: THRESHOLDS.lambdaErrors, EvaluationPeriods: 3, DatapointsToAlarm: 2 });
      covered.push(...handlers);
    }
    const routeHandlers = Object.values(ROUTE_AREAS).flatMap((table) => Object.values(table).map((route) => route.handler));
    expect(covered.sort()).toEqual([...routeHandlers, ...Object.values(TRIGGERS).map((trigger) => trigger.handler)].sort());
  });

  it('alarms on webhook failures under the metric name the webhook handler is to emit, with its service dimension', () => {
    const alarm = alarmNamed(synth.template, 'RaceFinder-webhook-failures');
    expect(alarm.Properties).toMatchObject({
      Namespace: METRICS_NAMESPACE,
      MetricName: WEBHOOK_FAILURES_METRIC,
      Statistic: 'Sum',
      Threshold: THRESHOLDS.webhookFailures,
      Dimensions: [{ Name: 'service', Value: METRICS_DIMENSIONS.service }],
    });
    // Powertools Metrics adds that dimension from POWERTOOLS_SERVICE_NAME: the functions must carry the same name.
    for (const [id, fn] of ourFunctions(synth.template)) {
      expect((fn.Properties!.Environment as { Variables: Record<string, unknown> }).Variables.POWERTOOLS_SERVICE_NAME, id).toBe(
        METRICS_DIMENSIONS.service,
      );
    }
  });

  it('draws one dashboard with every alarm, its state, the API metrics and the WAF requests', () => {
    const [, dashboard] = onlyResourceOfType(synth.template, 'AWS::CloudWatch::Dashboard');
    expect(dashboard.Properties!.DashboardName).toBe('RaceFinder-operations');
    const body = JSON.stringify(dashboard.Properties!.DashboardBody);
    const alarmIds = resourcesOfType(synth.template, 'AWS::CloudWatch::Alarm').map(([id]) => id);
    // An alarm widget per alarm, and the status widget naming every alarm: each ARN appears twice.
    for (const id of alarmIds) expect(body.split(`{"Fn::GetAtt":["${id}","Arn"]}`).length - 1, id).toBe(2);
    expect(body).toContain('\\"type\\":\\"alarm\\"');
    for (const metric of ['\\"Latency\\"', '\\"5xx\\"', '\\"4xx\\"', '\\"Count\\"', 'ApiThrottledRequests', 'AWS/WAFV2', 'BlockedRequests', 'ApiRateLimit']) {
      expect(body).toContain(metric);
    }
    expect(body).toContain('\\"region\\":\\"us-east-1\\"');
  });

  it('puts a CLOUDFRONT web ACL on the distribution, with metrics and sampled requests for it and every rule', () => {
    const [aclId, acl] = onlyResourceOfType(synth.template, 'AWS::WAFv2::WebACL');
    expect(acl.Properties).toMatchObject({ Scope: 'CLOUDFRONT', DefaultAction: { Allow: {} } });
    // WAF's own pattern for descriptions (CloudFormation refuses others at deploy).
    expect(acl.Properties!.Description).toMatch(/^[a-zA-Z0-9=:#@/\-,.][a-zA-Z0-9+=:#@/\-,.\s]+[a-zA-Z0-9+=:#@/\-,.]{1,256}$/);
    const [, distribution] = onlyResourceOfType(synth.template, 'AWS::CloudFront::Distribution');
    expect((distribution.Properties!.DistributionConfig as Record<string, unknown>).WebACLId).toEqual({ 'Fn::GetAtt': [aclId, 'Arn'] });
    const rules = acl.Properties!.Rules as { Name: string; VisibilityConfig: Record<string, unknown> }[];
    for (const visibility of [acl.Properties!.VisibilityConfig, ...rules.map((rule) => rule.VisibilityConfig)]) {
      expect(visibility).toMatchObject({ CloudWatchMetricsEnabled: true, SampledRequestsEnabled: true });
    }
    expect(rules.map((rule) => rule.Name)).toEqual([
      'ApiRateLimit',
      'NewsletterRateLimit',
      'AnonymousSignedInRateLimit',
      'SignedInPerTokenRateLimit',
      'AwsCommonRuleSet',
      'LargeBodyOutsideImports',
      'AwsKnownBadInputsRuleSet',
    ]);
  });

  it('refuses deployment outside us-east-1 in the template itself', () => {
    const rules = (synth.template.toJSON() as { Rules?: Record<string, { Assertions: { Assert: unknown }[] }> }).Rules ?? {};
    const asserts = Object.values(rules).flatMap((rule) => rule.Assertions.map((assertion) => assertion.Assert));
    expect(asserts).toContainEqual({ 'Fn::Equals': [{ Ref: 'AWS::Region' }, 'us-east-1'] });
  });

  it('writes console links for the dashboard, the alarms and the web ACL into config.json', () => {
    const deployment = resourcesOfType(synth.template, 'Custom::CDKBucketDeployment')
      .map(([, d]) => d.Properties!)
      .find((d) => d.SourceMarkers !== undefined)!;
    const key = asArray(deployment.SourceObjectKeys as string[])[0]!.replace(/\.zip$/, '');
    const raw = JSON.parse(readFileSync(join(synth.assemblyDir, `asset.${key}`, 'config.json'), 'utf8')) as Record<string, unknown>;
    expect(RuntimeConfigSchema.safeParse(raw).success).toBe(true);
    const markers = asArray(deployment.SourceMarkers as Record<string, unknown>[])[0]!;
    const resolve = (url: string) => url.replace(/<<marker:[^>]+>>/g, (marker) => JSON.stringify(markers[marker]));
    const operations = raw.operations as { dashboardUrl: string; alarmsUrl: string; webAclUrl: string };
    const region = JSON.stringify({ Ref: 'AWS::Region' });
    expect(resolve(operations.dashboardUrl)).toBe(
      `https://${region}.console.aws.amazon.com/cloudwatch/home?region=${region}#dashboards/dashboard/RaceFinder-operations`,
    );
    expect(resolve(operations.alarmsUrl)).toBe(`https://${region}.console.aws.amazon.com/cloudwatch/home?region=${region}#alarmsV2:`);
    const [aclId] = onlyResourceOfType(synth.template, 'AWS::WAFv2::WebACL');
    expect(resolve(operations.webAclUrl)).toBe(
      `https://us-east-1.console.aws.amazon.com/wafv2/homev2/web-acl/RaceFinder-site/${JSON.stringify({ 'Fn::GetAtt': [aclId, 'Id'] })}/overview?region=global`,
    );
  });

  it('still has no unacknowledged cdk-nag findings, and no longer acknowledges the missing web ACL', () => {
    expect(synth.nagFindings).toEqual([]);
    const acknowledged = synth.stack.node.findAll().flatMap((construct) => construct.node.metadata).map((entry) => JSON.stringify(entry.data));
    expect(acknowledged.filter((entry) => entry.includes('AwsSolutions-CFR2'))).toEqual([]);
  });
});

/** A web request as the web ACL's own statements see it: method, path and the labels earlier rules added. */
interface WafRequest {
  readonly method: string;
  readonly path: string;
  readonly labels: readonly string[];
  /** Header names in lower case. */
  readonly headers?: Readonly<Record<string, string>>;
}

/** The value of the part of the request a statement's FieldToMatch names. */
function fieldValue(field: Record<string, unknown>, request: WafRequest): string | undefined {
  if ('UriPath' in field) return request.path;
  if ('Method' in field) return request.method;
  // WAF matches header names whatever their case.
  if ('SingleHeader' in field) return request.headers?.[(field.SingleHeader as { Name: string }).Name.toLowerCase()];
  throw new Error(`No evaluator for ${JSON.stringify(field)}`);
}

type WafStatement = Record<string, Record<string, unknown>>;

/** Evaluates the statement kinds this web ACL uses on a request, as AWS WAF does. */
function matches(statement: WafStatement, request: WafRequest): boolean {
  const [[kind, body]] = Object.entries(statement) as [[string, Record<string, unknown>]];
  switch (kind) {
    case 'AndStatement':
      return (body.Statements as WafStatement[]).every((inner) => matches(inner, request));
    case 'OrStatement':
      return (body.Statements as WafStatement[]).some((inner) => matches(inner, request));
    case 'NotStatement':
      return !matches(body.Statement as WafStatement, request);
    case 'LabelMatchStatement':
      expect(body.Scope).toBe('LABEL');
      return request.labels.includes(body.Key as string);
    case 'RegexMatchStatement': {
      const value = fieldValue(body.FieldToMatch as Record<string, unknown>, request);
      expect(body.TextTransformations).toEqual([{ Priority: 0, Type: 'NONE' }]);
      expect((body.RegexString as string).length).toBeLessThanOrEqual(512);
      // A missing header matches nothing (WAF's default for a missing single header).
      return value !== undefined && new RegExp(body.RegexString as string).test(value);
    }
    case 'ByteMatchStatement': {
      const value = fieldValue(body.FieldToMatch as Record<string, unknown>, request);
      if (value === undefined) return false;
      expect(body.TextTransformations).toEqual([{ Priority: 0, Type: 'NONE' }]);
      const search = body.SearchString as string;
      if (body.PositionalConstraint === 'EXACTLY') return value === search;
      if (body.PositionalConstraint === 'STARTS_WITH') return value.startsWith(search);
      throw new Error(`No evaluator for ${String(body.PositionalConstraint)}`);
    }
    default:
      throw new Error(`No evaluator for ${kind}`);
  }
}

describe('the web ACL rules', () => {
  let synth: Synthesized;
  beforeAll(() => {
    synth = synthesizeRaceFinder({ alarmEmail: 'Ops@Example.org', apiRateLimitPerIp: '2500' });
  }, SYNTH_TIMEOUT_MS);
  afterAll(() => synth?.cleanup());

  interface Rule {
    Name: string;
    Priority: number;
    Action?: Record<string, unknown>;
    OverrideAction?: Record<string, unknown>;
    Statement: WafStatement;
  }
  const acl = () => onlyResourceOfType(synth.template, 'AWS::WAFv2::WebACL')[1].Properties!;
  const rule = (name: string) => (acl().Rules as Rule[]).find((candidate) => candidate.Name === name)!;
  const oversizeLabel = 'awswaf:managed:aws:core-rule-set:SizeRestrictions_Body';

  it('subscribes the configured alarm e-mail address to the topic', () => {
    const subscriptions = resourcesOfType(synth.template, 'AWS::SNS::Subscription').filter(([, candidate]) => candidate.Properties!.Protocol === 'email');
    expect(subscriptions).toHaveLength(1);
    const [, subscription] = subscriptions[0]!;
    expect(subscription.Properties).toEqual({
      Protocol: 'email',
      Endpoint: 'ops@example.org',
      TopicArn: ref(logicalIdOf(synth.stack, synth.stack.operations.topic)),
    });
  });

  it('limits each client IP on /api/* to the configured requests per 5 minutes, answering 429 with the API error shape', () => {
    const limit = rule('ApiRateLimit');
    const statement = limit.Statement.RateBasedStatement!;
    expect(statement).toMatchObject({ Limit: 2500, AggregateKeyType: 'IP', EvaluationWindowSec: 300 });
    const scope = statement.ScopeDownStatement as WafStatement;
    expect(matches(scope, { method: 'GET', path: '/api/events', labels: [] })).toBe(true);
    expect(matches(scope, { method: 'POST', path: '/api/admin/import-jobs', labels: [] })).toBe(true);
    expect(matches(scope, { method: 'GET', path: '/events', labels: [] })).toBe(false);
    expect(matches(scope, { method: 'GET', path: '/assets/index-abc123.js', labels: [] })).toBe(false);
    expect(matches(scope, { method: 'GET', path: '/apiary', labels: [] })).toBe(false);
    const block = limit.Action!.Block as { CustomResponse: { ResponseCode: number; CustomResponseBodyKey: string; ResponseHeaders: unknown[] } };
    expect(block.CustomResponse).toMatchObject({ ResponseCode: 429, ResponseHeaders: [{ Name: 'Retry-After', Value: '300' }] });
    const body = (acl().CustomResponseBodies as Record<string, { ContentType: string; Content: string }>)[block.CustomResponse.CustomResponseBodyKey]!;
    expect(body.ContentType).toBe('APPLICATION_JSON');
    expect(JSON.parse(body.Content)).toMatchObject({ error: { code: 'too_many_requests', message: expect.stringMatching(/try again/) } });
  });

  it('limits each client IP to 10 newsletter sign-ups and unsubscribes per 5 minutes, answering 429 like the API limit', () => {
    const limit = rule('NewsletterRateLimit');
    const statement = limit.Statement.RateBasedStatement!;
    expect(statement).toMatchObject({ Limit: 10, AggregateKeyType: 'IP', EvaluationWindowSec: 300 });
    const scope = statement.ScopeDownStatement as WafStatement;
    expect(matches(scope, { method: 'POST', path: '/api/newsletter-subscriptions', labels: [] })).toBe(true);
    expect(matches(scope, { method: 'POST', path: '/api/newsletter-subscriptions/unsubscribe', labels: [] })).toBe(true);
    expect(matches(scope, { method: 'GET', path: '/api/newsletter-subscriptions', labels: [] })).toBe(false);
    expect(matches(scope, { method: 'POST', path: '/api/events/01HZZZZZZZZZZZZZZZZZZZZZZZ/beacon', labels: [] })).toBe(false);
    expect(limit.Action).toEqual(rule('ApiRateLimit').Action);
  });

  describe('on signed-in routes', () => {
    const token = 'eyJhbGciOiJSUzI1NiJ9.eyJzdWIiOiJ4In0.c2lnbmF0dXJl';
    /** Every route of the table as a request, its parameters filled in. */
    const requests = ROUTE_IDS.map((id) => ROUTES[id]).map((route) => ({ route, method: route.method, path: route.path.replace(/\{[^}]+\}/g, '01HZX3K9Q2') }));

    it(`holds each client IP to ${ANONYMOUS_SIGNED_IN_LIMIT.requests} requests a minute without a token, on exactly the signed-in routes`, () => {
      const limit = rule('AnonymousSignedInRateLimit');
      expect(limit.Statement.RateBasedStatement).toMatchObject({ Limit: ANONYMOUS_SIGNED_IN_LIMIT.requests, AggregateKeyType: 'IP', EvaluationWindowSec: 60 });
      expect(limit.Action).toEqual(rule('ApiRateLimit').Action);
      const scope = limit.Statement.RateBasedStatement!.ScopeDownStatement as WafStatement;
      const counted = (request: { method: string; path: string }, headers?: Record<string, string>) => matches(scope, { ...request, labels: [], headers });
      for (const request of requests) {
        const signedIn = !isOpenAccess(request.route.access);
        expect(counted(request), `${request.method} ${request.path}`).toBe(signedIn);
        expect(counted(request, { authorization: 'Bearer not-a-token' }), `${request.method} ${request.path}`).toBe(signedIn);
        expect(counted(request, { authorization: `Bearer ${token}` })).toBe(false);
        expect(counted(request, { authorization: token })).toBe(false);
      }
      expect(counted({ method: 'GET', path: '/api/meetups' })).toBe(false);
      expect(counted({ method: 'GET', path: '/api/me/saved-events/x/y' })).toBe(true);
    });

    it(`holds each token to ${SIGNED_IN_LIMIT_PER_TOKEN.requests} requests a minute on the signed-in routes, keyed on the Authorization header`, () => {
      const limit = rule('SignedInPerTokenRateLimit');
      const statement = limit.Statement.RateBasedStatement!;
      expect(statement).toMatchObject({
        Limit: SIGNED_IN_LIMIT_PER_TOKEN.requests,
        EvaluationWindowSec: 60,
        AggregateKeyType: 'CUSTOM_KEYS',
        CustomKeys: [{ Header: { Name: 'authorization', TextTransformations: [{ Priority: 0, Type: 'NONE' }] } }],
      });
      expect(limit.Action).toEqual(rule('ApiRateLimit').Action);
      for (const request of requests) {
        const scope = statement.ScopeDownStatement as WafStatement;
        expect(matches(scope, { ...request, labels: [], headers: { authorization: `Bearer ${token}` } }), `${request.method} ${request.path}`).toBe(
          !isOpenAccess(request.route.access),
        );
      }
    });
  });

  it("applies AWS's common and known-bad-inputs rule sets, blocking as AWS defines them", () => {
    const groups = (acl().Rules as Rule[]).filter((candidate) => candidate.Statement.ManagedRuleGroupStatement);
    expect(groups.map((group) => group.Statement.ManagedRuleGroupStatement!.Name)).toEqual([
      'AWSManagedRulesCommonRuleSet',
      'AWSManagedRulesKnownBadInputsRuleSet',
    ]);
    for (const group of groups) {
      expect(group.Statement.ManagedRuleGroupStatement!.VendorName).toBe('AWS');
      expect(group.OverrideAction).toEqual({ None: {} });
    }
    // The only change to AWS's rules: the 8 KB body limit counts (and labels) instead of blocking.
    expect(rule('AwsCommonRuleSet').Statement.ManagedRuleGroupStatement!.RuleActionOverrides).toEqual([
      { Name: 'SizeRestrictions_BODY', ActionToUse: { Count: {} } },
    ]);
    expect(rule('AwsKnownBadInputsRuleSet').Statement.ManagedRuleGroupStatement!.RuleActionOverrides).toBeUndefined();
  });

  it('blocks bodies over 8 KB everywhere except the POST of the JSON import and the PUT of a GPX course, after the rule that labels them', () => {
    const largeBody = rule('LargeBodyOutsideImports');
    expect(largeBody.Action).toEqual({ Block: {} });
    expect(largeBody.Priority).toBeGreaterThan(rule('AwsCommonRuleSet').Priority);
    const importRoute = ADMIN_IMPORTS_ROUTES.startImportJob;
    const blocked = (method: string, path: string, labels = [oversizeLabel]) => matches(largeBody.Statement, { method, path, labels });
    expect(blocked(importRoute.method, importRoute.path)).toBe(false);
    expect(blocked('POST', '/api/admin/import-jobs')).toBe(false);
    expect(blocked('GET', '/api/admin/import-jobs')).toBe(true);
    expect(blocked('POST', '/api/admin/import-jobs/x')).toBe(true);
    expect(blocked('POST', '/api/events')).toBe(true);
    expect(blocked('PATCH', '/api/me')).toBe(true);
    expect(blocked('PUT', '/api/events/01J0000000000000000000000A/course')).toBe(false);
    expect(blocked('PUT', '/api/events/01J0000000000000000000000A/course/x')).toBe(true);
    expect(blocked('PATCH', '/api/events/01J0000000000000000000000A')).toBe(true);
    expect(blocked('POST', '/api/events', [])).toBe(false);
  });

  it('has no unacknowledged cdk-nag findings with a subscription either', () => {
    expect(synth.nagFindings).toEqual([]);
  });
});

describe('the operations construct', () => {
  const template = (options: { functions: number; stateMachine: boolean }) => {
    // As in synth-stack.ts: CDK's template linting takes most of a synth and asserts nothing here.
    const stack = new Stack(new App({ builtinCloudFormationValidation: false }), 'Ops');
    const functions = Array.from(
      { length: options.functions },
      (_, index) => new LambdaFn(stack, `Fn${index}`, { runtime: Runtime.NODEJS_22_X, handler: 'index.handler', code: Code.fromInline('export const handler = async () => {};') }),
    );
    const machine = options.stateMachine
      ? new StateMachine(stack, 'Imports', { definitionBody: DefinitionBody.fromChainable(new Pass(stack, 'Nothing')) })
      : undefined;
    new Operations(stack, 'Operations', {
      httpApi: new HttpApi(stack, 'Api'),
      apiAccessLogs: new LogGroup(stack, 'AccessLogs'),
      functionGroups: [{ name: 'admin-events', functions }],
      ...(machine ? { importStateMachine: machine } : {}),
    });
    return { template: Template.fromStack(stack), stack, machine };
  };

  it('alarms on import executions that failed or timed out', () => {
    const { template: synthesized, stack, machine } = template({ functions: 1, stateMachine: true });
    const alarm = alarmNamed(synthesized, 'Ops-imports-failed');
    const machineRef = ref(stack.resolve((machine!.node.defaultChild as unknown as { logicalId: string }).logicalId) as string);
    expect(metricStats(alarm).map((stat) => [stat.Metric.Namespace, stat.Metric.MetricName, stat.Stat, stat.Metric.Dimensions]).sort()).toEqual([
      ['AWS/States', 'ExecutionsFailed', 'Sum', [{ Name: 'StateMachineArn', Value: machineRef }]],
      ['AWS/States', 'ExecutionsTimedOut', 'Sum', [{ Name: 'StateMachineArn', Value: machineRef }]],
    ]);
    const ids = queries(alarm).filter((query) => query.MetricStat).map((query) => query.Id);
    expect(returned(alarm).Expression).toBe(`FILL(${ids[0]}, 0) + FILL(${ids[1]}, 0)`);
    expect(alarm.Properties).toMatchObject({ Threshold: THRESHOLDS.failedImports, EvaluationPeriods: 1, TreatMissingData: 'notBreaching' });
  });

  it('has no import alarm without a state machine', () => {
    const { template: synthesized } = template({ functions: 1, stateMachine: false });
    const names = resourcesOfType(synthesized, 'AWS::CloudWatch::Alarm').map(([, alarm]) => alarm.Properties!.AlarmName);
    expect(names).not.toContain('Ops-imports-failed');
  });

  it('splits a group of 23 functions over error alarms of 10, 10 and 3, within the metric-math limit', () => {
    const { template: synthesized } = template({ functions: 23, stateMachine: false });
    const sizes = ['1', '2', '3'].map((part) => metricStats(alarmNamed(synthesized, `Ops-lambda-errors-admin-events-${part}`)).length);
    expect(sizes).toEqual([10, 10, 3]);
  });
});
