import * as path from 'node:path';
import { Duration, RemovalPolicy } from 'aws-cdk-lib';
import { Role, ServicePrincipal } from 'aws-cdk-lib/aws-iam';
import { Architecture, LoggingFormat, Runtime } from 'aws-cdk-lib/aws-lambda';
import { NodejsFunction, OutputFormat, SourceMapMode } from 'aws-cdk-lib/aws-lambda-nodejs';
import { LogGroup, type RetentionDays } from 'aws-cdk-lib/aws-logs';
import type { Construct } from 'constructs';
import { isPlatformWord, PLATFORM_WORDS, type PlatformWord } from '../core/platforms';
import type { FunctionName } from './routes';
import { ARTIFACT_DIR } from '../functions/catalog/artifact';

/** The repository root: entries, package-lock.json and node_modules (with esbuild) are found from here. */
export const PROJECT_ROOT = path.resolve(__dirname, '..');

/**
 * The Lambda entry of a function: a platform's own (`platforms/<word>/lambda.ts`, in its package), or
 * `functions/<name>.ts` for the gateway, MCP and scheduler functions.
 */
export function functionEntry(name: FunctionName | 'scheduler'): string {
  return isPlatformWord(name)
    ? path.join(PROJECT_ROOT, 'platforms', name, 'lambda.ts')
    : path.join(PROJECT_ROOT, 'functions', `${name}.ts`);
}

export { functionTimeoutSeconds, LONG_RUNNING_WORK_SECONDS, STANDARD_INTEGRATION_TIMEOUT_SECONDS } from './timeouts';

/** The esbuild options every group's bundle uses; the cold-start bench builds with the same ones. */
export const BUNDLE_OPTIONS = {
  // Minified: a smaller file is read and compiled faster at cold start, and the package is smaller.
  minify: true,
  // Source maps beside the bundle (index.js.map), to map a stack trace from CloudWatch to our
  // TypeScript files and lines offline. Not read at run time: NODE_OPTIONS=--enable-source-maps
  // would parse the whole map at every cold start (about 28% more), so the functions run without
  // it. Sources are left out of the map: only the positions are needed.
  sourceMap: true,
  sourcesContent: false,
  // The Lambda runtime's Node major: esbuild keeps modern syntax instead of down-levelling it.
  target: 'node22',
  // CommonJS: what the handler loader requires fastest, and no `type: module` package.json is
  // needed in the asset. The @middy/* packages ship ESM only; esbuild converts them to CommonJS.
  format: OutputFormat.CJS,
  // Prefer each package's ESM build (`module`): esbuild tree-shakes ES modules, so only the AWS
  // SDK commands we use end up in the bundle.
  mainFields: ['module', 'main'],
  // The AWS SDK is bundled instead of taken from the runtime: the function runs the exact SDK
  // versions of package-lock.json that the tests ran against, and the runtime's copy (many small
  // files in /var/runtime) is not read at cold start. Node's built-ins are the only externals.
  bundleAwsSDK: true,
  externalModules: [] as string[],
} as const;

/**
 * The tool code (every tool, the sandbox simulators, the live adapters and the chain that runs them:
 * functions/tool-code.ts) is a second file of the gateway, MCP and scheduler packages, tool-code.js
 * beside index.js, loaded only when a tool runs (functions/load-tool-code.ts). Their index.js keeps
 * that import external, as `require("./tool-code")` (esbuild's dynamic import turned into a require,
 * which finds tool-code.js beside it), so a 401, the catalog, OpenAPI and tools/list never read it.
 */
export const TOOL_CODE = {
  entry: path.join(PROJECT_ROOT, 'functions', 'tool-code.ts'),
  /** The import as functions/load-tool-code.ts writes it, kept external in index.js. */
  specifier: './tool-code',
  file: 'tool-code.js',
  /** esbuild's `supported` setting for index.js: the external dynamic import becomes a require (CommonJS resolves tool-code.js). */
  supported: { 'dynamic-import': false },
} as const;

