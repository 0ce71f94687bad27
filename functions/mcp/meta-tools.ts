import type { CatalogEntry } from '../catalog/catalog';
import { PLATFORM_WORDS } from '../../core/platforms';
import { searchTools } from './search';
import type { McpTool } from './tools';

/**
 * The front door's two meta tools. `search_tools` finds any of the catalog's tools by intent and
 * hands back its input schema; `call_tool` runs a tool by name through the same chain as a direct
 * tools/call (functions/mcp/handler.ts), so every tool is reachable in two calls from a list of a
 * dozen.
 */
export const SEARCH_TOOLS = 'search_tools';
export const CALL_TOOL = 'call_tool';

const SEARCH_LIMIT_DEFAULT = 5;
const SEARCH_LIMIT_MAX = 10;

const matchSchema = {
  type: 'object',
  properties: {
    name: { type: 'string' },
    title: { type: 'string' },
    platform: { type: ['string', 'null'] },
    access: { type: 'string', enum: ['read', 'write'] },
    destructive: { type: 'boolean' },
    quota_exempt: { type: 'boolean' },
    description: { type: 'string' },
    input_schema: { type: 'object' },
  },
  required: ['name', 'platform', 'access', 'description', 'input_schema'],
};

export const META_TOOLS: McpTool[] = [
  {
    name: SEARCH_TOOLS,
    title: 'Search tools',
    description:
      'Find the tool for a job among all 509 tools of the seven platforms and the gateway, by what you want done ' +
      '("pause the socialads campaigns that waste money", "keyword performance on deskads"). Answers the best matches ' +
      'with their arguments (input schema); run one with call_tool. Name the platform in the query or in "platform". ' +
      'Free: not counted against the monthly quota.',
    inputSchema: {
      type: 'object',
      properties: {
        query: { type: 'string', minLength: 1, maxLength: 200, description: 'What you want to do or know, in plain words.' },
        platform: {
          type: 'string',
          enum: [...PLATFORM_WORDS, 'gateway'],
          description: 'Only tools of this platform (gateway: cross-platform tools).',
        },
        access: { type: 'string', enum: ['read', 'write'], description: 'Only tools that read (read) or change something (write).' },
        limit: { type: 'integer', minimum: 1, maximum: SEARCH_LIMIT_MAX, default: SEARCH_LIMIT_DEFAULT, description: 'How many matches.' },
      },
      required: ['query'],
      additionalProperties: false,
    },
    outputSchema: {
      type: 'object',
      properties: { query: { type: 'string' }, platform: { type: ['string', 'null'] }, matches: { type: 'array', items: matchSchema } },
      required: ['query', 'matches'],
    },
    annotations: { title: 'Search tools', readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false },
    _meta: { platform: null, group: 'mcp', category: 'helper', long_running: false, quota_exempt: true },
  },
  {
    name: CALL_TOOL,
    title: 'Call tool',
    description:
      'Run any tool by its name (search_tools finds it and its arguments) with the same checks, quota, idempotency ' +
      'and approvals as calling it directly; answers what the tool answers. For writes send a new UUID in ' +
      '_meta["idempotency-key"] per operation and preview with "dry_run": true in arguments. Reads count one call ' +
      'against the monthly quota, as the tool itself does.',
    inputSchema: {
      type: 'object',
      properties: {
        name: { type: 'string', minLength: 1, maxLength: 100, description: 'The tool to run, e.g. list_campaigns.' },
        arguments: { type: 'object', description: "The tool's arguments, as its input schema describes them.", additionalProperties: true },
      },
      required: ['name'],
      additionalProperties: false,
    },
    // What the called tool answers: its own structured content (each tool's schema is in its search match).
    outputSchema: { type: 'object', additionalProperties: true },
    annotations: { title: 'Call tool', readOnlyHint: false, destructiveHint: true, idempotentHint: false, openWorldHint: true },
    _meta: { platform: null, group: 'mcp', category: 'helper', long_running: true, quota_exempt: false },
  },
];

export function isMetaTool(name: string): boolean {
  return name === SEARCH_TOOLS || name === CALL_TOOL;
}

export interface SearchArguments {
  query: string;
  platform?: string;
  access?: 'read' | 'write';
  limit: number;
}

