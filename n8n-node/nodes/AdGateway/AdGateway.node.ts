import { randomUUID } from 'node:crypto';
import {
  NodeApiError,
  NodeConnectionTypes,
  NodeOperationError,
  type FieldType,
  type IDataObject,
  type IExecuteFunctions,
  type IHttpRequestOptions,
  type ILoadOptionsFunctions,
  type INodeExecutionData,
  type INodePropertyOptions,
  type INodeType,
  type INodeTypeDescription,
  type JsonObject as N8nJsonObject,
  type ResourceMapperField,
  type ResourceMapperFields,
  type ResourceMapperValue,
} from 'n8n-workflow';
import {
  CROSS_PLATFORM,
  GatewayCallError,
  callAllPages,
  callTool,
  concurrencyFor,
  connectedAccounts,
  getTool,
  idempotencyKey,
  listTools,
  pageable,
  rowsOf,
  runBounded,
  type CatalogTool,
  type HttpAnswer,
  type Json,
  type JsonObject,
  type PagedResult,
  type Quota,
  type SchemaProperty,
  type Send,
} from './gateway';

const CREDENTIAL = 'adGatewayApi';

/** The fields the node fills itself: never shown as argument fields. */
const MANAGED_ARGUMENTS = new Set(['dry_run']);

type Context = IExecuteFunctions | ILoadOptionsFunctions;

/** A `Send` over n8n's HTTP helper with the credential (Authorization: Bearer …) applied by n8n. */
async function sendWith(context: Context): Promise<Send> {
  const credentials = await context.getCredentials<{ baseUrl: string; apiKey: string }>(CREDENTIAL);
  const base = String(credentials.baseUrl).replace(/\/+$/, '');
  return async (request) => {
    const options: IHttpRequestOptions = {
      method: request.method,
      url: `${base}${request.path}`,
      headers: { Accept: 'application/json', ...request.headers },
      body: request.body,
      json: true,
      returnFullResponse: true,
      ignoreHttpStatusErrors: true,
    };
    const answer = (await context.helpers.httpRequestWithAuthentication.call(context, CREDENTIAL, options)) as HttpAnswer;
    return { statusCode: answer.statusCode, headers: answer.headers ?? {}, body: answer.body };
  };
}

/** n8n's field type for a JSON Schema property. */
function fieldType(property: SchemaProperty): FieldType {
  if (property.enum) return 'options';
  const type = Array.isArray(property.type) ? property.type.find((item) => item !== 'null') : property.type;
  if (type === 'integer' || type === 'number') return 'number';
  if (type === 'boolean') return 'boolean';
  if (type === 'array') return 'array';
  if (type === 'object') return 'object';
  return 'string';
}

/** One resource-mapper field per argument of the tool's input schema. */
export function argumentFields(tool: CatalogTool, accountParameter?: string): ResourceMapperField[] {
  const properties = tool.input_schema.properties ?? {};
  const required = new Set(tool.input_schema.required ?? []);
  return Object.entries(properties)
    .filter(([name]) => !MANAGED_ARGUMENTS.has(name) && name !== accountParameter)
    .map(([name, property]) => ({
      id: name,
      displayName: property.description ? `${name} (${property.description})` : name,
      required: required.has(name),
      defaultMatch: false,
      canBeUsedToMatch: false,
      display: true,
      type: fieldType(property),
      options: property.enum?.map((value) => ({ name: String(value), value: value as string | number | boolean })),
    }));
}

/**
 * The arguments of one item: the argument fields (values n8n typed as text are converted to what the
 * schema says: numbers, booleans, JSON arrays and objects), then the JSON arguments on top.
 */
