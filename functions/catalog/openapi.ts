import { upgradeUrl } from '../runtime/config';
import { TIERS } from '../../core/accounts';
import { errorResponse, internalErrorResponse } from '../runtime/envelope';
import {
  DeadlineExceededError,
  ERROR_CODES,
  GatewayError,
  IdempotencyInProgressError,
  MethodNotAllowedError,
  NotFoundError,
  StoreUnavailableError,
  IdempotencyKeyReusedError,
  QuotaExceededError,
  ToolNotFoundError,
  UnauthorizedError,
  UpstreamRateLimitError,
} from '../../core/errors';
import { PLATFORM_WORDS, type PlatformWord } from '../../core/platforms';
import { PLATFORMS } from '../../platforms';
import type { ToolRegistry } from '../runtime/registry';
import { GATEWAY_CATEGORIES, type GatewayCategory, type ToolDefinition } from '../../core/tool';
import { validateToolArguments } from '../runtime/validation';
import type { CatalogEntry } from './catalog';
import { openApiJson } from './artifact';
import { documentedExample, placeholdersIn, sampledExample, type Schema } from './examples';
import { dryRunJsonSchema, heldJsonSchema, outputJsonSchema } from './json-schema';

/** The interface version of the specification ("Versioning"). */
export const API_VERSION = '1.0.0';

const JSON_TYPE = 'application/json';
const ref = (kind: string, name: string) => ({ $ref: `#/components/${kind}/${name}` });

/** The platform packages: their words, descriptions, account parameters and example account ids. */
const manifestOf = (word: PlatformWord) => PLATFORMS.find((platform) => platform.word === word)!;

const EXAMPLE_REQUEST_ID = 'c0a8012e-7f3b-4c55-9d1a-5b2e8f6a4d10';
const EXAMPLE_PERIOD_END = '2025-02-01';

function body(result: { body: string }): Record<string, unknown> {
  return JSON.parse(result.body) as Record<string, unknown>;
}

/** An error body exactly as the gateway writes it, from the runtime's own error classes. */
function errorExample(tool: string, error: GatewayError): Record<string, unknown> {
  return body(errorResponse(tool, error));
}

function quotaBlock(tier: string, used: number, limit: number) {
  return { used, limit, tier, period_end: EXAMPLE_PERIOD_END };
}

