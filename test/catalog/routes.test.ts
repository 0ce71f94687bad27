import { dispatch, groupHandler } from '../../functions/local/router';
import { handler } from '../../functions/gateway';
import { PLATFORM_WORDS } from '../../core/platforms';
import { REGISTRY } from '../../functions/all-tools';
import type { GatewayEvent } from '../../functions/runtime/state';
import type { Context } from 'aws-lambda';

async function get(url: string, headers: Record<string, string> = {}, method = 'GET') {
  const result = await dispatch({ method, url, headers });
  const json = /json/.test(result.headers['Content-Type'] ?? '') && result.body ? JSON.parse(result.body) : undefined;
  return { status: result.statusCode, headers: result.headers, body: result.body, json };
}

describe('GET /api/v1/tools', () => {
  it('lists every registered tool with its count, no key needed', async () => {
    const response = await get('/api/v1/tools');
    expect(response.status).toBe(200);
    expect(response.headers['X-Request-Id']).toMatch(/^[0-9a-f-]{36}$/);
    expect(response.json.count).toBe(REGISTRY.all().length);
    expect(response.json.tools.map((t: { name: string }) => t.name).sort()).toEqual([...REGISTRY.names()].sort());
  });

  it('filters by platform, group and access', async () => {
    const reads = await get('/api/v1/tools?access=read');
    expect(reads.json.count).toBe(REGISTRY.all().filter((t) => t.access === 'read').length);
    const gateway = await get('/api/v1/tools?platform=gateway&access=read');
    expect(gateway.json.tools.every((t: { platform: null; access: string }) => t.platform === null && t.access === 'read')).toBe(true);
    expect(gateway.json.count).toBe(REGISTRY.all().filter((t) => (t.platform ?? t.group) === 'gateway' && t.access === 'read').length);
    const searchads = await get('/api/v1/tools?group=searchads');
    expect(searchads.json.count).toBe(REGISTRY.ofGroup('searchads').length);
  });

  it('groups the cross-platform tools as the specification does: monitoring, audit and helper', async () => {
    const counted: Record<string, number> = {};
    for (const category of ['monitoring', 'audit', 'helper']) {
      const response = await get(`/api/v1/tools?category=${category}`);
      expect(response.json.tools.every((t: { platform: null; category: string }) => t.platform === null && t.category === category)).toBe(true);
      counted[category] = response.json.count;
    }
    expect(counted.monitoring! + counted.audit! + counted.helper!).toBe(REGISTRY.ofGroup('gateway').length);
    expect((await get('/api/v1/tools?category=audit')).json.tools.map((t: { name: string }) => t.name)).toEqual(expect.arrayContaining(['list_change_history', 'revert_change', 'audit_conversion_tracking']));
    expect((await get('/api/v1/tools?category=monitoring')).json.tools.map((t: { name: string }) => t.name)).toEqual(expect.arrayContaining(['list_pending_actions', 'manage_action']));
    expect((await get('/api/v1/tools?category=searchads')).json.count).toBe(REGISTRY.ofGroup('searchads').length);
    expect((await get('/api/v1/tools?category=gateway')).status).toBe(400);
  });

  it('answers 400 naming the valid values for a filter value that does not exist', async () => {
    const response = await get('/api/v1/tools?access=delete');
    expect(response.status).toBe(400);
    expect(response.json).toEqual({ success: false, error: 'Unknown access "delete". Use one of: read, write.', tool: '', is_error: true, structured_content: { code: 'invalid_request' } });
  });

  it('answers 304 when the client already holds the current version', async () => {
    const first = await get('/api/v1/tools');
    const again = await get('/api/v1/tools', { 'If-None-Match': first.headers.ETag });
    expect(again.status).toBe(304);
    expect(again.body).toBe('');
  });

  it('answers 405 for other methods', async () => {
    const response = await get('/api/v1/tools', {}, 'POST');
    expect(response.status).toBe(405);
    expect(response.headers.Allow).toBe('GET, HEAD');
  });
});

describe('POST /api/v1/tools/<tool>/execute (npm start and the tests)', () => {
  // A platform's function in AWS opens only its own platform's accounts (deskads also searchads'):
  // locally each platform's tools run in that very function, so the limit holds here too.
  it.each(PLATFORM_WORDS)('runs the %s tools in the handler its Lambda deploys (platforms/<word>/lambda.ts)', async (word) => {
    const deployed = (await import(`../../platforms/${word}/lambda`)) as { handler: unknown };
    expect(groupHandler(word)).toBe(deployed.handler);
  });

  it('runs the cross-platform tools in the gateway function', () => {
    expect(groupHandler('gateway')).toBe(handler);
  });
});

