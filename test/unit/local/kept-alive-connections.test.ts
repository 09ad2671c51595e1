/**
 * The local servers hold an idle kept-alive connection longer than fetch keeps it (65 s against its hint minus 1 to
 * 2 s), so a client always gives the connection up first. The other way round, a test whose event loop lagged reused
 * a connection the gateway had just closed and its webhook POST failed with ECONNRESET (CI, stop 32).
 */
import { createServer } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Gateway } from '../../../infra/local/gateway.ts';
import { listenOnLoopback, type LoopbackListener } from '../../../infra/local/loopback-server.ts';
import { startGatewayWithoutCognito } from '../../support/gateway-without-cognito.ts';

let gateway: Gateway;
let standIn: LoopbackListener;

beforeAll(async () => {
  gateway = await startGatewayWithoutCognito();
  standIn = await listenOnLoopback(createServer((_request, response) => response.end('ok')));
});

afterAll(async () => {
  await gateway.stop();
  await standIn.close();
});

describe('kept-alive connections', () => {
  it('the gateway tells clients it holds an idle connection for 65 s', async () => {
    const response = await fetch(new URL('/api/no-such-route', gateway.url));
    await response.text();
    expect(response.headers.get('keep-alive')).toBe('timeout=65');
  });

  it('a loopback stand-in does too', async () => {
    const response = await fetch(standIn.url);
    expect(await response.text()).toBe('ok');
    expect(response.headers.get('keep-alive')).toBe('timeout=65');
  });
});
