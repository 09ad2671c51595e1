/**
 * cognito-local, the Cognito user pool emulator, run as a child process. It keeps its state in ./.cognito
 * under its working directory, so <dataDir>/cognito survives restarts together with ids.json (the pool and
 * app client it created the first time, and the port it last listened on: tokens carry the port in their
 * issuer, so reusing it keeps a browser's session valid across restarts).
 *
 * Sign-up confirmation codes go to the console in AWS's place; we read them from its output, print one clear
 * line per code and keep the latest per e-mail for tests.
 */
import type { ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import {
  CognitoIdentityProviderClient,
  CreateUserPoolClientCommand,
  CreateUserPoolCommand,
  DescribeUserPoolClientCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { freePort, isPortFree, startOnFreePort, probeSignals, StartFailed, waitFor } from './free-port.ts';
import { killOnExit, spawnTied, stopChild } from './processes.ts';
import { PASSWORD_POLICY } from '#shared/password-policy';

/** Cognito triggers cognito-local may invoke, by trigger name, and where its Lambda client sends them. */
export interface CognitoTriggers {
  /** Base URL of a Lambda Invoke API (see lambda-invoke-server.ts). */
  readonly lambdaEndpoint: string;
  /** Trigger name (PostConfirmation, PreSignUp, ...) -> function name. */
  readonly functions: Readonly<Record<string, string>>;
}

export interface CognitoLocalOptions {
  /** Folder for cognito-local's state; it runs with <dataDir>/cognito as its working directory. */
  readonly dataDir: string;
  /** 0 or omitted: the port used last time if it is free, else any free port. */
  readonly port?: number;
  readonly triggers?: CognitoTriggers;
  /** Print a line for every confirmation code cognito-local "sends" (default true). */
  readonly printCodes?: boolean;
}

export interface CognitoLocal {
  /** Where cognito-local answers the Cognito JSON API (POST / with X-Amz-Target). */
  readonly endpoint: string;
  readonly port: number;
  readonly userPoolId: string;
  readonly clientId: string;
  /** The `iss` of its tokens. */
  readonly issuer: string;
  readonly jwksUri: string;
  /** True when this start created the user pool (first start, or state deleted). */
  readonly created: boolean;
  /** An SDK client pointed at cognito-local, for admin calls (seeding, tests). */
  readonly client: CognitoIdentityProviderClient;
  /** The node process running cognito-local. */
  readonly pid: number | undefined;
  /** The latest confirmation code sent to this e-mail address, if any. */
  latestCode(email: string): string | undefined;
  stop(): Promise<void>;
}

interface SavedIds {
  readonly userPoolId: string;
  readonly clientId: string;
  readonly port?: number;
}

const POOL_NAME = 'racefinder-local';
const CLIENT_NAME = 'racefinder-web';

function startScript(): string {
  const packageDir = dirname(createRequire(import.meta.url).resolve('cognito-local/package.json'));
  return join(packageDir, 'lib', 'bin', 'start.js');
}

export function localCognitoClient(endpoint: string): CognitoIdentityProviderClient {
  return new CognitoIdentityProviderClient({
    endpoint,
    region: 'us-east-1',
    credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
  });
}

function readSavedIds(file: string): SavedIds | undefined {
  if (!existsSync(file)) return undefined;
  try {
    const saved = JSON.parse(readFileSync(file, 'utf8')) as Partial<SavedIds>;
    return saved.userPoolId && saved.clientId ? (saved as SavedIds) : undefined;
  } catch {
    return undefined;
  }
}

async function choosePort(requested: number | undefined, saved: SavedIds | undefined): Promise<number> {
  if (requested) return requested;
  if (saved?.port && (await isPortFree(saved.port))) return saved.port;
  return freePort();
}

// pino-pretty colours its output even when it is not a terminal.
// eslint-disable-next-line no-control-regex
const ANSI = /\u001b\[[0-9;]*m/g;
const DELIVERY_BLOCK = /Confirmation Code Delivery([\s\S]*?)╰/;

/**
 * Reads cognito-local's console "deliveries" (a boxed block with Destination and Code lines, see its
 * consoleMessageSender) out of its output stream.
 */
export function createCodeReader(onCode: (destination: string, code: string) => void): (chunk: string) => void {
  let buffer = '';
  return (chunk) => {
    buffer = (buffer + chunk.replace(ANSI, '')).slice(-20_000);
    for (let match = DELIVERY_BLOCK.exec(buffer); match; match = DELIVERY_BLOCK.exec(buffer)) {
      const block = match[1] ?? '';
      const destination = /Destination:\s*(\S+)/.exec(block)?.[1];
      const code = /Code:\s*(\S+)/.exec(block)?.[1];
      if (destination && code) onCode(destination, code);
      buffer = buffer.slice(match.index + match[0].length);
    }
  };
}

async function ensurePoolAndClient(
  client: CognitoIdentityProviderClient,
  saved: SavedIds | undefined,
): Promise<{ userPoolId: string; clientId: string; created: boolean }> {
  if (saved) {
    const found = await client
      .send(new DescribeUserPoolClientCommand({ UserPoolId: saved.userPoolId, ClientId: saved.clientId }))
      .then(() => true)
      .catch(() => false);
    if (found) return { userPoolId: saved.userPoolId, clientId: saved.clientId, created: false };
  }
  const { UserPool } = await client.send(
    new CreateUserPoolCommand({
      PoolName: POOL_NAME,
      UsernameAttributes: ['email'],
      AutoVerifiedAttributes: ['email'],
      Schema: [
        { Name: 'email', AttributeDataType: 'String', Required: true, Mutable: true },
        { Name: 'given_name', AttributeDataType: 'String', Mutable: true },
        { Name: 'family_name', AttributeDataType: 'String', Mutable: true },
      ],
      Policies: {
        PasswordPolicy: {
          MinimumLength: PASSWORD_POLICY.minLength,
          RequireLowercase: PASSWORD_POLICY.requireLowercase,
          RequireUppercase: PASSWORD_POLICY.requireUppercase,
          RequireNumbers: PASSWORD_POLICY.requireDigits,
          RequireSymbols: PASSWORD_POLICY.requireSymbols,
        },
      },
    }),
  );
  const userPoolId = UserPool?.Id;
  if (!userPoolId) throw new Error('cognito-local did not return a user pool id');
  const { UserPoolClient } = await client.send(
    new CreateUserPoolClientCommand({
      UserPoolId: userPoolId,
      ClientName: CLIENT_NAME,
      ExplicitAuthFlows: ['ALLOW_USER_PASSWORD_AUTH', 'ALLOW_REFRESH_TOKEN_AUTH'],
      // Cognito's defaults: an hour for ID and access tokens, 30 days for the refresh token.
      AccessTokenValidity: 60,
      IdTokenValidity: 60,
      RefreshTokenValidity: 30,
      TokenValidityUnits: { AccessToken: 'minutes', IdToken: 'minutes', RefreshToken: 'days' },
      PreventUserExistenceErrors: 'ENABLED',
    }),
  );
  const clientId = UserPoolClient?.ClientId;
  if (!clientId) throw new Error('cognito-local did not return an app client id');
  return { userPoolId, clientId, created: true };
}

function writeCognitoConfig(stateDir: string, triggers: CognitoTriggers | undefined): void {
  mkdirSync(stateDir, { recursive: true });
  const config = triggers
    ? {
        TriggerFunctions: triggers.functions,
        LambdaClient: {
          endpoint: triggers.lambdaEndpoint,
          region: 'us-east-1',
          credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
        },
      }
    : {};
  writeFileSync(join(stateDir, 'config.json'), JSON.stringify(config, null, 2));
}

export async function startCognitoLocal(options: CognitoLocalOptions): Promise<CognitoLocal> {
  const workDir = join(options.dataDir, 'cognito');
  const idsFile = join(workDir, 'ids.json');
  mkdirSync(workDir, { recursive: true });
  writeCognitoConfig(join(workDir, '.cognito'), options.triggers);
  const files: StateFiles = { workDir, idsFile, saved: readSavedIds(idsFile) };
  const port = await choosePort(options.port, files.saved);
  // A port asked for is kept (or the start fails); one chosen here is chosen again if another process takes it first.
  return options.port ? launchCognitoLocal(options, port, files) : startOnFreePort(port, (free) => launchCognitoLocal(options, free, files));
}

/** Where cognito-local keeps its state, and the pool and client ids of its last run. */
interface StateFiles {
  readonly workDir: string;
  readonly idsFile: string;
  readonly saved: SavedIds | undefined;
}

async function launchCognitoLocal(options: CognitoLocalOptions, port: number, { workDir, idsFile, saved }: StateFiles): Promise<CognitoLocal> {
  const child: ChildProcess = spawnTied(process.execPath, [startScript()], {
    cwd: workDir,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      NODE_NO_WARNINGS: '1',
      AWS_SDK_JS_SUPPRESS_MAINTENANCE_MODE_MESSAGE: '1',
      AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const release = killOnExit(child);
  let output = '';
  const codes = new Map<string, string>();
  const readCodes = createCodeReader((destination, code) => {
    codes.set(destination.toLowerCase(), code);
    if (options.printCodes !== false) console.log(`Confirmation code for ${destination}: ${code}`);
  });
  const collect = (chunk: Buffer) => {
    const text = chunk.toString();
    output = (output + text).slice(-4000);
    readCodes(text);
  };
  child.stdout?.on('data', collect);
  child.stderr?.on('data', collect);
  let stopping = false;
  // Before it is ready an exit is the start's error (StartFailed below), not news.
  let ready = false;
  child.once('exit', (code, signal) => {
    if (ready && !stopping) console.error(`cognito-local stopped unexpectedly (${signal ?? code}):\n${output.replace(ANSI, '')}`);
  });

  const endpoint = `http://127.0.0.1:${port}`;
  const client = localCognitoClient(endpoint);
  const stop = async () => {
    stopping = true;
    client.destroy();
    await stopChild(child);
    release();
  };

  try {
    const probeSignal = probeSignals(child);
    await waitFor(async () => {
      if (child.exitCode !== null) throw new StartFailed(`cognito-local exited (${child.exitCode}): ${output.replace(ANSI, '')}`);
      // Bounded, and cut short by an exit: a port held by something that never answers would hold the wait forever.
      const response = await fetch(`${endpoint}/health`, { signal: probeSignal() });
      return response.ok;
    }, 'cognito-local');
    ready = true;
    const { userPoolId, clientId, created } = await ensurePoolAndClient(client, saved);
    writeFileSync(idsFile, JSON.stringify({ userPoolId, clientId, port } satisfies SavedIds, null, 2));
    const issuer = `${endpoint}/${userPoolId}`;
    return {
      endpoint,
      port,
      userPoolId,
      clientId,
      issuer,
      jwksUri: `${issuer}/.well-known/jwks.json`,
      created,
      client,
      pid: child.pid,
      latestCode: (email) => codes.get(email.trim().toLowerCase()),
      stop,
    };
  } catch (error) {
    await stop();
    throw error;
  }
}