describe('GET /api/v1/tools/<name>', () => {
  it('returns one tool with its JSON Schema', async () => {
    const response = await get('/api/v1/tools/list_campaigns');
    expect(response.status).toBe(200);
    expect(response.json).toMatchObject({ name: 'list_campaigns', platform: 'searchads', group: 'searchads', access: 'read', destructive: false });
    expect(response.json.input_schema.properties.lookback_days).toMatchObject({ type: 'integer', default: 30, minimum: 1, maximum: 365 });
  });

  it('answers a 404 envelope suggesting close names', async () => {
    const response = await get('/api/v1/tools/list_campaign');
    expect(response.status).toBe(404);
    expect(response.json).toMatchObject({ success: false, tool: 'list_campaign', is_error: true, structured_content: { suggestions: expect.arrayContaining(['list_campaigns']) } });
    expect(response.json.error).toContain('Did you mean: list_campaigns');
  });
});

describe('GET /api/v1/openapi.json', () => {
  it('names the server from the Host and X-Forwarded-Proto headers', async () => {
    const local = await get('/api/v1/openapi.json', { Host: '127.0.0.1:3000' });
    expect(local.json.servers).toEqual([{ url: 'http://127.0.0.1:3000' }]);
    const proxied = await get('/api/v1/openapi.json', { host: 'api.example.com', 'X-Forwarded-Proto': 'https' });
    expect(proxied.json.servers).toEqual([{ url: 'https://api.example.com' }]);
  });

  it('falls back to a relative server for a missing or odd Host', async () => {
    expect((await get('/api/v1/openapi.json')).json.servers).toEqual([{ url: '/' }]);
    expect((await get('/api/v1/openapi.json', { Host: 'evil.com/"><script>' })).json.servers).toEqual([{ url: '/' }]);
  });

  it('keeps the API Gateway stage in the server URL', async () => {
    const event = {
      path: '/api/v1/openapi.json',
      httpMethod: 'GET',
      headers: { Host: 'abc123.execute-api.eu-west-1.amazonaws.com', 'X-Forwarded-Proto': 'https' },
      queryStringParameters: null,
      pathParameters: null,
      requestContext: { requestId: 'r-1', path: '/prod/api/v1/openapi.json', stage: 'prod' },
      body: null,
    } as unknown as GatewayEvent;
    const result = await handler(event, {} as Context);
    expect(JSON.parse(result.body).servers).toEqual([{ url: 'https://abc123.execute-api.eu-west-1.amazonaws.com/prod' }]);
  });

  it('serves one platform\'s document with ?platform=: its tools only, a fraction of the whole', async () => {
    const whole = await get('/api/v1/openapi.json', { Host: '127.0.0.1:3000' });
    const chatads = await get('/api/v1/openapi.json?platform=chatads', { Host: '127.0.0.1:3000' });
    expect(chatads.status).toBe(200);
    expect(chatads.json.servers).toEqual([{ url: 'http://127.0.0.1:3000' }]);
    const executePaths = (document: { paths: Record<string, unknown> }) => Object.keys(document.paths).filter((path) => path.endsWith('/execute'));
    const expected = REGISTRY.ofGroup('chatads').map((tool) => `/api/v1/tools/${tool.name}/execute`);
    expect(executePaths(chatads.json).sort()).toEqual(expected.sort());
    expect(executePaths(whole.json)).toEqual(expect.arrayContaining(expected));
    expect(chatads.body.length).toBeLessThan(whole.body.length / 4);
    expect(chatads.headers.ETag).not.toBe(whole.headers.ETag);
  });

  it('refuses an unknown platform with a 400 that lists the platforms', async () => {
    const response = await get('/api/v1/openapi.json?platform=nosuch');
    expect(response.status).toBe(400);
    expect(response.json.error).toMatch(/Unknown platform "nosuch"\. Use one of: searchads, /);
  });
});

describe('GET /docs', () => {
  it('serves one self-contained HTML page under a strict Content-Security-Policy', async () => {
    const response = await get('/docs');
    expect(response.status).toBe(200);
    expect(response.headers['Content-Type']).toBe('text/html; charset=utf-8');
    const csp = response.headers['Content-Security-Policy'];
    expect(csp).toContain("default-src 'none'");
    expect(csp).toContain("connect-src 'self'");
    expect(csp).toMatch(/script-src 'sha256-[A-Za-z0-9+/=]+'/);
    expect(csp).not.toContain('unsafe-inline');
    expect(response.body).toContain('<title>');
    // Offline: nothing is loaded from anywhere else.
    expect(response.body).not.toMatch(/<(script|link|img)[^>]+(src|href)=/i);
    expect(response.body).not.toMatch(/https?:\/\//);
  });
});