export function argumentsOf(tool: CatalogTool, mapped: IDataObject, extra: unknown): JsonObject {
  const properties = tool.input_schema.properties ?? {};
  const args: JsonObject = {};
  for (const [name, raw] of Object.entries(mapped)) {
    if (raw === undefined || raw === null || raw === '') continue;
    const property = properties[name];
    args[name] = property ? convert(name, raw, fieldType(property)) : (raw as Json);
  }
  const more = typeof extra === 'string' ? (extra.trim() ? parseJson('Arguments (JSON)', extra) : {}) : extra;
  if (more && typeof more === 'object' && !Array.isArray(more)) Object.assign(args, more as JsonObject);
  else if (more !== undefined && more !== null)
    throw new Error('Arguments (JSON) must be a JSON object, for example {"status": "ENABLED"}.');
  return args;
}

function convert(name: string, value: unknown, type: FieldType): Json {
  if (typeof value !== 'string') return value as Json;
  if (type === 'number' && value.trim() !== '' && !Number.isNaN(Number(value))) return Number(value);
  if (type === 'boolean' && (value === 'true' || value === 'false')) return value === 'true';
  if (type === 'array' || type === 'object') return parseJson(name, value);
  return value;
}

function parseJson(name: string, text: string): Json {
  try {
    return JSON.parse(text) as Json;
  } catch {
    throw new Error(`${name} is not valid JSON: ${text.slice(0, 60)}`);
  }
}

/** The node error for a gateway error: its message first, the code, status and listed accounts in the details. */
function nodeErrorOf(context: IExecuteFunctions, error: unknown, itemIndex: number): Error {
  if (error instanceof GatewayCallError) {
    const details: string[] = [`code: ${error.code}`, `HTTP ${error.status}`];
    const accounts = error.accounts;
    if (Array.isArray(accounts) && accounts.length) {
      details.push(
        `accounts: ${accounts.map((account) => (account && typeof account === 'object' && !Array.isArray(account) ? `${String(account.name)} (${String(account.id)})` : String(account))).join(', ')}`,
      );
    }
    if (error.requestId) details.push(`request id: ${error.requestId}`);
    const nodeError = new NodeApiError(context.getNode(), errorJson(error) as N8nJsonObject, {
      message: error.message,
      description: details.join('; '),
      httpCode: String(error.status),
      itemIndex,
    });
    // NodeApiError may replace the message with a generic text for some status codes: keep the gateway's.
    nodeError.message = error.message;
    return nodeError;
  }
  if (error instanceof NodeOperationError || error instanceof NodeApiError) return error;
  return new NodeOperationError(context.getNode(), error instanceof Error ? error.message : String(error), { itemIndex });
}

/** The error as JSON for an error item (Continue on Fail) and the node error's details. */
function errorJson(error: GatewayCallError): IDataObject {
  return {
    error: error.message,
    code: error.code,
    status: error.status,
    ...(error.accounts !== undefined ? { accounts: error.accounts as IDataObject[] } : {}),
    structured_content: error.structuredContent as IDataObject,
    ...(error.requestId ? { request_id: error.requestId } : {}),
  };
}

/** The random part of this execution's keys, kept in the node's execution context ("Retry execution" keeps it). */
function executionSeed(context: IExecuteFunctions): string {
  const nodeContext = context.getContext('node');
  if (typeof nodeContext.idempotencySeed !== 'string') nodeContext.idempotencySeed = randomUUID();
  return nodeContext.idempotencySeed as string;
}