function sharedSchemas(): Record<string, Schema> {
  return {
    QuotaBlock: {
      type: 'object',
      description: 'The key owner\'s monthly tool-call allowance.',
      required: ['used', 'limit', 'tier', 'period_end'],
      properties: {
        used: { type: 'integer', minimum: 0, description: 'Tool calls consumed this billing period.' },
        limit: { type: 'integer', minimum: 0, description: 'Tool-call allowance of the current tier.' },
        tier: { type: 'string', enum: [...TIERS], description: 'Subscription tier.' },
        period_end: { type: 'string', format: 'date', description: 'When the monthly counter resets (YYYY-MM-DD, UTC).' },
        upgrade_url: { type: 'string', format: 'uri', description: 'Present only on 402 responses.' },
      },
      example: quotaBlock('pro', 42, 600),
    },
    ContentBlock: {
      type: 'object',
      description: 'A non-text block (image, resource). Keys beyond `type` depend on the block.',
      required: ['type'],
      properties: { type: { type: 'string' } },
      additionalProperties: true,
    },
    SuccessResponse: {
      type: 'object',
      description: 'HTTP 200: the tool ran.',
      required: ['success', 'tool', 'data'],
      properties: {
        success: { const: true },
        tool: { type: 'string', description: 'Echo of the tool name from the URL.' },
        data: {
          type: 'object',
          required: ['text'],
          properties: {
            text: { type: 'string', description: 'Markdown for people: summary, tables, recommendations.' },
            quota: ref('schemas', 'QuotaBlock'),
            structured: { type: 'object', additionalProperties: true, description: 'Machine-readable data, when the tool emits it.' },
            content: { type: 'array', items: ref('schemas', 'ContentBlock'), description: 'Non-text blocks, when the tool emits them.' },
          },
        },
      },
    },
    ErrorResponse: {
      type: 'object',
      description: 'HTTP 4xx and 5xx except 402.',
      required: ['success', 'error', 'tool', 'is_error', 'structured_content'],
      properties: {
        success: { const: false },
        error: { type: 'string', description: 'Human-readable message, safe to show to end users.' },
        tool: { type: 'string', description: 'The tool name from the URL (empty when there is none).' },
        is_error: { const: true },
        structured_content: ref('schemas', 'ErrorDetails'),
      },
    },
    ErrorDetails: {
      type: 'object',
      description: 'Machine-readable details of the error: always `code`; per code, details such as `problems` (invalid_arguments), `accounts` (account selection), `entity` and `id` (not_found), `suggestions` (tool_not_found).',
      required: ['code'],
      properties: {
        code: ref('schemas', 'ErrorCode'),
        problems: { type: 'array', items: { type: 'string' }, description: 'invalid_arguments: one line per problem, naming the field and the rule.' },
        platform: { type: 'string', enum: [...PLATFORM_WORDS], description: 'The platform the error is about.' },
        parameter: { type: 'string', description: 'Account selection: the account parameter to set.' },
        accounts: {
          type: 'array',
          description: 'Account selection: the connected accounts to choose from.',
          items: { type: 'object', required: ['id', 'name'], properties: { id: { type: 'string' }, name: { type: 'string' } } },
        },
        entity: { type: 'string', description: 'not_found: the kind of entity (campaign, ad_group, ...).' },
        id: { type: 'string', description: 'not_found: the id that names nothing (a short prefix of it).' },
        suggestions: { type: 'array', items: { type: 'string' }, description: 'tool_not_found: the closest tool names.' },
      },
      additionalProperties: true,
    },
    ErrorCode: {
      type: 'string',
      enum: Object.keys(ERROR_CODES),
      description: `One word per kind of failure; programs branch on it, never on the English text.\n\n${Object.entries(ERROR_CODES)
        .map(([code, meaning]) => `- \`${code}\`: ${meaning}`)
        .join('\n')}`,
    },
    DryRunPlan: {
      ...(dryRunJsonSchema() as Schema),
      description: '`data.structured` of a planned write called with `dry_run: true`: what the write would do and the guardrails it would break; nothing was changed.',
    },
    HeldAction: {
      ...(heldJsonSchema() as Schema),
      description: '`data.structured` of a planned write held for approval (the owner turned approvals on): the pending action to approve with manage_action; nothing was changed yet.',
    },
    QuotaErrorResponse: {
      description: 'HTTP 402: the monthly quota is exhausted. Show the full message: it contains the upgrade link.',
      allOf: [ref('schemas', 'ErrorResponse')],
      required: ['quota'],
      properties: {
        quota: { allOf: [ref('schemas', 'QuotaBlock')], required: ['upgrade_url'] },
      },
    },
    ToolCatalogEntry: {
      type: 'object',
      description: 'One tool of the catalog.',
      required: ['name', 'platform', 'group', 'access', 'destructive', 'quota_exempt', 'long_running', 'description', 'execute', 'input_schema'],
      properties: {
        name: { type: 'string' },
        platform: { type: ['string', 'null'], enum: [...PLATFORM_WORDS, null], description: 'null for cross-platform tools.' },
        group: { type: 'string', enum: [...PLATFORM_WORDS, 'gateway'] },
        access: { type: 'string', enum: ['read', 'write'] },
        destructive: { type: 'boolean', description: 'Deletes, archives or irreversibly replaces something.' },
        quota_exempt: { type: 'boolean', description: 'Never consumes quota.' },
        long_running: { type: 'boolean', description: 'May take 30 seconds or more.' },
        description: { type: 'string' },
        execute: {
          type: 'object',
          required: ['method', 'path'],
          properties: { method: { const: 'POST' }, path: { type: 'string' } },
        },
        input_schema: { type: 'object', description: 'JSON Schema (draft 2020-12) of `arguments`.' },
        output_schema: { type: 'object', description: 'JSON Schema (draft 2020-12) of `data.structured` of a 200; planned writes: `oneOf` the result and the dry-run plan.' },
      },
    },
    ToolCatalog: {
      type: 'object',
      required: ['tools', 'count'],
      properties: {
        tools: { type: 'array', items: ref('schemas', 'ToolCatalogEntry') },
        count: { type: 'integer', minimum: 0 },
      },
    },
    Health: {
      type: 'object',
      required: ['status', 'tables'],
      properties: {
        status: { type: 'string', enum: ['ok', 'degraded'] },
        tables: { type: 'object', additionalProperties: { type: 'string', enum: ['ok', 'unreachable'] } },
      },
    },
  };
}

function jsonContent(schemaName: string, examples: Record<string, { summary: string; value: unknown }>) {
  return { [JSON_TYPE]: { schema: ref('schemas', schemaName), examples } };
}

const REQUEST_ID_HEADER = { 'X-Request-Id': ref('headers', 'XRequestId') };

function sharedResponses(exampleTool: string, examplePlatform: string): Record<string, Schema> {
  const unauthorized = (message: string) => errorExample(exampleTool, new UnauthorizedError(message));
  const url = upgradeUrl();
  return {
    Unauthorized: {
      description: 'Missing, malformed, unknown, revoked or expired API key. The message says which.',
      headers: { ...REQUEST_ID_HEADER, 'WWW-Authenticate': ref('headers', 'WWWAuthenticate') },
      content: jsonContent('ErrorResponse', {
        missing_key: { summary: 'No Authorization header', value: unauthorized('Missing API key. Send the header "Authorization: Bearer <API_KEY>" with the key from your key page.') },
        wrong_scheme: { summary: 'Not the Bearer scheme', value: unauthorized('The Authorization header must use the Bearer scheme: "Authorization: Bearer <API_KEY>".') },
        unknown_key: { summary: 'Key not recognised', value: unauthorized('The API key is not recognised. Check that you copied the whole key, or create a new one.') },
        revoked_key: { summary: 'Key revoked', value: unauthorized('The API key sk_live_Ab3x… has been revoked. Create a new key on your key page.') },
      }),
    },
    QuotaExceeded: {
      description: 'The monthly tool-call allowance is used up. Show the full message (it contains the upgrade link); do not work around it.',
      headers: REQUEST_ID_HEADER,
      content: jsonContent('QuotaErrorResponse', {
        quota_exhausted: {
          summary: 'Monthly limit reached',
          value: errorExample(
            exampleTool,
            new QuotaExceededError(
              `You have reached your monthly limit of 150 tool calls on the plus plan. Upgrade at ${url} to continue; the counter resets on ${EXAMPLE_PERIOD_END}.`,
              { ...quotaBlock('plus', 150, 150), upgrade_url: url },
            ),
          ),
        },
      }),
    },
    ToolNotFound: {
      description: 'No tool of that name. The message and `structured_content.suggestions` name the closest tools.',
      headers: REQUEST_ID_HEADER,
      content: jsonContent('ErrorResponse', {
        unknown_tool: {
          summary: 'A misspelt tool name',
          value: errorExample(
            `${exampleTool}s`,
            new ToolNotFoundError(`Unknown tool "${exampleTool}s". Did you mean: ${exampleTool}? GET /api/v1/tools lists every tool.`, [exampleTool]),
          ),
        },
      }),
    },
    IdempotencyInProgress: {
      description: 'An earlier request with the same Idempotency-Key is still running. Retry with the same key after `Retry-After` seconds.',
      headers: { ...REQUEST_ID_HEADER, 'Retry-After': ref('headers', 'RetryAfter') },
      content: jsonContent('ErrorResponse', {
        in_progress: { summary: 'Same key, still running', value: errorExample(exampleTool, new IdempotencyInProgressError(2)) },
      }),
    },
    IdempotencyKeyReused: {
      description: 'The Idempotency-Key was already used with different arguments.',
      headers: REQUEST_ID_HEADER,
      content: jsonContent('ErrorResponse', {
        key_reused: { summary: 'Same key, other arguments', value: errorExample(exampleTool, new IdempotencyKeyReusedError()) },
      }),
    },
    UpstreamRateLimited: {
      description: 'The ad platform rate-limited the call. Nothing was changed; retry with backoff.',
      headers: { ...REQUEST_ID_HEADER, 'Retry-After': ref('headers', 'RetryAfter') },
      content: jsonContent('ErrorResponse', {
        rate_limited: { summary: 'Platform rate limit', value: errorExample(exampleTool, new UpstreamRateLimitError(examplePlatform, 30)) },
      }),
    },
    MethodNotAllowed: {
      description: 'A method other than POST on an execute path. The `Allow` header names POST.',
      headers: { ...REQUEST_ID_HEADER, Allow: ref('headers', 'Allow') },
      content: jsonContent('ErrorResponse', {
        method_not_allowed: { summary: 'GET on an execute path', value: errorExample(exampleTool, new MethodNotAllowedError('POST')) },
      }),
    },
    StoreUnavailable: {
      description: 'The gateway\'s storage did not answer. Nothing ran and no quota was used; retry after `Retry-After` seconds.',
      headers: { ...REQUEST_ID_HEADER, 'Retry-After': ref('headers', 'RetryAfter') },
      content: jsonContent('ErrorResponse', {
        store_unavailable: { summary: 'Storage not answering', value: errorExample(exampleTool, new StoreUnavailableError(5)) },
      }),
    },
    DeadlineExceeded: {
      description: 'The tool did not finish in time. Nothing was changed and no quota was used.',
      headers: REQUEST_ID_HEADER,
      content: jsonContent('ErrorResponse', {
        deadline_exceeded: { summary: 'Tool stopped at its deadline', value: errorExample(exampleTool, new DeadlineExceededError()) },
      }),
    },
    InternalError: {
      description: 'Something failed on the server side. The message gives the request id to report to support.',
      headers: REQUEST_ID_HEADER,
      content: jsonContent('ErrorResponse', {
        internal_error: { summary: 'Internal error', value: body(internalErrorResponse(exampleTool, EXAMPLE_REQUEST_ID)) },
      }),
    },
  };
}

/** The 400 a real request gets for a misspelt argument: produced by the runtime's own validation. */
function invalidArgumentsExample(tool: ToolDefinition, properties: string[]): Record<string, unknown> {
  const target = properties.find((p) => p.length > 3 && !properties.includes(p.slice(0, -1)));
  const attempt = target ? { [target.slice(0, -1)]: 'x' } : { verbose: true };
  try {
    validateToolArguments(tool, attempt);
  } catch (error) {
    if (error instanceof GatewayError) return errorExample(tool.name, error);
  }
  return {
    success: false,
    error: `Invalid arguments for ${tool.name}: \`verbose\` is not a parameter of this tool.`,
    tool: tool.name,
    is_error: true,
    structured_content: { code: 'invalid_arguments', problems: ['`verbose` is not a parameter of this tool.'] },
  };
}

