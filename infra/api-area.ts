import { Duration, NestedStack, Validations } from 'aws-cdk-lib';
import { HttpMethod, HttpRoute, HttpRouteKey } from 'aws-cdk-lib/aws-apigatewayv2';
import type { HttpApi, IHttpRouteAuthorizer } from 'aws-cdk-lib/aws-apigatewayv2';
import { HttpLambdaIntegration } from 'aws-cdk-lib/aws-apigatewayv2-integrations';
import { Secret } from 'aws-cdk-lib/aws-secretsmanager';
import type { Construct } from 'constructs';
import type { ISecret } from 'aws-cdk-lib/aws-secretsmanager';
import { routeKey } from '#shared/routes';
import type { AnyRouteDefinition, DataAccess } from '#shared/routes';
import { isOpenAccess } from '#shared/roles';
import type { Auth } from './auth.ts';
import type { Data } from './data.ts';
import type { Imports } from './imports.ts';
import type { AccountDeletion } from './account-deletion.ts';
import type { Notifications } from './notifications.ts';
import type { Exports } from './exports.ts';
import type { EventImages } from './event-images.ts';
import type { ActivityUploads } from './activity-uploads.ts';
import type { StravaSync } from './strava-sync.ts';
import { LambdaFunction } from './lambda-function.ts';
import {
  handlerEnvironment,
  openAiSecretEnvironment,
  siteEnvironment,
  stripeSecretEnvironment,
  tokenVerifierEnvironment,
  weatherEnvironment,
  weatherUserAgent,
  type WeatherSettings,
} from './lambda-environment.ts';
import type { StripeSecretsConfig } from './deploy-config.ts';
import { notificationsOf, type RouteNeeds } from './route-needs.ts';

/** The longest a route's function may run: API Gateway gives up on an integration after 30 s. */
export const MAX_ROUTE_TIMEOUT = Duration.seconds(29);

/** Routes anyone may call: no JWT authorizer in front of them. Webhooks authenticate by their signature. */
export function isOpenRoute(definition: Pick<AnyRouteDefinition, 'access'>): boolean {
  return isOpenAccess(definition.access);
}

/**
 * The table access a route's function gets. Public and optional routes answer anyone, so they may only read,
 * count, keep a contact message or a newsletter sign-up ('count', 'contact', 'newsletter': writes IAM limits to
 * those partitions' keys, infra/data.ts WRITABLE_PARTITIONS); a route that says 'read-write' is a mistake in the
 * table, refused here rather than granted. The one-click unsubscribe ('unsubscribe') writes only the token's person's
 * switches and the token's use record, both under its own prefixes. (Webhooks are open too, but write what their
 * verified signature vouches for.)
 */
export function tableAccessOf(definition: Pick<AnyRouteDefinition, 'id' | 'access' | 'data'>): DataAccess {
  const anonymous = definition.access === 'public' || definition.access === 'optional';
  if (anonymous && definition.data === 'read-write') {
    throw new Error(
      `Route ${definition.id} is ${definition.access} but declares data: '${definition.data}'; routes anyone may call get read-only table access`,
    );
  }
  return definition.data;
}

export interface ApiAreaProps {
  /** The area's name, as in shared/routes/index.ts ROUTE_AREAS. */
  readonly area: string;
  readonly routes: readonly AnyRouteDefinition[];
  readonly needsOf: (routeId: string) => RouteNeeds | undefined;
  readonly httpApi: HttpApi;
  readonly authorizer: IHttpRouteAuthorizer;
  readonly data: Data;
  readonly exports: Exports;
  readonly auth: Auth;
  readonly imports?: Imports;
  readonly accountDeletion?: AccountDeletion;
  readonly notifications?: Notifications;
  /** The event images' buckets (infra/event-images.ts). */
  readonly eventImages?: EventImages;
  /** The activity import (infra/activity-uploads.ts). */
  readonly activityUploads?: ActivityUploads;
  readonly stravaSync?: StravaSync;
  readonly appVersion: string;
  readonly superAdminEmails: readonly string[];
  /** The Stripe keys' secret names, for routes that need Stripe (route-needs.ts `stripe`); absent: not configured. */
  readonly stripeSecrets?: StripeSecretsConfig;
  /** The OpenAI key's secret name, for routes that need it (route-needs.ts `openai`); absent: the offline coach. */
  readonly openAiKeySecretName?: string;
  /** The weather service for routes that need it (route-needs.ts `weather`); default the NWS, "RaceFinder/<version>". */
  readonly weather?: WeatherSettings;
  /** The site's own address, for routes that link back to it (route-needs.ts `siteUrl`). */
  readonly siteUrl?: string;
}

/**
 * One API area (shared/routes/<area>.ts) as a nested stack attached to the one HTTP API: per route its
 * function with role, policy and log group, the integration, the route and API Gateway's permission to invoke
 * the function; 7 resources a route. A stack of its own per area keeps each far from CloudFormation's
 * 500-resource quota (an infra test holds every stack under 400, also at 100 routes). The HTTP API, its
 * authorizer and stage stay in the parent stack; references to them, the table and the user pool arrive as
 * nested-stack parameters, which CDK wires up.
 */
export class ApiArea extends NestedStack {
  readonly area: string;
  readonly functions: ReadonlyMap<string, LambdaFunction>;
  readonly routes: readonly HttpRoute[];

