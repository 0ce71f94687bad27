import { createHash } from 'node:crypto';
import { errorResponse } from '../runtime/envelope';
import { BadRequestError, GatewayError, MethodNotAllowedError, ToolNotFoundError } from '../../core/errors';
import { PLATFORM_WORDS } from '../../core/platforms';
import { header, type GatewayEvent, type GatewayResult } from '../runtime/state';
import { GATEWAY_CATEGORIES } from '../../core/tool';
import {
  ARTIFACT_FILES,
  artifactDigest,
  catalog,
  catalogBody,
  catalogEntryJson,
  catalogGzip,
  openApiGzip,
  openApiJson,
  toolNames,
} from './artifact';
import { encodedResponse, gzipText } from './prepared-bytes';
import { filterCatalog, type CatalogFilter } from './catalog';
import { closestNames } from '../runtime/registry';
import { DOCS_CONTENT_SECURITY_POLICY, DOCS_HTML } from './docs-page';

const GROUPS = [...PLATFORM_WORDS, 'gateway'];
const CATEGORIES = [...PLATFORM_WORDS, ...GATEWAY_CATEGORIES];

/**
 * The discovery endpoints (CONTRACT.md section 6), no key needed:
 * GET /api/v1/tools, GET /api/v1/tools/{name}, GET /api/v1/openapi.json, GET /docs.
 * Returns undefined for any other path, so the gateway handler can go on routing.
 */
export function catalogRoute(event: GatewayEvent): GatewayResult | undefined {
  const path = (event.path ?? '').replace(/(.)\/+$/, '$1');
  const route = matchRoute(path, event);
  if (!route) return undefined;
  const method = (event.httpMethod ?? 'GET').toUpperCase();
  try {
    if (method !== 'GET' && method !== 'HEAD') throw new MethodNotAllowedError('GET, HEAD');
    const result = route();
    return method === 'HEAD' ? { ...result, body: '', isBase64Encoded: false } : conditional(result, event);
  } catch (error) {
    if (error instanceof GatewayError) return errorResponse(toolNameOf(path, event), error);
    throw error;
  }
}

function matchRoute(path: string, event: GatewayEvent): (() => GatewayResult) | undefined {
  if (path === '/api/v1/tools') return () => listTools(event);
  if (path === '/api/v1/openapi.json') return () => openApiDocument(event);
  if (path === '/docs') return docsPage;
  if (/^\/api\/v1\/tools\/[^/]+$/.test(path)) return () => oneTool(toolNameOf(path, event));
  return undefined;
}

function toolNameOf(path: string, event: GatewayEvent): string {
  const fromPath = /^\/api\/v1\/tools\/([^/]+)$/.exec(path)?.[1];
  if (event.pathParameters?.tool) return event.pathParameters.tool;
  if (!fromPath) return '';
  try {
    return decodeURIComponent(fromPath);
  } catch {
    return fromPath;
  }
}

/**
 * The OpenAPI document of every tool, or of one platform's (`?platform=searchads`): prepared at
 * build time, with `servers` set to the URL it was fetched from.
 */
function openApiDocument(event: GatewayEvent): GatewayResult {
  const platform = event.queryStringParameters?.platform;
  const word = platform ? oneOf('platform', platform, PLATFORM_WORDS) : undefined;
  const url = serverUrl(event);
  // Tagged from the build's digest of the document and the URL put in: the document is not read for it.
  const etag = tagOf(`${artifactDigest(ARTIFACT_FILES.openapi(word))} ${url}`);
  return encodedResponse(
    event,
    headersOf('application/json', etag),
    () => openApiJson(url, word),
    () => openApiGzip(url, word),
  );
}

const filteredBodies = new Map<string, { body: string; gzip?: Buffer }>();

