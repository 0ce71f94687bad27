/**
 * What the node knows of the gateway: its catalog (GET /api/v1/tools), one tool call with the
 * envelope read apart, idempotency keys that survive n8n's retries, paging, and per-tier concurrency.
 * No n8n state lives here; the node passes in a `send` function made from n8n's HTTP helper.
 */
import { createHash } from 'node:crypto';

/** JSON as the gateway sends it. */
export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
export type JsonObject = { [key: string]: Json };

/** One JSON Schema property of a tool's input, as far as the node reads it. */
export interface SchemaProperty {
  type?: string | string[];
  enum?: Json[];
  description?: string;
  default?: Json;
  minimum?: number;
  maximum?: number;
  items?: SchemaProperty;
  format?: string;
}

/** A tool as the catalog lists it (docs/api.md). */
export interface CatalogTool {
  name: string;
  platform: string | null;
  group: string;
  category: string;
  access: 'read' | 'write';
  destructive: boolean;
  quota_exempt: boolean;
  description: string;
  input_schema: { properties?: Record<string, SchemaProperty>; required?: string[] };
}

/** What an HTTP exchange gave back: the node's HTTP helper with `returnFullResponse` and no status errors. */
export interface HttpAnswer {
  statusCode: number;
  headers: Record<string, string | string[] | undefined>;
  body: unknown;
}

export interface HttpRequest {
  method: 'GET' | 'POST';
  /** Path below the base URL, starting with /api/v1/. */
  path: string;
  headers?: Record<string, string>;
  body?: JsonObject;
}

export type Send = (request: HttpRequest) => Promise<HttpAnswer>;

/** `data.quota` of an answer (CONTRACT.md section 2). */
export interface Quota {
  used?: number;
  limit?: number;
  tier?: string;
  period_end?: string;
  [key: string]: Json | undefined;
}

/** A 2xx answer read apart. */
export interface ToolResult {
  tool: string;
  text: string;
  structured: JsonObject;
  quota?: Quota;
  /** The gateway answered from its idempotency store: the write did not run again. */
  replayed: boolean;
  requestId?: string;
}

/** The gateway's error envelope, as an Error whose message is the gateway's own message. */
export class GatewayCallError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly code: string,
    readonly structuredContent: JsonObject,
    readonly requestId?: string,
  ) {
    super(message);
    this.name = 'GatewayCallError';
  }

  /** The accounts an account-selection error lists, for the node error's details. */
  get accounts(): Json | undefined {
    return this.structuredContent.accounts;
  }
}

const isObject = (value: unknown): value is JsonObject => typeof value === 'object' && value !== null && !Array.isArray(value);

/** A header by name, whatever case the server or n8n's helper used (HTTP header names are case-insensitive). */
export function headerOf(headers: HttpAnswer['headers'], name: string): string | undefined {
  const wanted = name.toLowerCase();
  for (const [key, value] of Object.entries(headers ?? {})) {
    if (key.toLowerCase() === wanted) return Array.isArray(value) ? value[0] : value;
  }
  return undefined;
}

/** Reads an answer of POST …/execute: the result, or throws GatewayCallError with the gateway's message. */
export function readAnswer(tool: string, answer: HttpAnswer): ToolResult {
  const body = typeof answer.body === 'string' ? safeParse(answer.body) : answer.body;
  const requestId = headerOf(answer.headers, 'x-request-id');
  if (answer.statusCode >= 200 && answer.statusCode < 300 && isObject(body) && isObject(body.data)) {
    const data = body.data;
    return {
      tool,
      text: typeof data.text === 'string' ? data.text : '',
      structured: isObject(data.structured) ? data.structured : {},
      quota: isObject(data.quota) ? (data.quota as Quota) : undefined,
      replayed: headerOf(answer.headers, 'idempotent-replayed') === 'true',
      requestId,
    };
  }
  if (isObject(body) && typeof body.error === 'string') {
    const structured = isObject(body.structured_content) ? body.structured_content : {};
    const code = typeof structured.code === 'string' ? structured.code : 'unknown';
    throw new GatewayCallError(body.error, answer.statusCode, code, structured, requestId);
  }
  throw new GatewayCallError(
    `The gateway answered HTTP ${answer.statusCode} without its JSON envelope: check the credential's Base URL (on AWS it includes the stage, for example …/prod).`,
    answer.statusCode,
    'unexpected_answer',
    {},
    requestId,
  );
}

