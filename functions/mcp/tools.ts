import { catalog, type CatalogEntry } from '../catalog/catalog';
import { PLATFORM_WORDS } from '../../core/platforms';
import { GATEWAY_CATEGORIES } from '../../core/tool';
import { InvalidParamsError } from './json-rpc';

/** Tools per tools/list page. Clients follow `nextCursor`; they must not assume a page size. */
export const TOOLS_PAGE_SIZE = 50;

const GROUPS: readonly string[] = [...PLATFORM_WORDS, 'gateway'];
const CATEGORIES: readonly string[] = [...PLATFORM_WORDS, ...GATEWAY_CATEGORIES];
const ACCESS: readonly string[] = ['read', 'write'];

/** The three filters a client can apply, in the URL query and in tools/list params (comma lists allowed). */
export interface ToolFilter {
  platform?: string[];
  group?: string[];
  category?: string[];
  access?: ('read' | 'write')[];
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
    description: entry.description,
    // The catalog's JSON Schema (draft 2020-12), generated from the schema that validates calls.
    inputSchema: entry.input_schema as Record<string, unknown>,
    ...(entry.output_schema ? { outputSchema: mcpOutputSchema(entry.output_schema as Record<string, unknown>) } : {}),
    annotations: {
      title,
      readOnlyHint: readOnly,
      destructiveHint: !readOnly && entry.destructive,
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
  return catalog().filter((entry) =>
    filters.every(
      (filter) =>
        (!filter.platform || filter.platform.includes(entry.platform ?? entry.group)) &&
        (!filter.group || filter.group.includes(entry.group)) &&
        (!filter.category || filter.category.includes(entry.category)) &&
        (!filter.access || filter.access.includes(entry.access)),
    ),
  );
}

/** Whether a tool is offered under these filters (the endpoint URL's filters bound tools/call too). */
export function offers(filter: ToolFilter, name: string): boolean {
  return filteredTools(filter).some((entry) => entry.name === name);
}

/** One tools/list page. The cursor is opaque to clients: the offset and the filters it belongs to. */
export function listToolsPage(filters: ToolFilter[], cursor: unknown): { tools: McpTool[]; nextCursor?: string } {
  const scope = JSON.stringify(filters);
  const offset = cursor === undefined || cursor === null ? 0 : offsetOf(cursor, scope);
  const entries = filteredTools(...filters);
  const page = entries.slice(offset, offset + TOOLS_PAGE_SIZE).map(mcpTool);
  const next = offset + TOOLS_PAGE_SIZE;
  return next < entries.length ? { tools: page, nextCursor: encodeCursor(next, scope) } : { tools: page };
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
