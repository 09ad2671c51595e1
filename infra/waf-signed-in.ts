import type { CfnWebACL } from 'aws-cdk-lib/aws-wafv2';
import { ROUTES, ROUTE_IDS, type AnyRouteDefinition, type HttpMethod } from '#shared/routes';
import { isOpenAccess } from '#shared/roles';

/**
 * WAF statements that tell a request to a signed-in route, and one that carries a token, from the route table,
 * for the web ACL's limits on signed-in routes (waf.ts). WAF sees the method and the path, not the route, so
 * the route table's signed-in routes become, per method, one regular expression of their path templates.
 */

type Statement = CfnWebACL.StatementProperty;

/**
 * Areas whose every route is signed in, whatever the method (test/unit/shared/route-access-rules.test.ts holds
 * the table to it): one prefix instead of their hundred templates keeps each expression within WAF's 512
 * characters.
 */
const SIGNED_IN_AREAS = ['/api/me', '/api/admin', '/api/organizer'] as const;

/** WAF's longest regular expression. */
const MAX_REGEX_LENGTH = 512;

const NONE = [{ priority: 0, type: 'NONE' }];

const inSignedInArea = (path: string) => SIGNED_IN_AREAS.some((area) => path === area || path.startsWith(`${area}/`));

/** A path template as a regular expression: each {parameter} one path segment. */
const templatePattern = (path: string) => path.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\{[^}]+\}/g, '[^/]+');

function regex(field: CfnWebACL.FieldToMatchProperty, regexString: string): Statement {
  if (regexString.length > MAX_REGEX_LENGTH) throw new Error(`A WAF regular expression may have ${MAX_REGEX_LENGTH} characters, this has ${regexString.length}: ${regexString}`);
  return { regexMatchStatement: { fieldToMatch: field, regexString, textTransformations: NONE } };
}

const methodIs = (method: HttpMethod): Statement => ({
  byteMatchStatement: { fieldToMatch: { method: {} }, positionalConstraint: 'EXACTLY', searchString: method, textTransformations: NONE },
});

/** A request to one of the route table's signed-in routes (those that need a verified token at the gateway). */
export function signedInRequest(routes: readonly AnyRouteDefinition[] = ROUTE_IDS.map((id) => ROUTES[id])): Statement {
  const areas = regex({ uriPath: {} }, `^(${SIGNED_IN_AREAS.map(templatePattern).join('|')})(/|$)`);
  const byMethod = new Map<HttpMethod, string[]>();
  for (const route of routes) {
    if (isOpenAccess(route.access) || inSignedInArea(route.path)) continue;
    byMethod.set(route.method, [...(byMethod.get(route.method) ?? []), templatePattern(route.path)]);
  }
  const others = [...byMethod].map(([method, patterns]): Statement => ({
    andStatement: { statements: [methodIs(method), regex({ uriPath: {} }, `^(${patterns.join('|')})$`)] },
  }));
  return { orStatement: { statements: [areas, ...others] } };
}

/**
 * A request that carries something shaped like a JWT in Authorization, with or without "Bearer" (API Gateway's
 * JWT authorizer takes both). WAF cannot check the signature; the authorizer behind it does.
 */
export const carriesToken: Statement = regex({ singleHeader: { Name: 'authorization' } }, '^([Bb]earer +)?[A-Za-z0-9_-]+\\.[A-Za-z0-9_-]+\\.[A-Za-z0-9_-]+$');