export class AdGateway implements INodeType {
  description: INodeTypeDescription = {
    displayName: 'Ad Gateway',
    name: 'adGateway',
    icon: 'file:../../icons/adgateway.svg',
    group: ['transform'],
    version: 1,
    subtitle: '={{$parameter["tool"] + ($parameter["mode"] === "dryRun" ? " (dry run)" : "")}}',
    description: 'Run any tool of the ad-platform tool gateway: read, plan and change campaigns on seven ad platforms',
    defaults: { name: 'Ad Gateway' },
    inputs: [NodeConnectionTypes.Main],
    outputs: [NodeConnectionTypes.Main],
    usableAsTool: true,
    credentials: [{ name: CREDENTIAL, required: true }],
    properties: [
      {
        displayName: 'Platform',
        name: 'platform',
        type: 'options',
        noDataExpression: true,
        typeOptions: { loadOptionsMethod: 'getPlatforms' },
        default: '',
        description: 'The ad platform, or Cross-Platform for monitors, reports and account tools',
      },
      {
        displayName: 'Tool',
        name: 'tool',
        type: 'options',
        noDataExpression: true,
        typeOptions: { loadOptionsMethod: 'getTools', loadOptionsDependsOn: ['platform'] },
        default: '',
        description: 'The gateway tool to run. The list comes from the gateway: new tools appear without reinstalling.',
      },
      {
        displayName: 'Mode',
        name: 'mode',
        type: 'options',
        noDataExpression: true,
        options: [
          { name: 'Run', value: 'run', description: 'Run the tool. A write is sent with its own Idempotency-Key per item.' },
          {
            name: 'Dry Run',
            value: 'dryRun',
            description: 'Plan the write (each field before → after) without changing anything; its key differs from the write',
          },
        ],
        default: 'run',
      },
      {
        displayName: 'Account Name or ID',
        name: 'account',
        type: 'options',
        typeOptions: { loadOptionsMethod: 'getAccounts', loadOptionsDependsOn: ['platform'] },
        default: '',
        description:
          'The connected account to work in (list_connected_accounts). Needed when several accounts of the platform are connected. Choose from the list, or specify an ID using an <a href="https://docs.n8n.io/code/expressions/">expression</a>.',
        displayOptions: { hide: { platform: [CROSS_PLATFORM] } },
      },
      {
        displayName: 'Arguments',
        name: 'arguments',
        type: 'resourceMapper',
        noDataExpression: true,
        default: { mappingMode: 'defineBelow', value: null },
        required: true,
        typeOptions: {
          loadOptionsDependsOn: ['tool'],
          resourceMapper: {
            resourceMapperMethod: 'getArgumentFields',
            mode: 'add',
            fieldWords: { singular: 'argument', plural: 'arguments' },
            addAllFields: false,
            multiKeyMatch: false,
            supportAutoMap: false,
          },
        },
      },
      {
        displayName: 'Arguments (JSON)',
        name: 'argumentsJson',
        type: 'json',
        default: '{}',
        description: 'More arguments as one JSON object, merged over the fields above (for nested values)',
      },
      {
        displayName: 'Return All Pages',
        name: 'returnAll',
        type: 'boolean',
        default: false,
        description: 'Whether to read page after page (each page is one billed call) for tools that take offset',
      },
      {
        displayName: 'Max Rows',
        name: 'maxRows',
        type: 'number',
        typeOptions: { minValue: 1 },
        default: 50,
        description: 'Max number of rows to read over as many pages as needed (tools that take offset)',
        displayOptions: { show: { returnAll: [false] } },
      },
      {
        displayName: 'Output',
        name: 'output',
        type: 'options',
        options: [
          {
            name: 'One Item per Row',
            value: 'rows',
            description: 'Each campaign, keyword, … of a list as its own item (answers without one list: the answer)',
          },
          { name: 'One Item per Call', value: 'answer', description: 'The whole answer: text, structured, quota, replayed' },
        ],
        default: 'rows',
      },
      {
        displayName: 'Options',
        name: 'options',
        type: 'collection',
        placeholder: 'Add option',
        default: {},
        options: [
          {
            displayName: 'Concurrency',
            name: 'concurrency',
            type: 'number',
            typeOptions: { minValue: 0 },
            default: 0,
            description: 'Requests at once over the input items; 0 = what the plan bears (free 1, plus 2, pro 4, max 8)',
          },
        ],
      },
    ],
  };

