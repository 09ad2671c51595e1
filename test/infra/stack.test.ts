import { readFileSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import { Validations } from 'aws-cdk-lib';
import { CachePolicy, OriginRequestPolicy } from 'aws-cdk-lib/aws-cloudfront';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REQUEST_PATH_ACTIONS, REQUEST_PATH_READ_ACTIONS } from '../../infra/data.ts';
import { packageVersion } from '../../infra/deploy-config.ts';
import { DEFAULT_THROTTLE, ROUTES, ROUTE_IDS, routeKey } from '../../shared/routes/index.ts';
import type { RouteDefinition, RouteId } from '../../shared/routes/index.ts';
import { ROUTE_NEEDS, type RouteNeedsTable } from '../../infra/route-needs.ts';
import { TRIGGERS } from '../../infra/lambda-triggers.ts';
import { SENDER_TIMEOUT } from '../../infra/notifications.ts';
import { STRAVA_WORKER_TIMEOUT } from '../../infra/strava-sync.ts';
import { IMAGE_PROCESSOR_MEMORY_MB } from '../../infra/event-images.ts';
import { ACTIVITY_IMPORTER_MEMORY_MB } from '../../infra/activity-uploads.ts';
import { COURSE_UPLOAD_MEMORY_MB } from '../../infra/route-needs.ts';
import { CARD_PATH_PATTERN, RENDERED_PATH_PATTERNS } from '../../infra/site.ts';
import { RuntimeConfigSchema } from '../../shared/runtime-config.ts';
import { INDEXES, KEY, TTL_ATTRIBUTE } from '../../shared/table.ts';
import { SYNTH_TIMEOUT_MS, logicalIdOf, synthesizeRaceFinder } from './synth-stack.ts';
import type { Synthesized } from './synth-stack.ts';
import {
  asArray,
  functionForHandler,
  handlerTag,
  identityStatements,
  onlyResourceOfType,
  ourFunctions,
  resources,
  resourcesOfType,
  statementsOfFunctionRole,
} from './template-queries.ts';
import type { Resource } from './template-queries.ts';
import { isOpenAccess } from '#shared/roles';
import { IMAGE_HOSTS } from '#shared/content-security-policy';

const routes = ROUTE_IDS.map((id) => [id, ROUTES[id] as RouteDefinition] as const);
const isOpen = (route: RouteDefinition) => isOpenAccess(route.access);

let synth: Synthesized;
beforeAll(() => {
  synth = synthesizeRaceFinder();
}, SYNTH_TIMEOUT_MS);
afterAll(() => synth?.cleanup());

const ref = (logicalId: string) => ({ Ref: logicalId });

function routeResource(route: RouteDefinition): Resource {
  const found = resourcesOfType(synth.template, 'AWS::ApiGatewayV2::Route').filter(
    ([, resource]) => resource.Properties?.RouteKey === routeKey(route),
  );
  expect(found, routeKey(route)).toHaveLength(1);
  return found[0]![1];
}

/** The function an HTTP API route invokes, through its integration. */
function functionBehindRoute(route: RouteDefinition): Resource {
  const target = routeResource(route).Properties?.Target as { 'Fn::Join': [string, [string, { Ref: string }]] };
  const integrationId = target['Fn::Join'][1][1].Ref;
  const integration = resources(synth.template)[integrationId]!;
  const fnId = (integration.Properties?.IntegrationUri as { 'Fn::GetAtt': [string, string] })['Fn::GetAtt'][0];
  return resources(synth.template)[fnId]!;
}

/** config.json as the deployment will write it: tokens appear as CDK markers, mapped to CloudFormation values. */
function deployedRuntimeConfig(): { raw: Record<string, unknown>; markers: Record<string, unknown> } {
  for (const [, deployment] of resourcesOfType(synth.template, 'Custom::CDKBucketDeployment')) {
    const key = asArray(deployment.Properties?.SourceObjectKeys as string[])[0]!;
    const file = join(synth.assemblyDir, `asset.${key.replace(/\.zip$/, '')}`, 'config.json');
    if (!existsSync(file)) continue;
    const markers = asArray(deployment.Properties?.SourceMarkers as Record<string, unknown>[])[0] ?? {};
    return { raw: JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>, markers };
  }
  throw new Error('No deployment writes config.json');
}

