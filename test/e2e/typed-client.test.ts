/**
 * A typed client as the README's "Typed clients" shows it: types generated from the gateway's
 * OpenAPI document with openapi-typescript, calls made with openapi-fetch. Generated at test time,
 * type-checked with tsc (results typed per tool: a wrong field or a wrong argument does not
 * compile), then run against the local gateway over HTTP.
 */
import { execFile } from 'node:child_process';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import type { Server } from 'node:http';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { openApiJson } from '../../functions/catalog/openapi';
import { freePort } from '../../functions/local/dynamodb-local';
import { startHttpServer } from '../../functions/local/server';
import { createTestOwner, useTestTables } from '../support/gateway';

useTestTables();

const run = promisify(execFile);
// Inside the repository, so the client resolves openapi-fetch from its node_modules.
const dir = resolve('.data', `typed-client-${process.pid}`);
let server: Server;
let base: string;

beforeAll(async () => {
  const port = await freePort();
  server = await startHttpServer(port);
  base = `http://127.0.0.1:${port}`;
  mkdirSync(dir, { recursive: true });
});

afterAll(async () => {
  rmSync(dir, { recursive: true, force: true });
  await new Promise<void>((done) => server.close(() => done()));
});

const CLIENT = `
import createClient from 'openapi-fetch';
import type { components, paths } from './schema';

type ErrorCode = components['schemas']['ErrorCode'];

const client = createClient<paths>({ baseUrl: process.env.GATEWAY_URL, headers: { Authorization: \`Bearer \${process.env.GATEWAY_KEY}\` } });

async function main() {
  const listed = await client.POST('/api/v1/tools/list_campaigns/execute', { body: { arguments: { status: 'ENABLED' } } });
  if (!listed.data) throw new Error(\`list_campaigns failed: \${listed.error?.error}\`);
  // Typed result: campaigns with their fields, no cast.
  const campaigns = listed.data.data.structured.campaigns;
  const names: string[] = campaigns.map((campaign) => campaign.name);
  const spend: number = campaigns.reduce((sum, campaign) => sum + campaign.metrics.spend, 0);

  // @ts-expect-error status is one of ENABLED, PAUSED, REMOVED
  void client.POST('/api/v1/tools/list_campaigns/execute', { body: { arguments: { status: 'SOMETIMES' } } });
  // @ts-expect-error a campaign has no field "budget"
  void campaigns[0]?.budget;

  const missing = await client.POST('/api/v1/tools/get_campaign_targeting/execute', { body: { arguments: { campaign_id: '999' } } });
  const code: ErrorCode | undefined = missing.error?.structured_content?.code;

  const usage = await client.POST('/api/v1/tools/get_usage_status/execute', { body: { arguments: {} } });
  const used: number | undefined = usage.data?.data.structured.used;

  console.log(JSON.stringify({ names, spend, code, used, status: missing.response.status }));
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
`;

it('generates types from the OpenAPI document, compiles a client with typed results, and calls the gateway with it', async () => {
  writeFileSync(join(dir, 'openapi.json'), openApiJson(base));
  await run(process.execPath, [
    resolve('node_modules/openapi-typescript/bin/cli.js'),
    join(dir, 'openapi.json'),
    '-o',
    join(dir, 'schema.d.ts'),
  ]);
  writeFileSync(join(dir, 'client.ts'), CLIENT);
  writeFileSync(
    join(dir, 'tsconfig.json'),
    JSON.stringify({
      compilerOptions: {
        strict: true,
        noEmit: true,
        target: 'es2022',
        module: 'esnext',
        moduleResolution: 'bundler',
        skipLibCheck: true,
        types: ['node'],
      },
      files: ['client.ts'],
    }),
  );
  // Type errors (a wrong field, an unused @ts-expect-error) fail here with tsc's own message.
  await run(process.execPath, [resolve('node_modules/typescript/bin/tsc'), '-p', join(dir, 'tsconfig.json')]).catch(
    (error: { stdout?: string }) => {
      throw new Error(`the typed client does not compile:\n${error.stdout}`);
    },
  );

  const { apiKey } = await createTestOwner({ accounts: { searchads: 1 } });
  const { stdout } = await run(process.execPath, [resolve('node_modules/tsx/dist/cli.mjs'), join(dir, 'client.ts')], {
    env: { ...process.env, GATEWAY_URL: base, GATEWAY_KEY: apiKey },
  });
  const result = JSON.parse(stdout.trim().split('\n').at(-1)!) as {
    names: string[];
    spend: number;
    code: string;
    used: number;
    status: number;
  };
  expect(result.names.length).toBeGreaterThan(0);
  expect(result.spend).toBeGreaterThan(0);
  expect(result).toMatchObject({ code: 'not_found', status: 400 });
  expect(result.used).toBeGreaterThanOrEqual(1);
}, 180_000);