function accountSelectionExample(tool: string, platform: PlatformWord): Record<string, unknown> {
  const { parameter } = manifestOf(platform).account;
  const names = ['Acme Store', 'Acme Store EU'];
  const accounts = manifestOf(platform).exampleAccountIds.map((id, i) => ({ id, name: names[i] }));
  const lines = accounts.map((a) => `- ${a.name} (${parameter}="${a.id}")`).join('\n');
  return {
    success: false,
    error: `You have 2 ${platform} accounts connected. Please specify ${parameter}:\n${lines}`,
    tool,
    is_error: true,
    structured_content: { code: 'account_selection_required', platform, parameter, accounts },
  };
}

function badRequestResponse(tool: ToolDefinition, entry: CatalogEntry) {
  const properties = Object.keys((entry.input_schema as Schema).properties ?? {});
  const examples: Record<string, unknown> = {
    invalid_arguments: { summary: 'An argument the tool does not know (all problems are reported together)', value: invalidArgumentsExample(tool, properties) },
  };
  if (tool.platform) examples.account_selection = ref('examples', `AccountSelection_${tool.platform}`);
  examples.bad_idempotency_key = ref('examples', 'BadIdempotencyKey');
  if (tool.platform) examples.not_found = ref('examples', 'NotFound');
  return {
    description: 'Invalid arguments, a rule of the tool or the platform, or an account to choose. The message names each field and rule.',
    headers: REQUEST_ID_HEADER,
    content: { [JSON_TYPE]: { schema: ref('schemas', 'ErrorResponse'), examples } },
  };
}

