import { startGateway, type Gateway, type GatewayOptions } from '../../infra/local/gateway.ts';

/**
 * A local gateway whose Cognito is an address nothing answers on: for tests of what the gateway does before any
 * token is checked (unknown routes, body limits, the local mailbox).
 */
export function startGatewayWithoutCognito(options: Omit<GatewayOptions, 'cognito'> = {}): Promise<Gateway> {
  return startGateway({
    cognito: {
      endpoint: 'http://127.0.0.1:9',
      userPoolId: 'local_pool',
      clientId: 'local-client',
      issuer: 'http://127.0.0.1:9/local_pool',
      jwksUri: 'http://127.0.0.1:9/local_pool/.well-known/jwks.json',
    },
    ...options,
  });
}
