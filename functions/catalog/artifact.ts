import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { CatalogEntry } from './catalog';

/**
 * The catalog artifact: the catalog, the OpenAPI documents (the whole and one per platform) and
 * what MCP lists, generated at build time from the registry (functions/catalog/build-artifact.ts:
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
  manifest: 'manifest.json',
} as const;

const texts = new Map<string, string>();

/** One file of the artifact as text, read once per process. */
export function artifactText(file: string): string {
  let text = texts.get(file);
  if (text === undefined) {
    try {
      text = readFileSync(join(ARTIFACT_DIR, file), 'utf8');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
      throw new Error(
        `The catalog artifact ${join(ARTIFACT_DIR, file)} is missing: run "npm run build:catalog" (npm start, npm test and cdk synth write it).`,
        { cause: error },
      );
    }
    texts.set(file, text);
  }
  return text;
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

const openApiBodies = new Map<string, string>();

/**
 * The OpenAPI document (of one platform, or the whole) with `servers` set to one base URL ("/"
 * when unknown): the prepared text with the URL put in, kept per URL and platform.
 */
export function openApiJson(serverUrl: string, platform?: string): string {
  const key = `${platform ?? ''} ${serverUrl}`;
  let json = openApiBodies.get(key);
  if (json === undefined) {
    json = artifactText(ARTIFACT_FILES.openapi(platform)).replace(JSON.stringify(SERVER_URL_PLACEHOLDER), () => JSON.stringify(serverUrl));
    // A handful of host names reach one function; keep the cache from growing on odd Host headers.
    if (openApiBodies.size >= 16) openApiBodies.delete(openApiBodies.keys().next().value as string);
    openApiBodies.set(key, json);
  }
  return json;
}
