import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { REGISTRY } from '../all-tools';
import { PLATFORM_WORDS } from '../../core/platforms';
import type { ToolRegistry } from '../runtime/registry';
import { ARTIFACT_DIR, ARTIFACT_FILES, fixedLength, SERVER_URL_PLACEHOLDER } from './artifact';
import { buildCatalog, type CatalogEntry } from './catalog';
import { buildOpenApi } from './openapi';
import { buildToolsets } from '../mcp/toolsets';
import { PreparedResultMessage } from '../mcp/json-rpc';
import { listToolsPage, NO_FILTERS, preparedScopes, toolsPageKey, type ToolListing } from '../mcp/tools';
import { prepareGzip, preparedGzipFile } from './prepared-bytes';

/**
 * The catalog artifact's files (functions/catalog/artifact.ts reads them): the catalog body, the
 * index of where each tool's entry lies in the catalog body, the OpenAPI document of every tool and
 * of each platform (with a placeholder for `servers`), the MCP
 * tool sets, the gzip of each served document's fixed part (ARTIFACT_FILES.gzip: all but the OpenAPI
 * `servers` URL, which closes the document) and a manifest with each file's SHA-256.
 */
export function artifactFiles(registry: Pick<ToolRegistry, 'all' | 'get'> = REGISTRY): Map<string, string | Buffer> {
  const entries = buildCatalog(registry);
  const files = new Map<string, string | Buffer>();
  const catalogBody = JSON.stringify({ tools: entries, count: entries.length });
  files.set(ARTIFACT_FILES.catalog, catalogBody);
  files.set(ARTIFACT_FILES.catalogIndex, JSON.stringify(catalogIndex(entries, catalogBody)));
  const openApi = (platform?: string) => {
    const { openapi, info, ...rest } = buildOpenApi(registry, platform ? entries.filter((entry) => entry.platform === platform) : entries);
    // `servers` last: the part before its URL is the same for every caller, so it is compressed here.
    return JSON.stringify({ openapi, info, ...rest, servers: [{ url: SERVER_URL_PLACEHOLDER }] });
  };
  files.set(ARTIFACT_FILES.openapi(), openApi());
  for (const platform of PLATFORM_WORDS) files.set(ARTIFACT_FILES.openapi(platform), openApi(platform));
  const catalogText = files.get(ARTIFACT_FILES.catalog) as string;
  files.set(ARTIFACT_FILES.gzip(ARTIFACT_FILES.catalog), preparedGzipFile(prepareGzip(catalogText)));
  for (const served of [ARTIFACT_FILES.openapi(), ...PLATFORM_WORDS.map((platform) => ARTIFACT_FILES.openapi(platform))]) {
    const text = files.get(served) as string;
    files.set(ARTIFACT_FILES.gzip(served), preparedGzipFile(prepareGzip(text.slice(0, fixedLength(text)))));
  }
  const sets = buildToolsets(entries);
  files.set(ARTIFACT_FILES.toolsets, JSON.stringify([...sets.values()]));
  for (const [name, text] of toolsPages({ catalog: () => entries, toolsets: () => sets })) files.set(name, text);
  const manifest = Object.fromEntries(
    [...files].map(([name, text]) => [name, { bytes: Buffer.byteLength(text), sha256: createHash('sha256').update(text).digest('hex') }]),
  );
  files.set(ARTIFACT_FILES.manifest, `${JSON.stringify(manifest, null, 2)}\n`);
  return files;
}

/**
 * Where each entry's JSON lies in the catalog body (byte offset and length): the body is
 * `{"tools":[` and the entries as JSON.stringify writes each, separated by commas.
 */
function catalogIndex(entries: readonly CatalogEntry[], body: string): Record<string, [number, number]> {
  const bytes = Buffer.from(body, 'utf8');
  const index: Record<string, [number, number]> = {};
  let offset = Buffer.byteLength('{"tools":[');
  for (const entry of entries) {
    const json = Buffer.from(JSON.stringify(entry), 'utf8');
    if (!bytes.subarray(offset, offset + json.length).equals(json)) throw new Error(`The catalog index of ${entry.name} does not match the catalog body.`);
    index[entry.name] = [offset, json.length];
    offset += json.length + 1;
  }
  return index;
}

/**
 * MCP's tools/list pages of the prepared scopes (functions/mcp/tools.ts, preparedScopes), every page
 * of each: the message up to its id, its gzip, and the index from page key to file.
 */
function toolsPages(listing: ToolListing): Map<string, string | Buffer> {
  const files = new Map<string, string | Buffer>();
  const index: Record<string, string> = {};
  for (const scope of preparedScopes(listing.toolsets().keys())) {
    let cursor: string | undefined;
    do {
      const page = listToolsPage(scope, [...NO_FILTERS], cursor, listing);
      const file = ARTIFACT_FILES.toolsPage(Object.keys(index).length);
      index[toolsPageKey(scope, NO_FILTERS, cursor)] = file;
      const fixed = PreparedResultMessage.of(page).fixed;
      files.set(file, fixed);
      files.set(ARTIFACT_FILES.gzip(file), preparedGzipFile(prepareGzip(fixed)));
      cursor = page.nextCursor;
    } while (cursor !== undefined);
  }
  files.set(ARTIFACT_FILES.toolsPages, JSON.stringify(index));
  return files;
}

/**
 * Writes the artifact into `dir` when it differs from what is there (compared by the manifest), as
 * a whole: into a new folder first, then swapped in, so a reader never sees half of it.
 */
export function writeCatalogArtifact(dir = ARTIFACT_DIR, registry: Pick<ToolRegistry, 'all' | 'get'> = REGISTRY): { written: boolean; files: number } {
  const files = artifactFiles(registry);
  let current: string | undefined;
  try {
    current = readFileSync(join(dir, ARTIFACT_FILES.manifest), 'utf8');
  } catch {
    current = undefined;
  }
  if (current === files.get(ARTIFACT_FILES.manifest)) return { written: false, files: files.size };
  const fresh = `${dir}.${process.pid}.tmp`;
  rmSync(fresh, { recursive: true, force: true });
  mkdirSync(fresh, { recursive: true });
  for (const [name, text] of files) writeFileSync(join(fresh, name), text);
  const old = `${dir}.${process.pid}.old`;
  try {
    renameSync(dir, old);
  } catch {
    // No artifact yet.
  }
  renameSync(fresh, dir);
  rmSync(old, { recursive: true, force: true });
  return { written: true, files: files.size };
}
