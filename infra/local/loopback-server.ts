/**
 * Starts an HTTP server of the local runtime on 127.0.0.1 (never another interface: docs/local-stack.md "The local stack
 * lets no one in") and gives back its URL and a stop that also drops kept-alive connections, so a stopping
 * stack never waits on an idle client. Every loopback stand-in (Lambda invoke, S3, Step Functions, RunSignup)
 * listens through this.
 */
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface LoopbackListener {
  /** http://127.0.0.1:<port> */
  readonly url: string;
  close(): Promise<void>;
}

/**
 * Node's server drops a kept-alive connection after 5 s idle, and fetch (undici) gives it up 1 to 2 s sooner by the
 * server's Keep-Alive hint. A client whose event loop lags past that margin (tests on a loaded 2-core machine do) can
 * send on a connection the server has just closed and gets ECONNRESET, which fetch does not retry for a POST: CI
 * failed a webhook test so. Holding idle connections for 65 s (an ALB's idle time plus 5) lets the client's own,
 * shorter timer close them first in any run that is not stalled for a minute.
 */
export function holdIdleConnections(server: Server): void {
  server.keepAliveTimeout = 65_000;
  // Kept above keepAliveTimeout, as Node's guidance asks, so a kept-alive connection is never cut as a slow request.
  server.headersTimeout = 66_000;
}

/** Listens on 127.0.0.1 (a free port unless `port` is given); rejects when the port cannot be had. */
export async function listenOnLoopback(server: Server, port = 0): Promise<LoopbackListener> {
  holdIdleConnections(server);
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve());
  });
  const address = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${address.port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

/**
 * Answers 403 and returns false when the request names a host other than the loopback (DNS rebinding: a page on
 * another site whose name resolves to 127.0.0.1 must not reach a stand-in); `name` says which stand-in refused.
 */
export function acceptsLoopbackHost(request: IncomingMessage, response: ServerResponse, name: string): boolean {
  const host = (request.headers.host ?? '').replace(/:\d+$/, '').toLowerCase();
  if (LOOPBACK_HOSTS.has(host)) return true;
  response.writeHead(403, { 'content-type': 'text/plain' });
  response.end(`The local ${name} stand-in answers loopback host names only.`);
  return false;
}