/** Examples shared by many operations (the `tool` field shows one example tool). */
function sharedExamples(exampleTool: string, platforms: readonly PlatformWord[]): Record<string, unknown> {
  const examples: Record<string, unknown> = {
    BadIdempotencyKey: {
      summary: 'Idempotency-Key is not a UUID',
      value: {
        success: false,
        error: 'The Idempotency-Key header must be a UUID, for example 3f1c9a52-8d2e-4b7a-9c1e-2a6f0d4b8e71. Use one new UUID per logical operation.',
        tool: exampleTool,
        is_error: true,
        structured_content: { code: 'invalid_request' },
      },
    },
    NotFound: {
      summary: 'An id that names nothing in the account',
      value: errorExample(
        exampleTool,
        new NotFoundError('No campaign with id "999" exists in searchads account 1234567890. Check the id with the platform\'s list tools.', { entity: 'campaign', id: '999' }),
      ),
    },
  };
  for (const platform of platforms) {
    examples[`AccountSelection_${platform}`] = {
      summary: 'Several accounts connected: name one and call again',
      value: accountSelectionExample(exampleTool, platform),
    };
  }
  return examples;
}

function firstSentence(text: string): string {
  const match = /^(.+?[.!?])(\s|$)/s.exec(text.trim());
  const sentence = (match ? match[1] : text.trim()).replace(/\s+/g, ' ');
  return sentence.length > 120 ? `${sentence.slice(0, 117)}...` : sentence;
}

