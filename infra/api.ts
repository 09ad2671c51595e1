import { Annotations, CfnOutput, RemovalPolicy, Stack } from 'aws-cdk-lib';
import { Certificate } from 'aws-cdk-lib/aws-certificatemanager';
import { ApiMapping, DomainName, HttpApi, HttpStage, LogGroupLogDestination } from 'aws-cdk-lib/aws-apigatewayv2';
import type { CfnStage } from 'aws-cdk-lib/aws-apigatewayv2';
import { AccessLogFormat } from 'aws-cdk-lib/aws-apigateway';
import { HttpJwtAuthorizer } from 'aws-cdk-lib/aws-apigatewayv2-authorizers';
import { LogGroup, RetentionDays } from 'aws-cdk-lib/aws-logs';
import { Construct } from 'constructs';
import { DEFAULT_THROTTLE, ROUTE_AREAS, mergeRouteTables, routeKey } from '#shared/routes';
import type { AnyRouteDefinition } from '#shared/routes';
import { ApiArea } from './api-area.ts';
import type { Auth } from './auth.ts';
import type { Data } from './data.ts';
import type { Imports } from './imports.ts';
import type { AccountDeletion } from './account-deletion.ts';
import type { Notifications } from './notifications.ts';
import type { Exports } from './exports.ts';
import type { EventImages } from './event-images.ts';
import type { ActivityUploads } from './activity-uploads.ts';
import type { StravaSync } from './strava-sync.ts';
import type { LambdaFunction } from './lambda-function.ts';
import type { WeatherSettings } from './lambda-environment.ts';
import { ROUTE_NEEDS } from './route-needs.ts';
import type { StripeSecretsConfig } from './deploy-config.ts';
import type { RouteNeeds } from './route-needs.ts';
import { chunksOf } from '#shared/chunks';


/** Route tables by area name, as shared/routes/index.ts ROUTE_AREAS lists them. */
export type RouteAreas = Readonly<Record<string, Readonly<Record<string, AnyRouteDefinition>>>>;

export interface ApiProps {
  readonly data: Data;
  readonly exports: Exports;
  readonly auth: Auth;
  /** The import state machine, for the routes that start runs (infra/route-needs.ts). */
  readonly imports?: Imports;
  /** The account deletion worker, for DELETE /api/me (infra/route-needs.ts). */
  readonly accountDeletion?: AccountDeletion;
  /** The notification queue and the unsubscribe links' key, for the routes that say so (infra/route-needs.ts). */
  readonly notifications?: Notifications;
  /** The event images' buckets (infra/event-images.ts). */
  readonly eventImages?: EventImages;
  /** The activity import (infra/activity-uploads.ts). */
  readonly activityUploads?: ActivityUploads;
  /** Strava sync's queue, tokens key and application (infra/strava-sync.ts). */
  readonly stravaSync?: StravaSync;
  readonly appVersion: string;
  readonly superAdminEmails: readonly string[];
  /** The Stripe keys' Secrets Manager names (deploy context); absent, the promotion routes answer 503. */
  readonly stripeSecrets?: StripeSecretsConfig;
  /** The OpenAI key's Secrets Manager name (deploy context); absent, the coach is the offline coach. */
  readonly openAiKeySecretName?: string;
  /** The weather service's URL and User-Agent for the routes that need it (infra/route-needs.ts `weather`). */
  readonly weather?: WeatherSettings;
  /**
   * The API's own host name and its certificate (same region as the stack). Given, CloudFront reaches the API
   * there and the execute-api endpoint is off (deploy-config.ts, apiDomain).
   */
  readonly customDomain?: { readonly domainName: string; readonly certificateArn: string };
  /**
   * The site's own address (its CloudFront URL or custom domain), for the routes that link back to it
   * (route-needs.ts `siteUrl`). The distribution is built after the API, so this is a lazy value.
   */
  readonly siteUrl?: string;
  /** @default ROUTE_AREAS: the app's route table. Tests pass generated tables. */
  readonly routeAreas?: RouteAreas;
  /** @default ROUTE_NEEDS (infra/route-needs.ts) */
  readonly routeNeeds?: Readonly<Record<string, RouteNeeds | undefined>>;
}

/**
 * The most routes one nested stack holds: at 7 resources a route, 350 of CloudFormation's 500. An area with
 * more is split over several stacks ('AdminRoutes', 'AdminRoutes2', ...), in table order.
 */
export const MAX_ROUTES_PER_STACK = 50;

/** Construct id of an area's nested stack: 'admin-events' -> 'AdminEventsRoutes', then 'AdminEventsRoutes2'... */
function areaStackId(area: string, part: number): string {
  const name = area.replace(/(^|[-_])([a-z0-9])/g, (_, _separator: string, letter: string) => letter.toUpperCase());
  return `${name}Routes${part === 0 ? '' : part + 1}`;
}

/**
 * The HTTP API, grown from the route table (DESIGN section 3). This construct holds what the whole API
 * shares: the HTTP API itself, the Cognito JWT authorizer, the stage with its access log and per-route
 * throttles. Each area of the table (shared/routes/<area>.ts) becomes a nested stack (infra/api-area.ts)
 * holding its routes' functions, integrations and routes. Nothing here names a route; adding one to the
 * table is all it takes, and infra/route-needs.ts says where it needs more than the defaults.
 */
export class Api extends Construct {
  readonly httpApi: HttpApi;
  readonly stage: HttpStage;
  /** The stage's access log: one JSON line per request (format below). */
  readonly accessLogs: LogGroup;
  readonly areas: readonly ApiArea[];
  /** Every route's function, by route id. */
  readonly functions: ReadonlyMap<string, LambdaFunction>;
  /** The host CloudFront forwards /api/* to: the custom domain when there is one, else execute-api's. */
  readonly originDomainName: string;

