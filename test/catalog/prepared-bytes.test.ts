import { request } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import { gunzipSync } from 'node:zlib';
import type { Context } from 'aws-lambda';
import { dispatch } from '../../functions/local/router';
import { startHttpServer } from '../../functions/local/server';
import { handleMcp } from '../../functions/mcp/handler';
import { resultMessage } from '../../functions/mcp/json-rpc';
import {
  listToolsPage,
  NO_FILTERS,
  parseScope,
  parseToolFilter,
  preparedScopes,
  preparedToolsPage,
  toolsPageKey,
  type ToolFilter,
  type ToolScope,
} from '../../functions/mcp/tools';
import { toolsets } from '../../functions/mcp/toolsets';
import { createHash } from 'node:crypto';
import { ARTIFACT_FILES, artifactText, catalog, catalogEntryJson, toolNames } from '../../functions/catalog/artifact';
import { acceptsGzip, gzipWithEnd, prepareGzip } from '../../functions/catalog/prepared-bytes';
import type { GatewayEvent, GatewayResult } from '../../functions/runtime/state';
import { createTestOwner, useTestTables } from '../support/gateway';

useTestTables();

const context = { awsRequestId: 'prepared', getRemainingTimeInMillis: () => 60_000 } as unknown as Context;

/** The body a client reads: gunzipped when the answer says gzip (and only then). */
function bodyOf(result: GatewayResult): string {
  if (result.headers['Content-Encoding'] === 'gzip') {
    expect(result.isBase64Encoded).toBe(true);
    return gunzipSync(Buffer.from(result.body, 'base64')).toString('utf8');
  }
  expect(result.isBase64Encoded ?? false).toBe(false);
  return result.body;
}

describe('prepared gzip bytes', () => {
  it('a prepared fixed part followed by any end gunzips to the whole text', () => {
    const fixed = `{"tools":${JSON.stringify(Array.from({ length: 400 }, (_, i) => ({ name: `tool_${i}`, about: 'ünïcödé ✓' })))},"id":`;
    const prepared = prepareGzip(fixed);
    for (const end of ['1}', '"req-ü \\u2028"}', '-12.5e3}', '']) {
      expect(gunzipSync(gzipWithEnd(prepared, end)).toString('utf8')).toBe(fixed + end);
    }
  });

  it('reads Accept-Encoding with its weights', () => {
    const accepts = (value?: string) =>
      acceptsGzip({ headers: value === undefined ? { Accept: '*/*' } : { Accept: '*/*', 'Accept-Encoding': value } } as unknown as GatewayEvent);
    expect([accepts(), accepts(''), accepts('identity'), accepts('br'), accepts('gzip;q=0'), accepts('*;q=0'), accepts('gzip;q=0, *')]).toEqual(
      [false, false, false, false, false, false, false],
    );
    expect([accepts('gzip'), accepts('GZIP'), accepts('gzip, deflate, br'), accepts('br;q=1.0, gzip;q=0.8'), accepts('*'), accepts('x-gzip')]).toEqual(
      [true, true, true, true, true, true],
    );
  });

  it('answers identity to a request without an Accept header (API Gateway would hand it the base64 text)', () => {
    expect(acceptsGzip({ headers: { 'Accept-Encoding': 'gzip' } } as unknown as GatewayEvent)).toBe(false);
    expect(acceptsGzip({ headers: { accept: 'application/json', 'accept-encoding': 'gzip' } } as unknown as GatewayEvent)).toBe(true);
  });
});