  methods = {
    loadOptions: {
      async getPlatforms(this: ILoadOptionsFunctions): Promise<INodePropertyOptions[]> {
        const tools = await listTools(await sendWith(this));
        const platforms = [
          ...new Set(tools.map((tool) => tool.platform).filter((platform): platform is string => Boolean(platform))),
        ].sort();
        return [
          ...platforms.map((platform) => ({ name: platform, value: platform })),
          { name: 'Cross-Platform (Monitors, Reports, Accounts)', value: CROSS_PLATFORM },
        ];
      },
      async getTools(this: ILoadOptionsFunctions): Promise<INodePropertyOptions[]> {
        const platform = this.getCurrentNodeParameter('platform') as string;
        if (!platform) return [];
        const send = await sendWith(this);
        const tools =
          platform === CROSS_PLATFORM
            ? (await listTools(send)).filter((tool) => tool.platform === null)
            : await listTools(send, { platform });
        return tools
          .map((tool) => ({
            name: `${tool.name}${tool.access === 'write' ? ' (write)' : ''}`,
            value: tool.name,
            description: tool.description,
          }))
          .sort((a, b) => a.value.localeCompare(b.value));
      },
      async getAccounts(this: ILoadOptionsFunctions): Promise<INodePropertyOptions[]> {
        const platform = this.getCurrentNodeParameter('platform') as string;
        if (!platform || platform === CROSS_PLATFORM) return [];
        const { accounts } = await connectedAccounts(await sendWith(this), platform);
        return [
          { name: 'Default (the Only or Primary Account)', value: '' },
          ...accounts.map((account) => ({ name: `${account.name} (${account.id})`, value: account.id, description: account.mode })),
        ];
      },
    },
    resourceMapping: {
      async getArgumentFields(this: ILoadOptionsFunctions): Promise<ResourceMapperFields> {
        const toolName = this.getCurrentNodeParameter('tool') as string;
        if (!toolName) return { fields: [], emptyFieldsNotice: 'Choose a tool first' };
        const send = await sendWith(this);
        const tool = await getTool(send, toolName);
        const platform = this.getCurrentNodeParameter('platform') as string;
        const account = platform && platform !== CROSS_PLATFORM ? await connectedAccounts(send, platform) : undefined;
        return { fields: argumentFields(tool, account?.parameter), emptyFieldsNotice: 'This tool takes no arguments' };
      },
    },
  };