/**
 * The gateway's tools that open no platform (functions/platform-free-tool-code.ts: the chain and the
 * gateway's tools, no platform's tools, simulator or live adapter), a file of the gateway and MCP packages
 * of its own, platform-free-tool-code.js beside index.js, read at the first call of one of those tools
 * (functions/load-platform-free-tool-code.ts), as TOOL_CODE is.
 */
export const PLATFORM_FREE_TOOL_CODE = {
  entry: path.join(PROJECT_ROOT, 'functions', 'platform-free-tool-code.ts'),
  specifier: './platform-free-tool-code',
  file: 'platform-free-tool-code.js',
} as const;

/**
 * The connect-link pages' code (functions/connect-code.ts: the connect flow, the live connectors and
 * the credential store, no tool code) is a file of the gateway package of its own, connect-code.js
 * beside index.js, read at the first connect page (functions/load-connect-code.ts), as TOOL_CODE is.
 */
export const CONNECT_CODE = {
  entry: path.join(PROJECT_ROOT, 'functions', 'connect-code.ts'),
  specifier: './connect-code',
  file: 'connect-code.js',
} as const;

/**
 * One platform's tool code for the MCP function (functions/tool-code-<word>.ts: the platform function's
 * handler, its tools, simulator, live adapter and the chain), a file of the MCP package of its own,
 * tool-code-<word>.js beside index.js, read at the first tools/call of one of its tools
 * (functions/load-platform-tool-code.ts), as TOOL_CODE is.
 */
export function platformToolCode(word: PlatformWord): { entry: string; specifier: string; file: string } {
  return {
    entry: path.join(PROJECT_ROOT, 'functions', `tool-code-${word}.ts`),
    specifier: `./tool-code-${word}`,
    file: `tool-code-${word}.js`,
  };
}

/** A library needed only on a rare path, as a file of its own beside index.js (functions/load-library.ts loads it). */
function libraryFile(name: string): { entry: string; specifier: string; file: string } {
  return { entry: path.join(PROJECT_ROOT, 'functions', `${name}.ts`), specifier: `./${name}`, file: `${name}.js` };
}

/**
 * Large libraries needed only on a rare path, each a file of its own in every package, read at its
 * first use (functions/load-library.ts): a sandbox tool call reads none of them. The Encryption SDK of
 * live credentials and stored secrets (with the KMS client: about 380 KB of each file that carried
 * it), the Secrets Manager client of the live adapters' secret settings, and the SES client of
 * emailed alerts and briefs.
 */
export const LIBRARY_FILES = {
  encryptionSdk: libraryFile('encryption-sdk'),
  secretsClient: libraryFile('secrets-client'),
  emailClient: libraryFile('email-client'),
} as const;

/**
 * The DynamoDB client (functions/dynamodb-sdk.ts: the AWS SDK's DynamoDB and document clients), a
 * file of every package of its own, dynamodb-sdk.js beside index.js, which index.js requires at once
 * and every tool file requires too: one copy per process, not one per file (a first tool call does
 * not load the SDK again). The other files take `packages` from it through esbuild's `alias`.
 */
export const DYNAMODB_SDK = {
  ...libraryFile('dynamodb-sdk'),
  packages: ['@aws-sdk/client-dynamodb', '@aws-sdk/lib-dynamodb', '@aws-sdk/util-dynamodb'],
} as const;

/**
 * esbuild's `alias` for a file of a package (`external`: laterSpecifiers): the DynamoDB SDK's imports become
 * require("./dynamodb-sdk"), except in that file itself (known by its name: the bench's `--before` builds
 * another checkout's copy).
 */
export function sharedAliases(entry: string, external: readonly string[]): Record<string, string> {
  if (path.basename(entry) === path.basename(DYNAMODB_SDK.entry) || !external.includes(DYNAMODB_SDK.specifier)) return {};
  return Object.fromEntries(DYNAMODB_SDK.packages.map((name) => [name, DYNAMODB_SDK.specifier]));
}

