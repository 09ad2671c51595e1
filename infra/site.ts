import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { DefaultStackSynthesizer, Duration, RemovalPolicy, Stack, Validations } from 'aws-cdk-lib';
import { Certificate } from 'aws-cdk-lib/aws-certificatemanager';
import {
  AllowedMethods,
  CachePolicy,
  CacheQueryStringBehavior,
  Distribution,
  Function as CloudFrontFunction,
  FunctionCode,
  FunctionEventType,
  FunctionRuntime,
  HeadersFrameOption,
  HeadersReferrerPolicy,
  HttpVersion,
  OriginProtocolPolicy,
  OriginRequestPolicy,
  OriginSslPolicy,
  PriceClass,
  ResponseHeadersPolicy,
  SecurityPolicyProtocol,
  ViewerProtocolPolicy,
} from 'aws-cdk-lib/aws-cloudfront';
import { FunctionUrlOrigin, HttpOrigin, S3BucketOrigin } from 'aws-cdk-lib/aws-cloudfront-origins';
import { PolicyStatement } from 'aws-cdk-lib/aws-iam';
import { FunctionUrlAuthType } from 'aws-cdk-lib/aws-lambda';
import { BlockPublicAccess, Bucket, BucketEncryption, ObjectOwnership, type IBucket } from 'aws-cdk-lib/aws-s3';
import type { CfnBucket } from 'aws-cdk-lib/aws-s3';
import { BucketDeployment, CacheControl, Source } from 'aws-cdk-lib/aws-s3-deployment';
import { Construct } from 'constructs';
import { RuntimeConfigSchema } from '#shared/runtime-config';
import type { RuntimeConfig } from '#shared/runtime-config';
import type { Api } from './api.ts';
import type { Auth } from './auth.ts';
import { eventPagesEnvironment } from './lambda-environment.ts';
import type { LambdaFunction } from './lambda-function.ts';
import type { SiteFirewall } from './waf.ts';
import { contentSecurityPolicy as buildContentSecurityPolicy } from '#shared/content-security-policy';
import { NOT_FOUND_OBJECT, SITE_PAGES_FUNCTION_CODE } from './site-pages-function.ts';
import { LANDING_CURSOR_PARAM } from '#shared/race-landing';
import { CARD_VERSION_PARAM } from '../lambdas/pages/cards/card-format.ts';
import { MANIFEST_PATH as PAGE_MANIFEST_PATH } from '../lambdas/pages/web-manifest.ts';

/**
 * What CloudFront sends to the page function rather than the bucket: the server-rendered pages (events, and the
 * landing pages of races by state), the sitemap and robots.txt (lambdas/pages/page-response.ts answers each).
 */
export const RENDERED_PATH_PATTERNS = ['/events/*', '/races/*', '/sitemap.xml', '/sitemaps/*', '/robots.txt'] as const;

/** What CloudFront sends to the card function: the races' preview cards (CARD_PATH_PREFIX, lambdas/pages/cards/card-format.ts). */
export const CARD_PATH_PATTERN = '/cards/*';

export const CONFIG_OBJECT_KEY = 'config.json';
/** Vite's output folder for content-hashed files, which may be cached for good. */
const HASHED_ASSETS = 'assets/*';

export interface SiteProps {
  /** Folder of the built web app (web/dist); must hold index.html. */
  readonly webDistPath: string;
  readonly api: Api;
  readonly auth: Auth;
  /**
   * The event page function (lambdas/pages/event-page.ts), made by the stack with its table access so operations
   * can alarm on it; the site gives it the web bucket's index.html and a URL only CloudFront may call.
   */
  readonly eventPages: LambdaFunction;
  /** The preview card function (lambdas/pages/cards/card-function.ts); the site gives it a URL only CloudFront may call. */
  readonly eventCards: LambdaFunction;
  /** The site's own host name, when it has one; the CloudFront domain serves the site either way. */
  readonly customDomain?: string;
  /** ACM certificate (us-east-1) for customDomain, so CloudFront itself answers on it. */
  readonly certificateArn?: string;
  /** The WAF web ACL in front of the distribution (infra/waf.ts). */
  readonly firewall: SiteFirewall;
  /** Console links for /admin/system, written into config.json. */
  readonly operationsLinks?: RuntimeConfig['operations'];
  /** The team's public contact details (deploy context), written into config.json for the footer. */
  readonly contact?: RuntimeConfig['contact'];
  /** Event images (infra/event-images.ts): the media bucket served at /media/*, and the uploads bucket pages POST to. */
  readonly eventImages?: { readonly mediaBucket: IBucket; readonly uploadsBucket: IBucket };
}

