/**
 * Starting a local service on a port (infra/local/free-port.ts): a port can be taken between freePort finding it and
 * the service binding it, which once failed a whole suite run after a four-minute wait. A start that says its port
 * was taken is tried again on another; a process that exited ends the wait at once. The last test runs the real
 * cognito-local on a port held by another server.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { startCognitoLocal } from '../../../infra/local/cognito-local.ts';
import { startOnFreePort, StartFailed, waitFor } from '../../../infra/local/free-port.ts';

const taken = (port: number) => new StartFailed(`listen EADDRINUSE: address already in use 127.0.0.1:${port}`);

describe('starting on a free port', () => {
  it('tries again on another port when the first was taken, and gives up after three', async () => {
    const tried: number[] = [];
    const started = await startOnFreePort(1, async (port) => {
      tried.push(port);
      if (tried.length < 3) throw taken(port);
      return `up on ${port}`;
    });
    expect(tried[0]).toBe(1);
    expect(new Set(tried).size).toBe(3);
    expect(started).toBe(`up on ${tried[2]}`);

    let attempts = 0;
    await expect(startOnFreePort(1, async (port) => {
      attempts += 1;
      throw taken(port);
    })).rejects.toThrow(/EADDRINUSE/);
    expect(attempts).toBe(3);
  });

  it('does not try again for any other failure', async () => {
    let attempts = 0;
    await expect(startOnFreePort(1, async () => {
      attempts += 1;
      throw new StartFailed('cognito-local exited (1): Cannot find module');
    })).rejects.toThrow(/Cannot find module/);
    expect(attempts).toBe(1);
  });

  it('waits through a probe that fails, and stops at once on a StartFailed', async () => {
    let probes = 0;
    await waitFor(async () => {
      probes += 1;
      if (probes < 3) throw new Error('connection refused');
      return true;
    }, 'the service');
    expect(probes).toBe(3);

    const started = Date.now();
    await expect(waitFor(async () => {
      throw new StartFailed('exited (1)');
    }, 'the service')).rejects.toThrow('exited (1)');
    expect(Date.now() - started).toBeLessThan(1000);
  });
});

describe('cognito-local on a port another server holds', () => {
  let holder: Server | undefined;
  const dirs: string[] = [];
  afterEach(() => {
    holder?.close();
    for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
  });

  it('fails at once saying the port was taken, instead of waiting out the deadline', async () => {
    // A server that takes connections and drops them, as a port in other hands may.
    holder = createServer((socket) => socket.destroy());
    await new Promise<void>((resolve) => holder!.listen(0, '127.0.0.1', resolve));
    const port = (holder.address() as { port: number }).port;
    const dataDir = mkdtempSync(join(tmpdir(), 'racefinder-port-taken-'));
    dirs.push(dataDir);

    const started = Date.now();
    const failure = await startCognitoLocal({ dataDir, port, printCodes: false }).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(StartFailed);
    expect((failure as StartFailed).portTaken).toBe(true);
    expect(Date.now() - started).toBeLessThan(60_000);
  });
});