describe('the catalog and OpenAPI documents, gzip when accepted', () => {
  const get = (url: string, headers: Record<string, string> = {}) =>
    dispatch({ method: 'GET', url, headers: { Host: 'gw.example.com', Accept: 'application/json', ...headers } });

  it.each(['/api/v1/tools', '/api/v1/tools?platform=searchads&access=read', '/api/v1/openapi.json', '/api/v1/openapi.json?platform=chatads'])(
    '%s: gzip gunzips to the identity document; without Accept-Encoding, identity; Vary either way',
    async (url) => {
      const identity = await get(url);
      const zipped = await get(url, { 'Accept-Encoding': 'gzip, deflate, br' });
      const refused = await get(url, { 'Accept-Encoding': 'gzip;q=0, identity' });
      expect([identity.statusCode, zipped.statusCode, refused.statusCode]).toEqual([200, 200, 200]);
      expect(identity.headers['Content-Encoding']).toBeUndefined();
      expect(refused.headers['Content-Encoding']).toBeUndefined();
      expect(zipped.headers['Content-Encoding']).toBe('gzip');
      for (const answer of [identity, zipped, refused]) expect(answer.headers.Vary).toBe('Accept-Encoding');
      expect(bodyOf(zipped)).toBe(bodyOf(identity));
      expect(refused.body).toBe(identity.body);
      expect(Buffer.from(zipped.body, 'base64').length).toBeLessThan(identity.body.length / 4);
      // The bytes differ, so the tags do; each is honoured by If-None-Match.
      expect(zipped.headers.ETag).not.toBe(identity.headers.ETag);
      const revalidated = await get(url, { 'Accept-Encoding': 'gzip', 'If-None-Match': zipped.headers.ETag });
      expect([revalidated.statusCode, revalidated.body, revalidated.headers['Content-Encoding']]).toEqual([304, '', undefined]);
    },
    60_000,
  );

  it('the OpenAPI document gzip carries the caller server URL, put in per request', async () => {
    for (const host of ['gw.example.com', 'other.example.com:8443']) {
      const zipped = await get('/api/v1/openapi.json?platform=searchads', { Host: host, 'Accept-Encoding': 'gzip', 'X-Forwarded-Proto': 'https' });
      expect(JSON.parse(bodyOf(zipped)).servers).toEqual([{ url: `https://${host}` }]);
    }
  }, 60_000);

  it('the local server sends the gzip bytes with Content-Encoding (and identity to a client without Accept-Encoding)', async () => {
    const server: Server = await startHttpServer(0);
    try {
      const port = (server.address() as AddressInfo).port;
      const fetchRaw = (headers: Record<string, string>) =>
        new Promise<{ headers: Record<string, unknown>; body: Buffer }>((resolve, reject) => {
          request({ host: '127.0.0.1', port, path: '/api/v1/tools', headers }, (res) => {
            const chunks: Buffer[] = [];
            res.on('data', (chunk: Buffer) => chunks.push(chunk));
            res.on('end', () => resolve({ headers: res.headers, body: Buffer.concat(chunks) }));
          })
            .on('error', reject)
            .end();
        });
      const plain = await fetchRaw({ Accept: '*/*' });
      const zipped = await fetchRaw({ Accept: '*/*', 'Accept-Encoding': 'gzip' });
      expect([plain.headers['content-encoding'], zipped.headers['content-encoding'], zipped.headers.vary]).toEqual([undefined, 'gzip', 'Accept-Encoding']);
      expect(gunzipSync(zipped.body).equals(plain.body)).toBe(true);
      expect(JSON.parse(plain.body.toString('utf8')).count).toBeGreaterThan(400);
    } finally {
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  }, 60_000);
});

describe('one tool\'s entry as prepared bytes', () => {
  const get = (url: string, headers: Record<string, string> = {}) =>
    dispatch({ method: 'GET', url, headers: { Host: 'gw.example.com', Accept: 'application/json', ...headers } });
  /** What GET /api/v1/tools/{name} answered before: the parsed catalog's entry serialised again, tagged by its SHA-256. */
  const tagOf = (body: string) => `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`;

  it('every tool: GET /api/v1/tools/{name} serves its bytes of the catalog, equal to the run-time entry, with the same tag', async () => {
    const entries = catalog();
    expect(toolNames()).toEqual(entries.map((entry) => entry.name));
    for (const entry of entries) {
      const runTime = JSON.stringify(entry);
      expect([entry.name, catalogEntryJson(entry.name)]).toEqual([entry.name, runTime]);
      const answer = await get(`/api/v1/tools/${encodeURIComponent(entry.name)}`);
      expect([entry.name, answer.statusCode, answer.body, answer.headers.ETag]).toEqual([entry.name, 200, runTime, tagOf(runTime)]);
    }
  }, 300_000);

  it('an unknown name: no entry, and the 404 suggests close names from the index', async () => {
    expect(catalogEntryJson('list_campaign')).toBeUndefined();
    expect(catalogEntryJson('__proto__')).toBeUndefined();
    const answer = await get('/api/v1/tools/list_campaign');
    expect(answer.statusCode).toBe(404);
    expect(JSON.parse(answer.body).structured_content.suggestions).toContain('list_campaigns');
  }, 60_000);
});

describe('the OpenAPI document\'s tag', () => {
  const get = (url: string, headers: Record<string, string>) => dispatch({ method: 'GET', url, headers: { Accept: 'application/json', ...headers } });

  it('is the same for the same document and URL, another for another URL or platform; gzip has its own, both revalidate', async () => {
    const tags = async (url: string, host: string) => {
      const identity = await get(url, { Host: host });
      const zipped = await get(url, { Host: host, 'Accept-Encoding': 'gzip' });
      return [identity.headers.ETag, zipped.headers.ETag];
    };
    const [plain, zipped] = await tags('/api/v1/openapi.json', 'a.example.com');
    expect(zipped).toBe(plain.replace(/"$/, '-gzip"'));
    expect(await tags('/api/v1/openapi.json', 'a.example.com')).toEqual([plain, zipped]);
    const [otherHost] = await tags('/api/v1/openapi.json', 'b.example.com');
    const [otherPlatform] = await tags('/api/v1/openapi.json?platform=deskads', 'a.example.com');
    expect(new Set([plain, otherHost, otherPlatform]).size).toBe(3);
    for (const [tag, encoding] of [
      [plain, 'identity'],
      [zipped, 'gzip'],
    ]) {
      const again = await get('/api/v1/openapi.json', { Host: 'a.example.com', 'Accept-Encoding': encoding, 'If-None-Match': tag });
      expect([again.statusCode, again.body]).toEqual([304, '']);
    }
  }, 120_000);
});

describe('MCP tools/list as prepared bytes', () => {
  let apiKey: string;
  beforeAll(async () => {
    ({ apiKey } = await createTestOwner());
  }, 60_000);

  const list = (id: string | number, params: Record<string, unknown>, query: Record<string, string> | null, acceptEncoding?: string) =>
    handleMcp(
      {
        httpMethod: 'POST',
        path: '/mcp',
        resource: '/mcp',
        headers: {
          Authorization: `Bearer ${apiKey}`,
          'Content-Type': 'application/json',
          Accept: 'application/json, text/event-stream',
          ...(acceptEncoding ? { 'Accept-Encoding': acceptEncoding } : {}),
        },
        queryStringParameters: query,
        body: JSON.stringify({ jsonrpc: '2.0', id, method: 'tools/list', params }),
        isBase64Encoded: false,
        requestContext: { requestId: 'r-prepared' },
      } as unknown as GatewayEvent,
      context,
    );

  /** What tools/list answered before pages were prepared: the page built and the whole message serialised. */
  const oldAnswer = (id: string | number, scope: ToolScope, filters: ToolFilter[], cursor: unknown) =>
    JSON.parse(JSON.stringify(resultMessage(id, listToolsPage(scope, filters, cursor))));

  it.each([
    ['the front door', null, {}],
    ['every tool (?toolset=all)', { toolset: 'all' }, {}],
    ['?platform=searchads&access=read', { platform: 'searchads', access: 'read' }, {}],
    ['the front door filtered in the params', null, { platform: 'chatads' }],
  ] as const)(
    '%s: every page, for string and numeric ids, equals the old answer; gzip gunzips to the same bytes',
    async (_label, query, params) => {
      const scope = parseScope(query);
      const filters = [parseToolFilter(params, 'params'), parseToolFilter({}, '_meta')];
      const ids: (string | number)[] = [7, 'req-"quoted"-\u2028-ü', 0, -3.5];
      let cursor: string | undefined;
      let pages = 0;
      do {
        const pageParams = cursor === undefined ? { ...params } : { ...params, cursor };
        for (const id of ids) {
          const answer = await list(id, pageParams, query as Record<string, string> | null);
          expect(answer.statusCode).toBe(200);
          expect(answer.headers['Content-Encoding']).toBeUndefined();
          expect(JSON.parse(answer.body)).toEqual(oldAnswer(id, scope, filters, cursor));
          const zipped = await list(id, pageParams, query as Record<string, string> | null, 'gzip');
          expect([zipped.headers['Content-Encoding'], zipped.headers.Vary]).toEqual(['gzip', 'Accept-Encoding']);
          expect(bodyOf(zipped)).toBe(answer.body);
        }
        cursor = JSON.parse((await list(1, cursor === undefined ? { ...params } : { ...params, cursor }, query as Record<string, string> | null)).body)
          .result.nextCursor;
        pages++;
      } while (cursor !== undefined);
      expect(pages).toBeGreaterThanOrEqual(query && 'toolset' in query ? 10 : 1);
    },
    300_000,
  );

  it('every page of every prepared scope comes from the catalog artifact and equals the run-time page, for string and numeric ids', () => {
    const index = JSON.parse(artifactText(ARTIFACT_FILES.toolsPages)) as Record<string, string>;
    const scopes = preparedScopes(toolsets().keys());
    // The front door, every tool, each set, each platform and gateway, each access, each pair.
    expect(scopes.length).toBe(2 + toolsets().size + 8 + 2 + 16);
    let pages = 0;
    for (const scope of scopes) {
      let cursor: string | undefined;
      do {
        const file = index[toolsPageKey(scope, NO_FILTERS, cursor)];
        expect(file).toMatch(/^mcp-tools-page-\d+\.json$/);
        const served = preparedToolsPage(scope, [{}, {}], cursor);
        expect(served.fixed).toBe(artifactText(file));
        const page = listToolsPage(scope, [{}, {}], cursor);
        for (const id of [7, 0, -3.5, 'req-"quoted"-\u2028-ü']) {
          expect(served.text(id)).toBe(JSON.stringify({ jsonrpc: '2.0', result: page, id }));
          expect(gunzipSync(served.gzip(id)).toString('utf8')).toBe(served.text(id));
        }
        cursor = page.nextCursor;
        pages++;
      } while (cursor !== undefined);
    }
    expect(Object.keys(index)).toHaveLength(pages);
  }, 300_000);
});