  async execute(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
    const items = this.getInputData();
    const send = await sendWith(this);
    const toolName = this.getNodeParameter('tool', 0) as string;
    const platform = this.getNodeParameter('platform', 0) as string;
    const tool = await getTool(send, toolName).catch((error: unknown) => {
      throw nodeErrorOf(this, error, 0);
    });
    const dryRunAvailable = Boolean(tool.input_schema.properties?.dry_run);
    const isWrite = tool.access === 'write';
    // The account parameter's name (customer_id, account_id, ...), read once only when an account is chosen.
    let accountParameter: Promise<string | undefined> | undefined;
    const parameterOfAccount = () => (accountParameter ??= connectedAccounts(send, platform).then((accounts) => accounts.parameter));
    const seed = executionSeed(this);
    const nodeId = this.getNode().id ?? this.getNode().name;
    // The node's run in this execution (a loop runs it more than once); n8n's execute context carries it.
    const { runIndex } = this as unknown as { runIndex?: number };
    const concurrencyOption = (this.getNodeParameter('options', 0, {}) as { concurrency?: number }).concurrency ?? 0;
    let tier: string | undefined;
    let quotaExhausted: GatewayCallError | undefined;
    let failed = false;

    const runItem = async (itemIndex: number): Promise<INodeExecutionData[]> => {
      try {
        const mode = this.getNodeParameter('mode', itemIndex) as string;
        const mapped = (this.getNodeParameter('arguments', itemIndex, { value: {} }) as ResourceMapperValue).value ?? {};
        const args = argumentsOf(tool, mapped as IDataObject, this.getNodeParameter('argumentsJson', itemIndex, '{}'));
        const account = platform !== CROSS_PLATFORM ? (this.getNodeParameter('account', itemIndex, '') as string) : '';
        if (account) {
          const parameter = await parameterOfAccount();
          if (parameter && args[parameter] === undefined) args[parameter] = account;
        }
        if (mode === 'dryRun') {
          if (!dryRunAvailable) {
            throw new NodeOperationError(
              this.getNode(),
              `${tool.name} has no dry run: only planned writes (tools with a dry_run argument) can be planned.`,
              {
                itemIndex,
              },
            );
          }
          args.dry_run = true;
        } else if (args.dry_run === true) {
          throw new NodeOperationError(
            this.getNode(),
            'dry_run is set in the arguments: choose Mode "Dry Run" instead, so the dry run gets a key of its own.',
            {
              itemIndex,
            },
          );
        }
        if (quotaExhausted) throw quotaExhausted;
        const key = isWrite ? idempotencyKey({ seed, nodeId, runIndex: runIndex ?? 0, itemIndex, mode, tool: tool.name, args }) : undefined;
        const returnAll = this.getNodeParameter('returnAll', itemIndex, false) as boolean;
        const maxRows = returnAll ? Number.POSITIVE_INFINITY : (this.getNodeParameter('maxRows', itemIndex, 50) as number);
        const result: PagedResult =
          pageable(tool) && !isWrite
            ? await callAllPages(send, tool.name, args, maxRows)
            : await callTool(send, tool.name, args, key).then((answer) => ({
                ...answer,
                rows: isWrite ? undefined : rowsOf(answer.structured),
                pages: 1,
              }));
        tier ??= result.quota?.tier;
        return outputOf(this.getNodeParameter('output', itemIndex, 'rows') as string, result, itemIndex, key);
      } catch (error) {
        if (error instanceof GatewayCallError && error.code === 'quota_exhausted') quotaExhausted = error;
        if (this.continueOnFail()) {
          const json =
            error instanceof GatewayCallError ? errorJson(error) : { error: error instanceof Error ? error.message : String(error) };
          return [{ json, pairedItem: { item: itemIndex } }];
        }
        failed = true;
        throw nodeErrorOf(this, error, itemIndex);
      }
    };

    const width = () => (concurrencyOption > 0 ? concurrencyOption : concurrencyFor(tier));
    const outputs: INodeExecutionData[][] = new Array<INodeExecutionData[]>(items.length);
    let firstError: { index: number; error: unknown } | undefined;
    // The first item alone: its answer tells the plan, which sets how many may run at once.
    await runBounded(
      items.length,
      () => (tier === undefined && outputs.every((output) => output === undefined) ? 1 : width()),
      async (index) => {
        try {
          outputs[index] = await runItem(index);
        } catch (error) {
          if (!firstError || index < firstError.index) firstError = { index, error };
        }
      },
      () => failed,
    );
    // Stopped at an error: the items already sent keep their keys, so "Retry execution" replays them.
    if (firstError) throw firstError.error;
    return [outputs.flat()];
  }
}

/** The items one input item gives: its rows, or the whole answer, each showing the quota. */
function outputOf(output: string, result: PagedResult, itemIndex: number, key: string | undefined): INodeExecutionData[] {
  const quota = (result.quota ?? {}) as Quota;
  const pairedItem = { item: itemIndex };
  if (output === 'rows' && result.rows) {
    return result.rows.rows.map((row) => ({ json: { ...row, _quota: quota } as IDataObject, pairedItem }));
  }
  const json: IDataObject = {
    tool: result.tool,
    text: result.text,
    structured: result.structured as IDataObject,
    quota: quota as IDataObject,
    replayed: result.replayed,
  };
  if (result.pages > 1) json.pages = result.pages;
  if (result.rows && result.pages > 1)
    json.structured = { ...(result.structured as IDataObject), [result.rows.field]: result.rows.rows as IDataObject[] };
  if (key) json.idempotency_key = key;
  if (result.requestId) json.request_id = result.requestId;
  return [{ json, pairedItem }];
}