/**
 * The wildcard findings cdk-nag reports for CDK's BucketDeployment handler, listed one by one so that any
 * wildcard beyond these still fails the check.
 */
function bucketDeploymentWildcards(stack: Stack, bucket: Bucket): string[] {
  const bucketLogicalId = stack.resolve((bucket.node.defaultChild as CfnBucket).logicalId) as string;
  const assetBucket = `cdk-${DefaultStackSynthesizer.DEFAULT_QUALIFIER}-assets-<AWS::AccountId>-<AWS::Region>`;
  return [
    ...['s3:GetObject*', 's3:GetBucket*', 's3:List*', 's3:DeleteObject*', 's3:Abort*'].map((action) => `Action::${action}`),
    `Resource::arn:<AWS::Partition>:s3:::${assetBucket}/*`,
    `Resource::<${bucketLogicalId}.Arn>/*`,
  ];
}

export function hasWebBuild(webDistPath: string): boolean {
  return existsSync(join(webDistPath, 'index.html'));
}

/** index.html again under the name the site function serves, with status 404, for paths that are no page. */
function notFoundPage(webDistPath: string) {
  const html = hasWebBuild(webDistPath) ? readFileSync(join(webDistPath, 'index.html'), 'utf8') : '<!doctype html><title>Not found</title>';
  return Source.data(NOT_FOUND_OBJECT, html);
}

/**
 * Fails synthesis that will upload the site (synth, deploy, diff: every command that bundles) when the web
 * app has not been built. `cdk destroy` and `cdk list` synthesize without bundling and need no web build.
 */
export function assertWebBuild(scope: Construct, webDistPath: string): void {
  if (!Stack.of(scope).bundlingRequired || hasWebBuild(webDistPath)) return;
  throw new Error(
    `The web app is not built: ${join(webDistPath, 'index.html')} does not exist. Run \`npm run build:web\` first.`,
  );
}

/**
 * The public face: a private bucket holding the web build and /config.json, behind CloudFront with origin
 * access control; /api/* goes to the HTTP API uncached, /events/* to the event page function, everything else
 * to the bucket with the SPA fallback; every response carries the security headers.
 */
export class Site extends Construct {
  readonly bucket: Bucket;
  readonly logsBucket: Bucket;
  readonly distribution: Distribution;
  /** Canonical origin of the site: https://<custom domain or CloudFront domain>. */
  readonly url: string;
  /** https://<CloudFront domain>, which serves the site even with a custom domain. */
  readonly distributionUrl: string;
  readonly runtimeConfig: RuntimeConfig;

