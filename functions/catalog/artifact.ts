import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { CatalogEntry } from './catalog';
import { gzipWithEnd, readPreparedGzipFile, type PreparedGzip } from './prepared-bytes';

/**
 * The catalog artifact: the catalog, the OpenAPI documents (the whole and one per platform) and
 * what MCP lists (its tool sets and the tools/list pages of the scopes it offers), generated at build time from the registry (functions/catalog/build-artifact.ts:
 * `npm start`, the test setup and `cdk synth` write it) and read here as prepared bytes. Serving
 * them needs no tool code: the gateway and MCP functions load a tool only when it runs.
 *
 * Beside the source this is functions/catalog/artifact/; in a Lambda bundle (one index.js at the
 * asset's root) the stack copies it to artifact/ beside index.js, so `__dirname` finds it in both.
 */
export const ARTIFACT_DIR = process.env.CATALOG_ARTIFACT_DIR ?? join(__dirname, 'artifact');

/** The placeholder the prepared OpenAPI documents carry in `servers`, replaced by the caller's base URL. */
export const SERVER_URL_PLACEHOLDER = '{{server_url}}';

/** The files of the artifact, by what they hold. */
export const ARTIFACT_FILES = {
  catalog: 'catalog.json',
  openapi: (platform?: string) => (platform ? `openapi-${platform}.json` : 'openapi.json'),
  toolsets: 'mcp-toolsets.json',
  /** MCP's tools/list pages prepared at build time: which file holds the page of a scope, filters and offset (functions/mcp/tools.ts). */
  toolsPages: 'mcp-tools-pages.json',
  /** One prepared tools/list page: the JSON-RPC message up to its `id`. */
  toolsPage: (index: number) => `mcp-tools-page-${index}.json`,
  manifest: 'manifest.json',
  /** A served document's fixed part, gzip-ready (functions/catalog/prepared-bytes.ts). */
  gzip: (served: string) => `${served}.deflate`,
} as const;

/** Where a served document's fixed part ends: before the OpenAPI server placeholder, else at its end. */
export function fixedLength(text: string): number {
  const placeholder = text.indexOf(JSON.stringify(SERVER_URL_PLACEHOLDER));
  return placeholder < 0 ? text.length : placeholder;
}

const texts = new Map<string, string>();

function readArtifact(file: string): Buffer {
  try {
    return readFileSync(join(ARTIFACT_DIR, file));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    throw new Error(
      `The catalog artifact ${join(ARTIFACT_DIR, file)} is missing: run "npm run build:catalog" (npm start, npm test and cdk synth write it).`,
      { cause: error },
    );
  }
}

/** One file of the artifact as text, read at every call (the caller keeps what it needs). */
export function readArtifactText(file: string): string {
  return readArtifact(file).toString('utf8');
}

/** One file of the artifact as text, read once per process. */
export function artifactText(file: string): string {
  let text = texts.get(file);
  if (text === undefined) {
    text = readArtifactText(file);
    texts.set(file, text);
  }
  return text;
}

/** A served document's fixed part, compressed at build time, read at every call. */
export function readPreparedGzip(served: string): PreparedGzip {
  return readPreparedGzipFile(readArtifact(ARTIFACT_FILES.gzip(served)));
}

const gzipParts = new Map<string, PreparedGzip>();

/** A served document's fixed part, compressed at build time, read once per process. */
function gzipPart(served: string): PreparedGzip {
  let part = gzipParts.get(served);
  if (!part) {
    part = readPreparedGzip(served);
    gzipParts.set(served, part);
  }
  return part;
}

let index: { entries: CatalogEntry[]; byName: Map<string, CatalogEntry> } | undefined;

function catalogIndex(): NonNullable<typeof index> {
  if (!index) {
    const entries = (JSON.parse(artifactText(ARTIFACT_FILES.catalog)) as { tools: CatalogEntry[] }).tools;
    index = { entries, byName: new Map(entries.map((entry) => [entry.name, entry])) };
  }
  return index;
}

/** Every tool's catalog entry, sorted by name. */
export function catalog(): CatalogEntry[] {
  return catalogIndex().entries;
}

export function catalogEntryNamed(name: string): CatalogEntry | undefined {
  return catalogIndex().byName.get(name);
}

/** Every tool's name, sorted. */
export function toolNames(): string[] {
  return catalog().map((entry) => entry.name);
}

/** `GET /api/v1/tools` without filters: `{"tools": [...], "count": n}`, as generated. */
export function catalogBody(): string {
  return artifactText(ARTIFACT_FILES.catalog);
}

let catalogGzipBase64: string | undefined;

/** The unfiltered catalog gzipped (base64), from the build's compressed bytes. */
export function catalogGzip(): string {
  return (catalogGzipBase64 ??= gzipWithEnd(gzipPart(ARTIFACT_FILES.catalog), '').toString('base64'));
}

const openApiBodies = new Map<string, { json: string; end: string; gzip?: string }>();

function openApiDocument(serverUrl: string, platform?: string): { json: string; end: string; gzip?: string } {
  const key = `${platform ?? ''} ${serverUrl}`;
  let document = openApiBodies.get(key);
  if (document === undefined) {
    const text = artifactText(ARTIFACT_FILES.openapi(platform));
    const cut = fixedLength(text);
    // The document ends with `servers`: its fixed part, then the URL and the closing brackets.
    const end = text.slice(cut).replace(JSON.stringify(SERVER_URL_PLACEHOLDER), () => JSON.stringify(serverUrl));
    document = { json: text.slice(0, cut) + end, end };
    // A handful of host names reach one function; keep the cache from growing on odd Host headers.
    if (openApiBodies.size >= 16) openApiBodies.delete(openApiBodies.keys().next().value as string);
    openApiBodies.set(key, document);
  }
  return document;
}

/**
 * The OpenAPI document (of one platform, or the whole) with `servers` set to one base URL ("/"
 * when unknown): the prepared text with the URL put in, kept per URL and platform.
 */
export function openApiJson(serverUrl: string, platform?: string): string {
  return openApiDocument(serverUrl, platform).json;
}

/** The same document gzipped (base64): the build's compressed fixed part, then the URL compressed here. */
export function openApiGzip(serverUrl: string, platform?: string): string {
  const document = openApiDocument(serverUrl, platform);
  return (document.gzip ??= gzipWithEnd(gzipPart(ARTIFACT_FILES.openapi(platform)), document.end).toString('base64'));
}
