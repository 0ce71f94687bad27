import * as v from 'valibot';
import { BadRequestError, quoted } from '../../core/errors';
import { closestNames } from './registry';
import { schemaRuleProblems } from '../../core/argument-rules';
import { refusedUrlHost } from '../../core/addresses';
import { allowLoopbackFetch } from './config';
import type { ToolDefinition } from '../../core/tool';

/**
 * Validates a tool's arguments: the strict valibot schema (all issues, not just the first) and the
 * tool's cross-field rules. Every problem becomes one line naming the field and the rule; all lines
 * go out in one 400.
 */
export function validateToolArguments(tool: ToolDefinition, input: Record<string, unknown>): Record<string, unknown> {
  const result = v.safeParse(tool.schema, input, { abortEarly: false });
  const declared = [...schemaRuleProblems(tool.schemaRules ?? [], input), ...urlProblems(tool, input)];
  if (result.success) {
    const problems = [...declared, ...ruleProblems(tool, result.output as Record<string, unknown>)];
    if (problems.length) throw invalidArguments(tool.name, unique(problems));
    return result.output as Record<string, unknown>;
  }
  const problems = result.issues.map((issue) => describeIssue(issue, tool));
  // The cross-field rules still speak about the fields that are well-formed, so one answer lists
  // every problem. A rule message naming a malformed field is left out (it would judge a bad value),
  // and so is a rule that cannot evaluate malformed input.
  const malformed = new Set(result.issues.map((issue) => String((issue.path?.[0] as { key?: unknown } | undefined)?.key ?? '')));
  const named = (message: string) => [...message.matchAll(/`([a-z0-9_]+)/gi)].map((m) => m[1]);
  const fromRules = ruleProblems(tool, { ...input, ...(result.output as Record<string, unknown>) }, true).filter(
    (message) => !named(message).some((field) => malformed.has(field)),
  );
  throw invalidArguments(tool.name, unique([...problems, ...declared, ...fromRules]));
}

function ruleProblems(tool: ToolDefinition, args: Record<string, unknown>, tolerant = false): string[] {
  const problems: string[] = [];
  for (const rule of tool.rules) {
    let outcome: ReturnType<typeof rule>;
    try {
      outcome = rule(args);
    } catch (err) {
      if (tolerant) continue;
      throw err;
    }
    if (outcome) problems.push(...(Array.isArray(outcome) ? outcome : [outcome]));
  }
  return problems;
}

function invalidArguments(toolName: string, problems: string[]): BadRequestError {
  const message =
    problems.length === 1
      ? `Invalid arguments for ${toolName}: ${problems[0]}`
      : `Invalid arguments for ${toolName}:\n${problems.map((p) => `- ${p}`).join('\n')}`;
  return new BadRequestError(message, { problems }, 'invalid_arguments');
}

function unique(lines: string[]): string[] {
  return [...new Set(lines)];
}

type Issue = v.BaseIssue<unknown>;

/** `cards[1].headline` style path of an issue. */
export function issuePath(issue: Issue): string {
  let path = '';
  for (const item of issue.path ?? []) {
    const key = (item as { key: unknown }).key;
    path += typeof key === 'number' ? `[${key}]` : path ? `.${String(key)}` : String(key);
  }
  return path || 'arguments';
}

function describeIssue(original: Issue, tool: ToolDefinition): string {
  // valibot quotes the whole value it received: keep a short prefix, never a huge value.
  const issue = { ...original, received: original.received.length > 80 ? quoted(original.received, 60) : original.received };
  const path = quoted(issuePath(issue), 80);
  const field = `\`${path}\``;
  // Unknown field of a strict object.
  if (issue.type === 'strict_object' && issue.expected === 'never') {
    const candidates = Object.keys(entriesAt(tool.schema, (issue.path ?? []).slice(0, -1)) ?? {});
    const key = quoted(String((issue.path?.at(-1) as { key: unknown } | undefined)?.key ?? path), 80);
    const [closest] = closestNames(key, candidates, 1);
    const what = (issue.path?.length ?? 0) > 1 ? 'is not a known field here' : 'is not a parameter of this tool';
    return `${field} ${what}` + (closest ? `; did you mean \`${closest}\`?` : '.');
  }
  // A message written by the tool's schema is already for people.
  if (!issue.message.startsWith('Invalid ')) return `${field} ${issue.message}`;
  if (issue.received === 'undefined') return `${field} is required`;
  switch (issue.type) {
    case 'min_length':
      return `${field} must have at least ${issue.expected?.replace('>=', '')} ${unit(issue)} (received ${issue.received})`;
    case 'max_length':
      return `${field} must have at most ${issue.expected?.replace('<=', '')} ${unit(issue)} (received ${issue.received})`;
    case 'length':
      return `${field} must have exactly ${issue.expected} ${unit(issue)} (received ${issue.received})`;
    case 'min_value':
      return `${field} must be at least ${issue.expected?.replace('>=', '')} (received ${issue.received})`;
    case 'max_value':
      return `${field} must be at most ${issue.expected?.replace('<=', '')} (received ${issue.received})`;
    case 'integer':
      return `${field} must be a whole number (received ${issue.received})`;
    case 'picklist':
    case 'enum':
      return `${field} must be one of ${issue.expected
        ?.replace(/^\(|\)$/g, '')
        .split(' | ')
        .join(', ')} (received ${issue.received})`;
    case 'regex':
      return `${field} has the wrong format (received ${issue.received})`;
    case 'url':
      return `${field} must be a full URL (received ${issue.received})`;
    case 'uuid':
      return `${field} must be a UUID (received ${issue.received})`;
    case 'iso_date':
      return `${field} must be a date in the form YYYY-MM-DD (received ${issue.received})`;
    default:
      if (issue.kind === 'schema') return `${field} must be ${article(issue.expected ?? 'valid')} (received ${issue.received})`;
      return `${field} is invalid: ${issue.message}`;
  }
}

/**
 * The object entries the schema expects at a path (through optional, nullable and array wrappers),
 * so an unknown key deep inside `cards[1]` can be matched against the keys a card has.
 */
export function entriesAt(schema: unknown, path: readonly unknown[]): Record<string, unknown> | undefined {
  let node = schema as { entries?: Record<string, unknown>; wrapped?: unknown; item?: unknown; pipe?: unknown[] } | undefined;
  const unwrap = () => {
    for (let i = 0; node && i < 5; i++) {
      if (node.wrapped) node = node.wrapped as typeof node;
      else if (node.pipe && node.pipe[0] !== node) node = node.pipe[0] as typeof node;
      else break;
    }
  };
  unwrap();
  for (const item of path) {
    const key = (item as { key: unknown }).key;
    if (typeof key === 'number') node = node?.item as typeof node;
    else node = node?.entries?.[String(key)] as typeof node;
    unwrap();
  }
  return node?.entries;
}

function unit(issue: Issue): string {
  return typeof issue.input === 'string' ? 'characters' : 'items';
}

function article(expected: string): string {
  if (/^(string|number|boolean|array|object|integer)$/.test(expected)) {
    return `${expected === 'array' || expected === 'object' || expected === 'integer' ? 'an' : 'a'} ${expected}`;
  }
  return expected;
}

// ---------------------------------------------------------------------------------------------
// Links: every URL argument of every tool (a string with a URL check, or a field named `url`,
// `*_url` or `website`) is refused when its host is written as a loopback, private, link-local or
// metadata address, or names the local machine. Tools that fetch a link check it again, resolved,
// in the guarded fetcher (platforms/video-check.ts); this rule also covers links only stored (a
// landing page), so no tool accepts what another refuses.

type PathStep = string | '*';
const URL_FIELD = /(^|_)url$|^website$/;
const urlPathsByTool = new WeakMap<ToolDefinition, PathStep[][]>();

/** The paths of a schema's URL strings (`['images', '*', 'image_url']`), through wrappers, arrays and unions. */
export function urlPaths(schema: unknown, key = '', depth = 0): PathStep[][] {
  const node = schema as {
    type?: string;
    entries?: Record<string, unknown>;
    wrapped?: unknown;
    item?: unknown;
    options?: unknown[];
    pipe?: { type?: string }[];
  };
  if (!node || depth > 12) return [];
  if (node.wrapped) return urlPaths(node.wrapped, key, depth + 1);
  if (node.type === 'string') {
    const checked = node.pipe?.some((action) => action.type === 'url') ?? false;
    return checked || URL_FIELD.test(key) ? [[]] : [];
  }
  if (node.entries) {
    return Object.entries(node.entries).flatMap(([name, entry]) => urlPaths(entry, name, depth + 1).map((path) => [name, ...path]));
  }
  if (node.item) return urlPaths(node.item, key, depth + 1).map((path) => ['*', ...path]);
  if (node.options) {
    const seen = new Set<string>();
    return node.options
      .flatMap((option) => urlPaths(option, key, depth + 1))
      .filter((path) => !seen.has(path.join('.')) && Boolean(seen.add(path.join('.'))));
  }
  return [];
}

function urlProblems(tool: ToolDefinition, input: Record<string, unknown>): string[] {
  let paths = urlPathsByTool.get(tool);
  if (!paths) urlPathsByTool.set(tool, (paths = urlPaths(tool.schema)));
  if (!paths.length) return [];
  const allowLoopback = allowLoopbackFetch();
  const problems: string[] = [];
  const visit = (value: unknown, path: PathStep[], at: string) => {
    if (!path.length) {
      const refused = typeof value === 'string' ? refusedUrlHost(value, allowLoopback) : undefined;
      if (refused)
        problems.push(
          `\`${at}\` is refused: ${quoted(refused, 80)}. Links to the local machine and to private, link-local or cloud metadata addresses are never fetched or accepted; give a public link.`,
        );
      return;
    }
    const [step, ...rest] = path;
    if (step === '*') {
      if (Array.isArray(value)) value.slice(0, 1000).forEach((item, i) => visit(item, rest, `${at}[${i}]`));
    } else if (value && typeof value === 'object' && !Array.isArray(value)) {
      visit((value as Record<string, unknown>)[step], rest, at ? `${at}.${step}` : step);
    }
  };
  for (const path of paths) visit(input, path, '');
  return problems;
}

// ---------------------------------------------------------------------------------------------
// The request body around `arguments`: `{"argument": {..., "dry_run": true}}` (a typo) must not run
// the tool with empty arguments. Only `arguments` is known at the top level, and the paging keys
// `limit` and `offset` where the tool has them (n8n's pagination sets top-level body keys): they
// apply to the tool like the same arguments.

/** Top-level paging keys accepted where the tool has the argument of that name. */
export const TOP_LEVEL_PAGING_KEYS = ['limit', 'offset'] as const;

/**
 * The tool's arguments from a parsed request body: `arguments`, with the top-level paging keys the
 * tool has. Refuses (400 `invalid_request`) any other top-level field, naming it, and a paging key
 * given both at the top level and in `arguments` with different values.
 */
export function argumentsFromBody(tool: ToolDefinition, body: Record<string, unknown>): Record<string, unknown> {
  const args = (body.arguments ?? {}) as Record<string, unknown>;
  const entries = entriesAt(tool.schema, []) ?? {};
  const paging = TOP_LEVEL_PAGING_KEYS.filter((key) => key in body && key in entries);
  const unknown = Object.keys(body).filter((key) => key !== 'arguments' && !(paging as string[]).includes(key));
  if (unknown.length) {
    const names = unknown.slice(0, 5).map((key) => `\`${quoted(key, 60)}\``);
    const [closest] = closestNames(quoted(unknown[0], 80), ['arguments', ...paging], 1);
    const more = unknown.length > 5 ? ` and ${unknown.length - 5} more` : '';
    throw new BadRequestError(
      `Unknown top-level field${unknown.length > 1 ? 's' : ''} ${names.join(', ')}${more} in the request body: the body is {"arguments": {...}} and the tool's fields go inside \`arguments\`${closest === 'arguments' ? '; did you mean `arguments`?' : '.'}`,
      { fields: unknown.slice(0, 5).map((key) => quoted(key, 60)) },
    );
  }
  if (!paging.length) return args;
  const merged = { ...args };
  for (const key of paging) {
    if (key in args && JSON.stringify(args[key]) !== JSON.stringify(body[key]))
      throw new BadRequestError(
        `\`${key}\` is given twice with different values (at the top level of the body and in \`arguments\`); give it once.`,
        { fields: [key] },
      );
    merged[key] = body[key];
  }
  return merged;
}
