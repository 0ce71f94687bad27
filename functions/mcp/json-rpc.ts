/** JSON-RPC 2.0 as MCP uses it: one message per HTTP POST (no batches since MCP 2025-06-18). */
import { gzipWithEnd, prepareGzip, type PreparedGzip } from '../catalog/prepared-bytes';

export type JsonRpcId = string | number;

export interface JsonRpcRequest {
  jsonrpc: '2.0';
  id: JsonRpcId;
  method: string;
  params?: Record<string, unknown>;
}

export interface JsonRpcNotification {
  jsonrpc: '2.0';
  method: string;
  params?: Record<string, unknown>;
}

export interface JsonRpcError {
  code: number;
  message: string;
  data?: unknown;
}

/** The JSON-RPC error codes this endpoint answers with. */
export const ErrorCode = {
  ParseError: -32700,
  InvalidRequest: -32600,
  MethodNotFound: -32601,
  InvalidParams: -32602,
  InternalError: -32603,
  /** Implementation-defined server error (-32000 to -32099): the HTTP request was refused before JSON-RPC. */
  Unauthorized: -32001,
} as const;

/** A failure answered as a JSON-RPC error object (a protocol error, not a tool error). */
export class JsonRpcFailure extends Error {
  constructor(
    readonly code: number,
    message: string,
    readonly data?: unknown,
  ) {
    super(message);
    this.name = 'JsonRpcFailure';
  }
}

/** -32602: the params do not fit the method (unknown tool, bad cursor, bad filter, bad arguments shape). */
export class InvalidParamsError extends JsonRpcFailure {
  constructor(message: string, data?: unknown) {
    super(ErrorCode.InvalidParams, message, data);
    this.name = 'InvalidParamsError';
  }
}

export function resultMessage(id: JsonRpcId, result: unknown): Record<string, unknown> {
  return { jsonrpc: '2.0', id, result };
}

/** An error response; `id` is null when the request's id could not be read. */
export function errorMessage(id: JsonRpcId | null, error: JsonRpcError): Record<string, unknown> {
  return { jsonrpc: '2.0', id, error: error.data === undefined ? { code: error.code, message: error.message } : error };
}

export function notificationMessage(method: string, params: Record<string, unknown>): JsonRpcNotification {
  return { jsonrpc: '2.0', method, params };
}

export type ParsedMessage =
  | { kind: 'request'; message: JsonRpcRequest }
  | { kind: 'notification'; message: JsonRpcNotification }
  | { kind: 'response' }
  | { kind: 'invalid'; id: JsonRpcId | null; reason: string };

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** Sorts one parsed JSON body into request, notification, client response, or invalid (with why). */
export function classify(body: unknown): ParsedMessage {
  if (Array.isArray(body))
    return {
      kind: 'invalid',
      id: null,
      reason: 'Send one JSON-RPC message per request; batches are not supported (MCP 2025-06-18 and later).',
    };
  if (!isObject(body) || body.jsonrpc !== '2.0')
    return { kind: 'invalid', id: null, reason: 'The body must be a JSON-RPC 2.0 message: an object with "jsonrpc": "2.0".' };
  const id = body.id;
  const validId = typeof id === 'string' || (typeof id === 'number' && Number.isFinite(id));
  if (body.method === undefined && ('result' in body || 'error' in body)) return { kind: 'response' };
  if (typeof body.method !== 'string' || !body.method)
    return { kind: 'invalid', id: validId ? (id as JsonRpcId) : null, reason: 'A JSON-RPC request needs a "method" string.' };
  if (body.params !== undefined && !isObject(body.params)) {
    return { kind: 'invalid', id: validId ? (id as JsonRpcId) : null, reason: '"params" must be an object.' };
  }
  if (id === undefined) return { kind: 'notification', message: body as unknown as JsonRpcNotification };
  if (!validId) return { kind: 'invalid', id: null, reason: '"id" must be a string or a number.' };
  return { kind: 'request', message: body as unknown as JsonRpcRequest };
}

/**
 * A result message serialised once and answered to many requests: its text is fixed but for the
 * request's `id`, which closes the message (`{"jsonrpc":"2.0","result":...,"id":<id>}`), so only the
 * id is serialised per request, and its gzip compresses only the id (functions/catalog/prepared-bytes.ts).
 * Made from a result, or from a fixed part prepared at build time (MCP's tools/list pages in the
 * catalog artifact), whose text and gzip are each read when first asked for: a gzip answer reads
 * only the compressed bytes.
 */
export class PreparedResultMessage {
  private fixedText: string | undefined;
  private gzipPart: PreparedGzip | undefined;

  private constructor(
    private readonly readFixed: () => string,
    private readonly readGzipPart: () => PreparedGzip,
  ) {}

  static of(result: unknown): PreparedResultMessage {
    const fixed = `{"jsonrpc":"2.0","result":${JSON.stringify(result)},"id":`;
    return new PreparedResultMessage(
      () => fixed,
      () => prepareGzip(fixed),
    );
  }

  /** A fixed part made at build time (`fixed` of another message) and its compressed bytes, each read when needed. */
  static prepared(fixed: () => string, gzipPart: () => PreparedGzip): PreparedResultMessage {
    return new PreparedResultMessage(fixed, gzipPart);
  }

  /** The message up to its id: `{"jsonrpc":"2.0","result":...,"id":`. */
  get fixed(): string {
    return (this.fixedText ??= this.readFixed());
  }

  text(id: JsonRpcId): string {
    return this.fixed + closing(id);
  }

  gzip(id: JsonRpcId): Buffer {
    this.gzipPart ??= this.readGzipPart();
    return gzipWithEnd(this.gzipPart, closing(id));
  }
}

/** The id (a string or a finite number: classify checked it), serialised on its own, and the message's closing brace. */
const closing = (id: JsonRpcId) => `${JSON.stringify(id)}}`;