/**
 * The files a function's index.js requires beside it when first needed: the tool code (the gateway and
 * MCP functions' also the platform-free tools' file, the MCP function's one file per platform), the gateway's connect pages, and the libraries of rare
 * paths (LIBRARY_FILES), which those files require in turn, and the DynamoDB SDK that they all
 * share (DYNAMODB_SDK, required at once). The stack's afterBundling, the cold-start bench and the
 * bundle test build each from this list.
 */
export function laterFiles(group: FunctionName | 'scheduler'): { entry: string; specifier: string; file: string }[] {
  return [
    ...(loadsToolCodeLater(group) ? [TOOL_CODE] : []),
    ...(group === 'gateway' || group === 'mcp' ? [PLATFORM_FREE_TOOL_CODE] : []),
    ...(group === 'mcp' ? PLATFORM_WORDS.map(platformToolCode) : []),
    ...(group === 'gateway' ? [CONNECT_CODE] : []),
    ...Object.values(LIBRARY_FILES),
    DYNAMODB_SDK,
  ];
}

/** The specifiers every file of a package keeps external: its later files, required beside it. */
export function laterSpecifiers(group: FunctionName | 'scheduler'): string[] {
  return laterFiles(group).map((later) => later.specifier);
}

/** Whether a function's tool code is the second file (the gateway, MCP and scheduler functions; a platform's function serves its own tools from index.js). */
export function loadsToolCodeLater(group: FunctionName | 'scheduler'): boolean {
  return group === 'gateway' || group === 'mcp' || group === 'scheduler';
}

/**
 * The esbuild command that writes one of a package's later files (laterFiles) into its folder, with the
 * options of index.js: the package's other later files (`external`: laterSpecifiers) stay external, as
 * requires of the files beside it.
 */
export function laterFileBuildCommand(later: { entry: string; file: string }, outputDir: string, external: readonly string[]): string {
  const args = [
    `"${later.entry}"`,
    '--bundle',
    '--platform=node',
    `--target=${BUNDLE_OPTIONS.target}`,
    `--format=${BUNDLE_OPTIONS.format}`,
    ...(BUNDLE_OPTIONS.minify ? ['--minify'] : []),
    ...(BUNDLE_OPTIONS.sourceMap ? ['--sourcemap'] : []),
    `--sources-content=${BUNDLE_OPTIONS.sourcesContent}`,
    `--main-fields=${BUNDLE_OPTIONS.mainFields.join(',')}`,
    ...[...BUNDLE_OPTIONS.externalModules, ...external].map((name) => `--external:${name}`),
    ...(external.length ? [`--supported:dynamic-import=${TOOL_CODE.supported['dynamic-import']}`] : []),
    ...Object.entries(sharedAliases(later.entry, external)).map(([name, specifier]) => `--alias:${name}=${specifier}`),
    '--log-level=warning',
    `--outfile="${path.join(outputDir, later.file)}"`,
  ];
  return ['npx', '--no-install', 'esbuild', ...args].join(' ');
}

/** Whether a function serves the catalog, OpenAPI or MCP listings, and so needs the catalog artifact beside its bundle. */
export function servesCatalog(group: FunctionName | 'scheduler'): boolean {
  return group === 'gateway' || group === 'mcp';
}

export interface GatewayFunctionProps {
  /** A tool group, `mcp`, or `scheduler` (the scheduled work, functions/scheduler.ts). */
  group: FunctionName | 'scheduler';
  timeout: Duration;
  environment: Record<string, string>;
  logRetention: RetentionDays;
}

/**
 * The Lambda of one tool group (`functions/<group>.ts`) or of the MCP endpoint (`functions/mcp.ts`):
 * Node.js 22 on Graviton (arm64: about 20% cheaper per GB-second than x86 for the same work),
 * bundled locally by esbuild, JSON logs into its own log group with a retention, and a role that
 * may write only to that log group. Table grants are added by the stack, per table and per access mode.
 */
export class GatewayFunction extends NodejsFunction {
  readonly group: FunctionName | 'scheduler';

