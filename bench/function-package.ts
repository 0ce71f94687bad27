/**
 * A function's package as the stack builds it (lib/gateway-function.ts), for the cold-start bench and
 * the bundle test (test/infra/bundles.test.ts): index.js bundled with the stack's esbuild choices
 * (BUNDLE_OPTIONS); for a function that loads the tool code later, tool-code.js beside it (built by
 * the stack's own command, TOOL_CODE, once per process and copied to the next package); and the
 * catalog artifact where the function serves the catalog.
 */
import { execSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { buildSync, type Metafile } from 'esbuild';
import { ARTIFACT_DIR } from '../functions/catalog/artifact';
import { BUNDLE_OPTIONS, PROJECT_ROOT, TOOL_CODE, toolCodeBuildCommand } from '../lib/gateway-function';

export interface FunctionPackageOptions {
  /** The Lambda entry (functionEntry(name), or another file: the bench's baseline, another checkout's). */
  entry: string;
  /** Keep ./tool-code external and put tool-code.js beside index.js (loadsToolCodeLater(name)). */
  toolCodeLater: boolean;
  /** Copy the catalog artifact into the package (servesCatalog(name)). */
  withArtifact: boolean;
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
}

/** tool-code.js as first built in this process: later packages copy it. */
let builtToolCode: string | undefined;

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
    external: [...BUNDLE_OPTIONS.externalModules, ...(options.toolCodeLater ? [TOOL_CODE.specifier] : [])],
    supported: options.toolCodeLater ? { ...TOOL_CODE.supported } : undefined,
    metafile: true,
    logLevel: 'error',
  });
  if (options.withArtifact) fs.cpSync(ARTIFACT_DIR, path.join(folder, 'artifact'), { recursive: true });
  const toolCode = path.join(folder, TOOL_CODE.file);
  if (options.toolCodeLater) {
    if (builtToolCode && fs.existsSync(builtToolCode)) fs.cpSync(builtToolCode, toolCode);
    else {
      execSync(toolCodeBuildCommand(folder), { cwd: PROJECT_ROOT, stdio: ['ignore', 'ignore', 'inherit'] });
      builtToolCode = toolCode;
    }
  }
  return {
    folder,
    file,
    metafile,
    bytes: fs.statSync(file).size,
    toolCodeBytes: options.toolCodeLater ? fs.statSync(toolCode).size : 0,
  };
}
