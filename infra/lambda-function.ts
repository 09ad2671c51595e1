import { createRequire } from 'node:module';
import { basename, dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Duration, RemovalPolicy, Tags, Validations } from 'aws-cdk-lib';
import { Role, ServicePrincipal } from 'aws-cdk-lib/aws-iam';
import { Architecture, Runtime, Tracing } from 'aws-cdk-lib/aws-lambda';
import { NodejsFunction, OutputFormat } from 'aws-cdk-lib/aws-lambda-nodejs';
import type { ICommandHooks, NodejsFunctionProps } from 'aws-cdk-lib/aws-lambda-nodejs';
import { LogGroup, RetentionDays } from 'aws-cdk-lib/aws-logs';
import type { Construct } from 'constructs';
import { ESM_REQUIRE_BANNER, LAMBDA_DEFINES, LAMBDA_LOADERS } from './lambda-bundling.ts';

export const PROJECT_ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
export const LAMBDAS_DIR = join(PROJECT_ROOT, 'lambdas');

/** Tag every function of ours carries, valued with its handler module; tests and tooling find them by it. */
export const HANDLER_TAG = 'racefinder:handler';


export interface LambdaFunctionProps
  extends Omit<NodejsFunctionProps, 'entry' | 'handler' | 'runtime' | 'architecture' | 'role' | 'logGroup' | 'bundling'> {
  /** Module under lambdas/ without extension, exporting `handler`: 'users/get-me'. */
  readonly handlerModule: string;
  /** @default one month */
  readonly logRetention?: RetentionDays;
  /**
   * Files of packages the handler reads at run time rather than imports (a font, a WebAssembly module), as
   * package paths: the bundling copies each beside the bundle under its base name, where the handler looks first.
   */
  readonly besideBundle?: readonly string[];
  /**
   * Packages with native code (sharp) that esbuild cannot bundle: installed beside the bundle from the project's
   * lock file, for Lambda's linux-arm64 whatever machine synthesizes (NATIVE_TARGET_NPMRC), and left external.
   */
  readonly nativeModules?: readonly string[];
}

/**
 * npm's platform settings for `npm ci` in the bundle folder: optional packages such as @img/sharp-linux-arm64 are
 * chosen for Lambda's platform, not the synthesizing machine's (npm 10+ reads os, cpu and libc from .npmrc).
 */
export const NATIVE_TARGET_NPMRC = 'os=linux\ncpu=arm64\nlibc=glibc\n';

/** The bundling's shell steps: files copied beside the bundle, and Lambda's platform for native modules' `npm ci`. */
function commandHooks(besideBundle: readonly string[], native: boolean): ICommandHooks | undefined {
  if (besideBundle.length === 0 && !native) return undefined;
  const require = createRequire(join(PROJECT_ROOT, 'package.json'));
  const files = besideBundle.map((specifier) => require.resolve(specifier));
  return {
    beforeBundling: () => [],
    beforeInstall: (_inputDir, outputDir) => (native ? [`printf '${NATIVE_TARGET_NPMRC}' > "${outputDir}/.npmrc"`] : []),
    afterBundling: (_inputDir, outputDir) => [
      ...files.map((file) => `cp "${file}" "${join(outputDir, basename(file))}"`),
      // The lock file was only for `npm ci`: it need not ship.
      ...(native ? [`rm -f "${outputDir}/.npmrc" "${outputDir}/package-lock.json"`] : []),
    ],
  };
}

/**
 * The one Lambda function shape (DESIGN section 12): ARM64, Node 22, ESM bundle built by the local esbuild
 * (no Docker), minified with source maps, its own log group with retention, and its own role that may
 * only write to that log group until a construct grants it more. Defaults live here so no call site
 * repeats them.
 */
export class LambdaFunction extends NodejsFunction {
  readonly handlerModule: string;

  constructor(scope: Construct, id: string, props: LambdaFunctionProps) {
    const { handlerModule, logRetention = RetentionDays.ONE_MONTH, environment, besideBundle = [], nativeModules, ...rest } = props;
    const hooks = commandHooks(besideBundle, nativeModules !== undefined);

    // Created beside the function because a subclass cannot add children before super().
    const logGroup = new LogGroup(scope, `${id}LogGroup`, {
      retention: logRetention,
      removalPolicy: RemovalPolicy.DESTROY,
    });
    // An explicit role instead of the AWS-managed basic execution policy, which would allow writing to any
    // log group in the account: this one may write to its own group only.
    const role = new Role(scope, `${id}Role`, {
      assumedBy: new ServicePrincipal('lambda.amazonaws.com'),
      description: `Runs ${handlerModule}`,
    });
    logGroup.grantWrite(role);

    super(scope, id, {
      memorySize: 256,
      timeout: Duration.seconds(10),
      tracing: Tracing.DISABLED,
      ...rest,
      entry: join(LAMBDAS_DIR, `${handlerModule}.ts`),
      handler: 'handler',
      runtime: Runtime.NODEJS_22_X,
      architecture: Architecture.ARM_64,
      projectRoot: PROJECT_ROOT,
      depsLockFilePath: join(PROJECT_ROOT, 'package-lock.json'),
      role,
      logGroup,
      environment: {
        // Stack traces point at lambdas/**/*.ts lines rather than minified columns.
        NODE_OPTIONS: '--enable-source-maps',
        ...environment,
      },
      bundling: {
        format: OutputFormat.ESM,
        target: 'node22',
        // Prefer packages' ESM builds so the bundle tree-shakes.
        mainFields: ['module', 'main'],
        banner: ESM_REQUIRE_BANNER,
        minify: true,
        sourceMap: true,
        // Mappings are enough for stack traces; embedding the sources would double the upload.
        sourcesContent: false,
        // The Node 22 runtime ships AWS SDK v3; bundling it would add ~550 KB of minified code to every
        // function and break the 300 KB per-function budget (a bundle is ~120 KB without it).
        bundleAwsSDK: false,
        define: { ...LAMBDA_DEFINES },
        // The page function renders the web app's components, which import their stylesheets for Vite.
        loader: { ...LAMBDA_LOADERS },
        ...(nativeModules ? { nodeModules: [...nativeModules] } : {}),
        ...(hooks ? { commandHooks: hooks } : {}),
      },
    });
    this.handlerModule = handlerModule;
    Tags.of(this).add(HANDLER_TAG, handlerModule);

    if (rest.tracing === Tracing.ACTIVE) {
      Validations.of(role).acknowledge({
        id: 'AwsSolutions-IAM5[Resource::*]',
        reason: 'X-Ray PutTraceSegments/PutTelemetryRecords support no resource-level permissions; "*" is the only valid resource',
      });
    }
    Validations.of(this).acknowledge({
      id: 'AwsSolutions-L1',
      reason:
        'Node.js 22 is the runtime the design pins for every handler (DESIGN section 12); moving to a newer runtime ' +
        'is a deliberate, tested change rather than one made when a new runtime appears',
    });
  }
}