function flagsLine(entry: CatalogEntry): string {
  const flags = [entry.access === 'read' ? 'Read (read-only)' : 'Write', entry.destructive ? 'destructive' : undefined];
  if (entry.quota_exempt) flags.push('quota-exempt');
  if (entry.long_running) flags.push('long-running');
  return `**${flags.filter(Boolean).join(', ')}**`;
}

/** Moves a schema's `$defs` (recursive valibot schemas) into components, rewriting its refs. */
function hoistDefinitions(schema: Schema, prefix: string, into: Record<string, Schema>): Schema {
  if (!schema.$defs) return schema;
  const { $defs, ...rest } = schema;
  const rewrite = (value: unknown): unknown => {
    if (Array.isArray(value)) return value.map(rewrite);
    if (!value || typeof value !== 'object') return value;
    const out: Record<string, unknown> = {};
    for (const [key, item] of Object.entries(value)) {
      out[key] = key === '$ref' && typeof item === 'string' && item.startsWith('#/$defs/') ? `#/components/schemas/${prefix}${item.slice(8)}` : rewrite(item);
    }
    return out;
  };
  for (const [id, definition] of Object.entries($defs as Record<string, Schema>)) into[`${prefix}${id}`] = rewrite(definition) as Schema;
  return rewrite(rest) as Schema;
}

/**
 * An example is published only when the server accepts it: a generated example can miss a cross-field
 * rule that lives only in the tool's code (give exactly one of two ids, at least one setting).
 */
function passesValidation(tool: ToolDefinition, example: Record<string, unknown> | undefined): Record<string, unknown> | undefined {
  if (!example) return undefined;
  try {
    validateToolArguments(tool, example);
    return example;
  } catch {
    return undefined;
  }
}

/**
 * The schemas the document uses: SuccessResponse (the untyped success of a tool without an output
 * schema) is left out when every tool declares its output, so linters find no unused component.
 */
function usedSchemas(schemas: Record<string, Schema>, toolPaths: Record<string, unknown>): Record<string, Schema> {
  if (JSON.stringify(toolPaths).includes('#/components/schemas/SuccessResponse')) return schemas;
  const { SuccessResponse: _unused, ...rest } = schemas;
  return rest;
}

/**
 * The 200 of one tool: the success envelope with `data.structured` typed by the tool's output schema
 * (a component `<tool>_output`, so generated clients name it), `oneOf` it, DryRunPlan and HeldAction
 * for planned writes. A tool without an output schema keeps the untyped envelope.
 */
function successContent(tool: ToolDefinition, definitions: Record<string, Schema>): Schema {
  const output = outputJsonSchema(tool, ref('schemas', 'DryRunPlan'), ref('schemas', 'HeldAction'));
  if (!output) {
    return {
      schema: ref('schemas', 'SuccessResponse'),
      example: { success: true, tool: tool.name, data: { text: `## ${tool.name}\n\nMarkdown result: summary, table, recommendations.`, quota: quotaBlock('pro', 43, 600) } },
    };
  }
  const name = `${tool.name}_output`;
  definitions[name] = hoistDefinitions(output as Schema, `${tool.name}__output__`, definitions);
  return {
    schema: {
      type: 'object',
      description: `HTTP 200 of ${tool.name}: the tool ran.`,
      required: ['success', 'tool', 'data'],
      properties: {
        success: { const: true },
        tool: { const: tool.name, description: 'Echo of the tool name from the URL.' },
        data: {
          type: 'object',
          required: ['text', 'quota', 'structured'],
          properties: {
            text: { type: 'string', description: 'Markdown for people: summary, tables, recommendations.' },
            quota: ref('schemas', 'QuotaBlock'),
            structured: ref('schemas', name),
            content: { type: 'array', items: ref('schemas', 'ContentBlock'), description: 'Non-text blocks, when the tool emits them.' },
          },
        },
      },
    },
  };
}

