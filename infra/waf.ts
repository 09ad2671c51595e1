import { Aws, CfnRule, Fn, Stack, Token } from 'aws-cdk-lib';
import { CfnWebACL } from 'aws-cdk-lib/aws-wafv2';
import { Construct } from 'constructs';
import { ADMIN_IMPORTS_ROUTES } from '#shared/routes/admin-imports';
import { NEWSLETTER_ROUTES } from '#shared/routes/newsletter';
import { ANONYMOUS_SIGNED_IN_LIMIT, ROUTES, SIGNED_IN_LIMIT_PER_TOKEN, type AnyRouteDefinition } from '#shared/routes';
import { DEPLOY_REGION } from './deploy-config.ts';
import { carriesToken, signedInRequest } from './waf-signed-in.ts';

/**
 * Requests to /api/* one client IP may make in 5 minutes. A visitor browsing and searching makes a few dozen;
 * a scraper walking the catalogue makes thousands. Generous, because many visitors can share one address
 * (offices, campuses, carrier NAT). Deploy context apiRateLimitPerIp overrides it.
 */
export const DEFAULT_API_RATE_LIMIT_PER_IP = 1000;

/**
 * Newsletter sign-ups and unsubscribes one client IP may send in 5 minutes (WAF's smallest limit is 10). A
 * person signs up once; a script signing up a list of strangers' addresses is stopped after ten, which the
 * route's own throttle (shared by everyone) cannot do without stopping everyone.
 */
export const NEWSLETTER_RATE_LIMIT_PER_IP = 10;

/** The newsletter's routes, by the path they share (taken from the route table, so a moved route moves its limit). */
export const NEWSLETTER_PATH = NEWSLETTER_ROUTES.subscribeToNewsletter.path;

/** The rate-based rule's window: WAF counts each IP's requests over the last 5 minutes. */
export const RATE_LIMIT_WINDOW_SECONDS = 300;

/** Label the common rule set puts on a request whose body is over 8 KB (its SizeRestrictions_BODY rule). */
export const OVERSIZE_BODY_LABEL = 'awswaf:managed:aws:core-rule-set:SizeRestrictions_Body';

/**
 * The requests that may carry a large body: an admin's JSON import posts up to about 1 MB of events, and a route
 * that takes a file as text (textBody: a GPX course) up to its own limit. Taken from the route table, so a moved
 * route moves its exemption.
 */
export const LARGE_BODY_ROUTES: readonly AnyRouteDefinition[] = [
  ADMIN_IMPORTS_ROUTES.startImportJob,
  ...Object.values(ROUTES as Readonly<Record<string, AnyRouteDefinition>>).filter((route) => route.textBody !== undefined),
];

/** The body of the 429 the rate-based rule answers with: the API's own error shape (lambdas/lib/http.ts). */
const TOO_MANY_REQUESTS_BODY = JSON.stringify({
  error: { code: 'too_many_requests', message: 'Too many requests from your network. Please wait a few minutes and try again.' },
});

export interface SiteFirewallProps {
  /** @default DEFAULT_API_RATE_LIMIT_PER_IP */
  readonly apiRateLimitPerIp?: number;
}

type Statement = CfnWebACL.StatementProperty;

const visibility = (metricName: string): CfnWebACL.VisibilityConfigProperty => ({
  cloudWatchMetricsEnabled: true,
  sampledRequestsEnabled: true,
  metricName,
});

const uriPath = (positionalConstraint: 'STARTS_WITH' | 'EXACTLY', searchString: string): Statement => ({
  byteMatchStatement: {
    fieldToMatch: { uriPath: {} },
    positionalConstraint,
    searchString,
    textTransformations: [{ priority: 0, type: 'NONE' }],
  },
});

/** A route's path as WAF matches it: exactly, or by a regular expression when it has parameters ({id} is one segment). */
const routePath = (path: string): Statement =>
  path.includes('{')
    ? {
        regexMatchStatement: {
          fieldToMatch: { uriPath: {} },
          regexString: `^${path.replace(/\{[^}]+\}/g, '[^/]+')}$`,
          textTransformations: [{ priority: 0, type: 'NONE' }],
        },
      }
    : uriPath('EXACTLY', path);

