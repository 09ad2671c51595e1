import type { APIGatewayProxyEventV2WithJWTAuthorizer } from 'aws-lambda';

export interface EventInput {
  method?: string;
  path?: string;
  pathParameters?: Record<string, string>;
  query?: Record<string, string>;
  body?: string;
  claims?: Record<string, string>;
}

/** A minimal API Gateway v2 event, for calling a handler directly in unit tests. */
export function apiEvent(input: EventInput = {}): APIGatewayProxyEventV2WithJWTAuthorizer {
  const method = input.method ?? 'GET';
  const path = input.path ?? '/api/test';
  return {
    version: '2.0',
    routeKey: `${method} ${path}`,
    rawPath: path,
    rawQueryString: new URLSearchParams(input.query ?? {}).toString(),
    headers: {},
    queryStringParameters: input.query,
    pathParameters: input.pathParameters,
    body: input.body,
    isBase64Encoded: false,
    requestContext: {
      accountId: 'local',
      apiId: 'local',
      domainName: 'localhost',
      domainPrefix: 'localhost',
      requestId: 'req-1',
      routeKey: `${method} ${path}`,
      stage: '$default',
      time: new Date().toISOString(),
      timeEpoch: Date.now(),
      http: { method, path, protocol: 'HTTP/1.1', sourceIp: '127.0.0.1', userAgent: 'vitest' },
      authorizer: { principalId: '', integrationLatency: 0, jwt: { claims: input.claims ?? {}, scopes: [] } },
    },
  } as APIGatewayProxyEventV2WithJWTAuthorizer;
}

export const athleteClaims = { sub: 'sub-athlete', email: 'athlete@racefinder.test', given_name: 'Ada' };