function safeParse(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/** GET /api/v1/tools (optionally ?platform= or ?group=): the catalog's tools. */
export async function listTools(send: Send, filter: { platform?: string; group?: string } = {}): Promise<CatalogTool[]> {
  const query = new URLSearchParams(Object.entries(filter).filter((entry): entry is [string, string] => Boolean(entry[1]))).toString();
  const answer = await send({ method: 'GET', path: `/api/v1/tools${query ? `?${query}` : ''}` });
  const body = answer.body as { tools?: CatalogTool[] } | undefined;
  if (answer.statusCode !== 200 || !Array.isArray(body?.tools)) {
    throw new GatewayCallError(
      `The gateway's catalog (GET /api/v1/tools) answered HTTP ${answer.statusCode}: check the credential's Base URL.`,
      answer.statusCode,
      'unexpected_answer',
      {},
    );
  }
  return body.tools;
}

/** GET /api/v1/tools/<name>: one tool, or a GatewayCallError naming close tools. */
export async function getTool(send: Send, name: string): Promise<CatalogTool> {
  const answer = await send({ method: 'GET', path: `/api/v1/tools/${encodeURIComponent(name)}` });
  if (answer.statusCode === 200 && isObject(answer.body) && answer.body.name === name) return answer.body as unknown as CatalogTool;
  readAnswer(name, answer);
  throw new GatewayCallError(`The gateway has no tool named ${name}.`, answer.statusCode, 'tool_not_found', {});
}

/** The platform word for tools that work across platforms (catalog `platform: null`). */
export const CROSS_PLATFORM = 'gateway';

/** POST /api/v1/tools/<tool>/execute with `{ arguments }` and, when given, an Idempotency-Key. */
export async function callTool(send: Send, tool: string, args: JsonObject, idempotencyKey?: string): Promise<ToolResult> {
  const headers: Record<string, string> = { 'Content-Type': 'application/json' };
  if (idempotencyKey) headers['Idempotency-Key'] = idempotencyKey;
  const answer = await send({
    method: 'POST',
    path: `/api/v1/tools/${encodeURIComponent(tool)}/execute`,
    headers,
    body: { arguments: args },
  });
  return readAnswer(tool, answer);
}

/** The connected accounts of one platform and the argument that names one (list_connected_accounts, never billed). */
export async function connectedAccounts(
  send: Send,
  platform: string,
): Promise<{ parameter?: string; accounts: { id: string; name: string; mode?: string }[] }> {
  const result = await callTool(send, 'list_connected_accounts', {});
  const platforms = Array.isArray(result.structured.platforms) ? result.structured.platforms : [];
  const entry = platforms.find((item): item is JsonObject => isObject(item) && item.platform === platform);
  if (!entry) return { accounts: [] };
  const accounts = (Array.isArray(entry.accounts) ? entry.accounts : []).filter(isObject).map((account) => ({
    id: String(account.id),
    name: String(account.name),
    mode: typeof account.mode === 'string' ? account.mode : undefined,
  }));
  return { parameter: typeof entry.parameter === 'string' ? entry.parameter : undefined, accounts };
}

/** JSON with object keys sorted, so equal arguments give equal text whatever order n8n built them in. */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, item]) => item !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([key, item]) => `${JSON.stringify(key)}:${canonicalJson(item)}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

/** What makes one logical write: the same parts give the same key, any other part another key. */
export interface KeyParts {
  /** Random per execution, kept in the node's execution context (which n8n's "Retry execution" keeps). */
  seed: string;
  nodeId: string;
  runIndex: number;
  itemIndex: number;
  /** `run` or `dryRun`: a dry run never shares its key with the write. */
  mode: string;
  tool: string;
  args: JsonObject;
}

/**
 * The Idempotency-Key of one item's write: a UUID (RFC 9562 version 8, name-based on SHA-256) of the
 * parts. Stable when n8n retries the item (Retry On Fail, Retry execution: same seed, node, run, item,
 * tool and arguments); new for another execution, item, mode, tool or other arguments.
 */
export function idempotencyKey(parts: KeyParts): string {
  const hash = createHash('sha256')
    .update(canonicalJson([parts.seed, parts.nodeId, parts.runIndex, parts.itemIndex, parts.mode, parts.tool, parts.args]))
    .digest();
  const bytes = Buffer.from(hash.subarray(0, 16));
  bytes[6] = (bytes[6] & 0x0f) | 0x80; // version 8
  bytes[8] = (bytes[8] & 0x3f) | 0x80; // RFC 9562 variant
  const hex = bytes.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** Whether a tool takes `offset` and so can be paged. */
export function pageable(tool: CatalogTool): boolean {
  return Boolean(tool.input_schema.properties?.offset);
}

/** The one array of objects an answer lists (campaigns, keywords, search_terms, ...), if it has exactly one. */
export function rowsOf(structured: JsonObject): { field: string; rows: JsonObject[] } | undefined {
  const lists = Object.entries(structured).filter(
    (entry): entry is [string, Json[]] => Array.isArray(entry[1]) && entry[1].every((item) => isObject(item)),
  );
  if (lists.length !== 1) return undefined;
  return { field: lists[0][0], rows: lists[0][1] as JsonObject[] };
}

/** One call's result with the rows of every page it read. */
export interface PagedResult extends ToolResult {
  rows?: { field: string; rows: JsonObject[] };
  pages: number;
}

/**
 * Calls a pageable tool page after page from the arguments' offset (default 0) until the gateway says
 * there is no more (`has_more: false`, an empty or short page, or `total` reached) or `maxRows` rows
 * are read. Each page is a billed call; the quota shown is the last page's.
 */
export async function callAllPages(send: Send, tool: string, args: JsonObject, maxRows: number): Promise<PagedResult> {
  let offset = typeof args.offset === 'number' ? args.offset : 0;
  const collected: JsonObject[] = [];
  let field: string | undefined;
  let last: ToolResult | undefined;
  let pages = 0;
  for (;;) {
    last = await callTool(send, tool, { ...args, offset });
    pages += 1;
    const page = rowsOf(last.structured);
    if (!page) break;
    field = page.field;
    collected.push(...page.rows);
    const structured = last.structured;
    const limit = typeof structured.limit === 'number' ? structured.limit : typeof args.limit === 'number' ? args.limit : undefined;
    const next = typeof structured.next_offset === 'number' ? structured.next_offset : offset + page.rows.length;
    const more =
      typeof structured.has_more === 'boolean'
        ? structured.has_more
        : typeof structured.total === 'number'
          ? next < structured.total
          : limit !== undefined && page.rows.length >= limit;
    if (!more || page.rows.length === 0 || collected.length >= maxRows) break;
    offset = next;
  }
  const rows = field === undefined ? undefined : { field, rows: collected.slice(0, maxRows) };
  return { ...last, rows, pages };
}

/** Requests at once that each tier can bear; an unknown tier gets the smallest. */
export const CONCURRENCY_BY_TIER: Record<string, number> = { free: 1, plus: 2, pro: 4, max: 8 };

export function concurrencyFor(tier: string | undefined): number {
  return (tier && CONCURRENCY_BY_TIER[tier]) || 1;
}

/**
 * Runs `work` for each index with at most `width()` running at once (read again before each start,
 * so the first answer's tier can widen it). `stop()` true: no new index starts; those left return
 * undefined.
 */
export async function runBounded<T>(
  count: number,
  width: () => number,
  work: (index: number) => Promise<T>,
  stop: () => boolean,
): Promise<(T | undefined)[]> {
  const results: (T | undefined)[] = new Array<T | undefined>(count).fill(undefined);
  let next = 0;
  let running = 0;
  await new Promise<void>((resolve, reject) => {
    const launch = () => {
      if (next >= count || stop()) {
        if (running === 0) resolve();
        return;
      }
      while (running < Math.max(1, width()) && next < count && !stop()) {
        const index = next++;
        running += 1;
        work(index).then(
          (value) => {
            results[index] = value;
            running -= 1;
            launch();
          },
          (err: unknown) => reject(err instanceof Error ? err : new Error(String(err))),
        );
      }
    };
    launch();
  });
  return results;
}