  constructor(scope: Construct, id: string, props: ApiAreaProps) {
    super(scope, id, { description: `RaceFinder API, ${props.area} area: ${props.routes.length} routes` });
    this.area = props.area;
    const { data, auth, exports } = props;
    const targets = {
      data,
      exports,
      ...(props.imports ? { imports: props.imports } : {}),
      ...(props.accountDeletion ? { accountDeletion: props.accountDeletion } : {}),
      ...(props.notifications ? { notifications: props.notifications } : {}),
      ...(props.eventImages ? { eventImages: props.eventImages } : {}),
      ...(props.activityUploads ? { activityUploads: props.activityUploads } : {}),
      ...(props.stravaSync ? { stravaSync: props.stravaSync } : {}),
    };
    const functions = new Map<string, LambdaFunction>();
    const routes: HttpRoute[] = [];

    for (const definition of props.routes) {
      const needs = props.needsOf(definition.id) ?? {};
      if (needs.timeout && needs.timeout.toSeconds() > MAX_ROUTE_TIMEOUT.toSeconds()) {
        throw new Error(`Route ${definition.id}: a timeout of ${needs.timeout.toHumanString()} outlives API Gateway's 30 s`);
      }
      const environment: Record<string, string> = {
        ...handlerEnvironment({
          tableName: data.table.tableName,
          appVersion: props.appVersion,
          superAdminEmails: props.superAdminEmails,
        }),
        // No authorizer stands in front of optional routes: they verify a sent token themselves. Others that
        // reach the pool say so in route-needs.ts.
        ...(definition.access === 'optional' || needs.userPool
          ? tokenVerifierEnvironment({ userPoolId: auth.userPool.userPoolId, clientId: auth.userPoolClient.userPoolClientId })
          : {}),
      };
      for (const [variable, secretName] of Object.entries(needs.secrets ?? {})) {
        if (variable in environment) {
          throw new Error(`Route ${definition.id}: secret variable ${variable} would replace a variable the handlers read`);
        }
        environment[variable] = secretName;
      }
      if (needs.stripe && props.stripeSecrets) {
        Object.assign(environment, stripeSecretEnvironment(props.stripeSecrets));
      }
      if (needs.openai && props.openAiKeySecretName) {
        Object.assign(environment, openAiSecretEnvironment(props.openAiKeySecretName));
      }
      if (needs.weather) {
        Object.assign(environment, weatherEnvironment(props.weather ?? { userAgent: weatherUserAgent(props.appVersion) }));
      }
      if (needs.siteUrl) {
        if (!props.siteUrl) throw new Error(`Route ${definition.id} links to the site, but this API was given no site URL`);
        Object.assign(environment, siteEnvironment({ siteUrl: props.siteUrl }));
      }
      for (const [variable, value] of Object.entries(needs.environment?.(targets) ?? {})) {
        if (variable in environment) throw new Error(`Route ${definition.id}: variable ${variable} is set twice`);
        environment[variable] = value;
      }
      const fn = new LambdaFunction(this, definition.id, {
        handlerModule: definition.handler,
        description: `${routeKey(definition)}: ${definition.summary}`,
        ...(needs.timeout ? { timeout: needs.timeout } : {}),
        ...(needs.memorySize ? { memorySize: needs.memorySize } : {}),
        environment,
      });

      const access = tableAccessOf(definition);
      if (access === 'read') data.grantReadData(fn);
      else if (access === 'read-write') data.grantReadWriteData(fn);
      else data.grantPartitionWrites(fn, access);
      for (const [variable, secretName] of Object.entries(needs.secrets ?? {})) {
        Secret.fromSecretNameV2(this, `${definition.id}${variable}`, secretName).grantRead(fn);
      }
      if (needs.stripe && props.stripeSecrets) {
        const { secretKeyName, webhookSecretName } = props.stripeSecrets;
        secretNamed(this, `${definition.id}StripeKey`, secretKeyName).grantRead(fn);
        secretNamed(this, `${definition.id}StripeWebhookSecret`, webhookSecretName).grantRead(fn);
      }
      if (needs.openai && props.openAiKeySecretName) {
        secretNamed(this, `${definition.id}OpenAiKey`, props.openAiKeySecretName).grantRead(fn);
      }
      needs.grants?.(fn, targets);
      // Each sets its own variable on the function (NOTIFICATION_QUEUE_URL, UNSUBSCRIBE_SECRET_SECRET_NAME).
      if (needs.notifies) notificationsOf(props.notifications, definition.id).grantEnqueue(fn);
      if (needs.unsubscribeSecret) notificationsOf(props.notifications, definition.id).grantUnsubscribeSecret(fn);
      functions.set(definition.id, fn);

      const open = isOpenRoute(definition);
      const route = new HttpRoute(this, `${definition.id}Route`, {
        httpApi: props.httpApi,
        routeKey: HttpRouteKey.with(definition.path, HttpMethod[definition.method]),
        integration: new HttpLambdaIntegration(`${definition.id}Integration`, fn),
        ...(open ? {} : { authorizer: props.authorizer }),
      });
      routes.push(route);
      if (open) {
        Validations.of(route).acknowledge({
          id: 'AwsSolutions-APIG4',
          reason: `${routeKey(definition)} is ${definition.access} by design (shared/routes/${props.area}.ts); ${
            definition.access === 'webhook' ? 'the handler verifies the request signature' : 'it needs no identity'
          }`,
        });
      }
    }
    this.functions = functions;
    this.routes = routes;
  }
}

/** A secret given by name or by complete ARN (deploy context takes either). */
function secretNamed(scope: Construct, id: string, nameOrArn: string): ISecret {
  return nameOrArn.startsWith('arn:') ? Secret.fromSecretCompleteArn(scope, id, nameOrArn) : Secret.fromSecretNameV2(scope, id, nameOrArn);
}