describe('functions', () => {
  it('creates exactly one function per route-table entry plus the sign-up triggers, the export worker and the import tasks', () => {
    const tags = ourFunctions(synth.template).map(([, fn]) => handlerTag(fn)).sort();
    expect(tags).toEqual(
      [...routes.map(([, route]) => route.handler), ...Object.values(TRIGGERS).map((trigger) => trigger.handler)].sort(),
    );
  });

  it("adds no functions beyond ours except CDK's bucket-deployment and auto-delete helpers", () => {
    const others = resourcesOfType(synth.template, 'AWS::Lambda::Function')
      .filter(([, fn]) => handlerTag(fn) === undefined)
      .map(([id]) => id.replace(/[0-9A-F]{8}$/, ''));
    expect(others.sort()).toEqual([
      // Configures the uploads bucket's notification to the image function (infra/event-images.ts).
      'BucketNotificationsHandler050a0587b7544547bf325f094a3db834',
      'CustomCDKBucketDeployment8693BB64968944B69AAFB0CC9EB8756C512MiB',
      'CustomS3AutoDeleteObjectsCustomResourceProviderHandler',
      // The custom resource provider framework that waits for the data migrations after a deploy (infra/migrations.ts).
      'MigrationsProviderframeworkisComplete',
      'MigrationsProviderframeworkonEvent',
      'MigrationsProviderframeworkonTimeout',
    ]);
    // Ours (a function per route and per trigger), CDK's two helpers and the provider framework's three.
    expect(resourcesOfType(synth.template, 'AWS::Lambda::Function')).toHaveLength(ROUTE_IDS.length + Object.keys(TRIGGERS).length + 6);
  });

  it('builds every function of ours for ARM64 on Node.js 22 with source maps, 256 MB and its own log group', () => {
    for (const [id, fn] of ourFunctions(synth.template)) {
      const props = fn.Properties!;
      expect(props.Runtime, id).toBe('nodejs22.x');
      expect(props.Architectures, id).toEqual(['arm64']);
      expect(props.Handler, id).toBe('index.handler');
      // The export and account deletion workers run outside API Gateway, for as long as their work takes; the
      // migration steps run a minute of steps in their state machine; the notification sender paces a batch of SES calls.
      const worker = handlerTag(fn) === 'exports/run-export';
      // So do the daily and weekly jobs and the race-change reader (a stream batch's fan-out).
      const outsideApi =
        worker ||
        handlerTag(fn) === TRIGGERS.imageProcessor.handler ||
        handlerTag(fn) === TRIGGERS.activityImporter.handler ||
        ([TRIGGERS.accountDeletionWorker.handler, TRIGGERS.dailyAlerts.handler, TRIGGERS.weeklySummary.handler, TRIGGERS.raceChanges.handler, TRIGGERS.dailyPrices.handler] as readonly string[]).includes(handlerTag(fn) ?? '');
      const migrationSteps = handlerTag(fn) === TRIGGERS.migrationSteps.handler;
      const sender = handlerTag(fn) === TRIGGERS.notificationSender.handler;
      // The Strava sync worker fetches a batch's activities and streams at Strava's pace (infra/strava-sync.ts).
      const stravaWorker = handlerTag(fn) === TRIGGERS.stravaSync.handler;
      // The image function decodes pictures of up to 40 megapixels with sharp (infra/event-images.ts).
      const imageProcessor = handlerTag(fn) === TRIGGERS.imageProcessor.handler;
      // The course upload parses and measures a GPX file of up to 4 MB in the request (infra/route-needs.ts).
      const courseUpload = handlerTag(fn) === ROUTES.putEventCourse.handler;
      // The activity import reads a ZIP of a whole export, one entry inflated at a time (infra/activity-uploads.ts).
      const activityImporter = handlerTag(fn) === TRIGGERS.activityImporter.handler;
      const memory = worker ? 1024 : imageProcessor ? IMAGE_PROCESSOR_MEMORY_MB : courseUpload ? COURSE_UPLOAD_MEMORY_MB : activityImporter ? ACTIVITY_IMPORTER_MEMORY_MB : 256;
      expect(props.MemorySize, id).toBe(memory);
      expect(props.Timeout, id).toBeLessThanOrEqual(outsideApi ? 900 : migrationSteps ? 180 : sender ? SENDER_TIMEOUT.toSeconds() : stravaWorker ? STRAVA_WORKER_TIMEOUT.toSeconds() : 29);
      expect((props.Environment as { Variables: Record<string, string> }).Variables.NODE_OPTIONS, id).toContain(
        '--enable-source-maps',
      );
      const logGroupId = ((props.LoggingConfig as { LogGroup: { Ref: string } }).LogGroup ?? {}).Ref;
      expect(resources(synth.template)[logGroupId]?.Properties?.RetentionInDays, id).toBe(30);
    }
  });

  it('passes every function of ours the table name, version, super-admin list and service name', () => {
    const tableId = logicalIdOf(synth.stack, synth.stack.data.table);
    for (const [id, fn] of ourFunctions(synth.template)) {
      expect((fn.Properties!.Environment as { Variables: Record<string, unknown> }).Variables, id).toMatchObject({
        TABLE_NAME: ref(tableId),
        APP_VERSION: packageVersion(),
        SUPER_ADMIN_EMAILS: '',
        POWERTOOLS_SERVICE_NAME: 'racefinder',
      });
    }
  });

  it('gives routes with optional sign-in, and the routes whose needs ask for it (the admin health check), and only them, the user pool and client ids', () => {
    const poolId = ref(logicalIdOf(synth.stack, synth.stack.auth.userPool));
    const clientId = ref(logicalIdOf(synth.stack, synth.stack.auth.userPoolClient));
    for (const [, route] of routes) {
      const [id, fn] = functionForHandler(synth.template, route.handler);
      const variables = (fn.Properties!.Environment as { Variables: Record<string, unknown> }).Variables;
      if (route.access === 'optional' || (ROUTE_NEEDS as RouteNeedsTable)[route.id as RouteId]?.userPool) {
        expect(variables, id).toMatchObject({ COGNITO_USER_POOL_ID: poolId, COGNITO_CLIENT_ID: clientId });
      } else {
        expect(Object.keys(variables).filter((name) => name.startsWith('COGNITO_')), id).toEqual([]);
      }
    }
  });

  it('gives the sign-up trigger only put, update and get on the table itself', () => {
    const [, trigger] = functionForHandler(synth.template, 'users/post-confirmation');
    const tableArn = { 'Fn::GetAtt': [logicalIdOf(synth.stack, synth.stack.data.table), 'Arn'] };
    const dynamo = statementsOfFunctionRole(synth.template, trigger).filter((statement) =>
      asArray(statement.Action).some((action) => action.startsWith('dynamodb:')),
    );
    expect(dynamo).toHaveLength(1);
    expect(asArray(dynamo[0]!.Action).sort()).toEqual(['dynamodb:GetItem', 'dynamodb:PutItem', 'dynamodb:UpdateItem']);
    expect(dynamo[0]!.Resource).toEqual(tableArn);
  });

  it('gives the pre-sign-up trigger only GetItem on the table itself (it reads the system configuration)', () => {
    const [, trigger] = functionForHandler(synth.template, 'users/pre-sign-up');
    const tableArn = { 'Fn::GetAtt': [logicalIdOf(synth.stack, synth.stack.data.table), 'Arn'] };
    const dynamo = statementsOfFunctionRole(synth.template, trigger).filter((statement) =>
      asArray(statement.Action).some((action) => action.startsWith('dynamodb:')),
    );
    expect(dynamo).toHaveLength(1);
    expect(asArray(dynamo[0]!.Action)).toEqual(['dynamodb:GetItem']);
    expect(dynamo[0]!.Resource).toEqual(tableArn);
  });

  it('gives each route function item reads (and writes, when it declares read-write) and Query on the table and its named indexes, never Scan', () => {
    const tableArn = { 'Fn::GetAtt': [logicalIdOf(synth.stack, synth.stack.data.table), 'Arn'] };
    for (const [id, route] of routes) {
      const all = statementsOfFunctionRole(synth.template, functionBehindRoute(route)).filter((statement) =>
        asArray(statement.Action).some((action) => action.startsWith('dynamodb:')),
      );
      // A partition-limited route's one extra statement, its conditional writes, is route-needs.test.ts's to check;
      // so is the contact form's only one (conditional writes, no reads).
      if (route.data === 'contact') continue;
      const dynamo = route.data === 'count' || route.data === 'newsletter' || route.data === 'unsubscribe' ? all.filter((statement) => statement.Condition === undefined) : all;
      expect(dynamo, id).toHaveLength(1);
      const expected = route.data === 'read-write' ? REQUEST_PATH_ACTIONS : REQUEST_PATH_READ_ACTIONS;
      expect(asArray(dynamo[0]!.Action).sort(), id).toEqual([...expected].sort());
      expect(asArray(dynamo[0]!.Action), id).not.toContain('dynamodb:Scan');
      expect(dynamo[0]!.Resource, id).toEqual([
        tableArn,
        ...INDEXES.map((index) => ({ 'Fn::Join': ['', [tableArn, `/index/${index.name}`]] })),
      ]);
    }
  });

  it('grants no wildcard actions anywhere and no DynamoDB action on every resource', () => {
    const statements = identityStatements(synth.template);
    expect(statements.length).toBeGreaterThan(0);
    for (const { owner, statement } of statements) {
      const actions = asArray(statement.Action);
      expect(actions, owner).not.toContain('*');
      expect(actions, owner).not.toContain('dynamodb:*');
      if (asArray(statement.Resource as unknown[]).includes('*')) {
        expect(actions.filter((action) => action.startsWith('dynamodb:')), owner).toEqual([]);
      }
    }
  });
});