function listTools(event: GatewayEvent): GatewayResult {
  const query = event.queryStringParameters ?? {};
  const filter: CatalogFilter = {};
  if (query.platform) filter.platform = oneOf('platform', query.platform, GROUPS);
  if (query.group) filter.group = oneOf('group', query.group, GROUPS);
  if (query.category) filter.category = oneOf('category', query.category, CATEGORIES);
  if (query.access) filter.access = oneOf('access', query.access.toLowerCase(), ['read', 'write']) as CatalogFilter['access'];
  // Unfiltered: the prepared body as generated (and its gzip); a filter's body is made once per process.
  if (!Object.keys(filter).length) {
    // Its tag is its SHA-256 as the build wrote it in the manifest, as cached() would make it from the body.
    const etag = `"${Buffer.from(artifactDigest(ARTIFACT_FILES.catalog), 'hex').toString('base64url').slice(0, 27)}"`;
    return encodedResponse(event, headersOf('application/json', etag), catalogBody, catalogGzip);
  }
  const key = JSON.stringify(filter);
  let filtered = filteredBodies.get(key);
  if (filtered === undefined) {
    const tools = filterCatalog(catalog(), filter);
    filtered = { body: JSON.stringify({ tools, count: tools.length }) };
    if (filteredBodies.size >= 32) filteredBodies.delete(filteredBodies.keys().next().value as string);
    filteredBodies.set(key, filtered);
  }
  const made = filtered;
  return encodedResponse(event, cached(made.body, 'application/json').headers, () => made.body, () => (made.gzip ??= gzipText(made.body)));
}

function oneOf(name: string, value: string, allowed: readonly string[]): string {
  if (!allowed.includes(value)) throw new BadRequestError(`Unknown ${name} "${value}". Use one of: ${allowed.join(', ')}.`);
  return value;
}

/** One tool's entry: its bytes of the catalog alone; an unknown name reads the names only. */
function oneTool(name: string): GatewayResult {
  const entry = catalogEntryJson(name);
  if (entry === undefined) {
    const suggestions = closestNames(name, toolNames());
    throw new ToolNotFoundError(
      `Unknown tool "${name}".` + (suggestions.length ? ` Did you mean: ${suggestions.join(', ')}?` : '') + ' GET /api/v1/tools lists every tool.',
      suggestions,
    );
  }
  return cached(entry, 'application/json');
}

function docsPage(): GatewayResult {
  const result = cached(DOCS_HTML, 'text/html; charset=utf-8');
  return {
    ...result,
    headers: {
      ...result.headers,
      'Content-Security-Policy': DOCS_CONTENT_SECURITY_POLICY,
      'X-Content-Type-Options': 'nosniff',
      'Referrer-Policy': 'no-referrer',
      'X-Frame-Options': 'DENY',
    },
  };
}

/**
 * The base URL callers reached this gateway at, from the Host and X-Forwarded-Proto headers and
 * the stage or base path API Gateway put in front of the route; "/" when the host is unknown.
 */
export function serverUrl(event: GatewayEvent): string {
  const host = header(event, 'host');
  if (!host || !/^[A-Za-z0-9.-]+(:\d{1,5})?$/.test(host)) return '/';
  const forwarded = header(event, 'x-forwarded-proto')?.split(',')[0].trim().toLowerCase();
  // API Gateway always sets X-Forwarded-Proto; the local server (plain HTTP) does not.
  const protocol = forwarded === 'https' || forwarded === 'http' ? forwarded : 'http';
  const fullPath = event.requestContext?.path ?? '';
  const path = event.path ?? '';
  const prefix = path && fullPath.endsWith(path) ? fullPath.slice(0, fullPath.length - path.length) : '';
  return `${protocol}://${host}${/^(\/[A-Za-z0-9._~-]+)*$/.test(prefix) ? prefix : ''}`;
}

const etags = new Map<string, string>();

/** An ETag: the start of a SHA-256 of what identifies the body. */
function tagOf(identity: string): string {
  return `"${createHash('sha256').update(identity).digest('base64url').slice(0, 27)}"`;
}

function headersOf(contentType: string, etag: string): Record<string, string> {
  return { 'Content-Type': contentType, 'Cache-Control': 'no-cache', ETag: etag };
}

/** A 200 with an ETag; bodies are built once per process, so their tags are too. */
function cached(body: string, contentType: string): GatewayResult {
  let etag = etags.get(body);
  if (!etag) {
    etag = tagOf(body);
    if (etags.size >= 32) etags.delete(etags.keys().next().value as string);
    etags.set(body, etag);
  }
  return { statusCode: 200, headers: headersOf(contentType, etag), body };
}

/** 304 when the client already holds this version (If-None-Match). */
function conditional(result: GatewayResult, event: GatewayEvent): GatewayResult {
  const etag = result.headers.ETag;
  const wanted = header(event, 'if-none-match');
  if (result.statusCode === 200 && etag && wanted && wanted.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag)) {
    const { 'Content-Type': _type, 'Content-Encoding': _encoding, ...headers } = result.headers;
    return { statusCode: 304, headers, body: '' };
  }
  return result;
}