  constructor(scope: Construct, id: string, props: SiteProps) {
    super(scope, id);
    assertWebBuild(this, props.webDistPath);
    // Only reached without a build when nothing will be uploaded (see assertWebBuild).
    const webBuild = hasWebBuild(props.webDistPath)
      ? Source.asset(props.webDistPath)
      : Source.data('index.html', '<!doctype html><title>RaceFinder</title><p>The web app was not built.</p>');
    const stack = Stack.of(this);

    // CloudFront standard logs are delivered with object ACLs, so this bucket keeps ACLs enabled.
    this.logsBucket = new Bucket(this, 'Logs', {
      blockPublicAccess: BlockPublicAccess.BLOCK_ALL,
      encryption: BucketEncryption.S3_MANAGED,
      enforceSSL: true,
      objectOwnership: ObjectOwnership.BUCKET_OWNER_PREFERRED,
      lifecycleRules: [{ expiration: Duration.days(90) }],
      removalPolicy: RemovalPolicy.RETAIN,
    });
    Validations.of(this.logsBucket).acknowledge({
      id: 'AwsSolutions-S1',
      reason: 'This is the access-log bucket; logging it into itself would loop',
    });

    this.bucket = new Bucket(this, 'Web', {
      blockPublicAccess: BlockPublicAccess.BLOCK_ALL,
      encryption: BucketEncryption.S3_MANAGED,
      enforceSSL: true,
      serverAccessLogsBucket: this.logsBucket,
      serverAccessLogsPrefix: 'web-bucket/',
      // Only a copy of the build: `cdk destroy` may empty and delete it.
      removalPolicy: RemovalPolicy.DESTROY,
      autoDeleteObjects: true,
    });

    const cognitoApi = `https://cognito-idp.${stack.region}.${stack.urlSuffix}`;
    // Amplify talks to Cognito directly: the user pool API for passwords, the managed login domain for tokens.
    const contentSecurityPolicy = buildContentSecurityPolicy({
      connectSources: [
        cognitoApi,
        `https://${props.auth.oauthDomain}`,
        // The browser POSTs event images straight to the uploads bucket (either of its host names, as the SDK signs).
        ...(props.eventImages ? [`https://${props.eventImages.uploadsBucket.bucketRegionalDomainName}`, `https://${props.eventImages.uploadsBucket.bucketDomainName}`] : []),
      ],
      upgradeInsecureRequests: true,
    });
    const securityHeaders = new ResponseHeadersPolicy(this, 'SecurityHeaders', {
      comment: 'RaceFinder security headers',
      securityHeadersBehavior: {
        strictTransportSecurity: { accessControlMaxAge: Duration.days(730), includeSubdomains: true, override: true },
        contentTypeOptions: { override: true },
        frameOptions: { frameOption: HeadersFrameOption.DENY, override: true },
        referrerPolicy: { referrerPolicy: HeadersReferrerPolicy.STRICT_ORIGIN_WHEN_CROSS_ORIGIN, override: true },
        contentSecurityPolicy: { contentSecurityPolicy, override: true },
      },
      customHeadersBehavior: {
        customHeaders: [
          { header: 'Permissions-Policy', value: 'camera=(), microphone=(), payment=(), geolocation=(self)', override: true },
        ],
      },
    });

    // SPA fallback on the S3 behaviour only, with 404 for paths that are no page (site-pages-function.ts).
    const spaFallback = new CloudFrontFunction(this, 'SpaFallback', {
      code: FunctionCode.fromInline(SITE_PAGES_FUNCTION_CODE),
      runtime: FunctionRuntime.JS_2_0,
      comment: 'Serves index.html for client-side routes, and 404 for paths that are no page',
    });

    // The server-rendered pages, the sitemap and robots.txt answer from a function (lambdas/pages/page-response.ts),
    // which reads the table; an unknown event is a 404 there too.
    const { eventPages } = props;
    for (const [variable, value] of Object.entries(eventPagesEnvironment({ webBucketName: this.bucket.bucketName }))) eventPages.addEnvironment(variable, value);
    // Not grantRead, which adds s3:List* and s3:GetBucket*: the pages need these three files of the build and nothing else.
    eventPages.addToRolePolicy(
      new PolicyStatement({
        actions: ['s3:GetObject'],
        resources: ['index.html', PAGE_MANIFEST_PATH, CONFIG_OBJECT_KEY].map((key) => this.bucket.arnForObjects(key)),
      }),
    );
    // Only CloudFront may call it (origin access control signs its requests); the WAF and the headers stay in front.
    const eventPagesUrl = eventPages.addFunctionUrl({ authType: FunctionUrlAuthType.AWS_IAM });
    // A found page may be kept a minute and the crawler files an hour, as their Cache-Control says; a 404 says
    // no-store. Only a landing page's cursor (`after`) changes a page; no cookie or header does.
    const eventPageCache = new CachePolicy(this, 'EventPageCache', {
      comment: 'Rendered pages and crawler files: as long as the function says, at most an hour',
      minTtl: Duration.seconds(0),
      defaultTtl: Duration.seconds(0),
      maxTtl: Duration.hours(1),
      queryStringBehavior: CacheQueryStringBehavior.allowList(LANDING_CURSOR_PARAM),
      enableAcceptEncodingGzip: true,
      enableAcceptEncodingBrotli: true,
    });
    const renderedPage = {
      origin: FunctionUrlOrigin.withOriginAccessControl(eventPagesUrl),
      viewerProtocolPolicy: ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
      allowedMethods: AllowedMethods.ALLOW_GET_HEAD,
      cachePolicy: eventPageCache,
      compress: true,
      responseHeadersPolicy: securityHeaders,
    };

    // A card's address carries a fingerprint of what it draws (`v`), so a card may be kept as long as the function
    // says (a year); only `v` changes it.
    const eventCardsUrl = props.eventCards.addFunctionUrl({ authType: FunctionUrlAuthType.AWS_IAM });
    const eventCard = {
      ...renderedPage,
      origin: FunctionUrlOrigin.withOriginAccessControl(eventCardsUrl),
      cachePolicy: new CachePolicy(this, 'EventCardCache', {
        comment: 'Race preview cards: as long as the function says, at most a year; keyed by their fingerprint',
        minTtl: Duration.seconds(0),
        defaultTtl: Duration.seconds(0),
        maxTtl: Duration.days(365),
        queryStringBehavior: CacheQueryStringBehavior.allowList(CARD_VERSION_PARAM),
      }),
      // PNG is compressed already.
      compress: false,
    };

    const certificate = props.certificateArn
      ? Certificate.fromCertificateArn(this, 'Certificate', props.certificateArn)
      : undefined;

    this.distribution = new Distribution(this, 'Distribution', {
      comment: 'RaceFinder',
      defaultRootObject: 'index.html',
      httpVersion: HttpVersion.HTTP2_AND_3,
      // The audience is in North America; the cheapest class covers it and Europe.
      priceClass: PriceClass.PRICE_CLASS_100,
      webAclId: props.firewall.webAclArn,
      enableLogging: true,
      logBucket: this.logsBucket,
      logFilePrefix: 'cloudfront/',
      ...(certificate && props.customDomain
        ? { certificate, domainNames: [props.customDomain], minimumProtocolVersion: SecurityPolicyProtocol.TLS_V1_2_2021 }
        : {}),
      defaultBehavior: {
        origin: S3BucketOrigin.withOriginAccessControl(this.bucket),
        viewerProtocolPolicy: ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
        allowedMethods: AllowedMethods.ALLOW_GET_HEAD,
        cachePolicy: CachePolicy.CACHING_OPTIMIZED,
        compress: true,
        responseHeadersPolicy: securityHeaders,
        functionAssociations: [
          { function: spaFallback, eventType: FunctionEventType.VIEWER_REQUEST },
          { function: spaFallback, eventType: FunctionEventType.VIEWER_RESPONSE },
        ],
      },
      additionalBehaviors: {
        ...Object.fromEntries(RENDERED_PATH_PATTERNS.map((pattern) => [pattern, renderedPage])),
        [CARD_PATH_PATTERN]: eventCard,
        // Event images' renditions: immutable files named by image id, whose keys are their paths (media/events/...).
        // Kept a day at the edge whatever their year-long Cache-Control says, so a picture its owner or an admin
        // removes stops being served within a day (no invalidation is sent).
        ...(props.eventImages
          ? {
              '/media/*': {
                origin: S3BucketOrigin.withOriginAccessControl(props.eventImages.mediaBucket),
                viewerProtocolPolicy: ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
                allowedMethods: AllowedMethods.ALLOW_GET_HEAD,
                cachePolicy: new CachePolicy(this, 'MediaCache', {
                  comment: 'Event image renditions: a day at the edge, so a removed picture goes within a day',
                  minTtl: Duration.seconds(0),
                  defaultTtl: Duration.days(1),
                  maxTtl: Duration.days(1),
                }),
                compress: false,
                responseHeadersPolicy: securityHeaders,
              },
            }
          : {}),
        '/api/*': {
          origin: new HttpOrigin(props.api.originDomainName, {
            protocolPolicy: OriginProtocolPolicy.HTTPS_ONLY,
            originSslProtocols: [OriginSslPolicy.TLS_V1_2],
          }),
          // A redirect would drop request bodies; API clients must use HTTPS.
          viewerProtocolPolicy: ViewerProtocolPolicy.HTTPS_ONLY,
          allowedMethods: AllowedMethods.ALLOW_ALL,
          // Never cache: responses depend on the Authorization header. Public routes set their own Cache-Control
          // for browsers.
          cachePolicy: CachePolicy.CACHING_DISABLED,
          // Forwards Authorization, query strings and the rest; Host must be the API's own for API Gateway.
          originRequestPolicy: OriginRequestPolicy.ALL_VIEWER_EXCEPT_HOST_HEADER,
          responseHeadersPolicy: securityHeaders,
        },
      },
    });
    Validations.of(this.distribution).acknowledge(
      {
        id: 'AwsSolutions-CFR1',
        reason: 'A public race directory serves visitors everywhere; there is no country to exclude',
      },
      ...(certificate
        ? []
        : [
            {
              id: 'AwsSolutions-CFR4',
              reason:
                'Without a custom domain the distribution uses the default *.cloudfront.net certificate, whose TLS ' +
                'policy CloudFront fixes; pass callbackDomain and certificateArn to enforce TLSv1.2_2021',
            },
          ]),
    );

    this.distributionUrl = `https://${this.distribution.distributionDomainName}`;
    this.url = props.customDomain ? `https://${props.customDomain}` : this.distributionUrl;

    this.runtimeConfig = RuntimeConfigSchema.parse({
      environment: 'aws',
      region: stack.region,
      userPoolId: props.auth.userPool.userPoolId,
      userPoolClientId: props.auth.userPoolClient.userPoolClientId,
      ...(props.auth.googleSignIn ? { oauthDomain: props.auth.oauthDomain } : {}),
      googleSignIn: props.auth.googleSignIn,
      siteUrl: this.url,
      ...(props.operationsLinks ? { operations: props.operationsLinks } : {}),
      ...(props.contact ? { contact: props.contact } : {}),
    } satisfies RuntimeConfig);

    // Three uploads from one build: hashed assets cached for a year (never pruned, so open tabs keep finding
    // the chunks they loaded), everything else revalidated on each visit, and config.json written from this
    // deployment's values. Each excludes what the others own, so pruning never deletes them.
    const deploymentDefaults = { destinationBucket: this.bucket, memoryLimit: 512 } as const;
    const assets = new BucketDeployment(this, 'DeployAssets', {
      ...deploymentDefaults,
      sources: [webBuild],
      exclude: ['*'],
      include: [HASHED_ASSETS],
      prune: false,
      cacheControl: [CacheControl.fromString('public, max-age=31536000, immutable')],
    });
    const pages = new BucketDeployment(this, 'DeployPages', {
      ...deploymentDefaults,
      sources: [webBuild, notFoundPage(props.webDistPath)],
      exclude: [HASHED_ASSETS, CONFIG_OBJECT_KEY],
      prune: true,
      cacheControl: [CacheControl.noCache()],
    });
    // index.html must not name chunks that are not uploaded yet.
    pages.node.addDependency(assets);
    new BucketDeployment(this, 'DeployConfig', {
      ...deploymentDefaults,
      sources: [Source.jsonData(CONFIG_OBJECT_KEY, this.runtimeConfig)],
      prune: false,
      cacheControl: [CacheControl.noCache()],
    });

    // BucketDeployment's handler is CDK's own: one singleton function (and role) at stack level serving all
    // three deployments; its runtime and permissions are CDK's to choose.
    for (const child of stack.node.children) {
      if (!child.node.id.startsWith('Custom::CDKBucketDeployment')) continue;
      Validations.of(child).acknowledge(
        {
          id: 'AwsSolutions-L1',
          reason: 'The runtime of the BucketDeployment handler is chosen and updated by CDK',
        },
        {
          id: 'AwsSolutions-IAM4[Policy::arn:<AWS::Partition>:iam::aws:policy/service-role/AWSLambdaBasicExecutionRole]',
          reason: "CDK's BucketDeployment handler role uses the AWS-managed basic execution policy; CDK owns that role",
        },
        ...bucketDeploymentWildcards(stack, this.bucket).map((finding) => ({
          id: `AwsSolutions-IAM5[${finding}]`,
          reason:
            'BucketDeployment copies whole prefixes: CDK grants it these object wildcards on the web bucket and on ' +
            'the CDK asset bucket, and nothing beyond them',
        })),
      );
    }
  }
}
