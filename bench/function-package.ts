/**
 * A function's package as the stack builds it (lib/gateway-function.ts), for the cold-start bench and
 * the bundle test (test/infra/bundles.test.ts): index.js bundled with the stack's esbuild choices
 * (BUNDLE_OPTIONS); the files it requires beside it when first needed (laterFiles: tool-code.js, the
 * MCP function's tool-code-<word>.js and the gateway's connect-code.js, each built by the stack's own
 * command once per process and copied to the next package); and the catalog artifact where the
 * function serves the catalog.
 */
import { execSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { buildSync, type Metafile } from 'esbuild';
import { ARTIFACT_DIR } from '../functions/catalog/artifact';
import { BUNDLE_OPTIONS, laterFileBuildCommand, PROJECT_ROOT, sharedAliases, TOOL_CODE } from '../lib/gateway-function';

export interface FunctionPackageOptions {
  /** The Lambda entry (functionEntry(name), or another file: the bench's baseline, another checkout's). */
  entry: string;
  /** The files index.js requires beside it when first needed (laterFiles(name)): kept external, built beside it. */
  later: readonly LaterFile[];
  /** Copy the catalog artifact into the package (servesCatalog(name)). */
  withArtifact: boolean;
}

export interface LaterFile {
  entry: string;
  specifier: string;
  file: string;
}

export interface FunctionPackage {
  folder: string;
  /** index.js */
  file: string;
  /** What esbuild put in index.js. */
  metafile: Metafile;
  /** Sizes of index.js and of tool-code.js (0 without it). */
  bytes: number;
  toolCodeBytes: number;
  /** Sizes of every later file, by file name. */
  laterBytes: Record<string, number>;
}

/** Each later file as first built in this process, by its entry and the package's externals: later packages copy it. */
const builtLater = new Map<string, string>();

/** Builds one function's package into `folder` (made if missing). */
export function buildFunctionPackage(folder: string, options: FunctionPackageOptions): FunctionPackage {
  const file = path.join(folder, 'index.js');
  const { metafile } = buildSync({
    entryPoints: [options.entry],
    outfile: file,
    bundle: true,
    platform: 'node',
    target: BUNDLE_OPTIONS.target,
    format: BUNDLE_OPTIONS.format,
    minify: BUNDLE_OPTIONS.minify,
    sourcemap: BUNDLE_OPTIONS.sourceMap,
    sourcesContent: BUNDLE_OPTIONS.sourcesContent,
    mainFields: [...BUNDLE_OPTIONS.mainFields],
    external: [...BUNDLE_OPTIONS.externalModules, ...options.later.map((later) => later.specifier)],
    supported: options.later.length ? { ...TOOL_CODE.supported } : undefined,
    alias: sharedAliases(
      options.entry,
      options.later.map((later) => later.specifier),
    ),
    metafile: true,
    logLevel: 'error',
  });
  if (options.withArtifact) fs.cpSync(ARTIFACT_DIR, path.join(folder, 'artifact'), { recursive: true });
  const laterBytes: Record<string, number> = {};
  const external = options.later.map((later) => later.specifier);
  for (const later of options.later) {
    const built = path.join(folder, later.file);
    const key = [later.entry, ...external].join('\n');
    const copyOf = builtLater.get(key);
    if (copyOf && fs.existsSync(copyOf)) fs.cpSync(copyOf, built);
    else {
      execSync(laterFileBuildCommand(later, folder, external), { cwd: PROJECT_ROOT, stdio: ['ignore', 'ignore', 'inherit'] });
      builtLater.set(key, built);
    }
    laterBytes[later.file] = fs.statSync(built).size;
  }
  return { folder, file, metafile, bytes: fs.statSync(file).size, toolCodeBytes: laterBytes[TOOL_CODE.file] ?? 0, laterBytes };
}

/**
 * What esbuild puts in a bundle of `entry` with the stack's options: nothing kept external but the
 * runtime's modules, or also `external` (a package's later files: laterSpecifiers).
 */
export function bundleGraph(entry: string, folder: string, external: readonly string[] = []): Metafile {
  return buildSync({
    entryPoints: [entry],
    outfile: path.join(folder, 'graph.js'),
    bundle: true,
    platform: 'node',
    target: BUNDLE_OPTIONS.target,
    format: BUNDLE_OPTIONS.format,
    minify: BUNDLE_OPTIONS.minify,
    mainFields: [...BUNDLE_OPTIONS.mainFields],
    external: [...BUNDLE_OPTIONS.externalModules, ...external],
    supported: external.length ? { ...TOOL_CODE.supported } : undefined,
    alias: sharedAliases(entry, external),
    metafile: true,
    logLevel: 'error',
  }).metafile;
}
