import { CfnOutput, Lazy, Stack } from 'aws-cdk-lib';
import type { StackProps } from 'aws-cdk-lib';
import type { Construct } from 'constructs';
import { Api } from './api.ts';
import type { RouteAreas } from './api.ts';
import { Auth } from './auth.ts';
import { Data } from './data.ts';
import { importScheduleOf, notificationSendRateOf, weatherContactOf, type DeployConfig } from './deploy-config.ts';
import { AccountDeletion } from './account-deletion.ts';
import { Exports } from './exports.ts';
import { EventImages } from './event-images.ts';
import { ActivityUploads } from './activity-uploads.ts';
import { Imports } from './imports.ts';
import { Migrations } from './migrations.ts';
import { Notifications } from './notifications.ts';
import { StravaSync } from './strava-sync.ts';
import { DailyPrices } from './daily-prices.ts';
import { handlerEnvironment, weatherUserAgent } from './lambda-environment.ts';
import { LambdaFunction } from './lambda-function.ts';
import { TRIGGERS } from './lambda-triggers.ts';
import { CARD_ASSET_FILES } from '../lambdas/pages/cards/card-assets.ts';
import type { RouteNeeds } from './route-needs.ts';
import { Operations } from './operations.ts';
import { Site, assertWebBuild } from './site.ts';
import { SiteFirewall } from './waf.ts';

export interface RaceFinderStackProps extends StackProps {
  readonly deploy: DeployConfig;
  /** Folder of the built web app (web/dist in the app; a temporary folder in tests). */
  readonly webDistPath: string;
  /** @default the app's route table (shared/routes ROUTE_AREAS); tests build the stack from generated tables. */
  readonly routeAreas?: RouteAreas;
  /** @default ROUTE_NEEDS (infra/route-needs.ts) */
  readonly routeNeeds?: Readonly<Record<string, RouteNeeds | undefined>>;
}

/**
 * The application, one construct per concern (DESIGN section 12). This stack holds the table, the user pool
 * with its trigger, the site and the HTTP API with its authorizer and stage; each API area's functions and
 * routes are a nested stack of the API (infra/api-area.ts), so no stack nears CloudFormation's quota of 500
 * resources as routes are added.
 */
export class RaceFinderStack extends Stack {
  readonly data: Data;
  readonly auth: Auth;
  readonly exports: Exports;
  /** Event images: the uploads and media buckets and the image function (infra/event-images.ts). */
  readonly eventImages: EventImages;
  readonly activityUploads: ActivityUploads;
  readonly accountDeletion: AccountDeletion;
  /** The notification queue, its sender, SES's feedback and the unsubscribe links' key (infra/notifications.ts). */
  readonly notifications: Notifications;
  /** Strava sync: its queue, worker and tokens key (infra/strava-sync.ts). */
  readonly stravaSync: StravaSync;
  /** The daily price job that keeps the price order to the price of the day (infra/daily-prices.ts). */
  readonly dailyPrices: DailyPrices;
  readonly api: Api;
  readonly firewall: SiteFirewall;
  readonly operations: Operations;
  readonly site: Site;
  /** Answers /events/* behind CloudFront (lambdas/pages/event-page.ts). */
  readonly eventPages: LambdaFunction;
  /** Answers /cards/* behind CloudFront (lambdas/pages/cards/card-function.ts). */
  readonly eventCards: LambdaFunction;
  /** The RunSignup import state machine (its failed executions are worth an alarm). */
  readonly imports: Imports;
  /** The data migrations' state machine and the custom resource that runs it after a deploy (infra/migrations.ts). */
  readonly migrations: Migrations;

