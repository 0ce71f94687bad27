import { closeSync, fstatSync, openSync, readFileSync, readSync } from 'node:fs';
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
  /** Where each tool's entry lies in catalog.json: `{"<name>": [byte offset, byte length], ...}`, in the catalog's order. */
  catalogIndex: 'catalog-index.json',
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

function missing(file: string, error: unknown): Error {
  if ((error as NodeJS.ErrnoException).code !== 'ENOENT') return error as Error;
  return new Error(
    `The catalog artifact ${join(ARTIFACT_DIR, file)} is missing: run "npm run build:catalog" (npm start, npm test and cdk synth write it).`,
    { cause: error },
  );
}

function readArtifact(file: string): Buffer {
  try {
    return readFileSync(join(ARTIFACT_DIR, file));
  } catch (error) {
    throw missing(file, error);
  }
}

/**
 * Bytes of one file of the artifact from `offset`: `length` of them, or up to its end. Only those
 * bytes are read (a tool's entry in the catalog, the end of an OpenAPI document).
 */
function readArtifactBytes(file: string, offset: number, length?: number): Buffer {
  let fd: number;
  try {
    fd = openSync(join(ARTIFACT_DIR, file), 'r');
  } catch (error) {
    throw missing(file, error);
  }
  try {
    const bytes = Buffer.alloc(length ?? Math.max(0, fstatSync(fd).size - offset));
    let read = 0;
    while (read < bytes.length) {
      const count = readSync(fd, bytes, read, bytes.length - read, offset + read);
      if (count === 0) break;
      read += count;
    }
    return bytes.subarray(0, read);
  } finally {
    closeSync(fd);
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

let spans: Map<string, [offset: number, length: number]> | undefined;

/** Where each tool's entry lies in catalog.json (ARTIFACT_FILES.catalogIndex), by name, in the catalog's order. */
function entrySpans(): Map<string, [number, number]> {
  spans ??= new Map(Object.entries(JSON.parse(artifactText(ARTIFACT_FILES.catalogIndex)) as Record<string, [number, number]>));
  return spans;
}

/**
 * One tool's catalog entry as JSON, exactly as it stands in catalog.json (what `GET /api/v1/tools/{name}`
 * serves): only its bytes are read, through the catalog index. Undefined for an unknown name.
 */
export function catalogEntryJson(name: string): string | undefined {
  const span = entrySpans().get(name);
  return span && readArtifactBytes(ARTIFACT_FILES.catalog, span[0], span[1]).toString('utf8');
}

/** Tools' entries read on their own so far (at most one per tool of the catalog: unknown names are not kept). */
const entriesRead = new Map<string, CatalogEntry>();

/**
 * One tool's catalog entry: from the parsed catalog when this process holds it, else from its own bytes, read
 * once per process (an MCP tools/call looks its tool up three times: its scope, its route, its tool file).
 */
export function catalogEntryNamed(name: string): CatalogEntry | undefined {
  if (index) return index.byName.get(name);
  let entry = entriesRead.get(name);
  if (!entry) {
    const json = catalogEntryJson(name);
    if (json === undefined) return undefined;
    entry = JSON.parse(json) as CatalogEntry;
    entriesRead.set(name, entry);
  }
  return entry;
}

/** Every tool's name, sorted (from the catalog index: the catalog itself is not read). */
export function toolNames(): string[] {
  return [...entrySpans().keys()];
}

/** `GET /api/v1/tools` without filters: `{"tools": [...], "count": n}`, as generated. */
export function catalogBody(): string {
  return artifactText(ARTIFACT_FILES.catalog);
}

let catalogGzipBase64: string | undefined;

/** The unfiltered catalog gzipped (base64), from the build's compressed bytes: catalog.json itself is not read. */
export function catalogGzip(): string {
  return (catalogGzipBase64 ??= gzipWithEnd(gzipPart(ARTIFACT_FILES.catalog), '').toString('base64'));
}

let manifest: Record<string, { sha256: string }> | undefined;

/** The SHA-256 (hex) of one file of the artifact, as the build wrote it in the manifest: the file is not read. */
export function artifactDigest(file: string): string {
  manifest ??= JSON.parse(artifactText(ARTIFACT_FILES.manifest)) as Record<string, { sha256: string }>;
  const digest = manifest[file]?.sha256;
  if (!digest) throw new Error(`The catalog artifact's manifest names no ${file}: run "npm run build:catalog".`);
  return digest;
}

/** The end of an OpenAPI document with the caller's server URL: its `servers` URL and the closing brackets. */
function withServerUrl(end: string, serverUrl: string): string {
  return end.replace(JSON.stringify(SERVER_URL_PLACEHOLDER), () => JSON.stringify(serverUrl));
}

const openApiBodies = new Map<string, string>();

/** Keeps a handful of bodies per kind: a handful of host names reach one function, but odd Host headers must not grow the cache. */
function remember(cache: Map<string, string>, key: string, body: string): string {
  if (cache.size >= 16) cache.delete(cache.keys().next().value as string);
  cache.set(key, body);
  return body;
}

/**
 * The OpenAPI document (of one platform, or the whole) with `servers` set to one base URL ("/"
 * when unknown): the prepared text with the URL put in, kept per URL and platform.
 */
export function openApiJson(serverUrl: string, platform?: string): string {
  const key = `${platform ?? ''} ${serverUrl}`;
  const made = openApiBodies.get(key);
  if (made !== undefined) return made;
  const text = artifactText(ARTIFACT_FILES.openapi(platform));
  const cut = fixedLength(text);
  // The document ends with `servers`: its fixed part, then the URL and the closing brackets.
  return remember(openApiBodies, key, text.slice(0, cut) + withServerUrl(text.slice(cut), serverUrl));
}

const openApiEnds = new Map<string, string>();
const openApiGzips = new Map<string, string>();

/**
 * The same document gzipped (base64): the build's compressed fixed part, then the end with the URL,
 * compressed here. Neither the document nor its text is read: the compressed part, and the end's few
 * bytes (from where the fixed part stops to the end of the file).
 */
export function openApiGzip(serverUrl: string, platform?: string): string {
  const key = `${platform ?? ''} ${serverUrl}`;
  const made = openApiGzips.get(key);
  if (made !== undefined) return made;
  const file = ARTIFACT_FILES.openapi(platform);
  const part = gzipPart(file);
  let end = openApiEnds.get(file);
  if (end === undefined) {
    end = readArtifactBytes(file, part.bytes).toString('utf8');
    openApiEnds.set(file, end);
  }
  return remember(openApiGzips, key, gzipWithEnd(part, withServerUrl(end, serverUrl)).toString('base64'));
}