/** The arguments of search_tools, checked; a message naming what is wrong otherwise. */
export function searchArguments(args: Record<string, unknown>): SearchArguments | string {
  const allowed = ['query', 'platform', 'access', 'limit'];
  const unknown = Object.keys(args).filter((key) => !allowed.includes(key));
  if (unknown.length) return `Unknown argument "${unknown[0].slice(0, 40)}". search_tools takes: ${allowed.join(', ')}.`;
  const { query, platform, access, limit = SEARCH_LIMIT_DEFAULT } = args;
  if (typeof query !== 'string' || !query.trim() || query.length > 200)
    return '"query" must be a text of 1 to 200 characters: what you want to do.';
  if (platform !== undefined && !(typeof platform === 'string' && [...PLATFORM_WORDS, 'gateway'].includes(platform))) {
    return `"platform" must be one of: ${[...PLATFORM_WORDS, 'gateway'].join(', ')}.`;
  }
  if (access !== undefined && access !== 'read' && access !== 'write') return '"access" must be read or write.';
  if (typeof limit !== 'number' || !Number.isInteger(limit) || limit < 1 || limit > SEARCH_LIMIT_MAX) {
    return `"limit" must be a whole number from 1 to ${SEARCH_LIMIT_MAX}.`;
  }
  return { query: query.trim(), platform: platform as string | undefined, access: access as 'read' | 'write' | undefined, limit };
}

/** search_tools' answer: Markdown that names each match with its arguments, and the matches with schemas. */
export function searchAnswer(args: SearchArguments, offered: (name: string) => boolean, describe: (entry: CatalogEntry) => McpTool) {
  const matches = searchTools(args.query, {
    platform: args.platform === 'gateway' ? null : args.platform,
    access: args.access,
    limit: args.limit,
    within: offered,
  });
  const described = matches.map(({ entry }) => {
    const tool = describe(entry);
    return {
      name: entry.name,
      title: tool.title,
      platform: entry.platform,
      access: entry.access,
      destructive: tool.annotations.destructiveHint,
      quota_exempt: entry.quota_exempt,
      description: tool.description,
      input_schema: entry.input_schema as Record<string, unknown>,
    };
  });
  const lines = [`## Tools for "${args.query}"`, ''];
  if (!described.length) {
    lines.push(
      'No tool matches. Try other words (what you want done, and the platform: searchads, socialads, proads, shortvideo, retailads, chatads, deskads).',
    );
  }
  for (const match of described) {
    lines.push(
      `### ${match.name}`,
      `${match.platform ?? 'gateway'} · ${match.access}${match.destructive ? ' · destructive' : ''}`,
      '',
      match.description,
      '',
    );
    const args = argumentLines(match.input_schema);
    lines.push(args.length ? `Arguments:\n${args.join('\n')}` : 'Arguments: none.', '');
  }
  if (described.length) lines.push(`Run one with call_tool: {"name": "${described[0].name}", "arguments": {...}}.`);
  return {
    content: [{ type: 'text', text: lines.join('\n').trim() }],
    structuredContent: { query: args.query, platform: args.platform ?? null, matches: described },
    isError: false,
  };
}

/** One line per argument: name, type, required, allowed values or bounds. */
function argumentLines(schema: Record<string, unknown>): string[] {
  const properties = (schema.properties ?? {}) as Record<string, Record<string, unknown>>;
  const required = new Set((schema.required as string[] | undefined) ?? []);
  return Object.entries(properties).map(([name, property]) => {
    const type = Array.isArray(property.type)
      ? property.type.join('|')
      : String(property.type ?? (property.oneOf || property.anyOf ? 'one of several' : 'any'));
    const facts: string[] = [type, required.has(name) ? 'required' : 'optional'];
    if (Array.isArray(property.enum)) facts.push(`one of ${property.enum.slice(0, 8).join(', ')}${property.enum.length > 8 ? ', …' : ''}`);
    if (property.minimum !== undefined || property.maximum !== undefined)
      facts.push(`${property.minimum ?? '…'} to ${property.maximum ?? '…'}`);
    if (property.maxLength !== undefined) facts.push(`up to ${String(property.maxLength)} characters`);
    const description = typeof property.description === 'string' ? `: ${property.description.split(/(?<=\.)\s/)[0].slice(0, 160)}` : '';
    return `- ${name} (${facts.join(', ')})${description}`;
  });
}