  constructor(scope: Construct, id: string, props: RaceFinderStackProps) {
    super(scope, id, props);
    const { deploy } = props;
    // Before any Lambda is bundled: a missing web build should fail in a second, not after the bundling.
    assertWebBuild(this, props.webDistPath);

    this.data = new Data(this, 'Data');

    // The app client's redirect URLs name the distribution, which routes to the API, whose authorizer
    // needs the app client. CloudFormation has no cycle there (client -> distribution -> API <- authorizer ->
    // client), only construction order has, so the CloudFront origin is filled in once the site exists.
    const cloudFrontOrigin = Lazy.string({ produce: () => this.site.distributionUrl });
    this.auth = new Auth(this, 'Auth', {
      data: this.data,
      domainPrefix: deploy.domainPrefix ?? `${this.stackName.toLowerCase()}-${this.account}`,
      siteOrigins: [...(deploy.callbackDomain ? [`https://${deploy.callbackDomain}`] : []), cloudFrontOrigin],
      ...(deploy.google ? { google: deploy.google } : {}),
      appVersion: deploy.appVersion,
      superAdminEmails: deploy.superAdminEmails,
    });

    this.imports = new Imports(this, 'Imports', {
      data: this.data,
      appVersion: deploy.appVersion,
      superAdminEmails: deploy.superAdminEmails,
      schedule: importScheduleOf(deploy),
    });

    // After every deploy that brings a new version or migration, the data migrations run; a failing one fails the deploy.
    this.migrations = new Migrations(this, 'Migrations', { data: this.data, appVersion: deploy.appVersion, superAdminEmails: deploy.superAdminEmails });

    this.exports = new Exports(this, 'Exports', {
      data: this.data,
      appVersion: deploy.appVersion,
      superAdminEmails: deploy.superAdminEmails,
    });

    // Before the API, whose image routes sign uploads and delete renditions; the site serves the media bucket.
    this.eventImages = new EventImages(this, 'EventImages', {
      data: this.data,
      appVersion: deploy.appVersion,
      superAdminEmails: deploy.superAdminEmails,
    });

    this.activityUploads = new ActivityUploads(this, 'ActivityUploads', {
      data: this.data,
      uploadsBucket: this.eventImages.uploadsBucket,
      appVersion: deploy.appVersion,
      superAdminEmails: deploy.superAdminEmails,
    });

    this.accountDeletion = new AccountDeletion(this, 'AccountDeletion', {
      data: this.data,
      exports: this.exports,
      userPool: this.auth.userPool,
      appVersion: deploy.appVersion,
      superAdminEmails: deploy.superAdminEmails,
    });

    // Before the API, whose decision routes put messages on its queue. Its links point at the site, which is built
    // after the API: a lazy value, as for the API's own siteUrl below.
    this.notifications = new Notifications(this, 'Notifications', {
      data: this.data,
      appVersion: deploy.appVersion,
      superAdminEmails: deploy.superAdminEmails,
      siteUrl: Lazy.string({ produce: () => this.site.url }),
      ...(deploy.mail ? { mail: deploy.mail } : {}),
      sendRatePerSecond: notificationSendRateOf(deploy),
    });

    // Before the API, whose Strava routes are granted its key, application and queue.
    this.stravaSync = new StravaSync(this, 'StravaSync', {
      data: this.data,
      appVersion: deploy.appVersion,
      superAdminEmails: deploy.superAdminEmails,
      ...(deploy.strava ? { app: deploy.strava } : {}),
    });
    // A deleted account's Strava connection goes to the sync worker to be deauthorized at Strava.
    this.stravaSync.grantEnqueue(this.accountDeletion.worker);

    this.dailyPrices = new DailyPrices(this, 'DailyPrices', { data: this.data, appVersion: deploy.appVersion, superAdminEmails: deploy.superAdminEmails });

    this.api = new Api(this, 'Api', {
      data: this.data,
      exports: this.exports,
      accountDeletion: this.accountDeletion,
      notifications: this.notifications,
      eventImages: this.eventImages,
      activityUploads: this.activityUploads,
      stravaSync: this.stravaSync,
      auth: this.auth,
      imports: this.imports,
      appVersion: deploy.appVersion,
      superAdminEmails: deploy.superAdminEmails,
      ...(deploy.stripe ? { stripeSecrets: deploy.stripe } : {}),
      ...(deploy.openAiKeySecretName ? { openAiKeySecretName: deploy.openAiKeySecretName } : {}),
      // The real National Weather Service; its User-Agent names the app and, when configured, its operator.
      ...(deploy.apiDomain && deploy.certificateArn
        ? { customDomain: { domainName: deploy.apiDomain, certificateArn: deploy.certificateArn } }
        : {}),
      weather: { userAgent: weatherUserAgent(deploy.appVersion, weatherContactOf(deploy)) },
      // Feeds link to event pages. The distribution (which routes to the API) is made below; CloudFormation has
      // no cycle (functions -> distribution -> HTTP API), only construction order has, as with the app client.
      siteUrl: Lazy.string({ produce: () => this.site.url }),
      ...(props.routeAreas ? { routeAreas: props.routeAreas } : {}),
      ...(props.routeNeeds ? { routeNeeds: props.routeNeeds } : {}),
    });

    // Before operations, which alarms on its errors; the site gives it the web bucket and CloudFront's access.
    this.eventPages = new LambdaFunction(this, 'EventPages', {
      handlerModule: TRIGGERS.eventPages.handler,
      description: TRIGGERS.eventPages.summary,
      environment: handlerEnvironment({ tableName: this.data.table.tableName, appVersion: deploy.appVersion, superAdminEmails: deploy.superAdminEmails }),
    });
    this.data.grantReadData(this.eventPages);
    this.eventCards = new LambdaFunction(this, 'EventCards', {
      handlerModule: TRIGGERS.eventCards.handler,
      description: TRIGGERS.eventCards.summary,
      environment: handlerEnvironment({ tableName: this.data.table.tableName, appVersion: deploy.appVersion, superAdminEmails: deploy.superAdminEmails }),
      besideBundle: CARD_ASSET_FILES,
    });
    this.data.grantReadData(this.eventCards);

    // Before the site: the distribution takes the web ACL, and config.json the console links.
    this.firewall = new SiteFirewall(this, 'Firewall', {
      ...(deploy.apiRateLimitPerIp !== undefined ? { apiRateLimitPerIp: deploy.apiRateLimitPerIp } : {}),
    });
    this.operations = new Operations(this, 'Operations', {
      httpApi: this.api.httpApi,
      apiAccessLogs: this.api.accessLogs,
      functionGroups: [
        // One group per area stack: 'events', or 'admin-events', 'admin-events-2' for an area split over stacks.
        ...this.api.areas.map((area) => {
          const part = /Routes(\d*)$/.exec(area.node.id)?.[1];
          return { name: part ? `${area.area}-${part}` : area.area, functions: [...area.functions.values()] };
        }),
        // The functions no route calls (infra/lambda-triggers.ts): a failing post-confirmation or pre-sign-up
        // trigger fails the confirmation or the sign-up itself (nobody can finish signing up); a failing export
        // worker leaves the admin's export 'processing' until it is reported failed; a failing account deletion worker leaves an account half deleted until it is run again; a failing import task fails a
        // page (recorded on the job) or the whole run; a failing event page function fails every event page; a
        // failing card function leaves a race's link previews without a picture; a
        // crashing or timed-out sender returns its whole batch to the queue; a failing SES feedback function leaves
        // bouncing addresses off the suppression list.
        {
          name: 'triggers',
          functions: [
            this.auth.postConfirmation,
            this.auth.preSignUp,
            this.exports.worker,
            this.eventImages.processor,
            this.activityUploads.importer,
            this.stravaSync.worker,
            this.accountDeletion.worker,
            ...Object.values(this.imports.functions),
            this.eventPages,
            this.eventCards,
            ...this.migrations.functions,
            this.notifications.sender,
            this.notifications.feedback,
            this.notifications.dailyAlerts,
            this.notifications.weeklySummary,
            this.notifications.raceChanges,
            this.dailyPrices.job,
          ],
        },
      ],
      importStateMachine: this.imports.stateMachine,
      notificationDeadLetterQueue: this.notifications.deadLetterQueue,
      stravaDeadLetterQueue: this.stravaSync.deadLetterQueue,
      firewall: this.firewall,
      ...(deploy.alarmEmail ? { alarmEmail: deploy.alarmEmail } : {}),
    });

    this.site = new Site(this, 'Site', {
      webDistPath: props.webDistPath,
      api: this.api,
      auth: this.auth,
      eventPages: this.eventPages,
      eventCards: this.eventCards,
      ...(deploy.callbackDomain ? { customDomain: deploy.callbackDomain } : {}),
      ...(deploy.certificateArn ? { certificateArn: deploy.certificateArn } : {}),
      firewall: this.firewall,
      operationsLinks: { ...this.operations.links, webAclUrl: this.firewall.consoleUrl },
      ...(deploy.contact ? { contact: deploy.contact } : {}),
      eventImages: this.eventImages,
    });

    new CfnOutput(this, 'SiteUrl', { value: this.site.url, description: 'The web app' });
    new CfnOutput(this, 'DistributionUrl', { value: this.site.distributionUrl, description: 'CloudFront domain of the site' });
    new CfnOutput(this, 'ApiUrl', { value: this.api.url, description: 'HTTP API (the site reaches it at /api)' });
    new CfnOutput(this, 'UserPoolId', { value: this.auth.userPool.userPoolId });
    new CfnOutput(this, 'UserPoolClientId', { value: this.auth.userPoolClient.userPoolClientId });
    new CfnOutput(this, 'ManagedLoginDomain', {
      value: this.auth.oauthDomain,
      description: 'For the Google OAuth client: authorized redirect URI https://<this>/oauth2/idpresponse',
    });
    new CfnOutput(this, 'TableName', { value: this.data.table.tableName });
    new CfnOutput(this, 'ImportStateMachineArn', { value: this.imports.stateMachine.stateMachineArn });
    new CfnOutput(this, 'AlarmTopicArn', { value: this.operations.topic.topicArn, description: 'Alarms notify this SNS topic' });
    new CfnOutput(this, 'DashboardUrl', { value: this.operations.links.dashboardUrl });
    new CfnOutput(this, 'NotificationQueueArn', { value: this.notifications.queue.queueArn, description: 'Where failed notifications are moved back to' });
    new CfnOutput(this, 'NotificationDeadLetterQueueArn', {
      value: this.notifications.deadLetterQueue.queueArn,
      description: 'Notifications that failed every attempt (docs/operations.md, Notifications)',
    });
    new CfnOutput(this, 'StravaSyncQueueArn', { value: this.stravaSync.queue.queueArn, description: 'Where failed Strava sync messages are moved back to (docs/strava.md)' });
    new CfnOutput(this, 'StravaSyncDeadLetterQueueArn', { value: this.stravaSync.deadLetterQueue.queueArn, description: 'Strava sync messages that failed every attempt' });
    new CfnOutput(this, 'SesConfigurationSet', { value: this.notifications.configurationSet.configurationSetName, description: 'The notification mail\'s SES configuration set' });
  }
}
