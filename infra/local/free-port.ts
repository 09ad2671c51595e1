import type { ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';

/** Asks the OS for a free loopback port. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

/** How long one readiness probe may take: a first answer from a process starting on a busy machine can take seconds. */
export const PROBE_TIMEOUT_MS = 10_000;

const ADDRESS_IN_USE = /EADDRINUSE|Address already in use|BindException/;

/**
 * What a probe throws to end waitFor at once: what it waits for can no longer come, because the process exited.
 * Any other error of a probe means "not yet" (a refused connection while the process starts).
 */
export class StartFailed extends Error {
  /** The process could not bind its port: another took it after freePort found it free. */
  get portTaken(): boolean {
    return ADDRESS_IN_USE.test(this.message);
  }
}

/**
 * Polls until `probe` resolves true or the deadline passes. Four minutes: a JVM or a Node service starting beside
 * the test suite's other steps on a slow two-core machine has taken over 30 s, and the deadline is only there to
 * name a start that is stuck. A StartFailed from the probe ends the wait with it.
 */
export async function waitFor(probe: () => Promise<boolean>, what: string, timeoutMs = 240_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  const notYet = (error: unknown) => {
    if (error instanceof StartFailed) throw error;
    return false;
  };
  for (let delay = 25; Date.now() < deadline; delay = Math.min(delay * 2, 250)) {
    if (await probe().catch(notYet)) return;
    await new Promise((resolve) => setTimeout(resolve, delay));
  }
  throw new Error(`${what} did not become ready within ${timeoutMs} ms`);
}

/**
 * Signals for the readiness probes of a starting child, one a probe: each ends after PROBE_TIMEOUT_MS, or at once when
 * the child exits, so the wait sees the exit without sitting out a request to a port that never answers.
 */
export function probeSignals(child: ChildProcess): () => AbortSignal {
  const exited = new AbortController();
  if (child.exitCode !== null || child.signalCode !== null) exited.abort();
  else child.once('exit', () => exited.abort());
  return () => AbortSignal.any([exited.signal, AbortSignal.timeout(PROBE_TIMEOUT_MS)]);
}

/**
 * Starts a process on `port`, and again on a new free port (up to three tries) when it says the port was taken.
 * freePort closes the port it found before the process binds it, and meanwhile any other process may take it: an
 * outgoing connection's ephemeral port, a server of another test step. cognito-local lost that race once in a run.
 */
export async function startOnFreePort<T>(port: number, start: (port: number) => Promise<T>, tries = 3): Promise<T> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await start(port);
    } catch (error) {
      if (!(error instanceof StartFailed && error.portTaken) || attempt >= tries) throw error;
      port = await freePort();
    }
  }
}

/** Whether nothing listens on the loopback port, so a service can take the same port it had last time. */
export function isPortFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = createServer();
    server.unref();
    server.once('error', () => resolve(false));
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
  });
}