const method = (name: string): Statement => ({
  byteMatchStatement: {
    fieldToMatch: { method: {} },
    positionalConstraint: 'EXACTLY',
    searchString: name,
    textTransformations: [{ priority: 0, type: 'NONE' }],
  },
});

const managedGroup = (name: string, priority: number, ruleActionOverrides?: CfnWebACL.RuleActionOverrideProperty[]) => ({
  name: `Aws${name.replace(/^AWSManagedRules/, '')}`,
  priority,
  overrideAction: { none: {} },
  statement: { managedRuleGroupStatement: { vendorName: 'AWS', name, ...(ruleActionOverrides ? { ruleActionOverrides } : {}) } },
  visibilityConfig: visibility(`Aws${name.replace(/^AWSManagedRules/, '')}`),
});

/**
 * The web ACL in front of CloudFront (scope CLOUDFRONT, so it exists only in us-east-1; see DEPLOY_REGION):
 * - ApiRateLimit: one client IP may make apiRateLimitPerIp requests to /api/* in 5 minutes, then gets 429
 *   until its rate falls, so one client cannot scrape or flood the catalogue (per-route API throttles are
 *   shared by everyone and cannot single out one client);
 * - NewsletterRateLimit: one client IP may send NEWSLETTER_RATE_LIMIT_PER_IP newsletter sign-ups or
 *   unsubscribes in 5 minutes, so nobody can pour a list of addresses into the newsletter;
 * - AnonymousSignedInRateLimit and SignedInPerTokenRateLimit: a signed-in route's API Gateway throttle is
 *   shared by every caller and spent before the JWT authorizer runs, so requests without a token are held to
 *   ANONYMOUS_SIGNED_IN_LIMIT per IP and each token to SIGNED_IN_LIMIT_PER_TOKEN, and a flood of either
 *   cannot take a route's capacity from the people signed in to it;
 * - AWS's common rule set (OWASP-style injection, traversal, bad bots, oversize parts), except that its
 *   SizeRestrictions_BODY rule only counts and LargeBodyOutsideImports blocks on its label everywhere but
 *   POST of the JSON import, whose body is up to ~1 MB;
 * - AWS's known-bad-inputs set (Log4Shell, Java deserialization, localhost Host headers...).
 * Every rule publishes CloudWatch metrics and keeps sampled requests.
 */
export class SiteFirewall extends Construct {
  readonly webAcl: CfnWebACL;
  readonly webAclName: string;
  readonly apiRateLimitPerIp: number;
  /** Metric names (dimension Rule) of the rules, for the dashboard. */
  readonly ruleMetricNames: readonly string[];
  /** The web ACL's own metric name (dimension WebACL). */
  readonly metricName: string;

