/**
 * The part of n8n's node execution context that the Ad Gateway node uses, over real HTTP: parameters
 * (per item, as n8n resolves expressions), input items, the credential applied the way n8n applies a
 * generic credential (the credential type's own `authenticate` headers), the node's execution context
 * (kept by n8n across "Retry execution"), and `continueOnFail`. Every request is recorded.
 */
import type {
  ICredentialDataDecryptedObject,
  IDataObject,
  IExecuteFunctions,
  IHttpRequestOptions,
  ILoadOptionsFunctions,
  INode,
  INodeExecutionData,
} from 'n8n-workflow';
import { AdGatewayApi } from '../credentials/AdGatewayApi.credentials';

export interface SentRequest {
  method: string;
  url: string;
  headers: Record<string, string>;
  body: unknown;
  status: number;
}

/** A parameter's value, or a function of the item (what an expression like {{$json.id}} gives). */
export type ParameterValue = unknown | ((item: INodeExecutionData, itemIndex: number) => unknown);

export interface Harness {
  sent: SentRequest[];
  /** Most requests that were under way at once. */
  peakInFlight: number;
}

const credentialType = new AdGatewayApi();

/** The credential's generic `authenticate` headers with `{{$credentials.x}}` filled in, as n8n does. */
export function authenticationHeaders(credentials: ICredentialDataDecryptedObject): Record<string, string> {
  const headers = (credentialType.authenticate.properties.headers ?? {}) as Record<string, string>;
  return Object.fromEntries(
    Object.entries(headers).map(([name, template]) => [
      name,
      template.replace(/^=/, '').replace(/\{\{\s*\$credentials\.(\w+)\s*\}\}/g, (_, field: string) => String(credentials[field])),
    ]),
  );
}

/** n8n's httpRequest with returnFullResponse / ignoreHttpStatusErrors / json, over fetch. */
async function httpRequest(harness: Harness, options: IHttpRequestOptions, auth: Record<string, string>): Promise<unknown> {
  const headers: Record<string, string> = { ...(options.headers as Record<string, string>), ...auth };
  const inFlight = (harness as Harness & { inFlight?: number }).inFlight ?? 0;
  (harness as Harness & { inFlight?: number }).inFlight = inFlight + 1;
  harness.peakInFlight = Math.max(harness.peakInFlight, inFlight + 1);
  try {
    const response = await fetch(String(options.url), {
      method: options.method ?? 'GET',
      headers,
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
    });
    const text = await response.text();
    let body: unknown = text;
    try {
      body = JSON.parse(text) as unknown;
    } catch {
      // not JSON: n8n gives the text
    }
    harness.sent.push({ method: options.method ?? 'GET', url: String(options.url), headers, body: options.body, status: response.status });
    if (!options.ignoreHttpStatusErrors && response.status >= 400) throw new Error(`Request failed with status code ${response.status}`);
    // n8n lower-cases response header names (axios); so does fetch's Headers.
    return options.returnFullResponse
      ? { statusCode: response.status, headers: Object.fromEntries(response.headers.entries()), body }
      : body;
  } finally {
    (harness as Harness & { inFlight?: number }).inFlight! -= 1;
  }
}

export interface ExecuteOptions {
  credentials: { baseUrl: string; apiKey: string };
  parameters: Record<string, ParameterValue>;
  items?: INodeExecutionData[];
  /** The node's execution context: pass the same object to act as n8n's "Retry execution" of that execution. */
  nodeContext?: IDataObject;
  continueOnFail?: boolean;
  node?: Partial<INode>;
}

/** An IExecuteFunctions for one run of the node, and what it sent. */
export function executeContext(options: ExecuteOptions): { context: IExecuteFunctions; harness: Harness } {
  const harness: Harness = { sent: [], peakInFlight: 0 };
  const items = options.items ?? [{ json: {} }];
  const nodeContext = options.nodeContext ?? {};
  const node: INode = {
    id: 'a3c0c0de-0000-4000-8000-000000000001',
    name: 'Ad Gateway',
    type: 'n8n-nodes-ad-gateway.adGateway',
    typeVersion: 1,
    position: [0, 0],
    parameters: {},
    ...options.node,
  };
  const auth = authenticationHeaders(options.credentials);
  const context = {
    getInputData: () => items,
    getNode: () => node,
    getCredentials: async () => options.credentials,
    getContext: () => nodeContext,
    continueOnFail: () => options.continueOnFail ?? false,
    getNodeParameter: (name: string, itemIndex: number, fallback?: unknown) => {
      if (!(name in options.parameters)) return fallback;
      const value = options.parameters[name];
      return typeof value === 'function'
        ? (value as (item: INodeExecutionData, index: number) => unknown)(items[itemIndex], itemIndex)
        : value;
    },
    helpers: {
      httpRequestWithAuthentication: async (_type: string, request: IHttpRequestOptions) => httpRequest(harness, request, auth),
    },
  };
  return { context: context as unknown as IExecuteFunctions, harness };
}

/** An ILoadOptionsFunctions for the node's dropdowns, with the node's current parameters. */
export function loadOptionsContext(
  credentials: { baseUrl: string; apiKey: string },
  parameters: Record<string, unknown>,
): ILoadOptionsFunctions {
  const harness: Harness = { sent: [], peakInFlight: 0 };
  const auth = authenticationHeaders(credentials);
  const context = {
    getCredentials: async () => credentials,
    getCurrentNodeParameter: (name: string) => parameters[name],
    getNodeParameter: (name: string, fallback?: unknown) => parameters[name] ?? fallback,
    helpers: {
      httpRequestWithAuthentication: async (_type: string, request: IHttpRequestOptions) => httpRequest(harness, request, auth),
    },
  };
  return context as unknown as ILoadOptionsFunctions;
}

/** The credential type's test request sent to the gateway as n8n sends it (baseURL expression filled in). */
export async function testCredential(credentials: { baseUrl: string; apiKey: string }): Promise<number> {
  const request = credentialType.test.request;
  const base = credentials.baseUrl.replace(/\/+$/, '');
  const harness: Harness = { sent: [], peakInFlight: 0 };
  const answer = (await httpRequest(
    harness,
    {
      url: `${base}${request.url}`,
      method: request.method,
      body: request.body as IDataObject,
      headers: { 'Content-Type': 'application/json' },
      returnFullResponse: true,
      ignoreHttpStatusErrors: true,
    },
    authenticationHeaders(credentials),
  )) as { statusCode: number };
  return answer.statusCode;
}