  constructor(scope: Construct, id: string, props: ApiProps) {
    super(scope, id);
    const { data, auth } = props;
    const routeAreas: RouteAreas = props.routeAreas ?? ROUTE_AREAS;
    // ROUTE_NEEDS is keyed by the app's route ids: a generated table (tests) has none of them.
    const routeNeeds: Readonly<Record<string, RouteNeeds | undefined>> = props.routeNeeds ?? (props.routeAreas ? {} : ROUTE_NEEDS);

    // The merge refuses a repeated id or method+path across areas, also for tables other than the app's.
    const allRoutes = mergeRouteTables(...Object.values(routeAreas)) as Record<string, AnyRouteDefinition>;
    const unknownNeeds = Object.keys(routeNeeds).filter((routeId) => !(routeId in allRoutes));
    if (unknownNeeds.length > 0) throw new Error(`Route needs for routes that are not in the table: ${unknownNeeds.join(', ')}`);

    this.httpApi = new HttpApi(this, 'HttpApi', {
      description: 'RaceFinder API; reached through CloudFront at /api/*',
      // Our own stage below, to configure access logs and throttles.
      createDefaultStage: false,
      // The WAF and CloudFront's security headers sit on the distribution only: a caller reaching execute-api
      // directly would pass neither. CloudFront needs some host to reach the API by, so the endpoint can go only
      // once the API has a domain of its own.
      disableExecuteApiEndpoint: props.customDomain !== undefined,
    });

    // Bound to the HTTP API on first use, so it lives in this stack although the routes are in the areas'.
    const authorizer = new HttpJwtAuthorizer('CognitoJwt', auth.issuerUrl, {
      // ID tokens carry the client id as audience; the web app sends the ID token.
      jwtAudience: [auth.userPoolClient.userPoolClientId],
      identitySource: ['$request.header.Authorization'],
    });

    this.areas = Object.entries(routeAreas).flatMap(([area, table]) =>
      chunksOf(Object.values(table), MAX_ROUTES_PER_STACK).map(
        (routes, part) =>
          new ApiArea(this, areaStackId(area, part), {
            area,
            routes,
            needsOf: (routeId) => routeNeeds[routeId],
            httpApi: this.httpApi,
            authorizer,
            data,
            exports: props.exports,
            auth,
            ...(props.imports ? { imports: props.imports } : {}),
            ...(props.accountDeletion ? { accountDeletion: props.accountDeletion } : {}),
            ...(props.notifications ? { notifications: props.notifications } : {}),
            ...(props.eventImages ? { eventImages: props.eventImages } : {}),
            ...(props.activityUploads ? { activityUploads: props.activityUploads } : {}),
            ...(props.stravaSync ? { stravaSync: props.stravaSync } : {}),
            appVersion: props.appVersion,
            superAdminEmails: props.superAdminEmails,
            ...(props.stripeSecrets ? { stripeSecrets: props.stripeSecrets } : {}),
            ...(props.openAiKeySecretName ? { openAiKeySecretName: props.openAiKeySecretName } : {}),
            ...(props.weather ? { weather: props.weather } : {}),
            ...(props.siteUrl ? { siteUrl: props.siteUrl } : {}),
          }),
      ),
    );
    this.functions = new Map(this.areas.flatMap((area) => [...area.functions]));

    const routeSettings: Record<string, { ThrottlingRateLimit: number; ThrottlingBurstLimit: number }> = {};
    for (const definition of Object.values(allRoutes)) {
      const throttle = definition.throttle ?? DEFAULT_THROTTLE;
      routeSettings[routeKey(definition)] = { ThrottlingRateLimit: throttle.rate, ThrottlingBurstLimit: throttle.burst };
    }

    const accessLogs = new LogGroup(this, 'AccessLogs', {
      retention: RetentionDays.ONE_MONTH,
      removalPolicy: RemovalPolicy.DESTROY,
    });
    this.accessLogs = accessLogs;
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

    if (props.customDomain) {
      const domain = new DomainName(this, 'Domain', {
        domainName: props.customDomain.domainName,
        certificate: Certificate.fromCertificateArn(this, 'DomainCertificate', props.customDomain.certificateArn),
      });
      new ApiMapping(this, 'DomainMapping', { api: this.httpApi, domainName: domain, stage: this.stage });
      this.originDomainName = props.customDomain.domainName;
      new CfnOutput(this, 'ApiDomainTarget', {
        value: domain.regionalDomainName,
        description: `Point a DNS CNAME for ${props.customDomain.domainName} here`,
      });
    } else {
      this.originDomainName = `${this.httpApi.apiId}.execute-api.${Stack.of(this).region}.${Stack.of(this).urlSuffix}`;
      Annotations.of(this).addWarningV2(
        'racefinder:executeApiOpen',
        'The execute-api endpoint stays on (CloudFront reaches the API through it), so callers can bypass the WAF; set apiDomain to turn it off',
      );
    }
    // Per-route throttles have no L2 property; the stage's RouteSettings map takes them by route key.
    const cfnStage = this.stage.node.defaultChild as CfnStage;
    cfnStage.routeSettings = routeSettings;
    // API Gateway rejects route settings for routes it has not created yet. CDK lifts a dependency on a
    // resource in a nested stack to the nested stack itself: the stage waits for each whole area.
    for (const area of this.areas) for (const route of area.routes) cfnStage.node.addDependency(route);
  }

  get url(): string {
    return `https://${this.originDomainName}/`;
  }
}
