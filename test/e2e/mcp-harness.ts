/**
 * What the MCP end-to-end files (mcp-part1..3.test.ts, split so Jest's workers run them side by side)
 * share: the local server (the same Lambda handlers as AWS) on 127.0.0.1 with DynamoDB Local behind
 * it, a stand-in video host, the official TypeScript SDK's Client over its StreamableHTTPClientTransport,
 * and raw JSON-RPC posts for what the SDK client never sends.
 */
import * as http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { freePort } from '../../functions/local/dynamodb-local';
import { startHttpServer } from '../../functions/local/server';
import { useTestTables } from '../support/gateway';

let server: Server;
/** The local server's base URL. */
export let base: string;
/** Stands in for the advertiser's video CDN (create_shortvideo_video_campaign checks the URL). */
let videoHost: http.Server;
let videoBase: string;
const clients: Client[] = [];

/** Gives the calling test file its tables, the local server and the video host; call once at the top. */
export function useMcpServer(): void {
  useTestTables();
  beforeAll(async () => {
    const port = await freePort();
    server = await startHttpServer(port);
    base = `http://127.0.0.1:${port}`;
    videoHost = http.createServer((req, res) => {
      res.writeHead(req.url === '/spot.mp4' ? 200 : 404, { 'Content-Type': 'video/mp4', 'Content-Length': '12582912' });
      res.end();
    });
    await new Promise<void>((resolve) => videoHost.listen(0, '127.0.0.1', resolve));
    videoBase = `http://127.0.0.1:${(videoHost.address() as AddressInfo).port}`;
  });

  afterAll(async () => {
    await Promise.all(clients.map((client) => client.close()));
    await new Promise<void>((resolve) => videoHost.close(() => resolve()));
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });
}

/** An SDK client connected to /mcp (with an optional query) with this Bearer key. */
export async function connect(apiKey: string, query = ''): Promise<Client> {
  const transport = new StreamableHTTPClientTransport(new URL(`${base}/mcp${query}`), {
    requestInit: { headers: { Authorization: `Bearer ${apiKey}` } },
  });
  const client = new Client({ name: 'gateway-test', version: '1.0.0' });
  await client.connect(transport);
  clients.push(client);
  // The SDK checks every later structuredContent against the listed tools' outputSchema (and that a
  // tool declaring one answers structuredContent): the MCP path checks every real output too.
  await listAll(client);
  return client;
}

/** Every tool of tools/list, following nextCursor; also returns the number of pages. */
export async function listAll(client: Client, params: Record<string, unknown> = {}) {
  const tools = [];
  let cursor: string | undefined;
  let pages = 0;
  do {
    const page = await client.listTools({ ...params, ...(cursor ? { cursor } : {}) });
    tools.push(...page.tools);
    cursor = page.nextCursor;
    pages++;
  } while (cursor);
  return { tools, pages };
}

/** One raw JSON-RPC POST, as a client without the SDK would send it. */
export async function post(apiKey: string | undefined, message: unknown, headers: Record<string, string> = {}, query = '') {
  const response = await fetch(`${base}/mcp${query}`, {
    method: 'POST',
    headers: {
      'Content-Type': 'application/json',
      Accept: 'application/json, text/event-stream',
      ...(apiKey ? { Authorization: `Bearer ${apiKey}` } : {}),
      ...headers,
    },
    body: typeof message === 'string' ? message : JSON.stringify(message),
  });
  const text = await response.text();
  return {
    status: response.status,
    headers: response.headers,
    text,
    json: text && response.headers.get('content-type')?.includes('json') ? JSON.parse(text) : undefined,
  };
}

export const videoCampaignArgs = (name: string) => ({
  campaign_name: name,
  ad_text: 'Waterproof boots for every trail',
  budget_daily: 80,
  video_url: `${videoBase}/spot.mp4`,
  landing_page_url: 'https://www.example.com/boots',
});