describe('HTTP API', () => {
  it('has exactly one route per route-table entry, each invoking the function built from its handler', () => {
    expect(resourcesOfType(synth.template, 'AWS::ApiGatewayV2::Route')).toHaveLength(ROUTE_IDS.length);
    for (const [id, route] of routes) {
      expect(handlerTag(functionBehindRoute(route)), id).toBe(route.handler);
    }
  });

  it('puts the JWT authorizer on every route that is not public and none on public ones', () => {
    const [authorizerId] = onlyResourceOfType(synth.template, 'AWS::ApiGatewayV2::Authorizer');
    for (const [id, route] of routes) {
      const props = routeResource(route).Properties!;
      if (isOpen(route)) {
        expect(props.AuthorizationType, id).toBe('NONE');
        expect(props.AuthorizerId, id).toBeUndefined();
      } else {
        expect(props.AuthorizationType, id).toBe('JWT');
        expect(props.AuthorizerId, id).toEqual(ref(authorizerId));
      }
    }
    // The table has both kinds today, so both branches above ran.
    expect(routes.some(([, route]) => isOpen(route))).toBe(true);
    expect(routes.some(([, route]) => !isOpen(route))).toBe(true);
  });

  it("accepts only the user pool's tokens for the web client, from the Authorization header", () => {
    const [, authorizer] = onlyResourceOfType(synth.template, 'AWS::ApiGatewayV2::Authorizer');
    expect(authorizer.Properties).toMatchObject({
      AuthorizerType: 'JWT',
      IdentitySource: ['$request.header.Authorization'],
      JwtConfiguration: {
        Audience: [ref(logicalIdOf(synth.stack, synth.stack.auth.userPoolClient))],
        Issuer: { 'Fn::Join': ['', ['https://', { 'Fn::GetAtt': [logicalIdOf(synth.stack, synth.stack.auth.userPool), 'ProviderURL'] }]] },
      },
    });
  });

  it("throttles every route by its own limits or the default, after the routes exist", () => {
    const [, stage] = onlyResourceOfType(synth.template, 'AWS::ApiGatewayV2::Stage');
    const settings = stage.Properties!.RouteSettings as Record<string, unknown>;
    expect(Object.keys(settings).sort()).toEqual(routes.map(([, route]) => routeKey(route)).sort());
    for (const [id, route] of routes) {
      const throttle = route.throttle ?? DEFAULT_THROTTLE;
      expect(settings[routeKey(route)], id).toEqual({
        ThrottlingRateLimit: throttle.rate,
        ThrottlingBurstLimit: throttle.burst,
      });
    }
    const routeIds = resourcesOfType(synth.template, 'AWS::ApiGatewayV2::Route').map(([id]) => id);
    expect(asArray(stage.DependsOn)).toEqual(expect.arrayContaining(routeIds));
    expect(stage.Properties!.DefaultRouteSettings).toEqual({
      ThrottlingRateLimit: DEFAULT_THROTTLE.rate,
      ThrottlingBurstLimit: DEFAULT_THROTTLE.burst,
    });
  });

  it('logs every request of the auto-deployed default stage', () => {
    const [, stage] = onlyResourceOfType(synth.template, 'AWS::ApiGatewayV2::Stage');
    expect(stage.Properties).toMatchObject({ StageName: '$default', AutoDeploy: true });
    const access = stage.Properties!.AccessLogSettings as { DestinationArn: unknown; Format: string };
    expect(JSON.parse(access.Format)).toMatchObject({ requestId: '$context.requestId', status: '$context.status' });
    expect(access.DestinationArn).toEqual({ 'Fn::GetAtt': [expect.any(String), 'Arn'] });
  });
});