  constructor(scope: Construct, id: string, props: GatewayFunctionProps) {
    // Created beside the function (not inside it): a NodejsFunction's children are its own.
    const logGroup = new LogGroup(scope, `${id}Logs`, {
      retention: props.logRetention,
      // Logs hold owner and account ids: kept after a stack deletion, expiring with the retention.
      removalPolicy: RemovalPolicy.RETAIN,
    });
    // Our own role instead of the managed AWSLambdaBasicExecutionRole, whose logs:* grants cover
    // every log group of the account: this one may only write to its function's log group.
    const role = new Role(scope, `${id}Role`, {
      assumedBy: new ServicePrincipal('lambda.amazonaws.com'),
      description:
        props.group === 'mcp'
          ? 'Runs the MCP endpoint of the gateway'
          : props.group === 'scheduler'
            ? 'Runs the scheduled work of the gateway'
            : `Runs the ${props.group} tool group of the gateway`,
    });
    const later = laterFiles(props.group);
    const afterBundling: ((outputDir: string) => string)[] = [
      ...later.map((file) => (outputDir: string) => laterFileBuildCommand(file, outputDir, laterSpecifiers(props.group))),
      ...(servesCatalog(props.group) ? [(outputDir: string) => `cp -R "${ARTIFACT_DIR}" "${path.join(outputDir, 'artifact')}"`] : []),
    ];
    super(scope, id, {
      description:
        props.group === 'mcp'
          ? 'Tool gateway: MCP endpoint over every tool (POST /mcp)'
          : props.group === 'scheduler'
            ? 'Tool gateway: scheduled work (monitor checks, briefs, research jobs, watch scans), invoked by EventBridge Scheduler'
            : `Tool gateway: ${props.group} tools (POST /api/v1/tools/<tool>/execute)`,
      entry: functionEntry(props.group),
      handler: 'handler',
      projectRoot: PROJECT_ROOT,
      depsLockFilePath: path.join(PROJECT_ROOT, 'package-lock.json'),
      runtime: Runtime.NODEJS_22_X,
      architecture: Architecture.ARM_64,
      // Lambda gives CPU in proportion to memory, and importing the bundle at cold start is CPU
      // bound; 1024 MB is billed only while running, nothing is paid while idle.
      memorySize: 1024,
      timeout: props.timeout,
      role,
      logGroup,
      // One JSON object per line with timestamp, level and the Lambda requestId; our own lines
      // (functions/runtime/log.ts) carry the API Gateway request id returned as X-Request-Id.
      loggingFormat: LoggingFormat.JSON,
      environment: props.environment,
      bundling: {
        ...BUNDLE_OPTIONS,
        externalModules: [...BUNDLE_OPTIONS.externalModules, ...laterSpecifiers(props.group)],
        mainFields: [...BUNDLE_OPTIONS.mainFields],
        sourceMapMode: SourceMapMode.DEFAULT,
        esbuildArgs: {
          '--supported:dynamic-import': String(TOOL_CODE.supported['dynamic-import']),
          ...Object.fromEntries(
            Object.entries(sharedAliases(functionEntry(props.group), laterSpecifiers(props.group))).map(([name, specifier]) => [
              `--alias:${name}`,
              specifier,
            ]),
          ),
        },
        // After index.js: the tool code's files (TOOL_CODE; the MCP function's also one per platform, platformToolCode), the gateway's connect pages (CONNECT_CODE) and, for the gateway and MCP functions, the
        // catalog artifact they serve (functions/catalog/artifact.ts), beside index.js. bin/app.ts writes
        // the artifact before the stack is built.
        ...(afterBundling.length
          ? {
              commandHooks: {
                beforeBundling: () => [],
                beforeInstall: () => [],
                afterBundling: (_inputDir: string, outputDir: string) => afterBundling.map((command) => command(outputDir)),
              },
            }
          : {}),
        // esbuild from node_modules (run as `npx --no-install esbuild`), never Docker: synth works
        // offline on any machine after `npm ci`.
        forceDockerBundling: false,
      },
    });
    this.group = props.group;
    logGroup.grantWrite(role);
  }
}
