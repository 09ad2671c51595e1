/**
 * The local gateway's body limit holds for a chunked body too, which declares no Content-Length: the
 * gateway counts what arrives, answers 413 and keeps serving. Before this, the 413 path reached for a
 * socket the request had already let go of, and the uncaught TypeError ended the whole local stack.
 * The gateway alone suffices here (no handler runs before the body is read), so no stack is started.
 */
import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_BODY_BYTES, type Gateway } from '../../../infra/local/gateway.ts';
import { startGatewayWithoutCognito } from '../../support/gateway-without-cognito.ts';

let gateway: Gateway;

beforeAll(async () => {
  // The routes used are unknown or answered before any token is checked.
  gateway = await startGatewayWithoutCognito();
});

afterAll(() => gateway.stop());

/** Sends a chunked body of `size` bytes over a raw socket and returns the status line the gateway answers. */
function sendChunked(port: number, size: number): Promise<string> {
  return new Promise((resolve, reject) => {
    let answer = '';
    const socket = connect(port, '127.0.0.1', () => {
      socket.write(`POST /api/anything HTTP/1.1\r\nHost: localhost:${port}\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n`);
      const chunk = Buffer.alloc(64 * 1024, 'x');
      let sent = 0;
      const pump = (): void => {
        while (sent < size) {
          sent += chunk.length;
          const more = socket.write(`${chunk.length.toString(16)}\r\n${chunk.toString()}\r\n`);
          if (!more) return void socket.once('drain', pump);
        }
        socket.write('0\r\n\r\n');
      };
      pump();
    });
    socket.on('data', (data) => {
      answer += data.toString();
      // A keep-alive answer leaves the connection open: the status line is all we need.
      if (answer.includes('\r\n')) socket.destroy();
    });
    // The gateway drops the connection after its answer; a reset while we still write is expected.
    socket.on('error', (error: NodeJS.ErrnoException) => (error.code === 'ECONNRESET' || error.code === 'EPIPE' ? undefined : reject(error)));
    socket.on('close', () => resolve(answer.split('\r\n')[0] ?? ''));
  });
}

describe('local gateway: body limit', () => {
  it('answers a chunked body over the limit with 413 and keeps serving', async () => {
    expect(await sendChunked(gateway.port, MAX_BODY_BYTES * 2)).toBe('HTTP/1.1 413 Payload Too Large');
    const after = await fetch(`${gateway.url}/api/nothing-here`);
    expect(after.status).toBe(404);
  });

  it('still takes a chunked body under the limit (the route decides what to answer)', async () => {
    expect(await sendChunked(gateway.port, 64 * 1024)).toBe('HTTP/1.1 404 Not Found');
  });
});