  constructor(scope: Construct, id: string, props: SiteFirewallProps = {}) {
    super(scope, id);
    const stack = Stack.of(this);
    if (!Token.isUnresolved(stack.region) && stack.region !== DEPLOY_REGION) {
      throw new Error(`The site's web ACL has scope CLOUDFRONT and must be created in ${DEPLOY_REGION}, not ${stack.region}`);
    }
    // The stack is environment-agnostic; CloudFormation itself refuses it in another region, before creating anything.
    new CfnRule(stack, 'DeployRegion', {
      assertions: [
        {
          assert: Fn.conditionEquals(Aws.REGION, DEPLOY_REGION),
          assertDescription: `RaceFinder deploys to ${DEPLOY_REGION} only: CloudFront's WAF web ACL must be created there`,
        },
      ],
    });

    this.apiRateLimitPerIp = props.apiRateLimitPerIp ?? DEFAULT_API_RATE_LIMIT_PER_IP;
    this.webAclName = `${stack.stackName}-site`;
    this.metricName = `${stack.stackName}Site`;

    const tooManyRequests: CfnWebACL.RuleActionProperty = {
      block: {
        customResponse: {
          responseCode: 429,
          customResponseBodyKey: 'tooManyRequests',
          responseHeaders: [{ name: 'Retry-After', value: String(RATE_LIMIT_WINDOW_SECONDS) }],
        },
      },
    };
    const rules: CfnWebACL.RuleProperty[] = [
      {
        name: 'ApiRateLimit',
        priority: 0,
        action: tooManyRequests,
        statement: {
          rateBasedStatement: {
            limit: this.apiRateLimitPerIp,
            evaluationWindowSec: RATE_LIMIT_WINDOW_SECONDS,
            aggregateKeyType: 'IP',
            scopeDownStatement: uriPath('STARTS_WITH', '/api/'),
          },
        },
        visibilityConfig: visibility('ApiRateLimit'),
      },
      {
        name: 'NewsletterRateLimit',
        priority: 1,
        action: tooManyRequests,
        statement: {
          rateBasedStatement: {
            limit: NEWSLETTER_RATE_LIMIT_PER_IP,
            evaluationWindowSec: RATE_LIMIT_WINDOW_SECONDS,
            aggregateKeyType: 'IP',
            scopeDownStatement: { andStatement: { statements: [method('POST'), uriPath('STARTS_WITH', NEWSLETTER_PATH)] } },
          },
        },
        visibilityConfig: visibility('NewsletterRateLimit'),
      },
      {
        name: 'AnonymousSignedInRateLimit',
        priority: 2,
        action: tooManyRequests,
        statement: {
          rateBasedStatement: {
            limit: ANONYMOUS_SIGNED_IN_LIMIT.requests,
            evaluationWindowSec: ANONYMOUS_SIGNED_IN_LIMIT.windowSeconds,
            aggregateKeyType: 'IP',
            scopeDownStatement: { andStatement: { statements: [signedInRequest(), { notStatement: { statement: carriesToken } }] } },
          },
        },
        visibilityConfig: visibility('AnonymousSignedInRateLimit'),
      },
      {
        name: 'SignedInPerTokenRateLimit',
        priority: 3,
        action: tooManyRequests,
        statement: {
          rateBasedStatement: {
            limit: SIGNED_IN_LIMIT_PER_TOKEN.requests,
            evaluationWindowSec: SIGNED_IN_LIMIT_PER_TOKEN.windowSeconds,
            // Requests without the header are left out of a custom key's counts (the rule above has them).
            aggregateKeyType: 'CUSTOM_KEYS',
            customKeys: [{ header: { name: 'authorization', textTransformations: [{ priority: 0, type: 'NONE' }] } }],
            scopeDownStatement: signedInRequest(),
          },
        },
        visibilityConfig: visibility('SignedInPerTokenRateLimit'),
      },
      managedGroup('AWSManagedRulesCommonRuleSet', 4, [{ name: 'SizeRestrictions_BODY', actionToUse: { count: {} } }]),
      {
        // After the common rule set: a rule sees only labels that earlier rules added.
        name: 'LargeBodyOutsideImports',
        priority: 5,
        action: { block: {} },
        statement: {
          andStatement: {
            statements: [
              { labelMatchStatement: { scope: 'LABEL', key: OVERSIZE_BODY_LABEL } },
              {
                notStatement: {
                  statement: {
                    orStatement: {
                      statements: LARGE_BODY_ROUTES.map((route) => ({ andStatement: { statements: [method(route.method), routePath(route.path)] } })),
                    },
                  },
                },
              },
            ],
          },
        },
        visibilityConfig: visibility('LargeBodyOutsideImports'),
      },
      managedGroup('AWSManagedRulesKnownBadInputsRuleSet', 6),
    ];
    this.ruleMetricNames = rules.map((rule) => (rule.visibilityConfig as CfnWebACL.VisibilityConfigProperty).metricName);

    this.webAcl = new CfnWebACL(this, 'WebAcl', {
      name: this.webAclName,
      description: 'RaceFinder site - per-IP rate limits on /api/, newsletter sign-ups and signed-in routes without a token, a per-token limit on signed-in routes, AWS common and known bad inputs rule sets',
      scope: 'CLOUDFRONT',
      defaultAction: { allow: {} },
      customResponseBodies: {
        tooManyRequests: { contentType: 'APPLICATION_JSON', content: TOO_MANY_REQUESTS_BODY },
      },
      rules,
      visibilityConfig: visibility(this.metricName),
    });
  }

  /** What CloudFront's WebACLId takes for a WAFv2 web ACL: its ARN. */
  get webAclArn(): string {
    return this.webAcl.attrArn;
  }

  /** The web ACL in the AWS WAF console (CloudFront web ACLs are listed under the "global" region). */
  get consoleUrl(): string {
    return `https://${DEPLOY_REGION}.console.aws.amazon.com/wafv2/homev2/web-acl/${this.webAclName}/${this.webAcl.attrId}/overview?region=global`;
  }
}
