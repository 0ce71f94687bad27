import { ARTIFACT_FILES, artifactText, catalog, readArtifactText, readPreparedGzip } from '../catalog/artifact';
import type { CatalogEntry } from '../catalog/catalog';
import { PLATFORM_WORDS } from '../../core/platforms';
import { GATEWAY_CATEGORIES } from '../../core/tool';
import { InvalidParamsError, PreparedResultMessage } from './json-rpc';
import { META_TOOLS } from './meta-tools';
import { toolsets, type Toolset } from './toolsets';

/** Tools per tools/list page. Clients follow `nextCursor`; they must not assume a page size. */
export const TOOLS_PAGE_SIZE = 50;

const GROUPS: readonly string[] = [...PLATFORM_WORDS, 'gateway'];
const CATEGORIES: readonly string[] = [...PLATFORM_WORDS, ...GATEWAY_CATEGORIES];
const ACCESS: readonly string[] = ['read', 'write'];

/** The filters a client can apply, in the URL query and in tools/list params (comma lists allowed). */
export interface ToolFilter {
  platform?: string[];
  group?: string[];
  category?: string[];
  access?: ('read' | 'write')[];
}

/** Parameters the endpoint URL takes; any other is refused (a misspelt filter must not widen the surface). */
export const URL_PARAMETERS = ['platform', 'group', 'category', 'access', 'toolset'] as const;

/**
 * The everyday helpers the front door lists beside the meta tools (search_tools, call_tool): what an
 * agent needs before it knows which platform tool it wants.
 */
export const FRONT_DOOR_TOOLS = [
  'list_connected_accounts',
  'get_usage_status',
  'get_connections_status',
  'suggest_next_action',
  'whats_changed_since_last_visit',
  'weekly_opportunities',
  'diagnose_my_setup',
  'list_pending_actions',
  'manage_action',
] as const;

/**
 * What one connection offers, from its endpoint URL: the front door (no filter: the helpers, tool
 * search and call_tool; every tool stays callable by name), named tool sets (`?toolset=a,b`, or
 * `all` for every tool), or every tool the filters let through (`?platform=...&access=...`).
 */
export type ToolScope = { kind: 'front_door' } | { kind: 'toolsets'; names: string[] } | { kind: 'filter'; filter: ToolFilter };

export function parseScope(query: Record<string, unknown> | null | undefined): ToolScope {
  const unknown = Object.keys(query ?? {}).filter((key) => !(URL_PARAMETERS as readonly string[]).includes(key));
  if (unknown.length) {
    throw new InvalidParamsError(
      `Unknown parameter "${unknown.join(', ').slice(0, 60)}" in the endpoint URL. It takes: ${URL_PARAMETERS.join(', ')}.`,
    );
  }
  const rawSets = query?.toolset;
  const filter = parseToolFilter(query, 'the endpoint URL');
  if (rawSets !== undefined && rawSets !== null && rawSets !== '') {
    if (Object.keys(filter).length) {
      throw new InvalidParamsError('Use either toolset or the filters (platform, group, category, access) in the endpoint URL, not both.');
    }
    const names = String(rawSets)
      .split(',')
      .map((name) => name.trim().toLowerCase())
      .filter(Boolean);
    if (names.includes('all')) return { kind: 'filter', filter: {} };
    const known = toolsets();
    const wrong = names.filter((name) => !known.has(name));
    if (wrong.length || !names.length) {
      throw new InvalidParamsError(
        `Unknown toolset "${wrong.join(', ').slice(0, 60)}" in the endpoint URL. Use one of: all, ${[...known.keys()].join(', ')}.`,
      );
    }
    return { kind: 'toolsets', names };
  }
  return Object.keys(filter).length ? { kind: 'filter', filter } : { kind: 'front_door' };
}

/**
 * Where the listings come from: the catalog artifact when serving, the registry's catalog and sets
 * while the build writes the artifact (functions/catalog/build-artifact.ts).
 */
export interface ToolListing {
  catalog(): CatalogEntry[];
  toolsets(): Map<string, Toolset>;
}

const ARTIFACT_LISTING: ToolListing = { catalog, toolsets };