describe('data', () => {
  it('keeps one on-demand table keyed and indexed by the shared definitions', () => {
    const [, table] = onlyResourceOfType(synth.template, 'AWS::DynamoDB::GlobalTable');
    const props = table.Properties!;
    expect(props.BillingMode).toBe('PAY_PER_REQUEST');
    expect(props.KeySchema).toEqual([
      { AttributeName: KEY.pk, KeyType: 'HASH' },
      { AttributeName: KEY.sk, KeyType: 'RANGE' },
    ]);
    expect(props.GlobalSecondaryIndexes).toEqual(
      INDEXES.map((index) => ({
        IndexName: index.name,
        KeySchema: [
          { AttributeName: index.partitionKey, KeyType: 'HASH' },
          { AttributeName: index.sortKey, KeyType: 'RANGE' },
        ],
        Projection: { ProjectionType: 'ALL' },
      })),
    );
    expect(INDEXES).toHaveLength(5);
  });

  it('has point-in-time recovery, a new-and-old-images stream, TTL, deletion protection and survives stack deletion', () => {
    const [, table] = onlyResourceOfType(synth.template, 'AWS::DynamoDB::GlobalTable');
    const props = table.Properties!;
    expect(props.StreamSpecification).toEqual({ StreamViewType: 'NEW_AND_OLD_IMAGES' });
    expect(props.TimeToLiveSpecification).toEqual({ AttributeName: TTL_ATTRIBUTE, Enabled: true });
    const [replica] = props.Replicas as Record<string, unknown>[];
    expect(replica).toMatchObject({
      PointInTimeRecoverySpecification: { PointInTimeRecoveryEnabled: true },
      DeletionProtectionEnabled: true,
    });
    expect(table.DeletionPolicy).toBe('Retain');
    expect(table.UpdateReplacePolicy).toBe('Retain');
  });
});

describe('auth', () => {
  it('lets people sign up with a verified e-mail, names and a strong password, and keeps the pool on stack deletion', () => {
    const [, pool] = onlyResourceOfType(synth.template, 'AWS::Cognito::UserPool');
    expect(pool.Properties).toMatchObject({
      UsernameAttributes: ['email'],
      AutoVerifiedAttributes: ['email'],
      AdminCreateUserConfig: { AllowAdminCreateUserOnly: false },
      DeletionProtection: 'ACTIVE',
      Policies: {
        PasswordPolicy: {
          MinimumLength: 10,
          RequireLowercase: true,
          RequireUppercase: true,
          RequireNumbers: true,
          RequireSymbols: true,
        },
      },
    });
    const schema = (pool.Properties!.Schema as { Name: string; Required: boolean }[]).map((attribute) => attribute.Name);
    expect(schema).toEqual(expect.arrayContaining(['email', 'given_name', 'family_name']));
    expect(pool.DeletionPolicy).toBe('Retain');
  });

  it('runs the post-confirmation function when a user confirms and the pre-sign-up function before a sign-up', () => {
    const [, pool] = onlyResourceOfType(synth.template, 'AWS::Cognito::UserPool');
    const [triggerId] = functionForHandler(synth.template, 'users/post-confirmation');
    const [preSignUpId] = functionForHandler(synth.template, 'users/pre-sign-up');
    expect(pool.Properties!.LambdaConfig).toEqual({
      PostConfirmation: { 'Fn::GetAtt': [triggerId, 'Arn'] },
      PreSignUp: { 'Fn::GetAtt': [preSignUpId, 'Arn'] },
    });
  });

  it('hosts managed login (v2, branded with Cognito defaults) on a prefix derived from stack and account', () => {
    const [, domain] = onlyResourceOfType(synth.template, 'AWS::Cognito::UserPoolDomain');
    expect(domain.Properties).toMatchObject({
      ManagedLoginVersion: 2,
      Domain: { 'Fn::Join': ['', ['racefinder-', { Ref: 'AWS::AccountId' }]] },
    });
    const [, branding] = onlyResourceOfType(synth.template, 'AWS::Cognito::ManagedLoginBranding');
    expect(branding.Properties).toMatchObject({ UseCognitoProvidedValues: true });
  });

  it('gives the web a public client for password and SRP sign-in and code-grant redirects to the CloudFront site', () => {
    const [, client] = onlyResourceOfType(synth.template, 'AWS::Cognito::UserPoolClient');
    const site = { 'Fn::GetAtt': [logicalIdOf(synth.stack, synth.stack.site.distribution), 'DomainName'] };
    const urls = ['/', '/auth'].map((path) => ({ 'Fn::Join': ['', ['https://', site, path]] }));
    expect(client.Properties).toMatchObject({
      GenerateSecret: false,
      ExplicitAuthFlows: expect.arrayContaining(['ALLOW_USER_PASSWORD_AUTH', 'ALLOW_USER_SRP_AUTH', 'ALLOW_REFRESH_TOKEN_AUTH']),
      AllowedOAuthFlows: ['code'],
      CallbackURLs: urls,
      LogoutURLs: urls,
      SupportedIdentityProviders: ['COGNITO'],
    });
  });

  it('has no Google identity provider when the deployment does not configure one', () => {
    expect(resourcesOfType(synth.template, 'AWS::Cognito::UserPoolIdentityProvider')).toEqual([]);
  });
});

