import type { Server } from 'node:http';
import { freePort } from '../../functions/local/dynamodb-local';
import { startHttpServer } from '../../functions/local/server';
import { createTestOwner, useTestTables } from '../support/gateway';

useTestTables();

let server: Server;
let base: string;

beforeAll(async () => {
  const port = await freePort();
  server = await startHttpServer(port);
  base = `http://127.0.0.1:${port}`;
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe('HTTP: the local server', () => {
  it('serves a tool call over HTTP with the envelope and X-Request-Id', async () => {
    const { apiKey } = await createTestOwner({ accounts: { searchads: 1 } });
    const response = await fetch(`${base}/api/v1/tools/list_campaigns/execute`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${apiKey}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ arguments: { status: 'ENABLED' } }),
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
    const body = await response.json();
    expect(body).toMatchObject({ success: true, tool: 'list_campaigns', data: { quota: { used: 1, tier: 'pro' } } });
  });

  it('answers 401, 404 and 405 envelopes over HTTP', async () => {
    const unauthorized = await fetch(`${base}/api/v1/tools/list_campaigns/execute`, { method: 'POST' });
    expect(unauthorized.status).toBe(401);
    expect(unauthorized.headers.get('www-authenticate')).toBe('Bearer');
    const { apiKey } = await createTestOwner();
    const unknown = await fetch(`${base}/api/v1/tools/list_campaign/execute`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${apiKey}` },
    });
    expect(unknown.status).toBe(404);
    expect(((await unknown.json()) as { error: string }).error).toContain('list_campaigns');
    const wrongMethod = await fetch(`${base}/api/v1/tools/list_campaigns/execute`);
    expect(wrongMethod.status).toBe(405);
  });

  it('answers GET /health with the state of the tables', async () => {
    const response = await fetch(`${base}/health`);
    expect(response.status).toBe(200);
    expect((await response.json()) as object).toMatchObject({ status: 'ok' });
  });
});