/** The catalog tools a scope lists (the front door adds the meta tools to these). */
export function scopeEntries(scope: ToolScope, listing: ToolListing = ARTIFACT_LISTING): CatalogEntry[] {
  if (scope.kind === 'filter') return filterEntries(listing.catalog(), [scope.filter]);
  const names = new Set<string>(
    scope.kind === 'front_door' ? FRONT_DOOR_TOOLS : scope.names.flatMap((name) => listing.toolsets().get(name)!.tools),
  );
  return listing.catalog().filter((entry) => names.has(entry.name));
}

/** Whether a tool can be called on this connection: the front door reaches every tool by name. */
export function scopeOffers(scope: ToolScope, name: string): boolean {
  if (scope.kind === 'front_door') return true;
  return scopeEntries(scope).some((entry) => entry.name === name);
}

export function describeScope(scope: ToolScope): string {
  if (scope.kind === 'front_door') return 'the front door';
  if (scope.kind === 'toolsets') return `toolset=${scope.names.join(',')}`;
  return Object.entries(scope.filter)
    .map(([key, values]) => `${key}=${(values as string[]).join(',')}`)
    .join('&');
}

/** A tool as MCP's tools/list describes it. */
export interface McpTool {
  name: string;
  title: string;
  description: string;
  inputSchema: Record<string, unknown>;
  /** Schema of structuredContent of a successful call: the tool's `data.structured` plus `quota`. */
  outputSchema?: Record<string, unknown>;
  annotations: {
    title: string;
    readOnlyHint: boolean;
    destructiveHint: boolean;
    idempotentHint: boolean;
    openWorldHint: boolean;
  };
  _meta: { platform: string | null; group: string; category: string; long_running: boolean; quota_exempt: boolean };
}

/**
 * Write verbs that set a state (update, pause, resume, archive, remove): sending the same call again
 * leaves the platform as the first call left it. Creates and adds make something new each time.
 */
const IDEMPOTENT_WRITE_VERBS = new Set(['update', 'pause', 'resume', 'archive', 'remove', 'set', 'delete']);

/**
 * Writes that take something away: removes, deletes, archives, detaches (the catalog's `destructive`
 * flag covers most of them; the verb settles the rest), and approving pending actions, which can
 * run any of them.
 */
const REMOVING_VERBS = /^(remove|delete|archive|batch_delete|detach|unlink)_/;
const APPROVING_TOOLS = new Set(['manage_action']);

export function isDestructive(entry: CatalogEntry): boolean {
  return entry.access === 'write' && (entry.destructive || REMOVING_VERBS.test(entry.name) || APPROVING_TOOLS.has(entry.name));
}

/** Gateway tools that reach beyond the gateway's own data: validate_video fetches the caller's URL. */
const OPEN_WORLD_GATEWAY_TOOLS = new Set(['validate_video']);