describe('site', () => {
  const distribution = () => onlyResourceOfType(synth.template, 'AWS::CloudFront::Distribution')[1];
  /** The function URL of this function. */
  const urlOf = (functionId: string) =>
    resourcesOfType(synth.template, 'AWS::Lambda::Url').find(([, url]) => JSON.stringify(url.Properties!.TargetFunctionArn) === JSON.stringify({ 'Fn::GetAtt': [functionId, 'Arn'] }))!;
  const config = () => distribution().Properties!.DistributionConfig as Record<string, unknown>;
  const origin = (id: unknown) =>
    (config().Origins as { Id: string; DomainName: unknown; OriginAccessControlId?: unknown; CustomOriginConfig?: unknown }[]).find(
      (candidate) => candidate.Id === id,
    );

  it('sends /api/* to the HTTP API over TLS with every method, no caching and every viewer header but Host', () => {
    const behaviours = config().CacheBehaviors as Record<string, unknown>[];
    expect(behaviours.map((behaviour) => behaviour.PathPattern)).toEqual([...RENDERED_PATH_PATTERNS, CARD_PATH_PATTERN, '/media/*', '/api/*']);
    const api = behaviours.at(-1)!;
    expect(api).toMatchObject({
      CachePolicyId: CachePolicy.CACHING_DISABLED.cachePolicyId,
      OriginRequestPolicyId: OriginRequestPolicy.ALL_VIEWER_EXCEPT_HOST_HEADER.originRequestPolicyId,
      ViewerProtocolPolicy: 'https-only',
    });
    expect((api.AllowedMethods as string[]).sort()).toEqual(['DELETE', 'GET', 'HEAD', 'OPTIONS', 'PATCH', 'POST', 'PUT']);
    expect(api.FunctionAssociations).toBeUndefined();
    const apiOrigin = origin(api.TargetOriginId)!;
    expect(JSON.stringify(apiOrigin.DomainName)).toContain(logicalIdOf(synth.stack, synth.stack.api.httpApi));
    expect(apiOrigin.CustomOriginConfig).toEqual({ OriginProtocolPolicy: 'https-only', OriginSSLProtocols: ['TLSv1.2'] });
  });

  it('serves event images at /media/* from the private media bucket through origin access control, GET and HEAD only', () => {
    const behaviours = config().CacheBehaviors as Record<string, unknown>[];
    const media = behaviours.find((behaviour) => behaviour.PathPattern === '/media/*')!;
    expect(media).toMatchObject({ ViewerProtocolPolicy: 'redirect-to-https' });
    // A day at the edge at most, so a removed picture stops being served within a day.
    const mediaPolicy = resources(synth.template)[(media.CachePolicyId as { Ref: string }).Ref]!;
    expect(mediaPolicy.Properties!.CachePolicyConfig).toMatchObject({ MaxTTL: 86_400, DefaultTTL: 86_400 });
    expect((media.AllowedMethods as string[]).sort()).toEqual(['GET', 'HEAD']);
    const mediaOrigin = origin(media.TargetOriginId)!;
    expect(JSON.stringify(mediaOrigin.DomainName)).toContain(logicalIdOf(synth.stack, synth.stack.eventImages.mediaBucket));
    expect(mediaOrigin.OriginAccessControlId).toBeDefined();
  });

  it('sends the rendered pages, the sitemap and robots.txt to the page function through a URL only CloudFront may call, kept as long as the page says', () => {
    const behaviours = config().CacheBehaviors as Record<string, unknown>[];
    const rendered = behaviours.filter((behaviour) => (RENDERED_PATH_PATTERNS as readonly unknown[]).includes(behaviour.PathPattern));
    expect(rendered.map((behaviour) => behaviour.PathPattern).sort()).toEqual(['/events/*', '/races/*', '/robots.txt', '/sitemap.xml', '/sitemaps/*']);
    // One origin and one policy for all of them.
    expect(new Set(rendered.map((behaviour) => behaviour.TargetOriginId)).size).toBe(1);
    expect(new Set(rendered.map((behaviour) => JSON.stringify(behaviour.CachePolicyId))).size).toBe(1);
    const pages = rendered.find((behaviour) => behaviour.PathPattern === '/events/*')!;
    expect(pages).toMatchObject({ ViewerProtocolPolicy: 'redirect-to-https', Compress: true });
    expect((pages.AllowedMethods as string[]).sort()).toEqual(['GET', 'HEAD']);
    expect(pages.FunctionAssociations).toBeUndefined();
    const functionId = logicalIdOf(synth.stack, synth.stack.eventPages);
    expect(handlerTag(resources(synth.template)[functionId]!)).toBe('pages/page-function');
    const [urlId, url] = urlOf(functionId);
    expect(url.Properties).toMatchObject({ AuthType: 'AWS_IAM', TargetFunctionArn: { 'Fn::GetAtt': [functionId, 'Arn'] } });
    const pagesOrigin = origin(pages.TargetOriginId)!;
    expect(JSON.stringify(pagesOrigin.DomainName)).toContain(urlId);
    expect(pagesOrigin.OriginAccessControlId).toBeDefined();
    const [, control] = resourcesOfType(synth.template, 'AWS::CloudFront::OriginAccessControl').find(
      ([, candidate]) => (candidate.Properties!.OriginAccessControlConfig as { OriginAccessControlOriginType: string }).OriginAccessControlOriginType === 'lambda',
    )!;
    expect(control.Properties!.OriginAccessControlConfig).toMatchObject({ SigningBehavior: 'always', SigningProtocol: 'sigv4' });
    // CloudFront, for this distribution only, may invoke it, and only through its URL.
    const distributionArn = JSON.stringify(ref(logicalIdOf(synth.stack, synth.stack.site.distribution)));
    const permissions = resourcesOfType(synth.template, 'AWS::Lambda::Permission')
      .map(([, permission]) => permission.Properties!)
      .filter((permission) => JSON.stringify(permission.FunctionName).includes(urlId));
    expect(permissions.map((permission) => permission.Action).sort()).toEqual(['lambda:InvokeFunction', 'lambda:InvokeFunctionUrl']);
    for (const permission of permissions) {
      expect(permission.Principal).toBe('cloudfront.amazonaws.com');
      expect(JSON.stringify(permission.SourceArn)).toContain(distributionArn);
    }
    expect(permissions.find((permission) => permission.Action === 'lambda:InvokeFunction')?.InvokedViaFunctionUrl).toBe(true);
    // The function's Cache-Control decides (a minute for a page, an hour for the sitemap, no-store for a 404), within
    // an hour; only a landing page's cursor is in the key.
    const policy = resources(synth.template)[(pages.CachePolicyId as { Ref: string }).Ref]!;
    expect(policy.Properties!.CachePolicyConfig).toMatchObject({
      DefaultTTL: 0,
      MinTTL: 0,
      MaxTTL: 3600,
      ParametersInCacheKeyAndForwardedToOrigin: {
        CookiesConfig: { CookieBehavior: 'none' },
        QueryStringsConfig: { QueryStringBehavior: 'whitelist', QueryStrings: ['after'] },
      },
    });
    // It reads the table and three files of the web bucket's build (index.html, the manifest, config.json), nothing more.
    const variables = (resources(synth.template)[functionId]!.Properties!.Environment as { Variables: Record<string, unknown> }).Variables;
    expect(variables.SITE_BUCKET).toEqual(ref(logicalIdOf(synth.stack, synth.stack.site.bucket)));
    const statements = statementsOfFunctionRole(synth.template, resources(synth.template)[functionId]!);
    const s3 = statements.filter((statement) => JSON.stringify(statement.Action).includes('s3:'));
    const bucketArn = { 'Fn::GetAtt': [logicalIdOf(synth.stack, synth.stack.site.bucket), 'Arn'] };
    expect(s3).toEqual([
      {
        Effect: 'Allow',
        Action: 's3:GetObject',
        Resource: ['/index.html', '/.vite/manifest.json', '/config.json'].map((key) => ({ 'Fn::Join': ['', [bucketArn, key]] })),
      },
    ]);
    expect(statements.some((statement) => JSON.stringify(statement.Action).includes('dynamodb:PutItem'))).toBe(false);
  });

  it('sends /cards/* to the card function through a URL only CloudFront may call, each card kept for good under its fingerprint', () => {
    const cards = (config().CacheBehaviors as Record<string, unknown>[]).find((behaviour) => behaviour.PathPattern === CARD_PATH_PATTERN)!;
    expect(cards).toMatchObject({ ViewerProtocolPolicy: 'redirect-to-https', Compress: false });
    expect((cards.AllowedMethods as string[]).sort()).toEqual(['GET', 'HEAD']);
    const functionId = logicalIdOf(synth.stack, synth.stack.eventCards);
    expect(handlerTag(resources(synth.template)[functionId]!)).toBe('pages/cards/card-function');
    const [urlId, url] = urlOf(functionId);
    expect(url.Properties).toMatchObject({ AuthType: 'AWS_IAM' });
    const cardsOrigin = origin(cards.TargetOriginId)!;
    expect(JSON.stringify(cardsOrigin.DomainName)).toContain(urlId);
    expect(cardsOrigin.OriginAccessControlId).toBeDefined();
    const policy = resources(synth.template)[(cards.CachePolicyId as { Ref: string }).Ref]!;
    expect(policy.Properties!.CachePolicyConfig).toMatchObject({
      DefaultTTL: 0,
      MaxTTL: 365 * 86_400,
      ParametersInCacheKeyAndForwardedToOrigin: { QueryStringsConfig: { QueryStringBehavior: 'whitelist', QueryStrings: ['v'] } },
    });
    // It reads the table, and writes nothing.
    const statements = statementsOfFunctionRole(synth.template, resources(synth.template)[functionId]!);
    expect(statements.some((statement) => JSON.stringify(statement.Action).includes('dynamodb:GetItem'))).toBe(true);
    expect(statements.some((statement) => /PutItem|s3:/.test(JSON.stringify(statement.Action)))).toBe(false);
  });

  it('serves everything else from the private bucket through origin access control, cached, with the SPA fallback', () => {
    const fallback = config().DefaultCacheBehavior as Record<string, unknown>;
    expect(fallback).toMatchObject({
      CachePolicyId: CachePolicy.CACHING_OPTIMIZED.cachePolicyId,
      ViewerProtocolPolicy: 'redirect-to-https',
      FunctionAssociations: [
        { EventType: 'viewer-request', FunctionARN: expect.anything() },
        { EventType: 'viewer-response', FunctionARN: expect.anything() },
      ],
    });
    const s3 = origin(fallback.TargetOriginId)!;
    expect(s3.OriginAccessControlId).toBeDefined();
    expect(s3.DomainName).toEqual({ 'Fn::GetAtt': [logicalIdOf(synth.stack, synth.stack.site.bucket), 'RegionalDomainName'] });
    expect(config().DefaultRootObject).toBe('index.html');
    // Error responses would also turn API 403/404s into index.html.
    expect(config().CustomErrorResponses).toBeUndefined();
  });

  it('rewrites client-side routes to index.html and leaves files alone', () => {
    const [, fn] = onlyResourceOfType(synth.template, 'AWS::CloudFront::Function');
    const handler = new Function(`${fn.Properties!.FunctionCode as string}; return handler;`)() as (event: {
      request: { uri: string };
    }) => { uri: string };
    const rewrite = (uri: string) => handler({ request: { uri } }).uri;
    expect(rewrite('/')).toBe('/index.html');
    expect(rewrite('/events/01J0000000000000000000000Z')).toBe('/index.html');
    expect(rewrite('/admin/users/')).toBe('/index.html');
    expect(rewrite('/config.json')).toBe('/config.json');
    expect(rewrite('/assets/index-abc123.js')).toBe('/assets/index-abc123.js');
    expect(rewrite('/favicon.ico')).toBe('/favicon.ico');
  });

  it('answers paths that are no page with 404 and the SPA (a copy of index.html), and pages with 200', () => {
    const [, fn] = onlyResourceOfType(synth.template, 'AWS::CloudFront::Function');
    type Response = { statusCode: number; headers: Record<string, { value: string }> };
    const handler = new Function(`${fn.Properties!.FunctionCode as string}; return handler;`)() as (event: {
      context?: { eventType: string };
      request: { uri: string };
      response?: Response;
    }) => { uri: string } & Response;
    const rewrite = (uri: string) => handler({ context: { eventType: 'viewer-request' }, request: { uri } }).uri;
    const statusOf = (uri: string) =>
      handler({ context: { eventType: 'viewer-response' }, request: { uri }, response: { statusCode: 200, headers: {} } });
    expect(rewrite('/no-such-page')).toBe('/404.html');
    expect(rewrite('/blog/a-post/extra')).toBe('/404.html');
    expect(rewrite('/Events')).toBe('/index.html');
    expect(statusOf('/404.html')).toMatchObject({ statusCode: 404, headers: { 'cache-control': { value: 'no-store' } } });
    // Whether CloudFront shows the response event the rewritten URI or the viewer's own, the status is right.
    expect(statusOf('/no-such-page').statusCode).toBe(404);
    for (const uri of ['/index.html', '/', '/events', '/events/01J0000000000000000000000Z', '/assets/index-abc123.js', '/config.json']) {
      expect(statusOf(uri).statusCode).toBe(200);
    }
  });

  it('sends HSTS, nosniff, frame denial, a referrer policy and a CSP that lets the browser reach Cognito', () => {
    const [policyId, policy] = onlyResourceOfType(synth.template, 'AWS::CloudFront::ResponseHeadersPolicy');
    const headers = (policy.Properties!.ResponseHeadersPolicyConfig as { SecurityHeadersConfig: Record<string, unknown> })
      .SecurityHeadersConfig;
    expect(headers).toMatchObject({
      StrictTransportSecurity: { AccessControlMaxAgeSec: 63072000, IncludeSubdomains: true, Override: true },
      ContentTypeOptions: { Override: true },
      FrameOptions: { FrameOption: 'DENY', Override: true },
      ReferrerPolicy: { ReferrerPolicy: 'strict-origin-when-cross-origin', Override: true },
    });
    const csp = JSON.stringify(headers.ContentSecurityPolicy);
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("connect-src 'self' https://cognito-idp.");
    expect(csp).toContain(logicalIdOf(synth.stack, synth.stack.auth.domain));
    // The same image sources as the local gateway's policy (shared/content-security-policy.ts), no https: at large.
    expect(csp).toContain(`img-src 'self' data: ${IMAGE_HOSTS.join(' ')};`);
    expect(csp).not.toMatch(/ https:[ ;]/);
    const behaviours = [config().DefaultCacheBehavior, ...(config().CacheBehaviors as unknown[])] as Record<string, unknown>[];
    for (const behaviour of behaviours) expect(behaviour.ResponseHeadersPolicyId).toEqual(ref(policyId));
  });

  it('keeps both buckets private, encrypted and TLS-only, and logs the distribution and web bucket', () => {
    const buckets = resourcesOfType(synth.template, 'AWS::S3::Bucket');
    // Site, its logs, CSV exports, and event images' uploads and media.
    expect(buckets).toHaveLength(5);
    for (const [id, bucket] of buckets) {
      expect(bucket.Properties, id).toMatchObject({
        PublicAccessBlockConfiguration: {
          BlockPublicAcls: true,
          BlockPublicPolicy: true,
          IgnorePublicAcls: true,
          RestrictPublicBuckets: true,
        },
        BucketEncryption: { ServerSideEncryptionConfiguration: [{ ServerSideEncryptionByDefault: { SSEAlgorithm: 'AES256' } }] },
      });
    }
    for (const [id, policy] of resourcesOfType(synth.template, 'AWS::S3::BucketPolicy')) {
      const statements = (policy.Properties!.PolicyDocument as { Statement: Record<string, unknown>[] }).Statement;
      expect(statements, id).toContainEqual(
        expect.objectContaining({ Effect: 'Deny', Condition: { Bool: { 'aws:SecureTransport': 'false' } } }),
      );
    }
    const logsId = logicalIdOf(synth.stack, synth.stack.site.logsBucket);
    expect(config().Logging).toMatchObject({ Bucket: { 'Fn::GetAtt': [logsId, 'RegionalDomainName'] } });
    const webBucket = resources(synth.template)[logicalIdOf(synth.stack, synth.stack.site.bucket)]!;
    expect(webBucket.Properties!.LoggingConfiguration).toMatchObject({ DestinationBucketName: ref(logsId) });
  });

  it('uploads hashed assets cached for a year, and pages revalidated and pruned around assets and config.json', () => {
    const deployments = resourcesOfType(synth.template, 'Custom::CDKBucketDeployment').map(([, d]) => d.Properties!);
    expect(deployments).toHaveLength(3);
    const assets = deployments.find((d) => JSON.stringify(d.Include) === '["assets/*"]');
    expect(assets).toMatchObject({
      Exclude: ['*'],
      Prune: false,
      SystemMetadata: { 'cache-control': 'public, max-age=31536000, immutable' },
    });
    const pages = deployments.find((d) => d.Prune === true);
    expect(pages).toMatchObject({ Exclude: ['assets/*', 'config.json'], SystemMetadata: { 'cache-control': 'no-cache' } });
  });

  it('writes config.json for an e-mail-only deployment, uncached and never pruned', () => {
    const { raw, markers } = deployedRuntimeConfig();
    expect(RuntimeConfigSchema.safeParse(raw).success).toBe(true);
    const resolve = (value: unknown) => (typeof value === 'string' && value in markers ? markers[value] : value);
    expect(raw.environment).toBe('aws');
    expect(raw.googleSignIn).toBe(false);
    expect(raw).not.toHaveProperty('oauthDomain');
    expect(raw).not.toHaveProperty('userPoolEndpoint');
    expect(resolve(raw.region)).toEqual({ Ref: 'AWS::Region' });
    expect(resolve(raw.userPoolId)).toEqual(ref(logicalIdOf(synth.stack, synth.stack.auth.userPool)));
    expect(resolve(raw.userPoolClientId)).toEqual(ref(logicalIdOf(synth.stack, synth.stack.auth.userPoolClient)));
    const siteMarker = (raw.siteUrl as string).replace(/^https:\/\//, '');
    expect(markers[siteMarker]).toEqual({
      'Fn::GetAtt': [logicalIdOf(synth.stack, synth.stack.site.distribution), 'DomainName'],
    });
    const deployment = resourcesOfType(synth.template, 'Custom::CDKBucketDeployment')
      .map(([, d]) => d.Properties!)
      .find((d) => d.SourceMarkers !== undefined);
    expect(deployment).toMatchObject({ Prune: false, SystemMetadata: { 'cache-control': 'no-cache' } });
  });
});

describe('stack', () => {
  it('outputs the site URL, API URL, user pool id and client id', () => {
    const outputs = (synth.template.toJSON() as { Outputs: Record<string, unknown> }).Outputs;
    expect(Object.keys(outputs)).toEqual(expect.arrayContaining(['SiteUrl', 'ApiUrl', 'UserPoolId', 'UserPoolClientId']));
  });

  it('has no unacknowledged cdk-nag AwsSolutions errors or warnings', () => {
    expect(synth.nagFindings).toEqual([]);
  });

  it('explains every acknowledged cdk-nag finding', () => {
    const acknowledged = synth.stack.node
      .findAll()
      .flatMap((construct) => construct.node.metadata)
      .filter((entry) => entry.type === Validations.ACKNOWLEDGED_RULES_METADATA_KEY)
      .flatMap((entry) => Object.entries(entry.data as Record<string, string>));
    expect(acknowledged.length).toBeGreaterThan(0);
    for (const [rule, reason] of acknowledged) {
      if (!rule.includes('AwsSolutions')) continue;
      // A reason says why, in a sentence: not a placeholder.
      expect(reason.length, rule).toBeGreaterThanOrEqual(40);
    }
  });
});