function toolOperation(tool: ToolDefinition, entry: CatalogEntry, definitions: Record<string, Schema>) {
  const { $schema: _dialect, ...inputSchema } = entry.input_schema as Schema;
  const argumentsSchema = hoistDefinitions(inputSchema, `${tool.name}__`, definitions);
  const documented = documentedExample(argumentsSchema, tool.examples);
  // Values that differ per account are placeholders in the documented example: samples here, named below.
  const exampleArguments = passesValidation(tool, documented && sampledExample(documented, argumentsSchema, definitions));
  const placeholders = documented ? [...new Set(placeholdersIn(documented).map((p) => p.text))] : [];
  const responses: Record<string, unknown> = {
    '200': {
      description: 'The tool ran. `data.text` is Markdown for people; `data.structured` is for programs.',
      headers: { ...REQUEST_ID_HEADER, 'Idempotent-Replayed': ref('headers', 'IdempotentReplayed') },
      content: { [JSON_TYPE]: successContent(tool, definitions) },
    },
    '400': badRequestResponse(tool, entry),
    '401': ref('responses', 'Unauthorized'),
  };
  // Exempt tools never reserve quota, so they never answer 402.
  if (!tool.quotaExempt) responses['402'] = ref('responses', 'QuotaExceeded');
  Object.assign(responses, {
    '404': ref('responses', 'ToolNotFound'),
    '409': ref('responses', 'IdempotencyInProgress'),
    '422': ref('responses', 'IdempotencyKeyReused'),
    '405': ref('responses', 'MethodNotAllowed'),
    '429': ref('responses', 'UpstreamRateLimited'),
    '500': ref('responses', 'InternalError'),
    '503': ref('responses', 'StoreUnavailable'),
    '504': ref('responses', 'DeadlineExceeded'),
  });
  return {
    post: {
      operationId: tool.name,
      summary: firstSentence(tool.description),
      description: `${tool.description}\n\n${flagsLine(entry)}`,
      tags: [tool.category],
      'x-platform': tool.platform,
      'x-group': tool.group,
      'x-access': tool.access,
      'x-read-only': tool.access === 'read',
      'x-destructive': tool.destructive,
      'x-quota-exempt': tool.quotaExempt,
      'x-long-running': tool.longRunning,
      security: [{ bearerAuth: [] }],
      parameters: [ref('parameters', 'IdempotencyKey')],
      requestBody: {
        required: Array.isArray(argumentsSchema.required) && argumentsSchema.required.length > 0,
        description: `The tool's fields under \`arguments\`. A missing body or missing \`arguments\` means \`{}\`.${
          placeholders.length ? ` The example's values that differ per account are samples; take the real ones: ${placeholders.join('; ')}.` : ''
        }`,
        content: {
          [JSON_TYPE]: {
            schema: { type: 'object', properties: { arguments: argumentsSchema }, ...(argumentsSchema.required?.length ? { required: ['arguments'] } : {}) },
            ...(exampleArguments ? { example: { arguments: exampleArguments } } : {}),
          },
        },
      },
      responses,
    },
  };
}

function discoveryPaths(): Record<string, unknown> {
  const open = { security: [], tags: ['discovery'] };
  const errorJson = (summary: string, value: unknown) => ({ [JSON_TYPE]: { schema: ref('schemas', 'ErrorResponse'), examples: { example: { summary, value } } } });
  const getOnly = {
    description: 'A method other than GET or HEAD. The `Allow` header names them.',
    headers: { Allow: ref('headers', 'Allow') },
    content: errorJson('POST on a discovery path', body(errorResponse('', new MethodNotAllowedError('GET, HEAD')))),
  };
  return {
    '/health': {
      get: {
        ...open,
        operationId: 'getHealth',
        summary: 'Whether the gateway can reach its tables',
        description: 'Reads each table once; 200 when all answer, 503 naming the one that does not. No key needed.',
        responses: {
          '405': getOnly,
          '200': { description: 'Every table answers.', content: { [JSON_TYPE]: { schema: ref('schemas', 'Health'), example: { status: 'ok', tables: { apiKeys: 'ok', owners: 'ok', usage: 'ok', idempotency: 'ok' } } } } },
          '503': { description: 'A table does not answer.', content: { [JSON_TYPE]: { schema: ref('schemas', 'Health'), example: { status: 'degraded', tables: { apiKeys: 'ok', owners: 'ok', usage: 'unreachable', idempotency: 'ok' } } } } },
        },
      },
    },
    '/api/v1/tools': {
      get: {
        ...open,
        operationId: 'listTools',
        summary: 'The tool catalog',
        description: 'Every registered tool with its platform, group, access, flags, description and the JSON Schema (draft 2020-12) of its arguments, sorted by name. Filters combine.',
        parameters: [
          { name: 'platform', in: 'query', required: false, schema: { type: 'string', enum: [...PLATFORM_WORDS, 'gateway'] }, description: 'Only tools of this platform (`gateway`: the cross-platform tools; a tool without a platform counts for its group).' },
          { name: 'group', in: 'query', required: false, schema: { type: 'string', enum: [...PLATFORM_WORDS, 'gateway'] }, description: 'Only tools of this group.' },
          { name: 'access', in: 'query', required: false, schema: { type: 'string', enum: ['read', 'write'] }, description: 'Only Read or only Write tools.' },
        ],
        responses: {
          '200': { description: 'The matching tools.', content: { [JSON_TYPE]: { schema: ref('schemas', 'ToolCatalog') } } },
          '405': getOnly,
          '400': { description: 'A filter has a value that does not exist.', content: errorJson('Unknown filter value', { success: false, error: 'Unknown access "delete". Use one of: read, write.', tool: '', is_error: true, structured_content: { code: 'invalid_request' } }) },
        },
      },
    },
    '/api/v1/tools/{name}': {
      get: {
        ...open,
        operationId: 'getTool',
        summary: 'One tool of the catalog',
        description: 'The catalog entry of one tool: flags, description, and the JSON Schemas of its arguments and of its result.',
        parameters: [{ name: 'name', in: 'path', required: true, schema: { type: 'string' }, description: 'Tool name.' }],
        responses: {
          '200': { description: 'The tool.', content: { [JSON_TYPE]: { schema: ref('schemas', 'ToolCatalogEntry') } } },
          '404': ref('responses', 'ToolNotFound'),
          '405': getOnly,
        },
      },
    },
    '/api/v1/openapi.json': {
      get: {
        ...open,
        operationId: 'getOpenApiDocument',
        summary: 'This OpenAPI 3.1 document',
        description: 'Generated from the same schemas that validate requests and results; `servers` is the URL it was fetched from.',
        responses: { '200': { description: 'OpenAPI 3.1 document of the whole surface.', content: { [JSON_TYPE]: { schema: { type: 'object' } } } }, '405': getOnly },
      },
    },
    '/docs': {
      get: {
        ...open,
        operationId: 'getDocs',
        summary: 'Interactive API reference (HTML)',
        description: 'A self-contained page over this document: browse the tools, see their schemas and try a call with your key.',
        responses: { '200': { description: 'A self-contained HTML page over this document.', content: { 'text/html': { schema: { type: 'string' } } } }, '405': getOnly },
      },
    },
  };
}

const INFO_DESCRIPTION = [
  'One HTTP endpoint per tool over seven ad platforms. Every tool is called the same way:',
  '`POST /api/v1/tools/<tool_name>/execute` with `Authorization: Bearer <API_KEY>`, `Content-Type: application/json` and the body `{"arguments": {...}}`.',
  '',
  '- **Quota**: each successful billable call consumes one unit of the owner\'s monthly allowance; every 200 carries `data.quota`. 402 when it is used up.',
  '- **Idempotency**: send `Idempotency-Key: <uuid>` on writes; a repeat with the same key returns the stored result (`Idempotent-Replayed: true`) without running again.',
  '- **Accounts**: with several accounts of a platform connected, name one with the platform\'s account parameter; otherwise the 400 lists them.',
  '- **Errors**: one human-readable `error` string, safe to show to end users, and `structured_content.code` from one small vocabulary (schema ErrorCode) for programs.',
  '- **Results**: `data.structured` of each tool\'s 200 has its own schema (`<tool>_output`); a planned write answers its plan instead when called with `dry_run: true` (DryRunPlan), and the pending action when held for approval (HeldAction).',
  '',
  'The catalog (`GET /api/v1/tools`) and this document are generated from the same schemas that validate requests.',
].join('\n');

/** Builds the document (without `servers`) for a registry and its catalog. */
/** The OpenAPI tags of the cross-platform tools (the specification's monitoring, audit and diagnostic/helper groups). */
const CATEGORY_DESCRIPTIONS: Record<GatewayCategory, string> = {
  monitoring: 'Cross-platform monitoring: alerts, briefs, the watch agent and the inbox of actions held for approval.',
  audit: 'Cross-platform audit: the change history, reverts and the conversion-tracking audit.',
  helper: 'Cross-platform diagnostics and helpers: usage, connected accounts, setup checks, campaign specs.',
};

export function buildOpenApi(registry: Pick<ToolRegistry, 'get'>, entries: readonly CatalogEntry[]): Record<string, unknown> {
  const exampleEntry = entries.find((e) => e.name === 'list_campaigns') ?? entries.find((e) => e.platform) ?? entries[0];
  const exampleTool = exampleEntry?.name ?? 'list_campaigns';
  const examplePlatform = exampleEntry?.platform ?? 'searchads';
  const definitions: Record<string, Schema> = {};
  const toolPaths: Record<string, unknown> = {};
  for (const entry of entries) {
    const tool = registry.get(entry.name);
    if (tool) toolPaths[entry.execute.path] = toolOperation(tool, entry, definitions);
  }
  const categories = new Set(entries.map((e) => e.category));
  const tags = [
    ...GATEWAY_CATEGORIES.filter((c) => categories.has(c)).map((c) => ({ name: c, description: CATEGORY_DESCRIPTIONS[c] })),
    ...PLATFORM_WORDS.filter((p) => categories.has(p)).map((p) => ({ name: p, description: manifestOf(p).title })),
    { name: 'discovery', description: 'Health, catalog, this document and the reference page. No key needed.' },
  ];
  return {
    openapi: '3.1.0',
    info: { title: 'Ad-Platform Tool Gateway', version: API_VERSION, description: INFO_DESCRIPTION },
    tags,
    paths: { ...discoveryPaths(), ...toolPaths },
    components: {
      schemas: usedSchemas({ ...sharedSchemas(), ...definitions }, toolPaths),
      responses: sharedResponses(exampleTool, examplePlatform),
      examples: sharedExamples(exampleTool, PLATFORM_WORDS.filter((p) => entries.some((e) => e.platform === p))),
      parameters: {
        IdempotencyKey: {
          name: 'Idempotency-Key',
          in: 'header',
          required: false,
          description:
            'A UUID per logical operation (not per retry). A repeat with the same key returns the stored result without running the tool again; recommended for Write tools. Records live 24 hours.',
          // No example value: tools that prefill examples would send one fixed key with every call.
          schema: { type: 'string', format: 'uuid' },
        },
      },
      headers: {
        XRequestId: { description: 'Id of this request; the same id is in the gateway\'s log line.', schema: { type: 'string' } },
        RetryAfter: { description: 'Seconds to wait before retrying.', schema: { type: 'integer', minimum: 0 } },
        IdempotentReplayed: { description: '`true` when this is the stored result of an earlier request with the same Idempotency-Key.', schema: { type: 'string', enum: ['true'] } },
        WWWAuthenticate: { description: 'The scheme to use: `Bearer`.', schema: { type: 'string' } },
        Allow: { description: 'The methods the path accepts: `POST`.', schema: { type: 'string' } },
      },
      securitySchemes: {
        bearerAuth: { type: 'http', scheme: 'bearer', description: 'API key from your key page: `Authorization: Bearer sk_live_...`.' },
      },
    },
  };
}

/** The served documents are generated at build time (functions/catalog/build-artifact.ts) and read from the artifact. */
export { openApiJson };

let cachedDocument: Record<string, unknown> | undefined;

/** The whole served document (its `servers` says "/"), parsed once. */
export function openApiDocument(): Record<string, unknown> {
  cachedDocument ??= JSON.parse(openApiJson('/')) as Record<string, unknown>;
  return cachedDocument;
}