/** `list_campaigns` → "List campaigns". */
export function titleOf(name: string): string {
  const words = name.split('_').join(' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}

export function mcpTool(entry: CatalogEntry): McpTool {
  const title = titleOf(entry.name);
  const readOnly = entry.access === 'read';
  return {
    name: entry.name,
    title,
    description: leanDescription(entry),
    // The catalog's JSON Schema (draft 2020-12), generated from the schema that validates calls.
    inputSchema: entry.input_schema as Record<string, unknown>,
    ...(entry.output_schema ? { outputSchema: mcpOutputSchema(entry.output_schema as Record<string, unknown>) } : {}),
    annotations: {
      title,
      readOnlyHint: readOnly,
      destructiveHint: isDestructive(entry),
      idempotentHint: readOnly || IDEMPOTENT_WRITE_VERBS.has(entry.name.split('_')[0]),
      openWorldHint: entry.platform !== null || OPEN_WORLD_GATEWAY_TOOLS.has(entry.name),
    },
    _meta: {
      platform: entry.platform,
      group: entry.group,
      category: entry.category,
      long_running: entry.long_running,
      quota_exempt: entry.quota_exempt,
    },
  };
}

/** Longer descriptions are cut to their first sentences within this many characters. */
const DESCRIPTION_BUDGET = 480;

/**
 * A tool's description as an agent needs it: what it does and when (its first sentences, the
 * long guidance stays in the tool reference, docs/tools/), then what it costs and how to preview.
 */
export function leanDescription(entry: CatalogEntry): string {
  let what = entry.description.trim();
  if (what.length > DESCRIPTION_BUDGET) {
    // Cut after the last sentence that ends within the budget ("e.g." and the like do not end one).
    const head = what.slice(0, DESCRIPTION_BUDGET);
    const ends = [...head.matchAll(/[a-z0-9)\]"'][.!?](?=\s)/g)].map((match) => match.index + 2);
    const cut = ends.filter((index) => index >= 120).pop();
    const kept = cut !== undefined ? head.slice(0, cut) : `${head.replace(/\s+\S*$/, '')}…`;
    what = `${kept} (More in the tool reference: docs/tools/${entry.platform ?? 'gateway'}.md.)`;
  }
  const cost = entry.quota_exempt ? 'Free: not counted against the monthly quota.' : 'Counts one call against the monthly quota.';
  const input = entry.input_schema as { properties?: Record<string, unknown> };
  const preview = input.properties?.dry_run ? ' Preview first with dry_run: true.' : '';
  return `${what} ${cost}${preview}`;
}

/**
 * The catalog's output schema as MCP's outputSchema: an object (the root type MCP requires), with
 * the quota block the endpoint adds to structuredContent. Without `$schema`: MCP schemas are draft
 * 2020-12 by default, and clients validating with a draft-07 validator refuse a foreign `$schema`.
 */
function mcpOutputSchema(output: Record<string, unknown>): Record<string, unknown> {
  const { $schema: _dialect, ...schema } = output;
  const properties = (schema.properties as Record<string, unknown> | undefined) ?? {};
  return {
    ...schema,
    type: 'object',
    properties: {
      ...properties,
      quota: { type: 'object', description: "The key owner's monthly tool-call allowance: used, limit, tier, period_end." },
    },
  };
}

/**
 * Reads the filters from a query string or from tools/list params (`platform`, `group`, `access`,
 * each one value or a comma-separated list). Unknown values are refused with the valid ones.
 */
export function parseToolFilter(source: Record<string, unknown> | null | undefined, where: string): ToolFilter {
  const filter: ToolFilter = {};
  const read = (name: keyof ToolFilter, allowed: readonly string[]): string[] | undefined => {
    const raw = source?.[name];
    if (raw === undefined || raw === null || raw === '') return undefined;
    const values = (Array.isArray(raw) ? raw : String(raw).split(',')).map((value) => String(value).trim().toLowerCase()).filter(Boolean);
    const unknown = values.filter((value) => !allowed.includes(value));
    if (unknown.length || !values.length) {
      throw new InvalidParamsError(
        `Unknown ${name} "${unknown.join(', ').slice(0, 60)}" in ${where}. Use one of: ${allowed.join(', ')} (several separated by commas).`,
      );
    }
    return values;
  };
  const platform = read('platform', GROUPS);
  const group = read('group', GROUPS);
  const category = read('category', CATEGORIES);
  const access = read('access', ACCESS) as ToolFilter['access'];
  if (platform) filter.platform = platform;
  if (group) filter.group = group;
  if (category) filter.category = category;
  if (access) filter.access = access;
  return filter;
}

/**
 * Every catalog entry all the filters let through, in the catalog's order (by name). As in the
 * catalog's `?platform=`, a tool without a platform counts for its group (`gateway`).
 */
export function filteredTools(...filters: ToolFilter[]): CatalogEntry[] {
  return filterEntries(catalog(), filters);
}

function filterEntries(entries: CatalogEntry[], filters: ToolFilter[]): CatalogEntry[] {
  return entries.filter((entry) =>
    filters.every(
      (filter) =>
        (!filter.platform || filter.platform.includes(entry.platform ?? entry.group)) &&
        (!filter.group || filter.group.includes(entry.group)) &&
        (!filter.category || filter.category.includes(entry.category)) &&
        (!filter.access || filter.access.includes(entry.access)),
    ),
  );
}

/**
 * One tools/list page: the scope's tools (the front door's meta tools first) narrowed by the
 * filters of the tools/list params. The cursor is opaque to clients: the offset and what it belongs to.
 */
export function listToolsPage(
  scope: ToolScope,
  filters: ToolFilter[],
  cursor: unknown,
  listing: ToolListing = ARTIFACT_LISTING,
): { tools: McpTool[]; nextCursor?: string } {
  const key = JSON.stringify([scope, filters]);
  const offset = cursor === undefined || cursor === null ? 0 : offsetOf(cursor, key);
  const filtering = filters.some((filter) => Object.keys(filter).length);
  // On the front door, filters in the params list from the whole catalog (every tool is reachable there).
  const allowed = filtering ? new Set(filterEntries(listing.catalog(), filters).map((entry) => entry.name)) : undefined;
  const entries =
    scope.kind === 'front_door' && allowed
      ? listing.catalog().filter((entry) => allowed.has(entry.name))
      : scopeEntries(scope, listing).filter((entry) => !allowed || allowed.has(entry.name));
  const items: (McpTool | CatalogEntry)[] = [...(scope.kind === 'front_door' && !filtering ? META_TOOLS : []), ...entries];
  const total = items.length;
  // Only the page's tools are described (descriptions and schemas are the costly part).
  const page = items.slice(offset, offset + TOOLS_PAGE_SIZE).map((item) => ('inputSchema' in item ? item : mcpTool(item)));
  const next = offset + TOOLS_PAGE_SIZE;
  return next < total ? { tools: page, nextCursor: encodeCursor(next, key) } : { tools: page };
}

/** The filters of a tools/list request without any (none in its params, none in its `_meta`). */
export const NO_FILTERS: readonly ToolFilter[] = [{}, {}];

/**
 * The scopes whose tools/list pages the build prepares (without filters in the request): the front
 * door, every tool (`?toolset=all`), each named set, each platform (and `gateway`), each access and
 * each platform with each access. Other URLs and filtered requests are listed at run time.
 */
export function preparedScopes(toolsetNames: Iterable<string>): ToolScope[] {
  return [
    parseScope(null),
    parseScope({ toolset: 'all' }),
    ...[...toolsetNames].map((name): ToolScope => ({ kind: 'toolsets', names: [name] })),
    ...GROUPS.map((platform) => parseScope({ platform })),
    ...ACCESS.map((access) => parseScope({ access })),
    ...GROUPS.flatMap((platform) => ACCESS.map((access) => parseScope({ platform, access }))),
  ];
}

/** What names one tools/list page: the scope, the request's filters and the page's offset. */
export function toolsPageKey(scope: ToolScope, filters: readonly ToolFilter[], cursor: unknown): string {
  const key = JSON.stringify([scope, filters]);
  const offset = cursor === undefined || cursor === null ? 0 : offsetOf(cursor, key);
  return `${offset} ${key}`;
}

let preparedPageFiles: Map<string, string> | undefined;

/** The artifact's file of a page prepared at build time, if the build prepared it. */
function preparedPageFile(pageKey: string): string | undefined {
  preparedPageFiles ??= new Map(Object.entries(JSON.parse(artifactText(ARTIFACT_FILES.toolsPages)) as Record<string, string>));
  return preparedPageFiles.get(pageKey);
}

const preparedPages = new Map<string, PreparedResultMessage>();

/**
 * The tools/list answer of one page (listToolsPage): read from the catalog artifact when the build
 * prepared it (preparedScopes), which needs neither the catalog nor any tool; else serialised once per
 * process and page. Every later request for it only puts in its id.
 */
export function preparedToolsPage(scope: ToolScope, filters: ToolFilter[], cursor: unknown): PreparedResultMessage {
  const pageKey = toolsPageKey(scope, filters, cursor);
  let prepared = preparedPages.get(pageKey);
  if (!prepared) {
    const file = preparedPageFile(pageKey);
    prepared = file
      ? PreparedResultMessage.prepared(
          () => readArtifactText(file),
          () => readPreparedGzip(file),
        )
      : PreparedResultMessage.of(listToolsPage(scope, filters, cursor));
    // Scopes and filters are many in theory, few in use: keep the most recently made pages.
    if (preparedPages.size >= 64) preparedPages.delete(preparedPages.keys().next().value as string);
    preparedPages.set(pageKey, prepared);
  }
  return prepared;
}

function encodeCursor(offset: number, scope: string): string {
  return Buffer.from(JSON.stringify({ o: offset, s: scope })).toString('base64url');
}

function offsetOf(cursor: unknown, scope: string): number {
  try {
    if (typeof cursor !== 'string') throw new Error('not a string');
    const decoded = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as { o?: unknown; s?: unknown };
    if (typeof decoded.o !== 'number' || !Number.isInteger(decoded.o) || decoded.o < 0 || decoded.s !== scope)
      throw new Error('foreign cursor');
    return decoded.o;
  } catch {
    throw new InvalidParamsError(
      'Invalid cursor: pass the nextCursor of the previous tools/list answer unchanged, with the same filters, or omit it to start over.',
    );
  }
}
