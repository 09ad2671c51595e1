import { RemovalPolicy, Stack, Validations } from 'aws-cdk-lib';
import { HttpApi, HttpMethod, HttpStage, LogGroupLogDestination } from 'aws-cdk-lib/aws-apigatewayv2';
import type { CfnStage, HttpRoute } from 'aws-cdk-lib/aws-apigatewayv2';
import { AccessLogFormat } from 'aws-cdk-lib/aws-apigateway';
import { HttpJwtAuthorizer } from 'aws-cdk-lib/aws-apigatewayv2-authorizers';
import { HttpLambdaIntegration } from 'aws-cdk-lib/aws-apigatewayv2-integrations';
import { LogGroup, RetentionDays } from 'aws-cdk-lib/aws-logs';
import { Construct } from 'constructs';
import { DEFAULT_THROTTLE, ROUTES, ROUTE_IDS, routeKey } from '#shared/routes';
import type { RouteDefinition, RouteId } from '#shared/routes';
import type { Auth } from './auth.ts';
import type { Data } from './data.ts';
import { LambdaFunction } from './lambda-function.ts';
import { isOpenAccess } from '#shared/roles';

export interface ApiProps {
  readonly data: Data;
  readonly auth: Auth;
  readonly appVersion: string;
  readonly superAdminEmails: readonly string[];
}

/** Routes anyone may call: no JWT authorizer in front of them. Webhooks authenticate by their signature. */
export function isOpenRoute(definition: RouteDefinition): boolean {
  return isOpenAccess(definition.access);
}

/**
 * The HTTP API, grown from the route table (DESIGN section 3): for every entry one function built from
 * lambdas/<handler>.ts, one route, the Cognito JWT authorizer unless the route is open, and a throttle.
 * Nothing here names a route; adding one to ROUTES is all it takes.
 */
export class Api extends Construct {
  readonly httpApi: HttpApi;
  readonly stage: HttpStage;
  readonly functions: ReadonlyMap<RouteId, LambdaFunction>;

  constructor(scope: Construct, id: string, props: ApiProps) {
    super(scope, id);
    const { data, auth } = props;

    this.httpApi = new HttpApi(this, 'HttpApi', {
      description: 'RaceFinder API; reached through CloudFront at /api/*',
      // Our own stage below, to configure access logs and throttles.
      createDefaultStage: false,
    });

    const authorizer = new HttpJwtAuthorizer('CognitoJwt', auth.issuerUrl, {
      // ID tokens carry the client id as audience; the web app sends the ID token.
      jwtAudience: [auth.userPoolClient.userPoolClientId],
      identitySource: ['$request.header.Authorization'],
    });

    const functions = new Map<RouteId, LambdaFunction>();
    const routes: HttpRoute[] = [];
    const routeSettings: Record<string, { ThrottlingRateLimit: number; ThrottlingBurstLimit: number }> = {};

    for (const routeId of ROUTE_IDS) {
      const definition: RouteDefinition = ROUTES[routeId];
      const fn = new LambdaFunction(this, routeId, {
        handlerModule: definition.handler,
        description: `${routeKey(definition)}: ${definition.summary}`,
        environment: {
          TABLE_NAME: data.table.tableName,
          APP_VERSION: props.appVersion,
          SUPER_ADMIN_EMAILS: props.superAdminEmails.join(','),
          POWERTOOLS_SERVICE_NAME: 'racefinder',
          // No authorizer stands in front of optional routes: they verify a sent token themselves
          // (lambdas/lib/token-verifier.ts). Ids only; the pool's JWKS is public, so no grant is needed.
          ...(definition.access === 'optional'
            ? { COGNITO_USER_POOL_ID: auth.userPool.userPoolId, COGNITO_CLIENT_ID: auth.userPoolClient.userPoolClientId }
            : {}),
        },
      });
      data.grantRequestPathAccess(fn);
      functions.set(routeId, fn);

      const open = isOpenRoute(definition);
      const added = this.httpApi.addRoutes({
        path: definition.path,
        methods: [HttpMethod[definition.method]],
        integration: new HttpLambdaIntegration(`${routeId}Integration`, fn),
        ...(open ? {} : { authorizer }),
      });
      routes.push(...added);
      if (open) {
        for (const route of added) {
          Validations.of(route).acknowledge({
            id: 'AwsSolutions-APIG4',
            reason: `${routeKey(definition)} is ${definition.access} by design (shared/routes.ts); ${
              definition.access === 'webhook' ? 'the handler verifies the request signature' : 'it needs no identity'
            }`,
          });
        }
      }

      const throttle = definition.throttle ?? DEFAULT_THROTTLE;
      routeSettings[routeKey(definition)] = { ThrottlingRateLimit: throttle.rate, ThrottlingBurstLimit: throttle.burst };
    }
    this.functions = functions;

    const accessLogs = new LogGroup(this, 'AccessLogs', {
      retention: RetentionDays.ONE_MONTH,
      removalPolicy: RemovalPolicy.DESTROY,
    });
    this.stage = new HttpStage(this, 'DefaultStage', {
      httpApi: this.httpApi,
      stageName: '$default',
      autoDeploy: true,
      // The ceiling for anything without its own entry below.
      throttle: { rateLimit: DEFAULT_THROTTLE.rate, burstLimit: DEFAULT_THROTTLE.burst },
      accessLogSettings: {
        destination: new LogGroupLogDestination(accessLogs),
        format: AccessLogFormat.custom(
          JSON.stringify({
            requestId: '$context.requestId',
            ip: '$context.identity.sourceIp',
            time: '$context.requestTimeEpoch',
            routeKey: '$context.routeKey',
            status: '$context.status',
            latencyMs: '$context.responseLatency',
            integrationLatencyMs: '$context.integrationLatency',
            responseLength: '$context.responseLength',
            authorizerError: '$context.authorizer.error',
            integrationError: '$context.integrationErrorMessage',
            userAgent: '$context.identity.userAgent',
          }),
        ),
      },
    });
    // Per-route throttles have no L2 property; the stage's RouteSettings map takes them by route key.
    const cfnStage = this.stage.node.defaultChild as CfnStage;
    cfnStage.routeSettings = routeSettings;
    // API Gateway rejects route settings for routes it has not created yet.
    for (const route of routes) cfnStage.node.addDependency(route);
  }

  /** The execute-api host CloudFront forwards /api/* to. */
  get originDomainName(): string {
    return `${this.httpApi.apiId}.execute-api.${Stack.of(this).region}.${Stack.of(this).urlSuffix}`;
  }

  get url(): string {
    return `https://${this.originDomainName}/`;
  }
}
